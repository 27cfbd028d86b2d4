// Rows P of docs/bad-input.md: SessionPool and TableSessionPool with bad input, against the real
// server through a byte-counting proxy. Each pool has one session (maxSize 1, opened by a first
// good call): a refused call writes nothing, opens nothing, is not retried, and leaves that
// session in the pool, which still serves a ping afterwards.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  type PoolOptions,
  type Session,
  SessionPool,
  type SessionTablet,
  type TableSession,
  TableSessionPool,
} from "../../src/index.js";
import { rowTests } from "../../test/helpers/bad-input-table.js";
import { CountingProxy } from "./counting-proxy.js";
import { checkRow, server, serverMaxFrameSize, viaProxy } from "./env.js";
import { oversizedTablet } from "./frame-size.js";

const rowTest = rowTests(test);
const DATABASE = "root.bi_pool";
const TABLE_DATABASE = "bi_pool";

let proxy: CountingProxy;
let pool: SessionPool;
let tables: TableSessionPool;

/** One session per pool, never reaped or health-checked during the run, no routing by hints. */
function poolOptions<S>(extra: PoolOptions<S> = {}): PoolOptions<S> {
  return {
    ...viaProxy(proxy),
    maxSize: 1,
    maxIdleMs: 600_000,
    healthCheckAfterIdleMs: 600_000,
    enableRedirection: false,
    ...extra,
  };
}

test.before(async () => {
  proxy = await CountingProxy.start(server);
  pool = new SessionPool(poolOptions<Session>());
  await pool.createDatabase(DATABASE);
  const admin = new TableSessionPool(poolOptions<TableSession>());
  await admin.executeNonQueryStatement(`CREATE DATABASE ${TABLE_DATABASE}`);
  await admin.close();
  tables = new TableSessionPool(poolOptions<TableSession>({ database: TABLE_DATABASE }));
  await tables.open();
});

test.after(async () => {
  await pool.deleteDatabase(DATABASE).catch(() => {});
  await tables.executeNonQueryStatement(`DROP DATABASE ${TABLE_DATABASE}`).catch(() => {});
  await Promise.all([pool.close(), tables.close()]);
  await proxy.close();
});

const tablet = (cells: number[]): SessionTablet => ({
  schema: { target: `${DATABASE}.d`, columns: [{ name: "s", type: "INT32" }] },
  timestamps: cells.map((_, i) => i + 1),
  values: [cells],
});

const tableTablet = (target: string): SessionTablet => ({
  schema: {
    target,
    columns: [
      { name: "region", type: "STRING", category: "TAG" },
      { name: "v", type: "INT32" },
    ],
  },
  timestamps: [1],
  values: [["north"], [1]],
});

/**
 * The row's call on a pool whose one session stays idle in it, with no failure counted, and which
 * counts the call once (not retried) beside checkRow's three probes.
 */
function poolRow(
  id: string,
  target: () => SessionPool | TableSessionPool,
  probe: () => Promise<unknown>,
  call: () => unknown,
): void {
  rowTest(id, async (row) => {
    const requestsBefore = target().stats().endpoints[0]!.requests;
    await checkRow(proxy, row, probe, call);
    const [endpoint] = target().stats().endpoints;
    assert.equal(
      { size: endpoint!.size, idle: endpoint!.idle, failures: endpoint!.failures },
      { size: 1, idle: 1, failures: 0 },
      `${id}: the pool's session`,
    );
    assert.is(endpoint!.requests - requestsBefore, 4, `${id}: requests counted (3 probes and the call)`);
  });
}

const treePoolRow = (id: string, call: (p: SessionPool) => unknown) =>
  poolRow(
    id,
    () => pool,
    () => pool.withSession((s) => s.ping()),
    () => call(pool),
  );
const tablePoolRow = (id: string, call: (p: TableSessionPool) => unknown) =>
  poolRow(
    id,
    () => tables,
    () => tables.withSession((s) => s.ping()),
    () => call(tables),
  );

