// Run size, limits and seed of the decoder fuzz, from the environment (see README.md).
//   FUZZ_SCALE=<n>      multiply every input count by n (default 1: the CI run)
//   FUZZ_LONG=1         the long run, FUZZ_SCALE=10
//   FUZZ_SEED=<n>       replay a run (random bytes, fast-check and random programs use it)
//   FUZZ_MAX_MS=<ms>    slowest decode allowed per input (default 50)
//   FUZZ_MAX_CELLS=<n>  maxCells handed to the codec (default: the codec's own)

const long = process.env.FUZZ_LONG === "1";

export const SCALE = positiveNumber("FUZZ_SCALE", process.env.FUZZ_SCALE ?? (long ? "10" : "1"));

export const SEED =
  process.env.FUZZ_SEED === undefined ? (Math.random() * 0x7fffffff) | 0 : integer("FUZZ_SEED", process.env.FUZZ_SEED);

export const MAX_MS = positiveNumber("FUZZ_MAX_MS", process.env.FUZZ_MAX_MS ?? "50");

/** maxCells for decodeTsBlock/ResultSetDecoder in the fuzz; undefined (the default) = the
 *  codec's own, which must keep every input within the per-input bounds (README.md, "maxCells"). */
export const MAX_CELLS: number | undefined =
  process.env.FUZZ_MAX_CELLS === undefined || process.env.FUZZ_MAX_CELLS === "default"
    ? undefined
    : integer("FUZZ_MAX_CELLS", process.env.FUZZ_MAX_CELLS);

/** n × SCALE, rounded up. */
export function scaled(n: number): number {
  return Math.ceil(n * SCALE);
}

function positiveNumber(name: string, text: string): number {
  const n = Number(text);
  if (!(n > 0)) throw new Error(`${name} must be a positive number, got ${JSON.stringify(text)}`);
  return n;
}

function integer(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, got ${JSON.stringify(text)}`);
  return n;
}
