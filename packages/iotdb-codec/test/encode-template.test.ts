// serializeTemplate against (1) the serialized templates the Java client 2.0.5 sent in the
// session-call vectors (vectors/java-2.0.5-calls, 015 and 016: the field
// serializedTemplate of createSchemaTemplate, copied here as hex), and (2) a deliberately naive
// oracle: String.hashCode with BigInt arithmetic, the HashMap's order as a stable sort of the
// keys by bucket at a given capacity, and the bytes spelled out with Buffer's writers. The oracle
// knows nothing of chains that force a resize; those cases are checked by hand with Java's
// classic equal-hash strings ("Aa" and "BB" have the same hashCode).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EncodeError, serializeTemplate, TSDataType, type TemplateCodes } from "../src/index.js";
import { DEFAULT_HASH_MAP, javaHashMapOrder as hashMapOrder, javaStringHash } from "../src/java-hash-order.js";

/** The keys of a default `new HashMap<>()` filled with put, in iteration order. */
const javaHashMapOrder = (keys: readonly string[]): string[] =>
  hashMapOrder(keys, DEFAULT_HASH_MAP).map((i) => keys[i]!);
import { hex, i32, toHex } from "./encode-bytes.js";

// TSEncoding / CompressionType serialize() bytes used below.
const PLAIN = 0,
  RLE = 2,
  GORILLA = 8;
const UNCOMPRESSED = 0,
  SNAPPY = 1,
  GZIP = 2,
  LZ4 = 7,
  ZSTD = 8;

const JAVA_T1 =
  "0000000274310000000000000000000673746174757300020700000000000000000b74656d70657261747572650308010000000000000000046e6f7465050008";
const JAVA_ALIGNED =
  "0000000d745f616c69676e656420e4b8ad0100000000010000000b6d5f74696d657374616d700800080000000001000000066d5f746578740500000000000001000000066d5f646174650900020000000001000000076d5f666c6f61740300020000000001000000096d5f626f6f6c65616e0000000000000001000000066d5f626c6f620a00070000000001000000086d5f737472696e670b00010000000001000000076d5f696e7436340200070000000001000000086d5f646f75626c650400080000000001000000076d5f696e743332010001";

test("Java's serialized template: three unaligned measurements (vector 015)", () => {
  const t: TemplateCodes = {
    name: "t1",
    aligned: false,
    measurements: [
      { name: "temperature", dataType: TSDataType.FLOAT, encoding: GORILLA, compressor: SNAPPY },
      { name: "status", dataType: TSDataType.BOOLEAN, encoding: RLE, compressor: LZ4 },
      { name: "note", dataType: TSDataType.TEXT, encoding: PLAIN, compressor: ZSTD },
    ],
  };
  assert.is(toHex(serializeTemplate(t)), JAVA_T1);
});

