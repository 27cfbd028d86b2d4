// Reader inputs: random programs over random bytes (Prng, for volume), and structure-aware cases
// (fast-check) where each call gets bytes made for it: edge values, overlong and overflowing
// varints, length prefixes that are huge, negative or one past the end, C strings without a
// NUL, and counts that are fractional, negative, NaN or beyond the bytes.
import fc from "fast-check";
import type { Prng } from "./prng.js";
import { FIXED_OPS, type Op, type OpName, PREFIXED_OPS, SIZED_OPS, VARINT_OPS } from "./reader-program.js";

const ALL_OPS: OpName[] = [
  ...(Object.keys(FIXED_OPS) as OpName[]),
  ...VARINT_OPS,
  ...PREFIXED_OPS,
  ...SIZED_OPS,
  "cstring",
];
const ODD_SIZES = [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, 2 ** 32, 2 ** 53, 0x7fffffff, -0];

/** A random program of 1 to 12 calls; sizes mostly small, sometimes odd. */
export function randomProgram(rng: Prng): Op[] {
  const ops: Op[] = [];
  const n = 1 + rng.below(12);
  for (let i = 0; i < n; i++) {
    const name = rng.pick(ALL_OPS);
    const sized = (SIZED_OPS as readonly string[]).includes(name);
    ops.push(sized ? { name, n: rng.below(4) === 0 ? rng.pick(ODD_SIZES) : rng.below(24) } : { name });
  }
  return ops;
}

export interface ReaderCase {
  program: Op[];
  bytes: Buffer;
}

/** One call and the bytes made for it. */
type Step = [Op, Buffer];

const i32be = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v | 0);
  return b;
};
const i32le = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(v | 0);
  return b;
};

const VARINTS = [
  "00",
  "7f",
  "8001",
  "808000",
  "ffffffff0f",
  "ffffffff1f",
  "8080808010",
  "ffffffffff",
  "8080808080808080800100",
  "ffffffffffffffffff01",
  "ffffffffffffffffff02",
  "ffffffffffffffffffff01",
  "80",
  "ff",
  // zigzag of ±(2^53 - 1) (the last safe integers) and of 2^53, -2^53 (the first unsafe ones)
  "feffffffffffff1f",
  "fdffffffffffff1f",
  "8080808080808020",
  "ffffffffffffff1f",
].map((h) => Buffer.from(h, "hex"));

const fixedStep: fc.Arbitrary<Step> = fc
  .tuple(
    fc.constantFrom(...(Object.keys(FIXED_OPS) as (keyof typeof FIXED_OPS)[])),
    fc.uint8Array({ minLength: 8, maxLength: 8 }),
    fc.nat(5),
  )
  .map(([name, random, pick]) => {
    if (name === "i64beNumber" && pick < 4) {
      // Around ±2^53: the last safe integers and the first unsafe ones.
      const b = Buffer.alloc(8);
      b.writeBigInt64BE([2n ** 53n - 1n, 2n ** 53n, -(2n ** 53n) + 1n, -(2n ** 53n)][pick]!);
      return [{ name }, b];
    }
    return [{ name }, Buffer.from(random.subarray(0, FIXED_OPS[name]))];
  });

const varintStep: fc.Arbitrary<Step> = fc
  .tuple(fc.constantFrom(...VARINT_OPS), fc.constantFrom(...VARINTS))
  .map(([name, bytes]) => [{ name }, bytes]);

const prefixedStep: fc.Arbitrary<Step> = fc
  .tuple(
    fc.constantFrom(...PREFIXED_OPS),
    fc.uint8Array({ maxLength: 20 }),
    fc.constantFrom("exact", "exact", "huge", "negative", "one more"),
  )
  .map(([name, body, forge]) => {
    const n =
      forge === "exact" ? body.length : forge === "huge" ? 0x7fffffff : forge === "negative" ? -1 : body.length + 1;
    let prefix: Buffer;
    if (name.endsWith("I32be")) prefix = i32be(n);
    else if (name.endsWith("I32le")) prefix = i32le(n);
    else if (name.endsWith("I16be")) prefix = Buffer.from([(n >>> 8) & 0xff, n & 0xff]);
    else prefix = varint(n >>> 0);
    return [{ name }, Buffer.concat([prefix, body])];
  });

const cstringStep: fc.Arbitrary<Step> = fc
  .tuple(fc.uint8Array({ maxLength: 16 }), fc.boolean())
  .map(([body, terminated]) => {
    const text = Buffer.from(body.map((b) => b || 1));
    return [{ name: "cstring" }, terminated ? Buffer.concat([text, Buffer.of(0)]) : text];
  });

const sizedStep: fc.Arbitrary<Step> = fc
  .tuple(
    fc.constantFrom(...SIZED_OPS),
    fc.nat(16),
    fc.option(fc.constantFrom(...ODD_SIZES), { nil: undefined, freq: 3 }),
    fc.boolean(),
  )
  .map(([name, count, odd, short]) => {
    const width = name === "bytes" || name === "utf8" || name === "skip" ? 1 : name.includes("64") ? 8 : 4;
    const bytes = Buffer.alloc(Math.max(0, count * width - (short ? 1 : 0)), 0x5a);
    return [{ name, n: odd ?? count }, bytes];
  });

export const readerCase: fc.Arbitrary<ReaderCase> = fc
  .array(fc.oneof(fixedStep, varintStep, prefixedStep, cstringStep, sizedStep), { minLength: 1, maxLength: 10 })
  .map((steps) => ({ program: steps.map(([op]) => op), bytes: Buffer.concat(steps.map(([, b]) => b)) }));

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}
