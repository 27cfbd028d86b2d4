// Length-prefixed and NUL-terminated strings: boundary byte lengths for every prefix kind, the
// varint prefix shift, the JS/native encoder switch, lone surrogates, and the string errors.
// Expected bytes come from Buffer.from(s, "utf8") and Buffer write methods (see expected.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import { cat, i32be, i32le, leb128, sameBytes, stringOfBytes, throwsWith, u16be, utf8 } from "./expected.js";

interface StringKind {
  name: string;
  write(w: Writer, s: string): void;
  /** Expected bytes, or undefined when the write must be a RangeError. */
  expected(s: string): Buffer | undefined;
}

const NUL = Buffer.from([0]);
const kinds: StringKind[] = [
  { name: "utf8", write: (w, s) => w.utf8(s), expected: (s) => utf8(s) },
  { name: "strI32be", write: (w, s) => w.strI32be(s), expected: (s) => cat(i32be(Buffer.byteLength(s)), utf8(s)) },
  { name: "strI32le", write: (w, s) => w.strI32le(s), expected: (s) => cat(i32le(Buffer.byteLength(s)), utf8(s)) },
  {
    name: "strI16be",
    write: (w, s) => w.strI16be(s),
    expected: (s) => (Buffer.byteLength(s) > 0xffff ? undefined : cat(u16be(Buffer.byteLength(s)), utf8(s))),
  },
  { name: "strVarint", write: (w, s) => w.strVarint(s), expected: (s) => cat(leb128(Buffer.byteLength(s)), utf8(s)) },
  { name: "cstring", write: (w, s) => w.cstring(s), expected: (s) => cat(utf8(s), NUL) },
];

const BEFORE = Buffer.from([0xa1, 0xa2, 0xa3]);
const AFTER = 0x5a;

/**
 * Writes s between three leading bytes and one trailing byte (so the prefix is unaligned and a
 * wrong `pos` shows), with several initial sizes, and compares against the expected bytes.
 */
function checkString(kind: StringKind, s: string, label: string): void {
  const expected = kind.expected(s);
  for (const initialSize of [0, 1, 1024]) {
    for (const lead of [Buffer.alloc(0), BEFORE]) {
      const w = new Writer({ initialSize });
      w.bytes(lead);
      if (expected === undefined) {
        throwsWith(() => kind.write(w, s), RangeError, [String(Buffer.byteLength(s))]);
        assert.is(w.length, lead.length, `${label}: pos after the RangeError`);
        sameBytes(w.peek(), lead, `${label}: bytes after the RangeError`);
        continue;
      }
      kind.write(w, s);
      w.u8(AFTER);
      sameBytes(
        w.peek(),
        cat(lead, expected, Buffer.from([AFTER])),
        `${kind.name} ${label} initialSize=${initialSize} lead=${lead.length}`,
      );
    }
  }
}

const BOUNDARY_BYTES = [0, 1, 127, 128, 16383, 16384, 65535, 65536];
const CHARS: [string, string][] = [
  ["ascii", "a"],
  ["2-byte", "é"],
  ["3-byte", "€"],
  ["4-byte", "😀"],
];

for (const kind of kinds) {
  test(`${kind.name}: byte lengths ${BOUNDARY_BYTES.join(", ")} in 1- to 4-byte characters`, () => {
    for (const bytes of BOUNDARY_BYTES) {
      for (const [charName, char] of CHARS)
        checkString(kind, stringOfBytes(bytes, char), `${bytes} bytes of ${charName}`);
    }
  });
}

test("strI16be: 65535 bytes fit, 65536 bytes (also from fewer UTF-16 units) are a RangeError", () => {
  const strI16 = kinds.find((k) => k.name === "strI16be")!;
  const fits = "€".repeat(21845); // 65535 bytes
  checkString(strI16, fits, "65535 bytes of 3-byte");
  const w = new Writer();
  w.u8(7);
  // 21846 units, 65538 bytes: the unit count alone would pass a check made before encoding.
  throwsWith(() => w.strI16be("€".repeat(21846)), RangeError, ["65538", "int16"]);
  assert.is(w.length, 1);
  w.strI16be("ok");
  sameBytes(w.peek(), Buffer.from([7, 0, 2, 0x6f, 0x6b]), "writes after the RangeError");
});

// UTF-8 is never shorter than UTF-16 (1 unit → 1..3 bytes, a pair of 2 units → 4 bytes), so the
// varint prefix guessed from s.length can only be too small: the body then moves right by one.
const varintShiftCases: [string, string, number][] = [
  ["43 × € (JS encoder): 43 units guess 1 byte, 129 bytes need 2", "€".repeat(43), 2],
  ["43 lone surrogates (JS encoder): 43 units, 129 bytes", "\ud800".repeat(43), 2],
  ["64 × é (native encoder): 64 units, 128 bytes", "é".repeat(64), 2],
  ["32 × 😀 (native encoder): 64 units, 128 bytes", "😀".repeat(32), 2],
  ["5462 × € : 5462 units guess 2 bytes, 16386 bytes need 3", "€".repeat(5462), 3],
  ["8192 × 😀 : 16384 units guess 3 bytes, 32768 bytes need 3 (no shift)", "😀".repeat(8192), 3],
  ["699051 × € : 699051 units guess 3 bytes, 2097153 bytes need 4", "€".repeat(699051), 4],
  ["63 × é + a: 127 bytes, guess right at the edge", "é".repeat(63) + "a", 1],
  ["16383 ASCII: guess right at the edge", "a".repeat(16383), 2],
];

