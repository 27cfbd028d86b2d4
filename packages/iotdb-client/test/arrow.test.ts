// dataSet.toArrow() and arrowBatches() against the fake server's result of every type with nulls
// in two batches (helpers/all-types-result.ts). Two oracles: an Arrow table built by hand from the
// fixture's known values with apache-arrow's own builders (vectorFromArray; DATE days from
// Date.UTC, times as raw int64), and the rows `for await` reads from the same result. Also: the
// numeric columns share the decoded block's memory (no copy), one RecordBatch per TsBlock, the
// query closed at the end and when arrowBatches() is left early, the table model (no "Time"),
// and the built package (ESM and CJS) loading the caller's own apache-arrow, or, without it, an
// Error that names `npm install apache-arrow`.
import { isUtf8 } from "node:buffer";
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import * as arrow from "apache-arrow";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ResultSetDecoder } from "@zerowire/iotdb-codec";
import { arrowBatches } from "../src/dataset/arrow.js";
import { Session } from "../src/index.js";
import { type Cell, NAMES, ROWS, serveAllTypes, tsBlock, TYPES } from "./helpers/all-types-result.js";
import { arrayBody, header, hex, text, timeBody } from "../../iotdb-codec/test/decode-bytes.js";
import { arrowCells } from "./helpers/arrow-cells.js";
import { withFake } from "./helpers/fake-iotdb.js";

const QUERY = "select * from root.sg.d";

/** The fixture as an Arrow table built by hand: the types the README promises, the fake's precision (us). */
function expectedTable(): arrow.Table {
  const timestamp = new arrow.TimestampMicrosecond("UTC");
  const column = (c: number) => ROWS.map((r) => r.cells[c]!);
  const day = (v: Cell) =>
    v === null
      ? null
      : Date.UTC(Math.floor((v as number) / 10000), (Math.floor((v as number) / 100) % 100) - 1, (v as number) % 100);
  // The builders take timestamps as ms numbers: int64 times are laid out by hand instead.
  const times = (values: readonly Cell[]) =>
    arrow.makeVector(
      arrow.makeData({
        type: timestamp,
        length: values.length,
        nullCount: values.filter((v) => v === null).length,
        nullBitmap: Uint8Array.of(values.reduce<number>((bits, v, i) => (v === null ? bits : bits | (1 << i)), 0)),
        data: BigInt64Array.from(values, (v) => (v ?? 0n) as bigint),
      }),
    );
  const vectors: Record<string, arrow.Vector> = {
    Time: times(ROWS.map((r) => r.time)),
    [NAMES[0]!]: arrow.vectorFromArray(column(0), new arrow.Bool()),
    [NAMES[1]!]: arrow.vectorFromArray(column(1), new arrow.Int32()),
    [NAMES[2]!]: arrow.vectorFromArray(column(2), new arrow.Int64()),
    [NAMES[3]!]: arrow.vectorFromArray(column(3), new arrow.Float32()),
    [NAMES[4]!]: arrow.vectorFromArray(column(4), new arrow.Float64()),
    [NAMES[5]!]: arrow.vectorFromArray(column(5), new arrow.Utf8()),
    [NAMES[6]!]: times(column(6)),
    [NAMES[7]!]: arrow.vectorFromArray(column(7).map(day), new arrow.DateDay()),
    [NAMES[8]!]: arrow.vectorFromArray(column(8), new arrow.Binary()),
    [NAMES[9]!]: arrow.vectorFromArray(column(9), new arrow.Utf8()),
  };
  return new arrow.Table(vectors);
}

function assertSameTable(actual: arrow.Table, expected: arrow.Table): void {
  assert.equal(
    actual.schema.fields.map((f) => `${f.name}: ${String(f.type)}`),
    expected.schema.fields.map((f) => `${f.name}: ${String(f.type)}`),
    "schema",
  );
  assert.is(actual.numRows, expected.numRows);
  for (const field of expected.schema.fields) {
    const a = actual.getChild(field.name)!;
    const e = expected.getChild(field.name)!;
    assert.equal(arrowCells(a), arrowCells(e), field.name);
    assert.is(a.nullCount, e.nullCount, `${field.name} nullCount`);
  }
}

async function withSession(
  body: (session: Session, calls: (method: string) => number) => Promise<void>,
  ignoreTimeStamp = false,
): Promise<void> {
  await withFake(async (fake, options) => {
    serveAllTypes(fake, ignoreTimeStamp ? { columns: NAMES, ignoreTimeStamp } : {});
    const session = new Session(options);
    await session.open();
    await body(session, (method) => fake.calls(method).length);
    await session.close();
  });
}

