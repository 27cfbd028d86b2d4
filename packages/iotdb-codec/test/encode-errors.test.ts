// Bad input to the encoders: an EncodeError naming the column and row, thrown before any byte is
// written (the Writer keeps its position and bytes; the builder keeps its rows).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  EncodeError,
  insertRecordCall,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  insertTabletCall,
  insertTabletsCall,
  TabletBuilder,
  writeCallFrame,
  type Cell,
  type ColumnValues,
  type InsertCall,
  type InsertRecord,
  type Tablet,
  type TabletSchema,
} from "../src/index.js";

interface Expected {
  column: string | undefined;
  row: number | undefined;
  message: RegExp;
}

/** `makeCall` must throw EncodeError(column, row) and the Writer must stay as it was. */
function rejects(makeCall: () => InsertCall, expected: Expected): void {
  const w = new Writer();
  w.u8(0xaa);
  let error: unknown;
  try {
    writeCallFrame(w, makeCall(), { sessionId: 42, seqid: 1 });
  } catch (err) {
    error = err;
  }
  assert.instance(error, EncodeError, "an EncodeError");
  const e = error as EncodeError;
  assert.match(e.message, expected.message);
  assert.is(e.column, expected.column, `column of: ${e.message}`);
  assert.is(e.row, expected.row, `row of: ${e.message}`);
  assert.is(w.length, 1, "the Writer did not advance");
  assert.is(Buffer.from(w.peek()).toString("hex"), "aa");
}

const schema = (columns: TabletSchema["columns"]): TabletSchema => ({ model: "tree", target: "root.t.d", columns });
const one = (type: TabletSchema["columns"][number]["type"], values: ColumnValues, n = values.length): Tablet => ({
  schema: schema([{ name: "c", type }]),
  timestamps: Array.from({ length: n }, (_, i) => i),
  values: [values],
});
const tablet = (t: Tablet) => () => insertTabletCall(t);

test("wrong JS type for the column type names column and row", () => {
  rejects(tablet(one("DOUBLE", [1, 2, "3" as never])), {
    column: "c",
    row: 2,
    message: /expected a number, got the string "3"/,
  });
  rejects(tablet(one("TEXT", ["a", 5 as never])), { column: "c", row: 1, message: /expected a string/ });
  rejects(tablet(one("BLOB", ["00ff" as never])), { column: "c", row: 0, message: /expected a Uint8Array/ });
  rejects(tablet(one("BOOLEAN", [true, 1 as never])), { column: "c", row: 1, message: /expected a boolean/ });
  rejects(tablet(one("BOOLEAN", Uint8Array.of(0, 1, 2))), { column: "c", row: 2, message: /neither 0 nor 1/ });
  rejects(tablet(one("DOUBLE", Int32Array.of(1))), {
    column: "c",
    row: undefined,
    message: /DOUBLE values must be a Float64Array or an array/,
  });
  rejects(tablet(one("TEXT", "abc" as never, 3)), {
    column: "c",
    row: undefined,
    message: /TEXT values must be an array/,
  });
});

test("INT32: NaN, ±Infinity, fractions and out-of-range numbers", () => {
  for (const bad of [NaN, Infinity, -Infinity, 1.5, 2 ** 31, -(2 ** 31) - 1]) {
    rejects(tablet(one("INT32", [0, bad])), { column: "c", row: 1, message: /is not an int32/ });
  }
  rejects(tablet(one("INT32", [1n as never])), {
    column: "c",
    row: 0,
    message: /expected an int32 number, got the bigint 1n/,
  });
});

test("INT64 and TIMESTAMP: unsafe integers from numbers, bigints out of range, non-numbers", () => {
  rejects(tablet(one("INT64", [2 ** 53])), { column: "c", row: 0, message: /not a safe integer/ });
  rejects(tablet(one("TIMESTAMP", [0, 0.5])), { column: "c", row: 1, message: /0\.5 is not an integer$/ });
  rejects(tablet(one("INT64", [2n ** 63n])), { column: "c", row: 0, message: /outside the int64 range/ });
  rejects(tablet(one("INT64", ["5" as never])), {
    column: "c",
    row: 0,
    message: /expected a bigint or an integer number/,
  });
});

