// Tablet encoding against hand-built bytes (test/encode-bytes.ts): cells and placeholders per
// type, the bitmap section and its padding, sorting, zero rows, and the input forms that must
// give identical bytes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  encodeTabletBuffers,
  insertTabletCall,
  TabletBuilder,
  writeCallFrame,
  type Cell,
  type ColumnValues,
  type Tablet,
  type TabletSchema,
} from "../src/index.js";
import { bitmap, f32, f64, hex, i32, i64, text, toHex } from "./encode-bytes.js";

const tree = (columns: TabletSchema["columns"], aligned = false): TabletSchema => ({
  model: "tree",
  target: "root.t.d",
  aligned,
  columns,
});

function buffers(tablet: Tablet): { times: string; values: string } {
  const b = encodeTabletBuffers(tablet);
  return { times: toHex(b.timestamps), values: toHex(b.values) };
}

test("BOOLEAN column from Uint8Array and from booleans (docs/iotdb-wire-format.md §4.5 example)", () => {
  const schema = tree([{ name: "s1", type: "BOOLEAN" }]);
  const timestamps = [1, 2, 3, 4];
  const expected = { times: hex(i64(1n), i64(2n), i64(3n), i64(4n)), values: "01000101" + "00" };
  assert.equal(buffers({ schema, timestamps, values: [Uint8Array.of(1, 0, 1, 1)] }), expected);
  assert.equal(buffers({ schema, timestamps, values: [[true, false, true, true]] }), expected);
});

const ALL_TYPES: TabletSchema["columns"] = [
  { name: "b", type: "BOOLEAN" },
  { name: "i", type: "INT32" },
  { name: "l", type: "INT64" },
  { name: "f", type: "FLOAT" },
  { name: "d", type: "DOUBLE" },
  { name: "t", type: "TEXT" },
  { name: "s", type: "STRING" },
  { name: "bl", type: "BLOB" },
  { name: "dt", type: "DATE" },
  { name: "ts", type: "TIMESTAMP" },
];

test("every type: values, then the Java null placeholders, then bitmaps with padding 1", () => {
  const row0: Cell[] = [
    true,
    -7,
    -(2n ** 63n) + 1n,
    0.1,
    -0,
    "h\u00e9\u{1F600}",
    "",
    Buffer.from("00ff", "hex"),
    "2024-02-29",
    123n,
  ];
  const b = new TabletBuilder(tree(ALL_TYPES)).addRow(10n, row0).addRow(
    11n,
    ALL_TYPES.map(() => null),
  );
  const nulls = bitmap([false, true], 1); // 01 fe
  assert.is(nulls, "01fe");
  const expected = hex(
    "01",
    "00",
    i32(-7),
    "80000000",
    i64(-(2n ** 63n) + 1n),
    "8000000000000000",
    f32(Math.fround(0.1)),
    "00000001",
    "8000000000000000",
    "0000000000000001",
    text("h\u00e9\u{1F600}"),
    "00000000",
    text(""),
    "00000000",
    text(Buffer.from("00ff", "hex")),
    "00000000",
    "0134d765",
    "009896e5",
    i64(123n),
    "8000000000000000",
    nulls.repeat(10),
  );
  assert.is(buffers(b.build()).values, expected);
});

test("bitmap is floor(n/8)+1 bytes: 8 rows with the last null → 01 80 ff; 9 rows with the first null → 01 01 fe", () => {
  const col = tree([{ name: "v", type: "DOUBLE" }]);
  const eight = Array.from({ length: 8 }, (_, i) => (i === 7 ? null : i));
  assert.ok(buffers({ schema: col, timestamps: eight.map((_, i) => i), values: [eight] }).values.endsWith("0180ff"));
  const nine = Array.from({ length: 9 }, (_, i) => (i === 0 ? null : i));
  assert.ok(buffers({ schema: col, timestamps: nine.map((_, i) => i), values: [nine] }).values.endsWith("0101fe"));
  const sixteen = Array.from({ length: 16 }, (_, i) => (i === 15 ? null : i));
  assert.ok(
    buffers({ schema: col, timestamps: sixteen.map((_, i) => i), values: [sixteen] }).values.endsWith("010080ff"),
  );
});

test("unsorted times: stable sort, bitmaps rebuilt with padding 0, caller arrays untouched", () => {
  const schema = tree([
    { name: "i", type: "INT32" },
    { name: "t", type: "TEXT" },
  ]);
  const timestamps = BigInt64Array.of(30n, 10n, 20n, 10n, 5n);
  const ints = Int32Array.of(0, 1, 2, 3, 4);
  const mask = Uint8Array.of(0, 0, 0, 0, 1);
  const texts = ["a", null, "c", "d", "e"];
  const before = [timestamps.slice(), ints.slice(), mask.slice(), texts.slice()];
  const got = buffers({ schema, timestamps, values: [ints, texts], nulls: [mask, undefined] });
  // order: t=5 (row 4), t=10 (row 1), t=10 (row 3), t=20 (row 2), t=30 (row 0)
  assert.is(got.times, hex(i64(5n), i64(10n), i64(10n), i64(20n), i64(30n)));
  assert.is(
    got.values,
    hex(
      "80000000",
      i32(1),
      i32(3),
      i32(2),
      i32(0),
      text("e"),
      "00000000",
      text("d"),
      text("c"),
      text("a"),
      bitmap([true, false, false, false, false], 0),
      bitmap([false, true, false, false, false], 0),
    ),
  );
  assert.equal([timestamps, ints, mask, texts], before);
});

