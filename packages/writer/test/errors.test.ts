// Every Writer error path: the error type, a message naming the offending value, and nothing
// written (pos and bytes unchanged, and the next write lands where it should).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import { cat, i32be, sameBytes, throwsWith } from "./expected.js";

type ErrorType = new (...args: never[]) => Error;

const LEAD = Buffer.from([0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9]);

/** Writes LEAD, expects `bad` to throw, then checks nothing was written and the writer still works. */
function rejects(label: string, bad: (w: Writer) => unknown, type: ErrorType, mentions: string[]): void {
  for (const initialSize of [0, LEAD.length, 1024]) {
    const w = new Writer({ initialSize });
    w.bytes(LEAD);
    throwsWith(() => bad(w), type, mentions);
    assert.is(w.length, LEAD.length, `${label}: pos unchanged`);
    sameBytes(w.peek(), LEAD, `${label}: bytes unchanged`);
    w.i32be(7);
    sameBytes(w.peek(), cat(LEAD, i32be(7)), `${label}: next write lands after the old bytes`);
  }
}

/** [method, value, text the message must contain]: every out-of-range value of every int write. */
const intCases: [string, (w: Writer, v: never) => unknown, unknown[]][] = [
  ["u8", (w, v) => w.u8(v), [-1, 256, 1.5, NaN, Infinity, "1"]],
  ["i8", (w, v) => w.i8(v), [-129, 128, 0.5, NaN]],
  ["u16be", (w, v) => w.u16be(v), [-1, 65536, 2.5]],
  ["u16le", (w, v) => w.u16le(v), [-1, 65536, NaN]],
  ["i16be", (w, v) => w.i16be(v), [-32769, 32768, 0.1]],
  ["i16le", (w, v) => w.i16le(v), [-32769, 32768, -Infinity]],
  ["i32be", (w, v) => w.i32be(v), [2 ** 31, -(2 ** 31) - 1, 1.5, NaN, Infinity, 2 ** 32]],
  ["i32le", (w, v) => w.i32le(v), [2 ** 31, -(2 ** 31) - 1, -0.5, NaN]],
  ["u32be", (w, v) => w.u32be(v), [-1, 2 ** 32, 0.5, NaN]],
  ["u32le", (w, v) => w.u32le(v), [-1, 2 ** 32, 1e100]],
  ["uvarint32", (w, v) => w.uvarint32(v), [-1, 2 ** 32, 1.5]],
  ["zigzag32", (w, v) => w.zigzag32(v), [2 ** 31, -(2 ** 31) - 1, 0.5]],
];

for (const [name, write, values] of intCases) {
  test(`${name}: out-of-range values are a RangeError naming the value; nothing written`, () => {
    for (const v of values) {
      const named = typeof v === "string" ? v : String(v);
      rejects(`${name}(${named})`, (w) => write(w, v as never), RangeError, [named]);
    }
  });
}

const int64Cases: [string, (w: Writer, v: never) => unknown, unknown[]][] = [
  ["i64be", (w, v) => w.i64be(v), [2 ** 53, -(2 ** 53), 1.5, NaN, Infinity, 2n ** 63n, -(2n ** 63n) - 1n]],
  ["i64le", (w, v) => w.i64le(v), [2 ** 53, -(2 ** 63), 0.5, 2n ** 63n, -(2n ** 64n)]],
  ["u64be", (w, v) => w.u64be(v), [-1, 2 ** 53, 0.5, -1n, 2n ** 64n]],
  ["u64le", (w, v) => w.u64le(v), [-1, 2 ** 64, NaN, -1n, 2n ** 64n]],
  ["uvarint64", (w, v) => w.uvarint64(v), [-1, 2 ** 53, 1.5, -1n, 2n ** 64n]],
  ["zigzag64", (w, v) => w.zigzag64(v), [2 ** 53, -(2 ** 53), 0.5, 2n ** 63n, -(2n ** 63n) - 1n]],
];