test("bad timestamps name the row", () => {
  rejects(tablet({ ...one("INT32", [1, 2]), timestamps: [1, 2.5] }), {
    column: undefined,
    row: 1,
    message: /timestamps\[1\]/,
  });
  rejects(tablet({ ...one("INT32", [1]), timestamps: [-(2n ** 63n) - 1n] }), {
    column: undefined,
    row: 0,
    message: /int64 range/,
  });
  rejects(tablet({ ...one("INT32", []), timestamps: "x" as never }), {
    column: undefined,
    row: undefined,
    message: /timestamps/,
  });
});

test("invalid DATE in every input form", () => {
  const bad: Cell[] = [
    "2023-02-29",
    "0999-12-31",
    "10000-01-01",
    "2024-1-01",
    "2024-13-01",
    new Date(NaN),
    new Date(Date.UTC(999, 0, 1)),
    20231301,
    99991232,
    2024.5,
  ];
  for (const v of bad)
    rejects(tablet(one("DATE", ["2024-01-01", v])), { column: "c", row: 1, message: /expected a date|is not a date/ });
  // a day or month that does not exist is named as such
  rejects(tablet(one("DATE", ["2023-02-29"])), {
    column: "c",
    row: 0,
    message: /"2023-02-29" is not a date: February 2023 has 28 days$/,
  });
  rejects(tablet(one("DATE", ["2024-04-31"])), { column: "c", row: 0, message: /April 2024 has 30 days$/ });
  rejects(tablet(one("DATE", ["2024-13-01"])), {
    column: "c",
    row: 0,
    message: /is not a date: there is no month 13$/,
  });
  rejects(tablet(one("DATE", ["0999-12-31"])), {
    column: "c",
    row: 0,
    message: /expected a date .* in years 1000\.\.9999/,
  });
  rejects(tablet(one("DATE", Int32Array.of(20240101, 20230229))), {
    column: "c",
    row: 1,
    message: /20230229 is not a yyyymmdd date/,
  });
});

test("counts that do not match: column lengths, values and nulls per column, masks", () => {
  const two = schema([
    { name: "a", type: "INT32" },
    { name: "b", type: "INT32" },
  ]);
  rejects(
    tablet({
      schema: two,
      timestamps: [1, 2, 3],
      values: [
        [1, 2, 3],
        [1, 2],
      ],
    }),
    { column: "b", row: undefined, message: /has 2 value\(s\) for 3 row\(s\)/ },
  );
  rejects(tablet({ schema: two, timestamps: [1], values: [[1]] }), {
    column: undefined,
    row: undefined,
    message: /expected an array of 2 column/,
  });
  rejects(tablet({ schema: two, timestamps: [1], values: [[1], [1]], nulls: [undefined] }), {
    column: undefined,
    row: undefined,
    message: /expected an array of 2 mask/,
  });
  rejects(tablet({ schema: two, timestamps: [1], values: [[1], [1]], nulls: [undefined, Uint8Array.of(0, 1)] }), {
    column: "b",
    row: undefined,
    message: /null mask has 2 entries for 1 row/,
  });
});

test("unknown or unsendable types and categories, bad schema", () => {
  for (const type of ["VECTOR", "UNKNOWN", "FOO", "toString", 6, 7, 12, -1, undefined] as never[]) {
    rejects(tablet(one(type, [])), { column: "c", row: undefined, message: /not a sendable IoTDB type/ });
  }
  const table = (category: unknown, aligned?: boolean): Tablet => ({
    schema: {
      model: "table",
      target: "t",
      aligned,
      columns: [{ name: "c", type: "INT32", category: category as never }],
    },
    timestamps: [],
    values: [[]],
  });
  rejects(tablet(table("TAGS")), { column: "c", row: undefined, message: /not a column category/ });
  rejects(tablet(table("TAG", true)), { column: undefined, row: undefined, message: /cannot be aligned/ });
  rejects(tablet({ ...one("INT32", []), schema: { ...schema([]), model: "relational" as never } }), {
    column: undefined,
    row: undefined,
    message: /model must be/,
  });
  rejects(tablet({ ...one("INT32", []), bitmapSection: "never" as never }), {
    column: undefined,
    row: undefined,
    message: /bitmapSection/,
  });
});

