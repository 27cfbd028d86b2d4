// dataSet.toArrow() against the real server, tree and table model: every type's edge values with
// nulls in every cell (itest/dataset.ts, both null patterns), compared cell by cell with the rows
// `for await` reads from the same query; the Arrow types follow the README's table, Time and
// TIMESTAMP in the server's precision. (Several batches per result: test/arrow.test.ts.)
import * as arrow from "apache-arrow";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { CellValue, SessionDataSet, TSDataTypeName } from "../src/index.js";
import { IoTDBError, type Session, type TableSession } from "../src/index.js";
import { arrowCells } from "../test/helpers/arrow-cells.js";
import { ALL_COLUMNS, columnarTablet, makeDataset } from "./dataset.js";
import { comparable, openSession, openTableSession, setup, uniqueName } from "./env.js";

const TREE_DB = `root.${uniqueName("zw_arrow")}`;
const TABLE_DB = uniqueName("zw_arrow");
const ROWS = 20;
const FETCH_SIZE = 7;
const FIRST_TIME = 1_700_000_000_000n;

let tree: Session;
let table: TableSession;

test.before(
  setup(async () => {
    tree = await openSession();
    await tree.deleteDatabase(TREE_DB).catch((e) => {
      if (!(e instanceof IoTDBError)) throw e; // absent is fine
    });
    await tree.createDatabase(TREE_DB);
    table = await openTableSession();
    await table.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${TABLE_DB}`);
    await table.executeNonQueryStatement(`CREATE DATABASE ${TABLE_DB}`);
    await table.executeNonQueryStatement(`USE ${TABLE_DB}`);
  }),
);

test.after(async () => {
  if (tree !== undefined) {
    await tree.deleteDatabase(TREE_DB);
    await tree.close();
  }
  if (table !== undefined) {
    await table.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${TABLE_DB}`);
    await table.close();
  }
});

/** The Arrow type the README promises for a column type (precision ms: the shared server's). */
function arrowTypeName(type: TSDataTypeName, precision: string): string {
  const unit = { ms: "MILLISECOND", us: "MICROSECOND", ns: "NANOSECOND" }[precision];
  const names: Partial<Record<TSDataTypeName, string>> = {
    BOOLEAN: "Bool",
    INT32: "Int32",
    INT64: "Int64",
    FLOAT: "Float32",
    DOUBLE: "Float64",
    TEXT: "Utf8",
    STRING: "Utf8",
    BLOB: "Binary",
    DATE: "Date32<DAY>",
    TIMESTAMP: `Timestamp<${unit}, UTC>`,
  };
  return names[type]!;
}

/**
 * A row cell as the Arrow cell it must equal: DATE 'YYYY-MM-DD' as its epoch ms (Arrow's Date32 get()), BLOB as bytes.
 */
function asArrowCell(type: TSDataTypeName, v: CellValue): unknown {
  if (v === null) return null;
  if (type === "DATE") return Date.parse(`${v as string}T00:00:00Z`);
  if (type === "BLOB") return [...(v as Uint8Array)];
  return v;
}

/** Runs the query twice: toArrow() and toRows(); every column of the table equals the rows'. */
async function expectSameAsRows(query: () => Promise<SessionDataSet>, precision: string, label: string): Promise<void> {
  const dataSet = await query();
  const types = dataSet.columnNames.map(
    (name, c) => (name === "Time" ? "TIMESTAMP" : dataSet.columnTypes[c]) as TSDataTypeName,
  );
  const t = await dataSet.toArrow();
  const rows = await (await query()).toRows();
  assert.is(t.numRows, rows.length, `${label}: rows`);
  assert.equal(t.schema.names, [...dataSet.columnNames], `${label}: names`);
  assert.equal(
    t.schema.fields.map((f) => String(f.type)),
    types.map((type) => arrowTypeName(type, precision)),
    `${label}: types`,
  );
  const timeLeads = dataSet.columnNames[0] === "Time";
  dataSet.columnNames.forEach((name, c) => {
    const fromRows = rows.map((r) =>
      timeLeads && c === 0 ? r.timestamp : asArrowCell(types[c]!, r.fields[c - (timeLeads ? 1 : 0)]!),
    );
    assert.equal(comparable(arrowCells(t.getChildAt(c)!)), comparable(fromRows), `${label}: ${name}`);
    assert.is(t.getChildAt(c)!.nullCount, fromRows.filter((v) => v === null).length, `${label}: ${name} nulls`);
  });
}

test("tree model: toArrow() equals the rows of the same result, every type and null", async () => {
  for (const pattern of ["diagonal", "inverse"] as const) {
    const device = `${TREE_DB}.${pattern}`;
    await tree.insertTablet(columnarTablet(device, makeDataset(ROWS, pattern, FIRST_TIME)));
    const names = ALL_COLUMNS.map((c) => c.name).join(", ");
    await expectSameAsRows(
      () => tree.executeQueryStatement(`select ${names} from ${device}`, { fetchSize: FETCH_SIZE }),
      tree.timestampPrecision,
      `tree ${pattern}`,
    );
  }
});

test("table model: toArrow() equals the rows of the same result (time is a TIMESTAMP column)", async () => {
  for (const pattern of ["diagonal", "inverse"] as const) {
    const name = `t_${pattern}`;
    await table.insert(columnarTablet(name, makeDataset(ROWS, pattern, FIRST_TIME)));
    const columns = ALL_COLUMNS.map((c) => c.name).join(", ");
    await expectSameAsRows(
      () =>
        table.executeQueryStatement(`select time, ${columns} from ${name} order by time`, { fetchSize: FETCH_SIZE }),
      table.timestampPrecision,
      `table ${pattern}`,
    );
  }
});

test("an empty result is an empty table with the result's schema", async () => {
  const t = await (await tree.executeQueryStatement(`select k from ${TREE_DB}.diagonal where time < 0`)).toArrow();
  assert.instance(t, arrow.Table);
  assert.is(t.numRows, 0);
  assert.equal(t.schema.names, ["Time", `${TREE_DB}.diagonal.k`]);
});

test.run();