test("Java's serialized template: aligned, every type, non-ASCII name (vector 016)", () => {
  const compressors = [UNCOMPRESSED, SNAPPY, LZ4, GZIP, ZSTD];
  const types = [
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
  const t: TemplateCodes = {
    name: "t_aligned \u4e2d",
    aligned: true,
    measurements: types.map((type, i) => ({
      name: `m_${type.toLowerCase()}`,
      dataType: TSDataType[type],
      encoding: PLAIN,
      compressor: compressors[i % 5],
    })),
  };
  assert.is(toHex(serializeTemplate(t)), JAVA_ALIGNED);
});

// ---- the naive oracle ----------------------------------------------------

function oracleHash(s: string): number {
  let h = 0n;
  for (const unit of Array.from({ length: s.length }, (_, i) => s.charCodeAt(i)))
    h = (h * 31n + BigInt(unit)) % 2n ** 32n;
  return Number(BigInt.asIntN(32, h));
}

function oracleBucket(s: string, capacity: number): number {
  const h = oracleHash(s);
  const spread = (h ^ (h >>> 16)) >>> 0;
  return spread % capacity;
}

/** Capacity of a HashMap after n puts when no chain ever forces a resize. */
function capacityFor(n: number): number {
  let capacity = 16;
  while (n > capacity * 0.75) capacity *= 2;
  return capacity;
}

function oracleOrder(keys: readonly string[], capacity: number): string[] {
  return keys
    .map((key, index) => ({ key, index, bucket: oracleBucket(key, capacity) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((e) => e.key);
}

/** True when some prefix of the puts had a chain of 9 (the oracle does not model that). */
function chainForcesResize(keys: readonly string[]): boolean {
  for (let n = 1; n <= keys.length; n++) {
    const counts = new Map<number, number>();
    for (const k of keys.slice(0, n)) {
      const b = oracleBucket(k, capacityFor(n));
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    if ([...counts.values()].some((c) => c > 8)) return true;
  }
  return false;
}

/** Java's String.getBytes(UTF_8), code unit by code unit: a lone surrogate becomes '?'. */
function javaUtf8(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) bytes.push(0x3f);
    else if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return i32(bytes.length) + bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
}

function oracleSerialize(t: TemplateCodes, capacity = capacityFor(t.measurements.length)): string {
  const flag = t.aligned ? "01" : "00";
  const order = oracleOrder(
    t.measurements.map((m) => m.name),
    capacity,
  ).reverse();
  const parts = [javaUtf8(t.name), flag];
  for (const name of order) {
    const m = t.measurements.find((x) => x.name === name)!;
    parts.push(
      i32(0),
      flag,
      javaUtf8(name),
      [m.dataType, m.encoding, m.compressor].map((b) => b.toString(16).padStart(2, "0")).join(""),
    );
  }
  return hex(...parts);
}

/** xorshift32, seeded: the same names on every run. */
function prng(seed: number) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const ALPHABET = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_\u00e9\u4e2d",
  "\ud83d\ude00",
  "\ud800",
];
/** A random name: the lone surrogate only where `lone` allows (String.hashCode takes any string). */
const randomName = (rand: () => number, length: number, lone: boolean) =>
  Array.from({ length }, () => ALPHABET[Math.floor(rand() * (ALPHABET.length - (lone ? 0 : 1)))]).join("");

test("String.hashCode agrees with the BigInt oracle (and with known Java values)", () => {
  assert.is(javaStringHash(""), 0);
  assert.is(javaStringHash("Aa"), 2112);
  assert.is(javaStringHash("BB"), 2112);
  assert.is(javaStringHash("hello"), 99162322);
  assert.is(javaStringHash("polygenelubricants"), -2147483648); // Integer.MIN_VALUE
  const rand = prng(7);
  for (let i = 0; i < 2000; i++) {
    const s = randomName(rand, Math.floor(rand() * 40), true);
    assert.is(javaStringHash(s), oracleHash(s), s);
  }
});

test("random templates of 1-120 measurements match the oracle byte for byte", () => {
  const rand = prng(12345);
  let checked = 0;
  for (let i = 0; i < 400; i++) {
    const n = 1 + Math.floor(rand() * (i % 4 === 0 ? 120 : 14));
    const names = new Set<string>();
    while (names.size < n) names.add(randomName(rand, 1 + Math.floor(rand() * 12), false));
    const keys = [...names];
    if (chainForcesResize(keys)) continue;
    const t: TemplateCodes = {
      name: `tpl${i}`,
      aligned: rand() < 0.5,
      measurements: keys.map((name) => ({
        name,
        dataType: [0, 1, 2, 3, 4, 5, 8, 9, 10, 11][Math.floor(rand() * 10)],
        encoding: Math.floor(rand() * 14),
        compressor: Math.floor(rand() * 10),
      })),
    };
    assert.is(toHex(serializeTemplate(t)), oracleSerialize(t), `case ${i}: ${JSON.stringify(keys)}`);
    checked++;
  }
  assert.ok(checked > 390, `only ${checked} cases checked`);
});

// Strings of "Aa"/"BB" blocks all share one hashCode: a chain of them forces Java's resizes.
const sameHash = (count: number): string[] =>
  Array.from({ length: count }, (_, i) =>
    Array.from({ length: 4 }, (_, bit) => ((i >> bit) & 1 ? "BB" : "Aa")).join(""),
  );

test("a chain of 9 equal hashes doubles the table (16 → 32) before the size would", () => {
  const keys = [...sameHash(9), "x", "speed", "temperature"];
  // 12 keys alone keep capacity 16; the ninth equal hash makes it 32, which reorders the others.
  assert.not.equal(oracleOrder(keys, 32), oracleOrder(keys, 16));
  assert.equal(javaHashMapOrder(keys), oracleOrder(keys, 32));
  const ten = [...sameHash(10), "x", "speed"];
  assert.equal(javaHashMapOrder(ten), oracleOrder(ten, 64)); // 9th → 32, 10th → 64
});

// Template.serialize of isession 2.0.5, run by hand on these names (INT32, PLAIN, UNCOMPRESSED, unaligned, name "t").
const JAVA_CHAIN_9 =
  "00000001740000000000000000000b74656d7065726174757265010000000000000000000001780100000000000000000000057370656564010000000000000000000008416141614161424201000000000000000000000842424242424241610100000000000000000000084161424242424161010000000000000000000008424241614242416101000000000000000000000841614161424241610100000000000000000000084242424241614161010000000000000000000008416142424161416101000000000000000000000842424161416141610100000000000000000000084161416141614161010000";
const JAVA_CHAIN_10 =
  "0000000174000000000000000000017801000000000000000000000573706565640100000000000000000000084242416141614242010000000000000000000008416141614161424201000000000000000000000842424242424241610100000000000000000000084161424242424161010000000000000000000008424241614242416101000000000000000000000841614161424241610100000000000000000000084242424241614161010000000000000000000008416142424161416101000000000000000000000842424161416141610100000000000000000000084161416141614161010000";

test("equal-hash chains: Java's own bytes", () => {
  const t = (names: string[]): TemplateCodes => ({
    name: "t",
    aligned: false,
    measurements: names.map((name) => ({ name, dataType: 1, encoding: 0, compressor: 0 })),
  });
  assert.is(toHex(serializeTemplate(t([...sameHash(9), "x", "speed", "temperature"]))), JAVA_CHAIN_9);
  assert.is(toHex(serializeTemplate(t([...sameHash(10), "x", "speed"]))), JAVA_CHAIN_10);
});

test("a chain that Java would turn into a tree is refused, not sent in another order", () => {
  const keys = sameHash(11); // the 11th equal hash lands in a table of 64: Java treeifies
  assert.throws(
    () => javaHashMapOrder(keys),
    (e: unknown) => e instanceof EncodeError && /tree/.test((e as Error).message),
  );
  assert.not.throws(() => javaHashMapOrder(sameHash(10)));
});

test("bad templates are EncodeErrors naming the measurement", () => {
  const ok = { name: "s", dataType: 1, encoding: 0, compressor: 0 };
  const cases: [unknown, RegExp, string?][] = [
    [null, /expected \{ name/],
    [{ name: "", aligned: false, measurements: [ok] }, /template name is empty/],
    [
      { name: "t\ud800", aligned: false, measurements: [ok] },
      /template name the string "t\\ud800" contains a lone UTF-16 surrogate/,
    ],
    [{ name: "t", aligned: "no", measurements: [ok] }, /aligned must be a boolean/],
    [{ name: "t", aligned: false, measurements: [] }, /non-empty array of measurements/],
    [{ name: "t", aligned: false, measurements: [ok, null] }, /measurement 1 is not an object/],
    [{ name: "t", aligned: false, measurements: [{ ...ok, name: "" }] }, /the name of measurement 0 is empty/],
    [
      { name: "t", aligned: false, measurements: [{ ...ok, name: "m\udc00" }] },
      /the name of measurement 0 .* contains a lone UTF-16 surrogate/,
    ],
    [{ name: "t", aligned: false, measurements: [ok, ok] }, /given twice/, "s"],
    [{ name: "t", aligned: false, measurements: [{ ...ok, dataType: 6 }] }, /data type/, "s"],
    [{ name: "t", aligned: false, measurements: [{ ...ok, encoding: 1.5 }] }, /encoding code/, "s"],
    [{ name: "t", aligned: false, measurements: [{ ...ok, compressor: 300 }] }, /compressor code/, "s"],
  ];
  for (const [input, message, column] of cases) {
    try {
      serializeTemplate(input as TemplateCodes);
      assert.unreachable(`accepted ${JSON.stringify(input)}`);
    } catch (e) {
      assert.instance(e, EncodeError);
      assert.match((e as Error).message, message);
      if (column !== undefined) assert.is((e as EncodeError).column, column);
    }
  }
});

test.run();
