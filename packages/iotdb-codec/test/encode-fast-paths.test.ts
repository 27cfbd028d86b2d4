// The encoder's fast paths against hand-built bytes: string columns written with one native call
// (and their fall-backs), the typed BOOLEAN check, the sortedness check of BigInt64Array times,
// and TabletBuilder's one-pass row storage (typed INT64 columns, refused rows undone).
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  encodeTabletBuffers,
  EncodeError,
  TabletBuilder,
  type Cell,
  type Tablet,
  type TabletSchema,
} from "../src/index.js";
import { bitmap, f64, hex, i32, i64, text, toHex } from "./encode-bytes.js";

const tree = (columns: TabletSchema["columns"]): TabletSchema => ({ model: "tree", target: "root.t.d", columns });

function buffers(tablet: Tablet): { times: string; values: string } {
  const b = encodeTabletBuffers(tablet);
  return { times: toHex(b.timestamps), values: toHex(b.values) };
}

/** Caller rows in wire order: stable-sorted by time. */
const wireOrder = (times: readonly number[]) => times.map((_, r) => r).sort((a, b) => times[a]! - times[b]! || a - b);

test("ASCII string columns: every length 0..130, nulls as null cells and by mask, unsorted rows", () => {
  const n = 131;
  const strings = Array.from({ length: n }, (_, len) =>
    Array.from({ length: len }, (_, j) => String.fromCharCode(32 + ((len + j) % 95))).join(""),
  );
  const times = strings.map((_, r) => (r * 37) % 53); // unsorted, with repeats
  const nullCell = (r: number) => r % 9 === 4;
  const masked = (r: number) => r % 11 === 6;
  const cells: Cell[] = strings.map((s, r) => (nullCell(r) ? null : s));
  const mask = Uint8Array.from(strings, (_, r) => (masked(r) ? 1 : 0));
  const order = wireOrder(times);
  const isNull = (r: number) => nullCell(r) || masked(r);
  const column = hex(...order.map((r) => (isNull(r) ? "00000000" : text(strings[r]!))));
  for (const type of ["TEXT", "STRING"] as const) {
    const got = buffers({ schema: tree([{ name: "s", type }]), timestamps: times, values: [cells], nulls: [mask] });
    assert.is(got.values, column + bitmap(order.map(isNull), 0), type);
    const sorted = buffers({
      schema: tree([{ name: "s", type }]),
      timestamps: strings.map((_, r) => r),
      values: [strings],
    });
    assert.is(sorted.values, hex(...strings.map((s) => text(s))) + "00", `${type}, sorted, no nulls`);
  }
});

test("a non-ASCII or non-string cell sends its column cell by cell: same bytes as Java", () => {
  const schema = tree([{ name: "s", type: "TEXT" }]);
  const times = [1, 2, 3, 4];
  const cases: [Cell[], string][] = [
    [["abc", "h\u00e9", "\u{1F600}", "z"], hex(text("abc"), text("h\u00e9"), text("\u{1F600}"), text("z"))],
    // lone surrogates: '?'
    [["ab", "a\ud800b", "\udc00", "cd"], hex(text("ab"), i32(3) + "613f62", i32(1) + "3f", text("cd"))],
    [
      ["ab", Buffer.from("ff00", "hex"), "", "cd"],
      hex(text("ab"), text(Buffer.from("ff00", "hex")), text(""), text("cd")),
    ],
  ];
  for (const [cells, column] of cases)
    assert.is(buffers({ schema, timestamps: times, values: [cells] }).values, column + "00");
});

/**
 * Java's UTF-8 of `s` (String.getBytes(UTF_8): a lone surrogate as '?'), by hand from the code units: the oracle shares
 * nothing with the encoder.
 */
function javaUtf8Hex(s: string): string {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      const p = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      out.push(0xf0 | (p >> 18), 0x80 | ((p >> 12) & 63), 0x80 | ((p >> 6) & 63), 0x80 | (p & 63));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out.push(0x3f);
    else if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return i32(out.length) + out.map((b) => b.toString(16).padStart(2, "0")).join("");
}

