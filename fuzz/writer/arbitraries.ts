// fast-check arbitraries for Writer operation sequences: every kind of write, values biased to
// their extremes (fast-check's default), unicode with lone surrogates and 4-byte characters on
// both sides of the 48-unit JS/native encoder switch, typed-array columns that are offset views,
// nested reserve + backfill frames, fork / join sub-messages, truncated bodies and in-place fills.
import fc from "fast-check";
import type { BackfillKind, Op } from "./operations.js";

const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
/** One string element: ASCII, 2-byte, 3-byte, a lone surrogate, any UTF-16 unit, or a 4-byte code point. */
const unicodeUnit = fc.oneof(
  { weight: 4, arbitrary: char(0, 0x7f) },
  { weight: 2, arbitrary: char(0x80, 0x7ff) },
  { weight: 2, arbitrary: char(0x800, 0xffff) },
  { weight: 1, arbitrary: char(0xd800, 0xdfff) },
  { weight: 2, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);

/**
 * Short strings (JS encoder), medium ones across the switch, and long repetitions up to 20000
 * UTF-16 units (native encoder; under 65536 bytes so strI16be fits). Slicing a repetition can
 * split a surrogate pair, which makes more lone surrogates.
 */
export const unicodeString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: unicodeUnit, maxLength: 60, size: "medium" }) },
  { weight: 3, arbitrary: fc.string({ unit: unicodeUnit, minLength: 20, maxLength: 300, size: "max" }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: unicodeUnit, minLength: 1, maxLength: 12 }), fc.integer({ min: 49, max: 20000 }))
      .map(([piece, units]) => piece.repeat(Math.ceil(units / piece.length)).slice(0, units)),
  },
);

/** A typed array as generated, or as a view at a nonzero offset into a larger buffer. */
function maybeOffset<T extends { length: number; subarray(start: number): T }>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(arb, fc.boolean()).map(([a, offset]) => (offset && a.length > 0 ? a.subarray(1) : a));
}

const small = { maxLength: 40 };
const large = { minLength: 300, maxLength: 3000 };
function column<T, P>(
  typed: (c: { minLength?: number; maxLength: number }) => fc.Arbitrary<T>,
  plain: fc.Arbitrary<P>,
): fc.Arbitrary<T | P> {
  return fc.oneof(
    { weight: 4, arbitrary: typed(small) },
    { weight: 4, arbitrary: plain },
    { weight: 1, arbitrary: typed(large) },
  );
}

const int64Number = fc.oneof(fc.maxSafeInteger(), fc.integer());
const int64 = fc.oneof(int64Number, fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n));
const uint64 = fc.oneof(fc.maxSafeNat(), fc.nat(), fc.bigInt(0n, 2n ** 64n - 1n));
const anyDouble = fc.double();

const leafOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant("u8"), v: fc.integer({ min: 0, max: 0xff }) }),
  fc.record({ k: fc.constant("i8"), v: fc.integer({ min: -0x80, max: 0x7f }) }),
  fc.record({ k: fc.constantFrom("u16be", "u16le"), v: fc.integer({ min: 0, max: 0xffff }) }),
  fc.record({ k: fc.constantFrom("i16be", "i16le"), v: fc.integer({ min: -0x8000, max: 0x7fff }) }),
  fc.record({ k: fc.constantFrom("i32be", "i32le"), v: fc.integer() }),
  fc.record({ k: fc.constantFrom("u32be", "u32le"), v: fc.integer({ min: 0, max: 0xffffffff }) }),
  fc.record({ k: fc.constantFrom("i64be", "i64le"), v: int64 }),
  fc.record({ k: fc.constantFrom("u64be", "u64le"), v: uint64 }),
  fc.record({ k: fc.constantFrom("f32be", "f32le", "f64be", "f64le"), v: fc.oneof(anyDouble, fc.float()) }),
  fc.record({ k: fc.constant("uvarint32"), v: fc.integer({ min: 0, max: 0xffffffff }) }),
  fc.record({ k: fc.constant("zigzag32"), v: fc.integer() }),
  fc.record({ k: fc.constant("uvarint64"), v: uint64 }),
  fc.record({ k: fc.constant("zigzag64"), v: int64 }),
  {
    arbitrary: fc.record({
      k: fc.constantFrom("utf8", "strI32be", "strI32le", "strI16be", "strVarint"),
      s: unicodeString,
    }),
    weight: 4,
  },
  fc.record({ k: fc.constant("cstring"), s: unicodeString.map((s) => s.replaceAll("\0", "")) }),
  fc.record({
    k: fc.constant("inPlace"),
    b: fc.uint8Array({ maxLength: 200 }),
    spill: fc.integer({ min: 0, max: 20 }),
  }),
  fc.record({
    k: fc.constant("bytes"),
    b: fc.oneof(
      maybeOffset(fc.uint8Array({ maxLength: 100 })),
      fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b)),
    ),
  }),
  fc.record({
    k: fc.constant("f64ColumnBE"),
    col: column((c) => maybeOffset(fc.float64Array(c)), fc.array(anyDouble, small)),
  }),
  fc.record({
    k: fc.constant("f32ColumnBE"),
    col: column((c) => maybeOffset(fc.float32Array(c)), fc.array(fc.oneof(fc.float(), anyDouble), small)),
  }),
  fc.record({
    k: fc.constant("i32ColumnBE"),
    col: column((c) => maybeOffset(fc.int32Array(c)), fc.array(fc.integer(), small)),
  }),
  fc.record({
    k: fc.constant("i64ColumnBE"),
    col: column((c) => maybeOffset(fc.bigInt64Array(c)), fc.array(int64Number, small)),
  }),
) as fc.Arbitrary<Op>;

const slot = fc.constantFrom<BackfillKind>("u8At", "i16beAt", "i32beAt", "i32leAt", "u32beAt", "i64beAt");

/** A fork's estimate: often near real body sizes (around the varint size steps), sometimes anything. */
const estimate = fc.oneof(
  fc.constantFrom(0, 1, 127, 128, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28),
  fc.integer({ min: 0, max: 300 }),
  fc.integer({ min: 0, max: 0xffffffff }),
);

/**
 * Operations, where a frame (reserve, body, backfill of the body length), a fork (fork, body,
 * join) or an undone body (written, then truncated away) nests up to 3 deep.
 */
const { op } = fc.letrec<{ op: Op; frame: Op; fork: Op; undone: Op }>((tie) => ({
  op: fc.oneof(
    { maxDepth: 3, depthIdentifier: "frame" },
    { weight: 12, arbitrary: leafOp },
    { weight: 1, arbitrary: tie("frame") },
    { weight: 1, arbitrary: tie("fork") },
    { weight: 1, arbitrary: tie("undone") },
  ),
  frame: fc.record({
    k: fc.constant("frame" as const),
    slot,
    body: fc.array(tie("op"), { maxLength: 8, depthIdentifier: "frame" }),
  }),
  fork: fc.record({
    k: fc.constant("fork" as const),
    prefix: fc.constantFrom<"i32be" | "varint">("i32be", "varint"),
    estimate,
    body: fc.array(tie("op"), { maxLength: 8, depthIdentifier: "frame" }),
  }),
  undone: fc.record({
    k: fc.constant("undone" as const),
    body: fc.array(tie("op"), { maxLength: 4, depthIdentifier: "frame" }),
  }),
}));

export const opSequence = fc.array(op, { maxLength: 30, size: "max" });

export type PoolChoice = "none" | "pool" | "debug pool";
export const writerSetup = fc.record({
  initialSize: fc.integer({ min: 0, max: 64 }),
  pool: fc.constantFrom<PoolChoice>("none", "pool", "debug pool"),
});