test("unsorted number and bigint times sort like BigInt64Array times, including negative and extreme ones", () => {
  const schema = tree([{ name: "v", type: "INT64" }]);
  const times = [5n, -(2n ** 63n), 2n ** 63n - 1n, -1n, 0n, -1n];
  const values = [BigInt64Array.from(times, (t) => t * 0n + 7n)];
  const expectedTimes = hex(i64(-(2n ** 63n)), i64(-1n), i64(-1n), i64(0n), i64(5n), i64(2n ** 63n - 1n));
  assert.is(buffers({ schema, timestamps: BigInt64Array.from(times), values }).times, expectedTimes);
  assert.is(buffers({ schema, timestamps: times, values }).times, expectedTimes);
  const small = [3, -(2 ** 40), 2 ** 53 - 1, -1];
  const expectedSmall = hex(i64(-(2n ** 40n)), i64(-1n), i64(3n), i64(2n ** 53n - 1n));
  assert.is(buffers({ schema, timestamps: small, values: [[1, 1, 1, 1]] }).times, expectedSmall);
  assert.is(
    buffers({ schema, timestamps: BigInt64Array.from(small, BigInt), values: [[1, 1, 1, 1]] }).times,
    expectedSmall,
  );
});

test('bitmapSection "arrays": no section without nulls, padding 0 with nulls', () => {
  const schema = tree([
    { name: "a", type: "INT32" },
    { name: "b", type: "DOUBLE" },
  ]);
  const base = { schema, timestamps: [1, 2, 3], bitmapSection: "arrays" as const };
  assert.is(
    buffers({
      ...base,
      values: [
        [1, 2, 3],
        [1, 2, 3],
      ],
    }).values,
    hex(i32(1), i32(2), i32(3), f64(1), f64(2), f64(3)),
  );
  assert.is(
    buffers({
      ...base,
      values: [
        [1, null, 3],
        [1, 2, 3],
      ],
    }).values,
    hex(i32(1), "80000000", i32(3), f64(1), f64(2), f64(3), "01" + "02", "00"),
  );
  // "api" (the default) ends with one 00 per column even without nulls
  assert.is(
    buffers({
      ...base,
      bitmapSection: "api",
      values: [
        [1, 2, 3],
        [1, 2, 3],
      ],
    }).values.slice(-4),
    "0000",
  );
});

test("zero rows: empty buffers; a table-model tablet then needs no sending, a tree one does", () => {
  const cols: TabletSchema["columns"] = [{ name: "v", type: "INT64", category: "FIELD" }];
  const treeTablet: Tablet = { schema: tree(cols), timestamps: [], values: [[]] };
  assert.equal(buffers(treeTablet), { times: "", values: "" });
  assert.is(insertTabletCall(treeTablet).needsSending, true);
  const tableTablet: Tablet = { schema: { model: "table", target: "t", columns: cols }, timestamps: [], values: [[]] };
  assert.is(insertTabletCall(tableTablet).needsSending, false);
  assert.is(insertTabletCall({ ...tableTablet, timestamps: [1], values: [[1]] }).needsSending, true);
});

test("DATE from 'YYYY-MM-DD', Date, yyyymmdd numbers and Int32Array give the same cells", () => {
  const schema = tree([{ name: "d", type: "DATE" }]);
  const expected = hex("0134d765", i32(10000101), i32(99991231));
  const forms: ColumnValues[] = [
    ["2024-02-29", "1000-01-01", "9999-12-31"],
    [new Date(Date.UTC(2024, 1, 29)), new Date(Date.UTC(1000, 0, 1)), new Date(Date.UTC(9999, 11, 31))],
    [20240229, 10000101, 99991231],
    Int32Array.of(20240229, 10000101, 99991231),
  ];
  for (const values of forms)
    assert.is(buffers({ schema, timestamps: [1, 2, 3], values: [values] }).values, expected + "00");
});

