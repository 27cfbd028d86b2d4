// Inputs derived from real bytes: every truncation and single-byte mutations. Each generator
// yields one buffer per input and may reuse it for the next one, so a consumer must finish with
// an input before asking for the next (the harness copies it into its arena first).

export interface Derived {
  /** What was done to the source bytes, e.g. "prefix 17" or "@17=0xff". */
  readonly change: string;
  readonly bytes: Buffer;
}

/** Every proper prefix: lengths 0 .. length-1. */
export function* truncations(bytes: Buffer): Generator<Derived> {
  for (let n = 0; n < bytes.length; n++) yield { change: `prefix ${n}`, bytes: bytes.subarray(0, n) };
}

/** Replacement values tried at a position holding `b`: the extremes, the sign bit, and
 *  neighbours (a count off by one, a type or encoding code next to a valid one). */
export function mutationValues(b: number): number[] {
  const values = [0x00, 0xff, 0x7f, 0x80, b ^ 0x01, (b + 1) & 0xff];
  return values.filter((v, i) => v !== b && values.indexOf(v) === i);
}

/**
 * Single-byte mutations. A position gets `perPosition` of its mutation values (all of them when
 * perPosition is Infinity), rotating through the list from one position to the next so that
 * every value is tried at positions all over the input.
 */
export function* mutations(bytes: Buffer, perPosition: number): Generator<Derived> {
  const work = Buffer.from(bytes);
  for (let at = 0; at < bytes.length; at++) {
    const original = bytes[at]!;
    const values = mutationValues(original);
    const n = Math.min(values.length, perPosition);
    for (let j = 0; j < n; j++) {
      const value = values[(at + j) % values.length]!;
      work[at] = value;
      yield { change: `@${at}=0x${value.toString(16).padStart(2, "0")}`, bytes: work };
    }
    work[at] = original;
  }
}
