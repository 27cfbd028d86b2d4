// writeUtf8Strings (the seam's WebAssembly transcoder): each string as i32 big-endian byte length +
// UTF-8, all or nothing. Expected bytes come from Buffer.from(s, "utf8") and Buffer#writeInt32BE
// (expected.ts), never from the transcoder. The portable test run (ZEROWIRE_PORTABLE_UTF8=1)
// turns the transcoder off: there every call must report false and write nothing.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import { writeUtf8Strings } from "@zerowire/writer/seams";
import { cat, i32be, utf8 } from "./expected.js";

const portable = process.env.ZEROWIRE_PORTABLE_UTF8 === "1";
const BEFORE = Buffer.from([0xa1, 0xa2, 0xa3]);

/** The bytes the strings must become. */
function expected(strings: readonly string[]): Buffer {
  return cat(...strings.map((s) => cat(i32be(Buffer.byteLength(s)), utf8(s))));
}

/** Writes BEFORE, then the strings; checks the outcome and that BEFORE is kept. */
function check(strings: readonly string[], what: string): void {
  const w = new Writer({ initialSize: 8 });
  w.bytes(BEFORE);
  const ok = writeUtf8Strings(w, strings);
  const out = Buffer.from(w.finish().bytes);
  if (portable) {
    assert.is(ok, false, `${what}: the portable run has no transcoder`);
    assert.equal(out, BEFORE, `${what}: nothing written`);
    return;
  }
  assert.is(ok, true, what);
  assert.equal(out, cat(BEFORE, expected(strings)), what);
}

/** A random string of `length` units from pieces of 1- to 4-byte UTF-8 (no lone surrogate). */
function randomText(random: () => number, length: number): string {
  const pieces = ["a", "~", "\0", "\u007f", "\u0080", "\u00e9", "\u07ff", "\u0800", "\u4e2d", "\uffff", "\ufffd"];
  let s = "";
  while (s.length < length) s += random() < 0.1 ? "\u{1F600}" : pieces[Math.floor(random() * pieces.length)]!;
  return s;
}

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 8) / 0x800000;
  };
}

test("every UTF-8 length class at its boundaries, surrogate pairs, empty strings, NUL", () => {
  check([], "no strings");
  check([""], "one empty string");
  check(["", "a", ""], "empties around a char");
  check(["\u0000\u007f", "\u0080\u07ff", "\u0800\u4e2d\ud7ff", "\ue000\uffff", "\u{10000}\u{10FFFF}"], "boundaries");
  check(["\u{1F600}", "x\u{1F600}y", "\u4e2d\u{1F600}\u00e9"], "pairs inside strings");
});

test("runs of 8 chars of 1 and 2 bytes in every pattern, then ASCII and 3-byte runs, at every offset", () => {
  const one = ["a", "\u0000", "\u007f", "~"];
  const two = ["\u0080", "\u00e9", "\u07ff", "\u0410"];
  const strings: string[] = [];
  for (let m = 0; m < 256; m++) {
    let s = "";
    for (let i = 0; i < 8; i++) s += (m >> i) & 1 ? two[(m + i) % 4]! : one[(m + i) % 4]!;
    strings.push(s, s + s, "x".repeat(m % 9) + s + "\u4e2d");
  }
  strings.push("\u4e2d\u0800\uffff\ue000\ud7ff\u4e2d\u4e2d\u4e2d".repeat(3), "abcdefgh".repeat(4));
  check(strings, "every mask of 8");
});

test("runs of 4 chars of 1, 2 and 3 bytes in every pattern, in both halves of 8, and after a surrogate pair at every offset", () => {
  const bytes = [
    ["a", "\u0000", "\u007f"],
    ["\u0080", "\u00e9", "\u07ff"],
    ["\u0800", "\u4e2d", "\uffff"],
  ];
  const strings: string[] = [];
  for (let p = 0; p < 81; p++) {
    let four = "";
    for (let i = 0, q = p; i < 4; i++, q = Math.floor(q / 3)) four += bytes[q % 3]![(p + i) % 3]!;
    const other = bytes[p % 3]![0]!.repeat(4);
    strings.push(four + other, other + four, four + four + four + other, "x".repeat(p % 8) + four + other + "\u4e2d");
    // A pair at every offset of the first vector, then mixed chars (one unit at a time from the pair on).
    strings.push("a".repeat(p % 8) + "\u{1F600}" + four + four + other + four);
  }
  check(strings, "every pattern of 4");
});

test("random columns, one call each and across the 65,536-unit and 16,384-string chunks", () => {
  const random = seeded(2026);
  for (let round = 0; round < 50; round++) {
    const rows = 1 + Math.floor(random() * 40);
    check(
      Array.from({ length: rows }, () => randomText(random, Math.floor(random() * 50))),
      `round ${round}`,
    );
  }
  check(
    Array.from({ length: 3000 }, () => randomText(random, 40)),
    "3000 strings of 40 units: several chunks by units",
  );
  check(
    Array.from({ length: 20_000 }, (_, i) => (i % 7 === 0 ? "\u4e2d" : "a")),
    "20,000 strings: two chunks by count",
  );
  check(["x".repeat(65_536), "\u4e2d".repeat(10)], "a string of exactly one chunk");
});

test("ASCII columns (written natively, then their lengths put in): lengths 0..40 and 1,000, across chunks; non-ASCII after an ASCII start", () => {
  const ascii = (n: number, from: number) =>
    Array.from({ length: n }, (_, j) => String.fromCharCode((from + j * 7) % 128)).join("");
  check(
    Array.from({ length: 41 }, (_, n) => ascii(n, n)),
    "every length 0..40, NUL and DEL included",
  );
  check([ascii(1000, 3), "", ascii(17, 5)], "a 1,000-char string between others");
  check(
    Array.from({ length: 20_000 }, (_, i) => ascii(i % 5, i)),
    "20,000 strings: two chunks by count",
  );
  check(
    Array.from({ length: 3000 }, (_, i) => ascii(40, i)),
    "3000 strings of 40: several chunks by units",
  );
  check(["a".repeat(40) + "\u00e9", "b"], "a 2-byte char past the first 32 of the first string");
  check(["abc", "\u4e2d", "d"], "a 3-byte char in a later string");
  check(["abc", "x\u{1F600}"], "a surrogate pair in a later string");
  check(
    Array.from({ length: 20_000 }, (_, i) => (i === 0 ? "\u4e2d" : i === 19_999 ? "\u00e9" : "a")),
    "a non-ASCII first chunk, then an ASCII-led one with a 2-byte char at its end",
  );
});

test("all or nothing: a lone surrogate or a string over 65,536 units writes nothing; a non-string is a TypeError", () => {
  for (const strings of [
    ["ok", "a\ud800b"],
    ["\udc00"],
    ["\u4e2d\ud83d"], // a high surrogate at the end of its string
    ["x\ud83d", "\ude00y"], // a pair only the two strings together would form
    Array.from({ length: 20_000 }, (_, i) => (i === 19_999 ? "\ud800" : "\u4e2d")), // in the second chunk
    ["a", "y".repeat(65_537)],
  ]) {
    const w = new Writer();
    w.bytes(BEFORE);
    assert.is(writeUtf8Strings(w, strings), false, JSON.stringify(strings).slice(0, 60));
    assert.equal(Buffer.from(w.finish().bytes), BEFORE, "nothing written");
  }
  const w = new Writer();
  assert.throws(
    () => writeUtf8Strings(w, ["a", 5 as unknown as string]),
    (e: unknown) => e instanceof TypeError && /element 1/.test(String(e)),
  );
  assert.is(w.length, 0);
});

test.run();