for (const [label, s, prefixBytes] of varintShiftCases) {
  test(`strVarint prefix shift: ${label}`, () => {
    assert.is(leb128(Buffer.byteLength(s)).length, prefixBytes, "test premise: prefix size");
    checkString(kinds.find((k) => k.name === "strVarint")!, s, label);
  });
}

test("strVarint after a shift: following writes land right after the body", () => {
  const w = new Writer({ initialSize: 0 });
  const s = "€".repeat(43);
  w.strVarint(s).strVarint(s).i32be(-2);
  sameBytes(w.peek(), cat(leb128(129), utf8(s), leb128(129), utf8(s), i32be(-2)), "two shifted strings then an int32");
});

// Every unit count around the JS/native encoder switch, in every kind, from mixed content whose
// truncation also splits surrogate pairs.
test("every string of 0..100 UTF-16 units from mixed content, every kind", () => {
  const patterns = ["aé€😀\ud800", "😀😀é", "€a", "\udc00x😀"];
  for (const pattern of patterns) {
    const long = pattern.repeat(60);
    for (let units = 0; units <= 100; units++) {
      const s = long.slice(0, units);
      for (const kind of kinds) checkString(kind, s, `${units} units of ${JSON.stringify(pattern)}`);
    }
  }
});

const LONE_SURROGATES: [string, string][] = [
  ["high at start", "\ud800abc"],
  ["high in the middle", "ab\ud800cd"],
  ["high at the end", "abc\ud800"],
  ["high followed by a non-surrogate", "\udbffA"],
  ["high followed by a unit above the surrogate range", "\ud800\ue000"],
  ["high followed by U+FFFF", "\udbff\uffff"],
  ["low alone", "\ude00"],
  ["low in the middle", "x\udfffy"],
  ["reversed pair (low, high)", "\ude00\ud83d"],
  ["high, then a valid pair", "\ud83d\ud83d\ude00"],
  ["valid pair, then a low", "\ud83d\ude00\ude00"],
  ["two highs", "\ud800\ud800"],
  ["two lows", "\udc00\udc00"],
  ["only a high", "\ud800"],
];

test("lone surrogates equal Buffer.from(s) (EF BF BD) on the JS path", () => {
  for (const [label, s] of LONE_SURROGATES) {
    assert.ok(s.length <= 48, "short enough for the JS encoder");
    assert.ok(utf8(s).includes(Buffer.from([0xef, 0xbf, 0xbd])), `${label}: premise, Buffer.from gives U+FFFD`);
    for (const kind of kinds) checkString(kind, s, `JS path, ${label}`);
  }
});

test("lone surrogates equal Buffer.from(s) on the native path (long strings)", () => {
  for (const [label, s] of LONE_SURROGATES) {
    const long = [s + "x".repeat(60), "x".repeat(60) + s, "€".repeat(30) + s + "é".repeat(30), s.repeat(50)];
    for (const l of long) {
      assert.ok(l.length > 48, "long enough for the native encoder");
      for (const kind of kinds) checkString(kind, l, `native path, ${label}, ${l.length} units`);
    }
  }
});

test("a non-string is a TypeError naming it, for every string method; nothing is written", () => {
  const notStrings: [unknown, string][] = [
    [1, "1"],
    [null, "null"],
    [undefined, "undefined"],
    [{}, "[object Object]"],
    [12n, "12n"],
    [Buffer.from("a"), "[object Uint8Array]"],
  ];
  for (const kind of kinds) {
    for (const [value, named] of notStrings) {
      const w = new Writer({ initialSize: 0 });
      w.u8(1);
      throwsWith(() => kind.write(w, value as string), TypeError, ["expected a string", named]);
      assert.is(w.length, 1, `${kind.name}(${named}): pos`);
      sameBytes(w.peek(), Buffer.from([1]), `${kind.name}(${named}): bytes`);
    }
  }
});

test("cstring: a NUL anywhere is a RangeError naming the string; nothing is written", () => {
  for (const s of ["\0", "a\0b", "abc\0", "\0abc", "x".repeat(60) + "\0"]) {
    const w = new Writer();
    w.cstring("ok");
    throwsWith(() => w.cstring(s), RangeError, ["NUL", JSON.stringify(s).slice(0, 10)]);
    assert.is(w.length, 3);
    sameBytes(w.peek(), Buffer.from("ok\0"), `after rejecting ${JSON.stringify(s)}`);
  }
});

test.run();