test("non-ASCII string columns are written whole: CJK, emoji, accents and U+FFFD, byte for byte as Java (hand-written hex)", () => {
  const schema = tree([{ name: "s", type: "TEXT" }]);
  const cells: Cell[] = [
    "abc",
    "h\u00e9llo",
    "\u4e2d\u6587",
    "\u{1F600}x",
    "",
    "\ufffd",
    "plain ascii, longer than four",
    null,
    "\u{1F600}\u{1F601}",
  ];
  const expected = [
    "00000003616263",
    "0000000668c3a96c6c6f",
    "00000006e4b8ade69687",
    "00000005f09f988078",
    "00000000",
    "00000003efbfbd",
    i32(29) + Buffer.from("plain ascii, longer than four", "latin1").toString("hex"),
    "00000000",
    "00000008f09f9880f09f9881",
  ];
  const times = cells.map((_, r) => r);
  const got = buffers({ schema, timestamps: times, values: [cells] }).values;
  assert.is(
    got,
    hex(...expected) +
      bitmap(
        cells.map((c) => c === null),
        1,
      ),
  );
  // Unsorted rows: the same cells in wire (time) order.
  const reversed = times.map((t) => 100 - t);
  const order = wireOrder(reversed);
  const sorted = buffers({ schema, timestamps: reversed, values: [cells] }).values;
  assert.is(
    sorted,
    hex(...order.map((r) => expected[r]!)) +
      bitmap(
        order.map((r) => cells[r] === null),
        0,
      ),
  );
});

test("a lone surrogate in a non-ASCII column, or a pair only the join of two cells would form, is written as '?' like Java", () => {
  const schema = tree([{ name: "s", type: "STRING" }]);
  const cases: [string[], string][] = [
    [["\u4e2d", "a\ud800b", "\udc00", "\u00e9"], hex("00000003e4b8ad", "00000003613f62", "000000013f", "00000002c3a9")],
    // Each cell alone has a lone surrogate; joined they would make U+1F600 (f09f9880).
    [["x\ud83d", "\ude00y", "\u4e2d"], hex("00000002783f", "000000023f79", "00000003e4b8ad")],
    [["\u4e2d\ud83d"], "00000004e4b8ad3f"],
  ];
  for (const [cells, column] of cases) {
    assert.is(buffers({ schema, timestamps: cells.map((_, r) => r), values: [cells] }).values, column + "00");
  }
});

test("random text columns mixing 1- to 4-byte chars, U+FFFD and lone surrogates, by both column routes: Java's bytes", () => {
  const schema = tree([{ name: "s", type: "TEXT" }]);
  const pieces = [
    "a",
    "Z",
    " ",
    "~",
    "\u00e9",
    "\u07ff",
    "\u0800",
    "\u4e2d",
    "\uffff",
    "\ufffd",
    "\u{1F600}",
    "\u{10FFFF}",
    "\ud800",
    "\udbff",
    "\udc00",
    "\udfff",
  ];
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 8) % n; // high bits: the low ones of this generator repeat with short periods
  };
  for (let round = 0; round < 400; round++) {
    const rows = 1 + random(20);
    const loneAllowed = round % 2 === 0;
    // The first cell picks the column's route: a non-ASCII one, the JS loop; "a", the joined
    // write (later cells then hold the non-ASCII text, walked for their lengths).
    const joined = round % 4 >= 2;
    const cells = Array.from({ length: rows }, (_, r) => {
      if (r === 0 && joined) return "a";
      let s = r === 0 ? "\u4e2d" : "";
      for (let k = random(12); k > 0; k--) {
        const p = pieces[random(loneAllowed ? pieces.length : pieces.length - 4)]!;
        s += p;
      }
      return s;
    });
    const got = buffers({ schema, timestamps: cells.map((_, r) => r), values: [cells] }).values;
    assert.is(got, hex(...cells.map(javaUtf8Hex)) + "00", JSON.stringify(cells));
  }
});

test("random text columns whose first non-ASCII char is Latin-1 (joined, counted by byte length) and of long strings (written one by one): Java's bytes", () => {
  const schema = tree([{ name: "s", type: "TEXT" }]);
  const pieces = [
    "a",
    "~",
    "\u00e9",
    "\u00ff",
    "\u0080",
    "\u07ff",
    "\u4e2d",
    "\ufffd",
    "\u{1F600}",
    "\ud800",
    "\udc00",
  ];
  let seed = 777;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 8) % n; // high bits: the low ones of this generator repeat with short periods
  };
  const text = (parts: number, loneAllowed: boolean) => {
    let s = "";
    for (let k = parts; k > 0; k--) s += pieces[random(loneAllowed ? pieces.length : pieces.length - 2)]!;
    return s;
  };
  for (let round = 0; round < 200; round++) {
    const loneAllowed = round % 3 === 0;
    const long = round % 4 === 1;
    const rows = 2 + random(long ? 5 : 19);
    // An ASCII first cell (the joined write), then "é": the column's first non-ASCII byte is a
    // Latin-1 lead (C3); later cells may hold any char. Long rounds: about 300 to 900 chars per
    // string.
    const cells = Array.from(
      { length: rows },
      (_, r) =>
        (r === 0 ? "a" : r === 1 ? "\u00e9" : "") + text(long ? 300 + random(600) : random(12), loneAllowed && r > 1),
    );
    const got = buffers({ schema, timestamps: cells.map((_, r) => r), values: [cells] }).values;
    assert.is(got, hex(...cells.map(javaUtf8Hex)) + "00", JSON.stringify(cells).slice(0, 200));
  }
});

