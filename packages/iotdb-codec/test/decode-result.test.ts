// Query results: the Java SessionDataSet's column mapping and RowRecords, from hand-built
// TsBlocks and the Java client's own rows (queryResponse vectors).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DecodeError, ResultSetDecoder, TSDataType, type QueryResultMetadata, type RowRecord } from "../src/index.js";
import {
  arrayBody,
  booleanBody,
  f32,
  f64,
  header,
  hex,
  i32,
  i64,
  javaVectors,
  text,
  timeBody,
} from "./decode-bytes.js";

const T = TSDataType;
const E = { BYTE_ARRAY: 0, INT32_ARRAY: 1, INT64_ARRAY: 2, BINARY_ARRAY: 3, RLE: 4, DICTIONARY: 5 };
const TABLE_TIME = "0200" + i64(0n); // RLE(LongColumn[0])

function rows(decoder: ResultSetDecoder, blocks: Buffer[], int64?: "bigint" | "number"): RowRecord[] {
  return [...decoder.rows(blocks, { int64 })];
}

test("tree model: Time comes first from the time column; RowRecord fields leave it out", () => {
  const decoder = new ResultSetDecoder({
    columns: ["root.d.s1", "root.d.s2"],
    dataTypeList: ["INT32", "DOUBLE"],
    ignoreTimeStamp: false,
  });
  assert.equal(decoder.columnNames, ["Time", "root.d.s1", "root.d.s2"]);
  assert.equal(decoder.columnTypes, ["INT64", "INT32", "DOUBLE"]);
  const block = hex(
    header([T.INT32, T.DOUBLE], 2, [2, 1, 2]),
    timeBody([7n, -8n]),
    arrayBody([1, null], i32),
    arrayBody([null, 0.5], f64),
  );
  assert.equal(rows(decoder, [block]), [
    { timestamp: 7n, fields: [1, null] },
    { timestamp: -8n, fields: [null, 0.5] },
  ]);
  const view = decoder.decodeBlock(block);
  assert.is(view.columns[0]!.name, "Time");
  assert.is(view.columns[0]!.values, view.tsBlock.time, "the Time column is the TsBlock time column, not a copy");
  assert.is(view.columns[1]!.values, view.tsBlock.columns[0]!.values);
  assert.is(view.rowCount, 2);
});

test("ignoreTimeStamp absent means false (tree), as in Java", () => {
  const decoder = new ResultSetDecoder({ columns: ["s"], dataTypeList: ["BOOLEAN"] });
  assert.equal(decoder.columnNames, ["Time", "s"]);
});

test("table model: the dummy time gives timestamp 0; time is a TIMESTAMP value column; every type's JS value", () => {
  const meta: QueryResultMetadata = {
    columns: ["time", "s", "f", "b", "d", "blob", "i64", "txt"],
    dataTypeList: ["TIMESTAMP", "STRING", "FLOAT", "BOOLEAN", "DATE", "BLOB", "INT64", "TEXT"],
    ignoreTimeStamp: true,
    columnIndex2TsBlockColumnIndexList: [0, 1, 2, 3, 4, 5, 6, 7],
  };
  const block = hex(
    header([T.INT64, T.TEXT, T.FLOAT, T.BOOLEAN, T.INT32, T.TEXT, T.INT64, T.TEXT], 2, [E.RLE, 2, 3, 1, 0, 1, 3, 2, 3]),
    TABLE_TIME,
    arrayBody([1000n, 2000n], i64),
    arrayBody(["north", null], text),
    arrayBody([21.5, -0.25], f32),
    booleanBody([true, null]),
    arrayBody([20240101, 19991231], i32),
    arrayBody([Buffer.from("00ff", "hex"), Buffer.alloc(0)], text),
    arrayBody([null, -(2n ** 63n)], i64),
    arrayBody(["", "😀"], text),
  );
  const decoder = new ResultSetDecoder(meta);
  assert.equal(decoder.columnNames, meta.columns);
  const [r0, r1] = rows(decoder, [block]);
  assert.equal(r0, {
    timestamp: 0n,
    fields: [1000n, "north", 21.5, true, "2024-01-01", Buffer.from("00ff", "hex"), null, ""],
  });
  assert.equal(r1, {
    timestamp: 0n,
    fields: [2000n, null, -0.25, null, "1999-12-31", Buffer.alloc(0), -(2n ** 63n), "😀"],
  });
  assert.ok(Buffer.isBuffer(r0!.fields[5]));
  // one column's cells by position, as the rows show them (the client's DataIterator reads so)
  const decoded = decoder.decodeBlock(block);
  assert.equal([0, 1].map(decoded.cellReader(1)), ["north", null]);
  assert.equal([0, 1].map(decoded.cellReader(4)), ["2024-01-01", "1999-12-31"]);
  assert.equal([0, 1].map(decoded.cellReader(0, { int64: "number" })), [1000, 2000]);
  assert.equal([0, 1].map(decoded.cellReader(2, { float32: "shortest" })), [21.5, -0.25]);
});

