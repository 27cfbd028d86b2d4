// fast-check arbitraries for the test IDL's Everything (packages/thrift/test/idl): every field
// optional, values biased to their extremes, strings over all of Unicode (lone surrogates
// included), i64 values over the whole signed range as node-int64 Int64 objects (what generated
// code holds), maps with integer keys as the decimal strings generated code iterates.
//
// `thriftSafe` narrows what the `thrift` package gets wrong, for the properties that compare
// with it: no -0 double (it writes +0, in both protocols) and map<i64, _> keys 0..9 only (its
// binary protocol parses an i64 key string as hex). Unit tests pin those cases by hand.
import fc from "fast-check";
import Int64 from "node-int64";
import { everythingTypes as types } from "@zerowire/thrift/test-support";

export interface Options {
  thriftSafe: boolean;
}

/** An Int64 of a bigint, from its big-endian bytes (node-int64's number constructor rounds). */
export function int64Of(v: bigint): Int64 {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return new Int64(b);
}

const char = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
const unit = fc.oneof(
  { weight: 4, arbitrary: char(0x20, 0x7e) },
  { weight: 2, arbitrary: char(0x80, 0x7ff) },
  { weight: 2, arbitrary: char(0x800, 0xffff) },
  { weight: 1, arbitrary: char(0xd800, 0xdfff) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)) },
);
const text = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit, minLength: 40, maxLength: 200 }) },
);
/** Map keys: no "__proto__" (a generated reader's `map[key] = value` would set the prototype),
 *  no lone surrogate (two keys would read back as one, both U+FFFD). */
const key = text.filter((s) => s !== "__proto__" && (s as unknown as { isWellFormed(): boolean }).isWellFormed());
const i8 = fc.integer({ min: -128, max: 127 });
const i16 = fc.integer({ min: -32768, max: 32767 });
const i32 = fc.integer();
const i64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(int64Of);
const binary = fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b));
/** Lists of any length up to 20, and often 14..16 (the compact list header's short form ends at 14). */
const list = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.array(arb, { maxLength: 20 }) },
    { weight: 1, arbitrary: fc.array(arb, { minLength: 14, maxLength: 16 }) },
  );
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const dict = <T>(k: fc.Arbitrary<string>, v: fc.Arbitrary<T>) =>
  fc.array(fc.tuple(k, v), { maxLength: 8 }).map((entries) => Object.fromEntries(entries) as Record<string, T>);

const FIELD_NAMES = [
  "flag",
  "tiny",
  "small",
  "medium",
  "large",
  "real",
  "text",
  "blob",
  "inner",
  "ints",
  "names",
  "byName",
  "nested",
  "flagsById",
  "flags",
  "reals",
  "blobs",
  "choice",
  "color",
  "series",
  "bytes",
  "inners",
  "withDefault",
  "textDefault",
  "attributes",
  "shorts",
  "farAway",
  "lastFlag",
] as const;

export function everything(options: Options): fc.Arbitrary<InstanceType<typeof types.Everything>> {
  const double = options.thriftSafe ? fc.double().map((d) => (Object.is(d, -0) ? 0 : d)) : fc.double();
  // a generated reader keys the map by Int64.toString(), exact only up to 2^53
  const i64Key = options.thriftSafe ? fc.integer({ min: 0, max: 9 }).map(String) : fc.maxSafeInteger().map(String);
  const inner = fc
    .record({ id: i32, name: opt(text), blob: opt(binary) }, { requiredKeys: ["id"] })
    .map((args) => new types.Inner(args));
  const choice = fc
    .oneof(fc.record({ number: i32 }), fc.record({ text }), fc.record({ inner }), fc.record({ longs: list(i64) }))
    .map((args) => new types.Choice(args));
  const record = fc.record(
    {
      flag: fc.boolean(),
      tiny: i8,
      small: i16,
      medium: i32,
      large: i64,
      real: double,
      text,
      blob: binary,
      inner,
      ints: list(i32),
      names: list(text),
      byName: dict(key, inner),
      nested: fc.array(list(i64), { maxLength: 4 }),
      flagsById: dict(i32.map(String), list(fc.boolean())),
      flags: list(fc.boolean()),
      reals: list(double),
      blobs: list(binary),
      choice,
      color: fc.constantFrom(1, 2, 7),
      series: dict(i64Key, double),
      bytes: list(i8),
      inners: fc.array(inner, { maxLength: 4 }),
      mandatory: i32,
      withDefault: i32,
      textDefault: text,
      attributes: dict(key, dict(key, text)),
      shorts: list(i16),
      farAway: i64,
      lastFlag: fc.boolean(),
    },
    { requiredKeys: ["mandatory"] },
  );
  // Also values with only a few fields: gaps between field ids of every size (the compact
  // protocol's short field header ends at a gap of 15).
  const sparse = fc
    .tuple(record, fc.uniqueArray(fc.constantFrom(...FIELD_NAMES), { maxLength: 3 }))
    .map(([args, keep]) => {
      const few: Record<string, unknown> = { mandatory: args.mandatory };
      for (const k of keep) few[k] = (args as Record<string, unknown>)[k];
      return few;
    });
  return fc
    .oneof({ weight: 3, arbitrary: record }, { weight: 1, arbitrary: sparse })
    .map((args) => new types.Everything(args as ConstructorParameters<typeof types.Everything>[0]));
}
