// The portable UTF-8 functions (TextEncoder.encodeInto / TextDecoder) that stand in for Node's
// internal Buffer#utf8Write / #utf8Slice, tested directly (the internal module, not the package
// API) against the documented Buffer API: Buffer#write and Buffer#toString. The whole packages in
// portable mode: iotdb-codec's portable-utf8.test.ts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { portableUtf8Slice, portableUtf8Write, utf8Implementation, utf8Slice, utf8Write } from "../src/buffer-utf8.js";

const EDGE_STRINGS = [
  "",
  "ascii",
  "é",
  "€uro",
  "😀",
  "\ud800",
  "\udfff",
  "a\ud800b",
  "a\udc00b",
  "\udc00\ud800",
  "x\ud83d",
  "\ud83d\ude00\ud83d",
  "\ufeffBOM",
  "\u0000\uffff\ufffe",
  "日本語".repeat(100),
  "mixed ascii é 😀 \ud800 ".repeat(50),
];

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random UTF-16 strings weighted towards surrogates and multi-byte code points. */
function randomStrings(count: number, seed: number): string[] {
  const rnd = seeded(seed);
  const pools = [
    [0x20, 0x7f],
    [0x80, 0x800],
    [0x800, 0xd800],
    [0xd800, 0xdc00],
    [0xdc00, 0xe000],
    [0xe000, 0x10000],
  ] as const;
  return Array.from({ length: count }, () => {
    const units = Array.from({ length: Math.floor(rnd() * 80) }, () => {
      const [lo, hi] = pools[Math.floor(rnd() * pools.length)]!;
      return lo + Math.floor(rnd() * (hi - lo));
    });
    return String.fromCharCode(...units);
  });
}

test("this process uses Node's internal methods (the default on Node)", () => {
  assert.is(utf8Implementation, process.env.ZEROWIRE_PORTABLE_UTF8 === "1" ? "portable" : "node-internal");
});

test("portableUtf8Write: Buffer#write's bytes and count, lone surrogates as EF BF BD", () => {
  for (const s of [...EDGE_STRINGS, ...randomStrings(2000, 1)]) {
    const max = 3 * s.length;
    const expected = Buffer.alloc(max + 8, 0xaa);
    const expectedCount = expected.write(s, 3, max, "utf8");
    const got = Buffer.alloc(max + 8, 0xaa);
    assert.is(portableUtf8Write(got, s, 3, max), expectedCount, JSON.stringify(s));
    assert.ok(got.equals(expected), JSON.stringify(s));
    assert.ok(got.subarray(3, 3 + expectedCount).equals(Buffer.from(s, "utf8")));
  }
});

test("portableUtf8Write: a short room or buffer end writes whole chars only, as Buffer#write", () => {
  for (const s of ["é😀abc", "日本語", "\ud800\ud800x", "ab😀"]) {
    for (let room = 0; room <= 3 * s.length; room++) {
      const expected = Buffer.alloc(1 + 3 * s.length, 0);
      const got = Buffer.alloc(1 + 3 * s.length, 0);
      assert.is(
        portableUtf8Write(got, s, 1, room),
        expected.write(s, 1, room, "utf8"),
        `${JSON.stringify(s)} room ${room}`,
      );
      assert.ok(got.equals(expected));
      // the buffer ends before maxBytes does (Buffer#write without a length stops at its end)
      const short = Buffer.alloc(1 + room, 0);
      const shortExpected = Buffer.alloc(1 + room, 0);
      assert.is(portableUtf8Write(short, s, 1, 3 * s.length), shortExpected.write(s, 1, "utf8"));
      assert.ok(short.equals(shortExpected));
    }
  }
});

test("portableUtf8Write: into a view at an offset of a larger ArrayBuffer", () => {
  const backing = Buffer.alloc(64, 0xaa);
  const view = backing.subarray(10, 40);
  const expected = Buffer.alloc(64, 0xaa);
  assert.is(portableUtf8Write(view, "héllo 😀", 2, 28), expected.subarray(10, 40).write("héllo 😀", 2, 28, "utf8"));
  assert.ok(backing.equals(expected));
});

test("portableUtf8Slice: Buffer#toString, invalid sequences as U+FFFD, a BOM kept", () => {
  const fixed = [
    [0xef, 0xbb, 0xbf, 0x41],
    [0xe2, 0x82],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf0, 0x9f, 0x98],
    [0x80, 0x41, 0xff, 0xfe],
    [0xe0, 0x80, 0x80],
  ].map((b) => Buffer.from(b));
  const rnd = seeded(2);
  const random = Array.from({ length: 3000 }, () => {
    const b = Buffer.alloc(Math.floor(rnd() * 40));
    // Mostly high bytes, so that lead/continuation mixes (valid and not) are frequent.
    for (let i = 0; i < b.length; i++) b[i] = rnd() < 0.2 ? Math.floor(rnd() * 0x80) : 0x80 + Math.floor(rnd() * 0x80);
    return b;
  });
  for (const b of [...fixed, ...random, ...EDGE_STRINGS.map((s) => Buffer.from(s))]) {
    const padded = Buffer.concat([Buffer.from("<<"), b, Buffer.from(">>")]);
    assert.is(portableUtf8Slice(padded, 2, 2 + b.length), padded.toString("utf8", 2, 2 + b.length), b.toString("hex"));
  }
});

test("utf8Write / utf8Slice (the chosen ones) agree with Buffer#write / #toString", () => {
  for (const s of EDGE_STRINGS) {
    const got = Buffer.alloc(3 * s.length + 2);
    const expected = Buffer.alloc(3 * s.length + 2);
    assert.is(utf8Write(got, s, 2, 3 * s.length), expected.write(s, 2, 3 * s.length, "utf8"));
    assert.ok(got.equals(expected));
    assert.is(utf8Slice(got, 0, got.length), got.toString("utf8"));
  }
});

test.run();