test("columnIndex2TsBlockColumnIndexList: result columns share TsBlock columns; -1 reads the time column", () => {
  const decoder = new ResultSetDecoder({
    columns: ["v", "time", "v2", "t"],
    dataTypeList: ["INT64", "TIMESTAMP", "INT64", "TIMESTAMP"],
    ignoreTimeStamp: true,
    columnIndex2TsBlockColumnIndexList: [1, 0, 1, -1],
  });
  const block = hex(
    header([T.INT64, T.INT64], 2, [2, 2, 2]),
    timeBody([11n, 12n]),
    arrayBody([5n, 6n], i64),
    arrayBody([2n ** 63n - 1n, null], i64),
  );
  assert.equal(rows(decoder, [block]), [
    { timestamp: 11n, fields: [2n ** 63n - 1n, 5n, 2n ** 63n - 1n, 11n] },
    { timestamp: 12n, fields: [null, 6n, null, 12n] },
  ]);
  const view = decoder.decodeBlock(block);
  assert.is(view.columns[0]!.values, view.columns[2]!.values, "shared, not copied");
  assert.is(view.columns[3]!.type, T.TIMESTAMP);
  assert.is(view.columns[3]!.values, view.tsBlock.time);
});

test("tree model with a mapping list: Time is prepended before the mapped columns", () => {
  const decoder = new ResultSetDecoder({
    columns: ["a", "b"],
    dataTypeList: ["INT32", "INT32"],
    ignoreTimeStamp: false,
    columnIndex2TsBlockColumnIndexList: [1, 0],
  });
  const block = hex(
    header([T.INT32, T.INT32], 1, [2, 1, 1]),
    timeBody([3n]),
    arrayBody([10], i32),
    arrayBody([20], i32),
  );
  assert.equal(rows(decoder, [block]), [{ timestamp: 3n, fields: [20, 10] }]);
});

test("repeated column names: RowRecord fields show the first occurrence (Java's name-based getters); the column view stays positional", () => {
  const decoder = new ResultSetDecoder({
    columns: ["x", "y", "x"],
    dataTypeList: ["INT32", "INT32", "INT32"],
    ignoreTimeStamp: true,
  });
  const block = hex(
    header([T.INT32, T.INT32, T.INT32], 1, [4, 1, 1, 1]),
    TABLE_TIME,
    arrayBody([1], i32),
    arrayBody([2], i32),
    arrayBody([3], i32),
  );
  assert.equal(rows(decoder, [block])[0]!.fields, [1, 2, 1]);
  assert.equal(Array.from(decoder.decodeBlock(block).columns[2]!.values as Int32Array), [3]);
});

test("a TsBlock column shared by columns of different types reads as the LAST one's type, as in Java", () => {
  const decoder = new ResultSetDecoder({
    columns: ["as_text", "as_blob"],
    dataTypeList: ["STRING", "BLOB"],
    ignoreTimeStamp: true,
    columnIndex2TsBlockColumnIndexList: [0, 0],
  });
  assert.equal(decoder.columnTypes, ["STRING", "BLOB"]);
  const block = hex(header([T.TEXT], 1, [4, 3]), TABLE_TIME, arrayBody(["hi"], text));
  const fields = rows(decoder, [block])[0]!.fields;
  assert.ok(Buffer.isBuffer(fields[0]) && Buffer.isBuffer(fields[1]));
  assert.is((fields[0] as Buffer).toString(), "hi");
});