test("TabletBuilder: ragged rows and bad cells are refused whole; earlier rows stay as they were", () => {
  const b = new TabletBuilder(
    schema([
      { name: "a", type: "INT32" },
      { name: "s", type: "TEXT" },
    ]),
  );
  b.addRow(1, [1, "x"]);
  const catchError = (run: () => unknown): EncodeError => {
    try {
      run();
    } catch (err) {
      assert.instance(err, EncodeError);
      return err as EncodeError;
    }
    throw new Error("expected an EncodeError");
  };
  let e = catchError(() => b.addRow(2, [2]));
  assert.equal([e.column, e.row], [undefined, 1]);
  assert.match(e.message, /expected 2 value\(s\)/);
  e = catchError(() => b.addRow(2, [2, 3 as never]));
  assert.equal([e.column, e.row], ["s", 1]);
  e = catchError(() => b.addRow(1.5, [2, "y"]));
  assert.equal([e.column, e.row], [undefined, 1]);
  assert.is(b.rowCount, 1);
  b.addRow(2, [null, "y"]);
  const built = b.build();
  assert.equal(built.timestamps, [1, 2]);
  assert.equal(Array.from(built.values[0] as Int32Array), [1, 0]);
  assert.equal(built.values[1], ["x", "y"]);
  assert.equal(Array.from(built.nulls![0] as Uint8Array), [0, 1]);
});

test("TabletBuilder: DOUBLE, FLOAT and INT32 cells (stored kind by kind) are checked; the first bad cell in schema order is named; nulls of a refused row are undone", () => {
  const b = new TabletBuilder(
    schema([
      { name: "flag", type: "BOOLEAN" },
      { name: "d", type: "DOUBLE" },
      { name: "f", type: "FLOAT" },
      { name: "i", type: "INT32" },
    ]),
    { initialCapacity: 1 },
  );
  const refused = (values: Cell[]): string | undefined => {
    try {
      b.addRow(9, values);
    } catch (err) {
      assert.instance(err, EncodeError);
      assert.is((err as EncodeError).row, 1);
      return (err as EncodeError).column;
    }
    return undefined;
  };
  b.addRow(1, [true, 1.5, 2.5, 3]);
  assert.is(refused([true, "x" as never, 1, 1]), "d");
  assert.is(refused([true, 1, "x" as never, 1]), "f");
  assert.is(refused([true, 1, 1, 1.5]), "i");
  // Both "flag" and "d" are bad: the DOUBLE loop runs first, but the error names the schema's first.
  assert.is(refused([1 as never, "x" as never, 1, 1]), "flag");
  assert.is(refused([null, null, null, "x" as never]), "i");
  assert.is(b.rowCount, 1);
  b.addRow(2, [false, null, 4.5, -7]); // grows (capacity 1 -> 2): values move to the new stores
  let built = b.build();
  assert.equal(built.timestamps, [1, 2]);
  assert.equal(Array.from(built.values[1] as Float64Array), [1.5, 0]);
  assert.equal(Array.from(built.values[2] as Float32Array), [2.5, 4.5]);
  assert.equal(Array.from(built.values[3] as Int32Array), [3, -7]);
  // (A mask allocated by a refused row's null stays, all 0.)
  assert.equal(
    built.nulls!.map((m) => (m === undefined ? [0, 0] : Array.from(m as Uint8Array))),
    [
      [0, 0],
      [0, 1],
      [0, 0],
      [0, 0],
    ],
  );
  // After reset() the next rows go to fresh stores (from the same slab): the tablet built before keeps its values.
  b.reset().addRow(3, [true, 8.25, 9, 10]);
  assert.equal(Array.from(built.values[1] as Float64Array), [1.5, 0]);
  built = b.build();
  assert.equal(
    [
      Array.from(built.values[1] as Float64Array),
      Array.from(built.values[2] as Float32Array),
      Array.from(built.values[3] as Int32Array),
    ],
    [[8.25], [9], [10]],
  );
  assert.equal(
    built.nulls!.map((m) => (m === undefined ? [0] : Array.from(m as Uint8Array))),
    [[0], [0], [0], [0]],
  );
});

