// Every type round trip in the table model (TAG, ATTRIBUTE and FIELD columns) through columnar and
// row-built tablets, queried back exactly; and USE: the database it selects is kept by the
// session, also across a reconnect.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { TableSession, TabletColumn } from "../src/index.js";
import {
  ALL_COLUMNS,
  columnarTablet,
  type Dataset,
  type LeadingColumns,
  makeDataset,
  type NullPattern,
  rowsTablet,
} from "./dataset.js";
import { comparable, openTableSession, setup, uniqueName } from "./env.js";

const DB = uniqueName("zw_table_types");
const TABLE = "t_types";
const ROW_COUNTS = [1, 7, 8, 9, 16, 17];
const PATTERNS: NullPattern[] = ["diagonal", "inverse"];
const FIRST_TIME = 1_700_000_000_000n;

let session: TableSession;

test.before(
  setup(async () => {
    session = await openTableSession();
    await session.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${DB}`);
    await session.executeNonQueryStatement(`CREATE DATABASE ${DB}`);
    await session.executeNonQueryStatement(`USE ${DB}`);
  }),
);

test.after(async () => {
  if (session === undefined) return; // before() failed and said why
  await session.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${DB}`);
  await session.close();
});

const LEADING_COLUMNS: TabletColumn[] = [
  { name: "dev", type: "STRING", category: "TAG" },
  { name: "attr", type: "STRING", category: "ATTRIBUTE" },
];

/** The device's tag and its attribute (attributes belong to the device, so one value per device). */
const leading = (dev: string): LeadingColumns => ({ columns: LEADING_COLUMNS, cells: () => [dev, `attr of ${dev} ✓`] });

async function expectDevice(dev: string, ds: Dataset, label: string): Promise<void> {
  const names = ALL_COLUMNS.map((c) => c.name);
  const dataSet = await session.executeQueryStatement(
    `select time, dev, attr, ${names.join(", ")} from ${TABLE} where dev = '${dev}' order by time`,
  );
  assert.equal([...dataSet.columnNames], ["time", "dev", "attr", ...names], `${label}: columns`);
  const types = ALL_COLUMNS.map((c) => c.type);
  assert.equal([...dataSet.columnTypes], ["TIMESTAMP", "STRING", "STRING", ...types], `${label}: types`);
  const rows = await dataSet.toRows();
  assert.ok(
    rows.every((r) => r.timestamp === 0n),
    `${label}: table-model rows carry time as a column`,
  );
  const actual = rows.map((r) => comparable(r.fields));
  const expected = ds.rows.map((row, i) => comparable([ds.times[i], dev, `attr of ${dev} ✓`, ...row]));
  assert.equal(actual, expected, label);
}

for (const form of ["columnar", "row-built"] as const) {
  test(`table model, ${form} tablets: every type round trips exactly (rows ${ROW_COUNTS.join("/")}, both null patterns)`, async () => {
    for (const pattern of PATTERNS) {
      for (const n of ROW_COUNTS) {
        const dev = `${form}_${pattern}_${n}`;
        const ds = makeDataset(n, pattern, FIRST_TIME);
        const tablet =
          form === "columnar" ? columnarTablet(TABLE, ds, leading(dev)) : rowsTablet("table", TABLE, ds, leading(dev));
        const status = await session.insert(tablet);
        assert.is(status.code, 200);
        await expectDevice(dev, ds, `${dev} (${n} rows, ${pattern})`);
      }
    }
  });
}

test("the server created the table with the tablet's categories", async () => {
  const rows = await (await session.executeQueryStatement(`describe ${TABLE}`)).toRows();
  const category = new Map(rows.map((r) => [r.fields[0], r.fields[2]]));
  assert.is(category.get("time"), "TIME");
  assert.is(category.get("dev"), "TAG");
  assert.is(category.get("attr"), "ATTRIBUTE");
  assert.is(category.get("blob"), "FIELD");
});

test("USE: the session keeps the database, and a reconnected session is still in it", async () => {
  const other = await openTableSession();
  try {
    assert.is(other.database, undefined);
    await other.executeNonQueryStatement(`USE ${DB}`);
    assert.is(other.database, DB);
    const before = other.sessionId;
    await other.reconnect();
    assert.not.equal(other.sessionId, before, "a new server session");
    // unqualified table name: only resolvable in the database USE selected
    const count = await (await other.executeQueryStatement(`select count(*) from ${TABLE}`)).toRows();
    assert.ok((count[0]!.fields[0] as bigint) > 0n);
  } finally {
    await other.close();
  }
  const opened = await openTableSession({ database: DB });
  try {
    const rows = await (
      await opened.executeQueryStatement(`select count(*) from ${TABLE} where dev = 'columnar_diagonal_17'`)
    ).toRows();
    assert.equal(rows[0]!.fields, [17n]);
  } finally {
    await opened.close();
  }
});

test.run();