test("int64 'number' mode: exact up to ±(2^53-1), RangeError beyond (never rounded), timestamps too", () => {
  const decoder = new ResultSetDecoder({ columns: ["v"], dataTypeList: ["INT64"], ignoreTimeStamp: false });
  const safe = hex(
    header([T.INT64], 4, [2, 2]),
    timeBody([-1n, 2n ** 53n - 1n, 0n, -(2n ** 53n - 1n)]),
    arrayBody([2n ** 53n - 1n, -(2n ** 53n - 1n), null, -50n], i64),
  );
  assert.equal(rows(decoder, [safe], "number"), [
    { timestamp: -1, fields: [2 ** 53 - 1] },
    { timestamp: 2 ** 53 - 1, fields: [-(2 ** 53 - 1)] },
    { timestamp: 0, fields: [null] },
    { timestamp: -(2 ** 53 - 1), fields: [-50] },
  ]);
  for (const bad of [2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n), 2n ** 32n * 2n ** 21n]) {
    const block = hex(header([T.INT64], 1, [2, 2]), timeBody([0n]), arrayBody([bad], i64));
    assert.throws(
      () => rows(decoder, [block], "number"),
      (e: Error) => e instanceof RangeError && e.message.includes(String(bad)) && e.message.includes('"v"'),
    );
    const time = hex(header([T.INT64], 1, [2, 2]), timeBody([bad]), arrayBody([0n], i64));
    assert.throws(
      () => rows(decoder, [time], "number"),
      (e: Error) => e instanceof RangeError && e.message.includes("Time"),
    );
    assert.equal(rows(decoder, [block])[0]!.fields, [bad], "bigint mode keeps it exact");
  }
});

test("rows of every type, with nulls, in every read mode: each field is its column's cellReader value; each row owns a dense fields array", () => {
  const decoder = new ResultSetDecoder({
    columns: ["b", "i", "l", "f", "d", "t", "dt", "blob", "s", "ts"],
    dataTypeList: ["BOOLEAN", "INT32", "INT64", "FLOAT", "DOUBLE", "TEXT", "DATE", "BLOB", "STRING", "TIMESTAMP"],
    ignoreTimeStamp: false,
  });
  const block = hex(
    header(
      [T.BOOLEAN, T.INT32, T.INT64, T.FLOAT, T.DOUBLE, T.TEXT, T.INT32, T.TEXT, T.TEXT, T.INT64],
      3,
      [2, 0, 1, 2, 1, 2, 3, 1, 3, 3, 2],
    ),
    timeBody([5n, -6n, 2n ** 53n - 1n]),
    booleanBody([true, null, false]),
    arrayBody([null, -7, 2 ** 31 - 1], i32),
    arrayBody([-(2n ** 53n - 1n), null, 3n], i64),
    arrayBody([21.3, -0.5, null], f32),
    arrayBody([null, 1.5, -0], f64),
    arrayBody(["a", null, "😀"], text),
    arrayBody([20240229, 19700101, null], i32),
    arrayBody([null, Buffer.from("0a", "hex"), Buffer.alloc(0)], text),
    arrayBody(["x", "", null], text),
    arrayBody([1000n, null, -1n], i64),
  );
  const f21 = Math.fround(21.3);
  const blob = Buffer.from("0a", "hex");
  assert.equal(rows(decoder, [block]), [
    { timestamp: 5n, fields: [true, null, -(2n ** 53n - 1n), f21, null, "a", "2024-02-29", null, "x", 1000n] },
    { timestamp: -6n, fields: [null, -7, null, -0.5, 1.5, null, "1970-01-01", blob, "", null] },
    { timestamp: 2n ** 53n - 1n, fields: [false, 2 ** 31 - 1, 3n, null, -0, "😀", null, Buffer.alloc(0), null, -1n] },
  ]);
  const view = decoder.decodeBlock(block);
  for (const int64 of ["bigint", "number"] as const) {
    for (const float32 of ["exact", "shortest"] as const) {
      const mode = `${int64}/${float32}`;
      const got = [...view.rows({ int64, float32 })];
      const rowAt = view.rowReader({ int64, float32 });
      got.forEach((row, i) => {
        assert.equal(rowAt(i), row, `${mode} rowReader(${i})`);
        assert.is(row.timestamp, int64 === "bigint" ? view.tsBlock.time[i] : Number(view.tsBlock.time[i]), mode);
        assert.is(Object.keys(row.fields).length, 10, `${mode} row ${i}: no holes`);
        row.fields.forEach((value, f) => {
          const cell = view.cellReader(f + 1, { int64, float32 })(i);
          assert.ok(
            Object.is(value, cell) || Buffer.isBuffer(value),
            `${mode} row ${i} field ${f}: ${value} vs ${cell}`,
          );
          assert.equal(value, cell, `${mode} row ${i} field ${f}`);
        });
      });
      assert.is(got[0]!.fields[3], float32 === "exact" ? f21 : 21.3, mode);
      assert.is(typeof got[0]!.fields[2], int64, mode);
      assert.ok(got[0]!.fields !== got[1]!.fields && got[1]!.fields !== got[2]!.fields, `${mode}: one array per row`);
      got[0]!.fields[0] = "changed";
      assert.is(rowAt(0).fields[0], true, `${mode}: a row's fields are its own`);
    }
  }
});