test("records: counts, types, values and times name the measurement and the record", () => {
  const rec = (over: Partial<InsertRecord>): InsertRecord => ({
    deviceId: "root.d",
    time: 1,
    measurements: ["a"],
    types: ["INT32"],
    values: [1],
    ...over,
  });
  rejects(() => insertRecordsCall([rec({}), rec({ measurements: ["a", "b"] })]), {
    column: undefined,
    row: 1,
    message: /2 measurement\(s\), 1 type\(s\) and 1 value\(s\)/,
  });
  rejects(() => insertRecordsCall([rec({ values: [1.5] })]), { column: "a", row: 0, message: /not an int32/ });
  rejects(() => insertRecordsCall([rec({}), rec({}), rec({ types: ["VECTOR" as never] })]), {
    column: "a",
    row: 2,
    message: /not a sendable/,
  });
  rejects(() => insertRecordCall(rec({ time: 2 ** 60 })), { column: undefined, row: 0, message: /time/ });
  rejects(() => insertRecordCall(rec({ deviceId: 5 as never })), { column: undefined, row: 0, message: /deviceId/ });
  rejects(
    () =>
      insertRecordsOfOneDeviceCall("root.d", [
        { time: 1, measurements: ["a"], types: ["DATE"], values: ["2024-02-30"] },
      ]),
    { column: "a", row: 0, message: /is not a date: February 2024 has 29 days/ },
  );
  rejects(() => insertRecordCall(rec({}), { aligned: "yes" as never }), {
    column: undefined,
    row: undefined,
    message: /aligned/,
  });
});

test("insertTablets: an empty list, table-model tablets and mixed alignment are refused", () => {
  const t = one("INT32", [1]);
  rejects(() => insertTabletsCall([]), { column: undefined, row: undefined, message: /no tablet to insert/ });
  rejects(() => insertTabletsCall([t, { ...t, schema: { ...t.schema, aligned: true } }]), {
    column: undefined,
    row: undefined,
    message: /all tablets must be aligned, or none/,
  });
  rejects(() => insertTabletsCall([{ ...t, schema: { ...t.schema, model: "table" } }]), {
    column: undefined,
    row: undefined,
    message: /tree-model tablets only/,
  });
});

test("bad sessionId or seqid: nothing written", () => {
  const call = insertTabletCall(one("INT32", [1]));
  for (const options of [
    { sessionId: 1.5, seqid: 1 },
    { sessionId: 2n ** 63n, seqid: 1 },
    { sessionId: 42, seqid: 2 ** 31 },
    { sessionId: 42, seqid: NaN },
  ]) {
    const w = new Writer();
    w.u8(0xaa);
    assert.throws(
      () => writeCallFrame(w, call, options),
      (e: unknown) => e instanceof EncodeError && e.column === undefined && e.row === undefined,
    );
    assert.is(w.length, 1);
  }
});

test("input changed after the call was made: the write fails and the Writer is rewound", () => {
  const texts: unknown[] = ["a", "b"];
  const call = insertTabletCall(one("TEXT", texts as Cell[]));
  texts[1] = 5;
  const w = new Writer();
  w.u8(0xaa);
  assert.throws(() => writeCallFrame(w, call, { sessionId: 1, seqid: 1 }));
  assert.is(w.length, 1);
});

test.run();