for (const [name, write, values] of int64Cases) {
  test(`${name}: unsafe numbers and out-of-range bigints are a RangeError naming the value; nothing written`, () => {
    for (const v of values) {
      const named = typeof v === "bigint" ? `${v}n` : String(v);
      rejects(`${name}(${named})`, (w) => write(w, v as never), RangeError, [named]);
    }
  });
  test(`${name}: a value that is neither number nor bigint is a TypeError`, () => {
    rejects(`${name}("5")`, (w) => write(w, "5" as never), TypeError, ['"5"']);
  });
}

test("int64 bounds themselves are accepted", () => {
  const w = new Writer();
  w.i64be(2n ** 63n - 1n)
    .i64le(-(2n ** 63n))
    .u64be(2n ** 64n - 1n)
    .u64le(0n);
  w.i64be(Number.MAX_SAFE_INTEGER).i64le(Number.MIN_SAFE_INTEGER).u64be(Number.MAX_SAFE_INTEGER);
  w.uvarint64(2n ** 64n - 1n)
    .zigzag64(-(2n ** 63n))
    .zigzag64(Number.MIN_SAFE_INTEGER);
  assert.is(w.length, 7 * 8 + 10 + 10 + 8);
});

test("int32 column from plain numbers: a bad element is a RangeError naming index and value; nothing written", () => {
  rejects("i32ColumnBE", (w) => w.i32ColumnBE([1, 2, 2 ** 31]), RangeError, ["[2]", "2147483648"]);
  rejects("i32ColumnBE", (w) => w.i32ColumnBE([0.5]), RangeError, ["[0]", "0.5"]);
});

test("int64 column from plain numbers: an unsafe element is a RangeError naming index and value; nothing written", () => {
  rejects("i64ColumnBE", (w) => w.i64ColumnBE([1, 2 ** 53]), RangeError, ["[1]", "9007199254740992"]);
  rejects("i64ColumnBE", (w) => w.i64ColumnBE([NaN]), RangeError, ["[0]", "NaN"]);
});

test("backfill: a bad value or an offset outside the written bytes is a RangeError; nothing written", () => {
  const atCases: [string, (w: Writer) => unknown, string[]][] = [
    ["u8At value", (w) => w.u8At(0, 256), ["256"]],
    ["i16beAt value", (w) => w.i16beAt(0, 40000), ["40000"]],
    ["i32beAt value", (w) => w.i32beAt(0, 2 ** 31), ["2147483648"]],
    ["i32leAt value", (w) => w.i32leAt(0, 1.5), ["1.5"]],
    ["u32beAt value", (w) => w.u32beAt(0, -1), ["-1"]],
    ["i64beAt value", (w) => w.i64beAt(0, 2 ** 53), ["9007199254740992"]],
    ["i64beAt bigint", (w) => w.i64beAt(0, 2n ** 63n), ["9223372036854775808n"]],
    ["u8At past the end", (w) => w.u8At(9, 1), ["offset 9"]],
    ["i16beAt straddling the end", (w) => w.i16beAt(8, 1), ["offset 8"]],
    ["i32beAt straddling the end", (w) => w.i32beAt(6, 1), ["offset 6"]],
    ["i32leAt negative offset", (w) => w.i32leAt(-1, 1), ["offset -1"]],
    ["u32beAt fractional offset", (w) => w.u32beAt(0.5, 1), ["offset 0.5"]],
    ["i64beAt straddling the end", (w) => w.i64beAt(2, 1), ["offset 2"]],
  ];
  for (const [label, bad, mentions] of atCases) rejects(label, bad, RangeError, mentions);
});

test("reserve: a negative, fractional or NaN count is a RangeError; nothing reserved", () => {
  for (const n of [-1, 1.5, NaN]) rejects(`reserve(${n})`, (w) => w.reserve(n), RangeError, [String(n)]);
});

test("bytes: a string or plain array is a TypeError, not silently coerced", () => {
  rejects("bytes(string)", (w) => w.bytes("abc" as never), TypeError, ['"abc"']);
  rejects("bytes(array)", (w) => w.bytes([1, 2] as never), TypeError, ["Array"]);
});

test("initialSize must be a size", () => {
  throwsWith(() => new Writer({ initialSize: -1 }), RangeError, ["-1"]);
  throwsWith(() => new Writer({ initialSize: NaN }), RangeError, ["NaN"]);
});

test.run();