test("streaming: blocks decode one at a time as rows are pulled; empty blocks give no rows", () => {
  const decoder = new ResultSetDecoder({ columns: ["s"], dataTypeList: ["INT32"], ignoreTimeStamp: false });
  const b1 = hex(header([T.INT32], 2, [2, 1]), timeBody([1n, 2n]), arrayBody([10, 20], i32));
  const empty = hex(header([T.INT32], 0, [2, 4]), timeBody([]), "01" + "0180");
  const b2 = hex(header([T.INT32], 1, [2, 1]), timeBody([3n]), arrayBody([null], i32));
  assert.equal(
    rows(decoder, [b1, empty, b2]).map((r) => [r.timestamp, ...r.fields]),
    [
      [1n, 10],
      [2n, 20],
      [3n, null],
    ],
  );
  const broken = Buffer.from("00000001", "hex");
  const it = decoder.rows([b1, broken]);
  assert.equal(it.next().value, { timestamp: 1n, fields: [10] });
  assert.equal(it.next().value, { timestamp: 2n, fields: [20] });
  assert.throws(
    () => it.next(),
    (e: Error) => e instanceof DecodeError,
    "the second block is decoded only when reached",
  );
});

test("inconsistent metadata is a DecodeError at offset -1 naming the column", () => {
  const bad: [QueryResultMetadata, string, string | undefined][] = [
    [{ columns: ["a", "b"], dataTypeList: ["INT32"] }, "dataTypeList has 1 types for 2 columns", undefined],
    [{ columns: ["a"], dataTypeList: ["INT33"] }, 'unknown type "INT33"', "a"],
    [
      { columns: ["a"], dataTypeList: ["INT32"], columnIndex2TsBlockColumnIndexList: [0, 1] },
      "has 2 entries for 1 columns",
      undefined,
    ],
    [{ columns: ["a"], dataTypeList: ["INT32"], columnIndex2TsBlockColumnIndexList: [-2] }, "index -2", "a"],
    [{ columns: ["a"], dataTypeList: ["INT32"], columnIndex2TsBlockColumnIndexList: [0.5] }, "index 0.5", "a"],
    [
      { columns: ["a", "b"], dataTypeList: ["INT32", "INT32"], columnIndex2TsBlockColumnIndexList: [0, 2] },
      "index 2 is not -1 (the time column) or in [0, 2)",
      "b",
    ],
  ];
  for (const [meta, mentions, column] of bad) {
    assert.throws(
      () => new ResultSetDecoder(meta),
      (e: Error) => e instanceof DecodeError && e.offset === -1 && e.column === column && e.message.includes(mentions),
      mentions,
    );
  }
});

