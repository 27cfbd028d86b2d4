// fast-check arbitraries for single cells, identifiers and timestamps, written in the shared
// vector INPUT conventions (docs/iotdb-wire-format.md §8): INT64/TIMESTAMP and times as decimal strings,
// FLOAT/DOUBLE as JSON numbers or "NaN"/"Infinity"/"-Infinity"/"-0", TEXT/STRING as strings
// (sometimes with lone surrogates, which Java writes as '?') or {hex}, BLOB as hex, DATE as
// 'YYYY-MM-DD', null as null. Names are always well-formed and non-empty.
import fc from "fast-check";

export const SENDABLE_TYPES = [
  "BOOLEAN",
  "INT32",
  "INT64",
  "FLOAT",
  "DOUBLE",
  "TEXT",
  "STRING",
  "BLOB",
  "DATE",
  "TIMESTAMP",
] as const;
export type TypeName = (typeof SENDABLE_TYPES)[number];

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** One code point as UTF-16: 1-, 2-, 3- and 4-byte UTF-8 sequences, never a lone surrogate. */
const wellFormedUnit = fc.oneof(
  { weight: 6, arbitrary: char(0, 0x7f) },
  { weight: 2, arbitrary: char(0x80, 0x7ff) },
  { weight: 1, arbitrary: char(0x800, 0xd7ff) },
  { weight: 1, arbitrary: char(0xe000, 0xffff) },
  { weight: 2, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);

export const wellFormedString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: wellFormedUnit, maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ unit: wellFormedUnit, minLength: 17, maxLength: 300 }) },
);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Is `s` not well-formed UTF-16 (an unpaired surrogate somewhere)? */
export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

const surrogateUnit = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const mixedUnits = fc.array(
  fc.oneof({ weight: 3, arbitrary: wellFormedUnit }, { weight: 1, arbitrary: surrogateUnit }),
  { maxLength: 8 },
);

/**
 * A string with at least one unpaired surrogate: lone highs and lows anywhere (start, end, next to
 * each other, low before high), among well-formed code points. Surrogates that happen to pair up
 * stay in as well-formed pairs.
 */
export const loneSurrogateString = fc
  .tuple(mixedUnits, surrogateUnit, mixedUnits)
  .map(([before, unit, after]) => [...before, unit, ...after].join(""))
  .filter(hasLoneSurrogate);

/** Raw bytes for a TEXT/STRING cell (`{hex}`): any bytes, often not valid UTF-8. */
const rawText = fc.uint8Array({ maxLength: 24 }).map((b) => ({ hex: Buffer.from(b).toString("hex") }));

/** Column, measurement, table and device-path segment names. */
export const identifier = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,5}$/) },
  { weight: 1, arbitrary: fc.string({ unit: wellFormedUnit, minLength: 1, maxLength: 6 }) },
);

/** A tree-model device path: root.<1..3 segments>. */
export const devicePath = fc
  .array(identifier, { minLength: 1, maxLength: 3 })
  .map((segments) => ["root", ...segments].join("."));

const int64 = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt(INT64_MIN, INT64_MAX) },
  { weight: 1, arbitrary: fc.constantFrom(INT64_MIN, INT64_MAX, INT64_MIN + 1n, INT64_MAX - 1n, 0n, -1n, 1n) },
);
export const int64Text = int64.map(String);

const int32 = fc.oneof(
  { weight: 3, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-2147483648, 2147483647, 0, -1, 1) },
);

/** FLOAT/DOUBLE values in the input conventions (JSON cannot carry NaN, ±Infinity or -0). */
export function floatJson(v: number): number | string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "Infinity";
  if (v === -Infinity) return "-Infinity";
  return Object.is(v, -0) ? "-0" : v;
}

const FLOAT32_MAX = 3.4028234663852886e38;
// fc.float: float32 values (subnormals, extremes, NaN, -0, ±Infinity). fc.double: values both sides
// must round to float32 the same way (overflow to ±Infinity, underflow to subnormals or 0, ties).
const floatCell = fc
  .oneof(
    { weight: 4, arbitrary: fc.float() },
    { weight: 2, arbitrary: fc.double() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(FLOAT32_MAX, 3.4028235677973366e38, 1.401298464324817e-45, 7e-46, 0.1, 16777217),
    },
  )
  .map(floatJson);