test("typed BOOLEAN column: a byte other than 0/1 is refused at its row unless the row is masked null", () => {
  const schema = tree([{ name: "b", type: "BOOLEAN" }]);
  const bytes = Uint8Array.of(1, 0, 7, 1, 0, 1, 0, 0, 1);
  const mask = Uint8Array.of(0, 0, 1, 0, 0, 0, 0, 0, 0);
  const times = Array.from(bytes, (_, r) => r);
  assert.is(
    buffers({ schema, timestamps: times, values: [bytes], nulls: [mask] }).values,
    "010000010001000001" + bitmap(Array.from(mask, Boolean), 1),
  );
  for (const bad of [3, 8]) {
    const copy = bytes.slice();
    copy[bad] = 2;
    assert.throws(
      () => encodeTabletBuffers({ schema, timestamps: times, values: [copy], nulls: [mask] }),
      (e: unknown) => e instanceof EncodeError && e.row === bad,
    );
  }
});

test("BigInt64Array times: sortedness is judged on the whole int64, across word boundaries", () => {
  const schema = tree([{ name: "v", type: "INT32" }]);
  const ascending = [-(2n ** 63n), -(2n ** 32n) - 1n, -(2n ** 32n), -1n, 0n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 63n - 1n];
  const values = Int32Array.from(ascending, (_, r) => r);
  const sorted = buffers({ schema, timestamps: BigInt64Array.from(ascending), values: [values] });
  assert.is(sorted.times, hex(...ascending.map(i64)));
  assert.is(sorted.values, hex(...Array.from(values, i32)) + "00");
  // One pair out of order in the low word only, one in the high word only: both sorted on the wire.
  for (const swapAt of [4, 5]) {
    const times = [...ascending];
    [times[swapAt], times[swapAt + 1]] = [times[swapAt + 1]!, times[swapAt]!];
    const got = buffers({ schema, timestamps: BigInt64Array.from(times), values: [values] });
    const order = [0, 1, 2, 3, 4, 5, 6, 7];
    [order[swapAt], order[swapAt + 1]] = [order[swapAt + 1]!, order[swapAt]!];
    assert.is(got.times, hex(...ascending.map(i64)), `swap at ${swapAt}`);
    assert.is(got.values, hex(...order.map(i32)) + "00", `swap at ${swapAt}`);
  }
});

test("TabletBuilder: INT64 from numbers and bigints into a typed column; a refused row leaves no null flag", () => {
  const b = new TabletBuilder(
    tree([
      { name: "l", type: "INT64" },
      { name: "d", type: "DOUBLE" },
      { name: "s", type: "TEXT" },
    ]),
    { initialCapacity: 1 },
  );
  b.addRow(1, [-1, 1.5, "a"]);
  assert.throws(
    () => b.addRow(2, [null, null, 7 as never]),
    (e: unknown) => e instanceof EncodeError && e.column === "s" && e.row === 1,
  );
  assert.throws(
    () => b.addRow(2, [2n ** 63n, 2.5, "b"]),
    (e: unknown) => e instanceof EncodeError && e.column === "l" && e.row === 1,
  );
  b.addRow(2, [-(2 ** 53 - 1), 2.5, "b"]);
  b.addRow(3, [2 ** 40 + 3, null, null]);
  b.addRow(4, [-(2n ** 63n), -0, "d"]);
  const built = b.build();
  const longs = [-1n, -(2n ** 53n - 1n), 2n ** 40n + 3n, -(2n ** 63n)];
  assert.equal(Array.from(built.values[0] as BigInt64Array), longs);
  const got = buffers(built);
  assert.is(got.times, hex(i64(1n), i64(2n), i64(3n), i64(4n)));
  assert.is(
    got.values,
    hex(
      ...longs.map(i64),
      f64(1.5),
      f64(2.5),
      "0000000000000001",
      f64(-0),
      text("a"),
      text("b"),
      "00000000",
      text("d"),
      "00",
      bitmap([false, false, true, false], 1),
      bitmap([false, false, true, false], 1),
    ),
  );
});

test.run();