treePoolRow("P01", (p) => p.insertTablet(tablet([1.5])));
treePoolRow("P02", (p) =>
  p.insertRecords([{ deviceId: `${DATABASE}.d`, time: 1, measurements: ["a", "b"], types: ["INT32"], values: [1] }]),
);
treePoolRow("P03", (p) => p.insertTablets("x" as never));
treePoolRow("P04", (p) => p.insertTablet(oversizedTablet(`${DATABASE}.big`, serverMaxFrameSize)));
treePoolRow("P05", (p) => p.executeQueryStatement(42 as never));
tablePoolRow("P06", (p) => p.insert(tableTablet("t\uDBFF")));
treePoolRow("P20", (p) =>
  p.insertStringRecords([{ deviceId: `${DATABASE}.d`, time: 1, measurements: ["a"], values: "1" as never }]),
);
treePoolRow("P21", (p) =>
  p.insertStringRecordsOfOneDevice(`${DATABASE}.d`, [{ time: 1.5, measurements: ["a"], values: ["1"] }]),
);

treePoolRow("P40", (p) => p.executeLastDataQueryForOneDevice(DATABASE, 7 as never, ["s"]));

rowTest("P41", async (row) => {
  await checkRow(
    proxy,
    row,
    () => pool.withSession((s) => s.ping()),
    () => pool.setFetchSize(1.5),
  );
  assert.is(pool.getFetchSize(), 5000, "P41: the pool's fetch size unchanged");
  assert.is(await pool.withSession(async (s) => s.getFetchSize()), 5000, "P41: its session's fetch size unchanged");
});

rowTest("P42", async (row) => {
  await checkRow(
    proxy,
    row,
    () => pool.withSession((s) => s.ping()),
    () => pool.setEnableRedirection("yes" as never),
  );
  assert.is(pool.isEnableRedirection(), false, "P42: unchanged");
});

rowTest("P45", async (row) => {
  await checkRow(
    proxy,
    row,
    () => pool.withSession((s) => s.ping()),
    () => new SessionPool(poolOptions<Session>({ requestTimeoutMs: -5 })),
  );
});

rowTest("P43", async (row) => {
  const held = await tables.getSession();
  await held.close();
  await checkRow(
    proxy,
    row,
    () => tables.withSession((s) => s.ping()),
    () => held.insert(tableTablet("t")),
  );
  assert.equal(
    [tables.currentAvailableSize(), tables.currentOccupiedSize()],
    [1, 0],
    "P43: the session is back in the pool",
  );
});

rowTest("P44", async (row) => {
  const closed = new TableSessionPool(poolOptions<TableSession>({ database: TABLE_DATABASE }));
  await closed.open();
  await closed.close();
  await checkRow(
    proxy,
    row,
    () => tables.withSession((s) => s.ping()),
    () => closed.getSession(),
  );
});

rowTest("P07", async (row) => {
  const closed = new SessionPool(poolOptions<Session>());
  await closed.open();
  await closed.close();
  await checkRow(
    proxy,
    row,
    () => pool.withSession((s) => s.ping()),
    () => closed.insertTablet(tablet([1])),
  );
});

rowTest("P08", async (row) => {
  const closed = new TableSessionPool(poolOptions<TableSession>({ database: TABLE_DATABASE }));
  await closed.open();
  await closed.close();
  await checkRow(
    proxy,
    row,
    () => tables.withSession((s) => s.ping()),
    () => closed.executeQueryStatement("select * from t"),
  );
});

test("after the refused calls, the pools store good inserts", async () => {
  await pool.insertTablet(tablet([7, 8]));
  await tables.insert(tableTablet("t"));
  const [tree] = await (await pool.executeQueryStatement(`select count(s) from ${DATABASE}.d`)).toRows();
  assert.equal(tree!.fields, [2n]);
  const [rows] = await (await tables.executeQueryStatement("select count(*) from t")).toRows();
  assert.equal(rows!.fields, [1n]);
});

test.run();