test("a forged mapping index is refused at once: no array sized by the wire", () => {
  // Sizing arrays by the index took 11-33 s and 2 GB before a RangeError.
  for (const k of [2147483647, 2 ** 31, 1, 2 ** 20]) {
    const t0 = performance.now();
    assert.throws(
      () => new ResultSetDecoder({ columns: ["a"], dataTypeList: ["INT32"], columnIndex2TsBlockColumnIndexList: [k] }),
      (e: Error) =>
        e instanceof DecodeError &&
        e.offset === -1 &&
        (e as DecodeError).column === "a" &&
        e.message.includes(`index ${k} is not -1`),
      String(k),
    );
    assert.ok(performance.now() - t0 < 50, `index ${k}: ${performance.now() - t0} ms`);
  }
  // Several result columns may share one TsBlock column: the highest index is columns - 1.
  const shared = new ResultSetDecoder({
    columns: ["a", "b", "c"],
    dataTypeList: ["INT32", "INT32", "INT32"],
    ignoreTimeStamp: true,
    columnIndex2TsBlockColumnIndexList: [2, 2, -1],
  });
  assert.equal(shared.schema.tsBlockColumnOf, [2, 2, -1]);
});

test("a block with fewer columns than the mapping reads, or types that do not fit, is a DecodeError", () => {
  const decoder = new ResultSetDecoder({
    columns: ["a", "b", "c"],
    dataTypeList: ["INT32", "INT32", "INT32"],
    ignoreTimeStamp: true,
    columnIndex2TsBlockColumnIndexList: [0, 2, 2],
  });
  const block = hex(header([T.INT32, T.INT32], 1, [4, 1, 1]), TABLE_TIME, arrayBody([1], i32), arrayBody([2], i32));
  assert.throws(
    () => decoder.decodeBlock(block),
    (e: Error) => e instanceof DecodeError && e.message.includes("the result reads 3 value columns, the TsBlock has 2"),
  );
  const typed = new ResultSetDecoder({ columns: ["a"], dataTypeList: ["FLOAT"], ignoreTimeStamp: true });
  const ints = hex(header([T.INT32], 1, [4, 1]), TABLE_TIME, arrayBody([1], i32));
  assert.throws(
    () => typed.decodeBlock(ints),
    (e: Error) =>
      e instanceof DecodeError && e.column === "a" && e.message.includes("FLOAT cannot be read from a INT32 column"),
  );
});

test("Java client rows of every queryResponse vector, as JS values", () => {
  for (const v of javaVectors("queryResponse")) {
    const decoder = new ResultSetDecoder(v.input);
    const expected = v.output.javaClientRows;
    assert.equal(decoder.columnNames, expected.columnNames, v.name);
    assert.equal(decoder.columnTypes, expected.columnTypes, v.name);
    const batches: string[][] = [v.output.tsblocksHex, ...(v.output.fetchResults ?? []).map((f: any) => f.tsblocksHex)];
    const got = batches.flatMap((batch) =>
      rows(
        decoder,
        batch.map((h) => Buffer.from(h, "hex")),
      ),
    );
    assert.is(got.length, expected.rows.length, v.name);
    got.forEach((row, i) => {
      const want = expected.rows[i];
      assert.is(row.timestamp, BigInt(want.timestamp), `${v.name} row ${i} timestamp`);
      row.fields.forEach((value, f) => {
        const type = expected.columnTypes[f + (v.input.ignoreTimeStamp ? 0 : 1)];
        assert.equal(value, javaFieldAsJs(type, want.fields[f]), `${v.name} row ${i} field ${f}`);
      });
    });
  }
});

/** A javaClientRows field (vector JSON conventions) as the JS value our rows give. */
function javaFieldAsJs(type: string, v: unknown): unknown {
  if (v === null) return null;
  switch (type) {
    case "INT64":
    case "TIMESTAMP":
      return BigInt(v as string);
    case "BLOB":
      return Buffer.from(v as string, "hex");
    case "FLOAT":
    case "DOUBLE":
      return typeof v === "string" ? (v === "-0" ? -0 : Number(v)) : v;
    default:
      return v;
  }
}

test.run();