test("FLOAT and DOUBLE specials keep their bits; FLOAT numbers round like Java's (float) cast", () => {
  const schema = tree([
    { name: "f", type: "FLOAT" },
    { name: "d", type: "DOUBLE" },
  ]);
  const specials = [NaN, -0, Infinity, -Infinity, 0.1, 3.4028234663852886e38, 5e-324];
  const timestamps = specials.map((_, i) => i);
  const expected = hex(
    "7fc00000",
    "80000000",
    "7f800000",
    "ff800000",
    f32(Math.fround(0.1)),
    "7f7fffff",
    "00000000",
    "7ff8000000000000",
    "8000000000000000",
    "7ff0000000000000",
    "fff0000000000000",
    f64(0.1),
    f64(3.4028234663852886e38),
    "0000000000000001",
    "00",
    "00",
  );
  assert.is(buffers({ schema, timestamps, values: [specials, specials] }).values, expected);
  assert.is(
    buffers({ schema, timestamps, values: [Float32Array.from(specials), Float64Array.from(specials)] }).values,
    expected,
  );
});

test("TEXT takes strings or raw bytes; STRING 4-byte characters are one UTF-8 sequence", () => {
  const schema = tree([
    { name: "t", type: "TEXT" },
    { name: "s", type: "STRING" },
  ]);
  const got = buffers({
    schema,
    timestamps: [1, 2],
    values: [
      [Buffer.from([0xff, 0]), "a\u0000b"],
      ["\u{1F680}", "\u4e2d"],
    ],
  });
  assert.is(
    got.values,
    hex(text(Buffer.from([0xff, 0])), text("a\u0000b"), "00000004f09f9a80", text("\u4e2d"), "00", "00"),
  );
});

test("columnar typed, columnar plain arrays and TabletBuilder rows give identical bytes", () => {
  const n = 17;
  const rows: Cell[][] = [];
  for (let r = 0; r < n; r++) {
    const isNull = (c: number) => (r * 7 + c) % 5 === 0;
    const cells: Cell[] = [
      r % 2 === 0,
      r * 1000 - 7,
      BigInt(r) * 10n ** 15n,
      r / 3,
      r * 1.25,
      `t${r}`,
      `s\u00e9${r}`,
      Buffer.of(r),
      `2024-01-${String(r + 1).padStart(2, "0")}`,
      BigInt(r),
    ];
    rows.push(cells.map((v, c) => (isNull(c) ? null : v)));
  }
  const times = Array.from({ length: n }, (_, r) => (r * 37) % 11); // unsorted, with duplicates
  const builder = new TabletBuilder(tree(ALL_TYPES), { initialCapacity: 2 });
  rows.forEach((row, r) => builder.addRow(times[r]!, row));
  const fromRows = buffers(builder.build());

  const column = (c: number) => rows.map((row) => row[c]!);
  const mask = (c: number) => Uint8Array.from(rows, (row) => (row[c] === null ? 1 : 0));
  const plain: Tablet = { schema: tree(ALL_TYPES), timestamps: times, values: ALL_TYPES.map((_, c) => column(c)) };
  const typed: Tablet = {
    schema: tree(ALL_TYPES),
    timestamps: BigInt64Array.from(times, BigInt),
    values: [
      Uint8Array.from(column(0), (v) => (v ? 1 : 0)),
      Int32Array.from(column(1), (v) => (v as number) ?? 0),
      BigInt64Array.from(column(2), (v) => (v as bigint) ?? 0n),
      Float32Array.from(column(3), (v) => (v as number) ?? 0),
      Float64Array.from(column(4), (v) => (v as number) ?? 0),
      column(5),
      column(6),
      column(7),
      Int32Array.from(column(8), (v) => (v === null ? 0 : Number((v as string).replace(/-/g, "")))),
      column(9).map((v) => (v === null ? null : Number(v))),
    ],
    nulls: ALL_TYPES.map((_, c) => mask(c)),
  };
  assert.equal(buffers(plain), fromRows);
  assert.equal(buffers(typed), fromRows);
  assert.ok(fromRows.values.length > 0);
});

test("a frame is appended after what the Writer already holds, with its own length", () => {
  const w = new Writer();
  w.u8(0xaa);
  const tablet: Tablet = {
    schema: tree([{ name: "s1", type: "BOOLEAN" }]),
    timestamps: [1, 2, 3, 4],
    values: [[true, false, true, true]],
  };
  writeCallFrame(w, insertTabletCall(tablet), { sessionId: 42, seqid: 1 });
  const bytes = Buffer.from(w.peek());
  assert.is(bytes[0], 0xaa);
  assert.is(bytes.readUInt32BE(1), bytes.length - 5);
  // the §4.5 frame of docs/iotdb-wire-format.md, with the device "root.t.d" (3 bytes shorter than "root.ref.d1")
  assert.is(
    bytes.subarray(1).toString("hex"),
    hex(
      "0000008f",
      "80010001 0000000c 696e736572745461626c6574 00000001",
      "0c0001",
      "0a0001 000000000000002a",
      "0b0002 00000008 726f6f742e742e64",
      "0f0003 0b 00000001 00000002 7331",
      "0b0004 00000005 0100010100",
      "0b0005 00000020",
      i64(1n),
      i64(2n),
      i64(3n),
      i64(4n),
      "0f0006 08 00000001 00000000",
      "080007 00000004",
      "020008 00",
      "00",
      "00",
    ),
  );
});

test.run();