test("toArrow(): every type and null equals the hand-built table and the rows of the same result; 2 batches; the query closed", async () => {
  await withSession(async (session, calls) => {
    const table = await (await session.executeQueryStatement(QUERY)).toArrow();
    assert.instance(table, arrow.Table);
    assertSameTable(table, expectedTable());
    assert.is(table.batches.length, 2, "one RecordBatch per TsBlock");
    assert.is(calls("closeOperation"), 1);

    // The same cells as the rows: Time and TIMESTAMP as int64, DATE as days of the row's 'YYYY-MM-DD'.
    const rows = await (await session.executeQueryStatement(QUERY)).toRows();
    assert.equal(
      arrowCells(table.getChild("Time")!),
      rows.map((r) => r.timestamp),
    );
    TYPES.forEach((type, c) => {
      const fromRows = rows.map((r) => {
        const v = r.fields[c]!;
        if (v === null) return null;
        if (type === "DATE") return Date.parse(`${v as string}T00:00:00Z`);
        if (type === "BLOB") return [...(v as Buffer)];
        return v;
      });
      assert.equal(arrowCells(table.getChild(NAMES[c]!)!), fromRows, `${NAMES[c]} (${type})`);
    });
  });
});

test("arrowBatches(): a RecordBatch per block, fetched as read; leaving early closes the query", async () => {
  await withSession(async (session, calls) => {
    const dataSet = await session.executeQueryStatement(QUERY);
    const seen: number[] = [];
    for await (const batch of dataSet.arrowBatches()) {
      assert.instance(batch, arrow.RecordBatch);
      seen.push(batch.numRows);
    }
    assert.equal(seen, [3, 3]);
    const early = await session.executeQueryStatement(QUERY);
    for await (const batch of early.arrowBatches()) {
      assert.is(batch.numRows, 3);
      break;
    }
    assert.is(calls("closeOperation"), 2, "closed at the end and when left early");
  });
});

test("table model (no Time column): the fields are the result's columns", async () => {
  await withSession(async (session) => {
    const table = await (await session.executeQueryStatement(QUERY)).toArrow();
    const expected = expectedTable();
    assert.equal(table.schema.names, NAMES);
    assertSameTable(table, expected.select(NAMES));
  }, true);
});

test("numeric columns and times share the decoded block's memory; BOOLEAN bits and validity are LSB-first", async () => {
  const decoder = new ResultSetDecoder({ columns: NAMES, dataTypeList: TYPES, ignoreTimeStamp: false });
  const block = decoder.decodeBlock(tsBlock(ROWS));
  const batches: arrow.RecordBatch[] = [];
  const blocks = (async function* () {
    yield block;
  })();
  for await (const batch of arrowBatches(blocks, decoder.schema, "ms")) batches.push(batch);
  const batch = batches[0]!;
  for (const name of [
    "Time",
    ...NAMES.filter((_, c) => ["INT32", "INT64", "FLOAT", "DOUBLE", "TIMESTAMP"].includes(TYPES[c]!)),
  ]) {
    const c = decoder.columnNames.indexOf(name);
    assert.is(batch.getChildAt(c)!.data[0]!.values, block.columns[c]!.values, `${name}: the block's own typed array`);
  }
  assert.is(String(batch.schema.fields[0]!.type), "Timestamp<MILLISECOND, UTC>", "the session's precision");
  // BOOLEAN [true, null, false, true, null, false]: value bits 1,_,0,1,_,0 and valid bits 1,0,1,1,0,1.
  const b = batch.getChild(NAMES[0]!)!.data[0]!;
  assert.is(b.values[0]! & 0b001001, 0b001001);
  assert.is(b.nullBitmap![0], 0b101101);
});