const doubleCell = fc
  .oneof(
    { weight: 4, arbitrary: fc.double() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(Number.MIN_VALUE, Number.MAX_VALUE, 2.2250738585072014e-308, 2 ** 53 + 2, 0.1),
    },
  )
  .map(floatJson);

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const dateText = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;

/** Valid dates in years 1000..9999, with extra weight on Feb 29 and the range ends. */
const dateCell = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
      .map(([y, m, d]) => dateText(y, m, Math.min(d, m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!))),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1004, max: 9999 }).map((y) => {
      let leap = y - (y % 4);
      if (!isLeap(leap)) leap -= 4; // 1100, 1300, ... are not leap years; 1096 is
      return dateText(leap, 2, 29);
    }),
  },
  { weight: 1, arbitrary: fc.constantFrom("1000-01-01", "9999-12-31", "2000-02-29", "1970-01-01", "1999-12-31") },
);

const blobCell = fc.uint8Array({ maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));

export interface CellOptions {
  /**
   * Cells our encoder writes (tablets, records): TEXT/STRING may also be `{hex}` raw bytes or hold
   * lone surrogates. TsBlock text is decoded and compared as strings, so it stays well-formed.
   */
  forEncoding: boolean;
}

/** A non-null cell of `type` in the input conventions. */
export function cell(type: TypeName, options: CellOptions): fc.Arbitrary<unknown> {
  switch (type) {
    case "BOOLEAN":
      return fc.boolean();
    case "INT32":
      return int32;
    case "INT64":
    case "TIMESTAMP":
      return int64Text;
    case "FLOAT":
      return floatCell;
    case "DOUBLE":
      return doubleCell;
    case "TEXT":
    case "STRING":
      return options.forEncoding
        ? fc.oneof(
            { weight: 8, arbitrary: wellFormedString },
            { weight: 1, arbitrary: rawText },
            { weight: 1, arbitrary: loneSurrogateString },
          )
        : wellFormedString;
    case "BLOB":
      return blobCell;
    case "DATE":
      return dateCell;
  }
}

/** How often a column (or record) has nulls: never, sometimes, mostly, or always (all-null). */
export const nullRate = fc.constantFrom(0, 0, 0.15, 0.5, 1);

/** A cell that is null with probability `rate`. */
export function nullableCell(type: TypeName, rate: number, options: CellOptions): fc.Arbitrary<unknown> {
  if (rate >= 1) return fc.constant(null);
  if (rate <= 0) return cell(type, options);
  return fc.option(cell(type, options), { freq: Math.round(1 / rate), nil: null });
}

/** Row / position counts: 0..40, around multiples of 8, and some larger. */
export const rowCount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 40 }) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -1, max: 1 }))
      .map(([k, d]) => Math.max(0, 8 * k + d)),
  },
  { weight: 2, arbitrary: fc.integer({ min: 41, max: 260 }) },
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 1100 }) },
);

const cumulative = ([start, steps]: [bigint, bigint[]]) => {
  let t = start;
  return steps.map((s) => (t += s));
};

/** `n` timestamps: increasing, non-decreasing with duplicates, unsorted with duplicates, or anywhere in int64. */
export function timestamps(n: number): fc.Arbitrary<string[]> {
  const exactly = { minLength: n, maxLength: n };
  const start = fc.bigInt(-(2n ** 62n), 2n ** 62n);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.tuple(start, fc.array(fc.bigInt(1n, 1000n), exactly)).map(cumulative) },
      { weight: 2, arbitrary: fc.tuple(start, fc.array(fc.bigInt(0n, 2n), exactly)).map(cumulative) },
      { weight: 3, arbitrary: fc.array(fc.bigInt(0n, BigInt(Math.max(1, n >> 1))), exactly) },
      { weight: 1, arbitrary: fc.array(int64, exactly) },
    )
    .map((ts) => ts.map(String));
}