test("TEXT and STRING: valid UTF-8 (ASCII, CJK, emoji) as sent; a column with invalid bytes as the rows show it (U+FFFD), as valid UTF-8", async () => {
  const names = ["root.sg.u.t", "root.sg.u.s"];
  const values: (string | Uint8Array | null)[][] = [
    ["abc", "温度传感器", "😀x", null, ""],
    ["abc", Uint8Array.of(0x41, 0xff, 0x42), "é", "ok", null],
  ];
  const bytes = hex(
    header([5, 5], 5, [2, 3, 3]),
    timeBody([1n, 2n, 3n, 4n, 5n]),
    ...values.map((column) => arrayBody(column, (v) => text(v as string | Uint8Array))),
  );
  const decoder = new ResultSetDecoder({ columns: names, dataTypeList: ["TEXT", "STRING"], ignoreTimeStamp: false });
  const block = decoder.decodeBlock(bytes);
  const batches: arrow.RecordBatch[] = [];
  for await (const batch of arrowBatches(
    (async function* () {
      yield block;
    })(),
    decoder.schema,
    "ms",
  ))
    batches.push(batch);
  const rows = [...decoder.decodeBlock(bytes).rows()];
  names.forEach((name, c) => {
    const vector = batches[0]!.getChild(name)!;
    assert.is(String(vector.type), "Utf8", name);
    assert.equal(
      [...vector],
      rows.map((r) => r.fields[c]),
      `${name}: the rows' values`,
    );
    const data = vector.data[0]!.values;
    assert.ok(isUtf8(data), `${name}: Arrow's data buffer is valid UTF-8`);
  });
  assert.equal(
    rows.map((r) => r.fields[1]),
    ["abc", "A\ufffdB", "é", "ok", null],
    "the oracle itself: the invalid byte reads as U+FFFD",
  );
  assert.is(
    Buffer.from(batches[0]!.getChild(names[0]!)!.data[0]!.values).toString(),
    "abc温度传感器😀x",
    'valid text: the sent bytes, nulls and "" taking none',
  );
});

/**
 * Runs `code` in a child node from this package's directory (its node_modules has apache-arrow) and returns its stdout.
 */
function runNode(args: string[], code: string): string {
  return execFileSync(process.execPath, [...args, "-e", code], {
    cwd: resolve(import.meta.dirname, ".."),
    encoding: "utf8",
  }).trim();
}

// An empty result (no blocks, no fetch): toArrow() needs no server.
const EMPTY = `{ timestampPrecision: "ms" }, { columns: ["root.sg.d.s"], dataTypeList: ["INT32"], ignoreTimeStamp: false }`;

test("the built package: ESM and CJS each give a Table of the caller's own apache-arrow (its ESM or CJS copy)", () => {
  const cjs = runNode(
    ["--input-type=commonjs"],
    `
    const { SessionDataSet } = require("./dist/index.cjs");
    const arrow = require("apache-arrow");
    new SessionDataSet(${EMPTY}).toArrow().then((t) => console.log([t instanceof arrow.Table, t.schema.names.join(","), t.schema.fields[1].type].join(" ")));`,
  );
  assert.is(cjs, "true Time,root.sg.d.s Int32");
  const esm = runNode(
    ["--input-type=module"],
    `
    const { SessionDataSet } = await import("./dist/index.mjs");
    const arrow = await import("apache-arrow");
    const t = await new SessionDataSet(${EMPTY}).toArrow();
    console.log([t instanceof arrow.Table, t.numRows].join(" "));`,
  );
  assert.is(esm, "true 0");
});

// Module resolution that does not find apache-arrow, as in a project that did not install it.
const HIDE_ARROW_CJS = `const M = require("node:module"); const resolve = M._resolveFilename;
  M._resolveFilename = function (request, ...rest) {
    if (request === "apache-arrow") throw Object.assign(new Error("Cannot find module 'apache-arrow'"), { code: "MODULE_NOT_FOUND" });
    return resolve.call(this, request, ...rest);
  };`;
const HIDE_ARROW_ESM = `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier === "apache-arrow") throw Object.assign(new Error("Cannot find package 'apache-arrow'"), { code: "ERR_MODULE_NOT_FOUND" });
  return next(specifier, context);
}`)}`;
const REGISTER_ESM = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(HIDE_ARROW_ESM)});`)}`;

test("without apache-arrow: toArrow() rejects with an Error naming `npm install apache-arrow` (ESM and CJS); the data set is left unread", () => {
  const report = `(e) => console.log([e.message.includes("npm install apache-arrow"), e.cause.code].join(" "))`;
  const cjs = runNode(
    ["--input-type=commonjs"],
    `${HIDE_ARROW_CJS}
    const { SessionDataSet } = require("./dist/index.cjs");
    const ds = new SessionDataSet(${EMPTY});
    ds.toArrow().then(() => console.log("resolved"), ${report}).then(() => ds.toRows()).then((rows) => console.log("rows " + rows.length));`,
  );
  assert.is(cjs, "true MODULE_NOT_FOUND\nrows 0");
  const esm = runNode(
    ["--input-type=module", "--import", REGISTER_ESM],
    `
    const { SessionDataSet } = await import("./dist/index.mjs");
    await new SessionDataSet(${EMPTY}).arrowBatches().next().then(() => console.log("resolved"), ${report});`,
  );
  assert.is(esm, "true ERR_MODULE_NOT_FOUND");
});

test.run();
