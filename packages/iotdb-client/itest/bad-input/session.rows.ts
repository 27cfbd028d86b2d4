// Rows S of docs/bad-input.md: Session and TableSession with bad input, against the real server
// through a byte-counting proxy. Every row's call fails as the row says, writes nothing, and the
// session it ran on still answers a ping afterwards.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  type Cell,
  type InsertRecord,
  Session,
  type SessionTablet,
  TableSession,
  type TabletColumn,
} from "../../src/index.js";
import { rowTests } from "../../test/helpers/bad-input-table.js";
import { CountingProxy } from "./counting-proxy.js";
import { checkRow, server, serverMaxFrameSize, viaProxy } from "./env.js";
import { oversizedTablet } from "./frame-size.js";

const rowTest = rowTests(test);
const DATABASE = "root.bi_session";
const TABLE_DATABASE = "bi_session";

let proxy: CountingProxy;
let session: Session;
let table: TableSession;

test.before(async () => {
  proxy = await CountingProxy.start(server);
  session = new Session(viaProxy(proxy));
  await session.open();
  await session.createDatabase(DATABASE);
  table = new TableSession(viaProxy(proxy));
  await table.open();
  await table.executeNonQueryStatement(`CREATE DATABASE ${TABLE_DATABASE}`);
  await table.executeNonQueryStatement(`USE ${TABLE_DATABASE}`);
});

test.after(async () => {
  await session.deleteDatabase(DATABASE).catch(() => {});
  await table.executeNonQueryStatement(`DROP DATABASE ${TABLE_DATABASE}`).catch(() => {});
  await Promise.all([session.close(), table.close()]);
  await proxy.close();
});

/** A one-column tablet (`s`) on root.bi_session.d: one row per cell. */
function tablet(type: TabletColumn["type"], cells: Cell[], over: Partial<SessionTablet> = {}): SessionTablet {
  return {
    schema: { target: `${DATABASE}.d`, columns: [{ name: "s", type }] },
    timestamps: cells.map((_, i) => i + 1),
    values: [cells],
    ...over,
  };
}

function record(over: Partial<InsertRecord>): InsertRecord {
  return { deviceId: `${DATABASE}.d`, time: 1, measurements: ["s"], types: ["INT32"], values: [1], ...over };
}

const tableTablet = (target: string, tag = "region", over: Partial<SessionTablet["schema"]> = {}): SessionTablet => ({
  schema: {
    target,
    columns: [
      { name: tag, type: "STRING", category: "TAG" },
      { name: "v", type: "INT32" },
    ],
    ...over,
  },
  timestamps: [1],
  values: [["north"], [1]],
});

/** A row on the shared tree session. */
function treeRow(id: string, call: (s: Session) => unknown): void {
  rowTest(id, async (row) => {
    await checkRow(
      proxy,
      row,
      () => session.ping(),
      () => call(session),
    );
  });
}

/** A row on the shared table session. */
function tableRow(id: string, call: (s: TableSession) => unknown): void {
  rowTest(id, async (row) => {
    await checkRow(
      proxy,
      row,
      () => table.ping(),
      () => call(table),
    );
  });
}

treeRow("S01", (s) => s.insertTablet(tablet("INT32", ["1" as never])));
treeRow("S02", (s) => s.insertTablet(tablet("INT32", [NaN])));
treeRow("S03", (s) => s.insertTablet(tablet("INT32", [1.5])));
treeRow("S04", (s) => s.insertTablet(tablet("INT32", [2 ** 31])));
treeRow("S05", (s) => s.insertTablet(tablet("INT64", [2 ** 53])));
treeRow("S06", (s) => s.insertTablet(tablet("INT64", [-(2n ** 63n) - 1n])));
treeRow("S07", (s) => s.insertTablet(tablet("INT32", [1], { timestamps: [2 ** 53] })));
treeRow("S08", (s) => s.insertTablet(tablet("DATE", ["0999-12-31"])));
treeRow("S09", (s) => s.insertTablet(tablet("DATE", ["10000-01-01"])));
treeRow("S10", (s) => s.insertTablet(tablet("DATE", ["2023-02-30"])));
treeRow("S11", (s) => s.insertTablet(tablet("DATE", ["yesterday"])));
treeRow("S12", (s) =>
  s.insertTablet({
    schema: {
      target: `${DATABASE}.d`,
      columns: [
        { name: "a", type: "INT32" },
        { name: "b", type: "INT32" },
      ],
    },
    timestamps: [1],
    values: [[1]],
  }),
);
treeRow("S13", (s) => s.insertTablet(tablet("INT32", [1, 2, 3], { timestamps: [1, 2] })));
treeRow("S14", (s) => s.insertRecord(record({ types: ["INT32", "INT32"], values: [1, 2] })));
treeRow("S15", (s) =>
  s.insertRecordsOfOneDevice(`${DATABASE}.d`, [
    { time: 1, measurements: ["s"], types: ["INT32"], values: [1] },
    { time: 2, measurements: ["s"], types: ["INT32"], values: [1, 2] },
  ]),
);
treeRow("S16", (s) =>
  s.insertTablet(
    tablet("INT32", [1], { schema: { target: "root.bi.\uD800", columns: [{ name: "s", type: "INT32" }] } }),
  ),
);
treeRow("S17", (s) => s.insertRecord(record({ measurements: ["\uDFFF"] })));
tableRow("S18", (t) => t.insert(tableTablet("t\uD800")));
tableRow("S19", (t) => t.insert(tableTablet("t", "\uD800tag")));
treeRow("S20", (s) =>
  s.insertTablet(tablet("INT32", [1], { schema: { target: "", columns: [{ name: "s", type: "INT32" }] } })),
);
treeRow("S21", (s) => s.insertRecord(record({ measurements: [""] })));
treeRow("S22", (s) => s.createDatabase(""));
treeRow("S23", (s) => s.insertTablet(null as never));
treeRow("S24", (s) => s.insertTablet({ ...tableTablet("t"), schema: { ...tableTablet("t").schema, model: "table" } }));
tableRow("S25", (t) => t.insert(tableTablet("t", "region", { aligned: true })));
treeRow("S26", (s) => s.executeQueryStatement(42 as never));
tableRow("S27", (t) => t.executeNonQueryStatement(undefined as never));
treeRow("S28", (s) => s.createTimeseries(`${DATABASE}.d.tagged`, "INT32", { tags: { unit: 5 as never } }));
treeRow("S29", (s) => s.executeRawDataQuery([], 0, 10));
treeRow("S30", (s) => s.deleteData([`${DATABASE}.d.s`], 2 ** 53));
treeRow("S31", (s) => s.executeAggregationQuery([`${DATABASE}.d.a`, `${DATABASE}.d.b`], ["COUNT"]));
treeRow("S32", (s) => s.executeQueryStatement(`select s from ${DATABASE}.d`, { fetchSize: 0 }));
treeRow("S33", (s) => s.insertTablet(oversizedTablet(`${DATABASE}.big`, serverMaxFrameSize)));

treeRow("S38", (s) => s.insertRecord(record({ types: ["TEXT"], values: ["x".repeat(16 * 1024 * 1024 + 1)] })));
rowTest("S39", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session({ ...viaProxy(proxy), maxValueBytes: 0 }),
  );
});
rowTest("S34", async (row) => {
  const closed = new Session(viaProxy(proxy));
  await closed.open();
  await closed.close();
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => closed.insertTablet(tablet("INT32", [1])),
  );
});

rowTest("S35", async (row) => {
  const closed = new Session(viaProxy(proxy));
  await closed.open();
  await closed.close();
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => closed.executeQueryStatement(`select s from ${DATABASE}.d`),
  );
});

rowTest("S36", async (row) => {
  const unopened = new TableSession(viaProxy(proxy, { database: TABLE_DATABASE }));
  await checkRow(
    proxy,
    row,
    () => table.ping(),
    () => unopened.insert(tableTablet("t")),
  );
});

rowTest("S37", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session(viaProxy(proxy, { fetchSize: 1.5 })),
  );
});

treeRow("S50", (s) =>
  s.insertStringRecord({ deviceId: `${DATABASE}.d`, time: 1, measurements: ["s"], values: [5 as never] }),
);
treeRow("S51", (s) =>
  s.insertStringRecords([
    { deviceId: `${DATABASE}.d`, time: 1, measurements: ["s"], values: ["1"] },
    { deviceId: "root.\uD800", time: 2, measurements: ["s"], values: ["1"] },
  ]),
);
treeRow("S52", (s) =>
  s.insertAlignedStringRecordsOfOneDevice(`${DATABASE}.d`, [{ time: 1, measurements: [""], values: ["1"] }]),
);
treeRow("S78", (s) =>
  s.insertStringRecord({
    deviceId: `${DATABASE}.d`,
    time: 1,
    measurements: ["s"],
    values: ["x".repeat(16 * 1024 * 1024 + 1)],
  }),
);
treeRow("S53", (s) =>
  s.insertRecords(
    Array.from({ length: 40 }, (_, i) =>
      i === 5 ? record({ time: i, types: ["DATE"], values: ["2024-01-01"] }) : record({ time: i }),
    ),
  ),
);
rowTest("S54", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session(viaProxy(proxy, { autoConvertRecords: "yes" as never })),
  );
});

treeRow("S70", (s) => s.executeFastLastDataQueryForOnePrefixPath([]));
treeRow("S71", (s) => s.executeLastDataQueryForOneDevice("", `${DATABASE}.d`, ["s"]));
treeRow("S72", (s) => s.executeLastDataQueryForOneDevice(DATABASE, `${DATABASE}.d`, "s1" as never));
treeRow("S73", (s) => s.executeLastDataQueryForOneDevice(DATABASE, `${DATABASE}.d`, ["s"], "yes" as never));

rowTest("S74", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => session.setFetchSize(0),
  );
  assert.is(session.getFetchSize(), 5000, "S74: the fetch size unchanged");
});

rowTest("S75", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => session.setQueryTimeout(-1),
  );
  assert.is(session.getQueryTimeout(), 60_000, "S75: the query timeout unchanged");
});

rowTest("S76", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session(viaProxy(proxy, { nodeUrls: [`127.0.0.1:${proxy.port}`] })),
  );
});

rowTest("S77", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session({ nodeUrls: ["localhost"] }),
  );
});

rowTest("S79", async (row) => {
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => new Session(viaProxy(proxy, { requestTimeoutMs: -5 })),
  );
});

rowTest("S80", async (row) => {
  await checkRow(
    proxy,
    row,
    () => table.ping(),
    () => new TableSession(viaProxy(proxy, { protocol: "Compact" as never })),
  );
});

test("after the refused calls, good ones on the same sessions are stored, and nothing else is", async () => {
  await session.insertTablet(tablet("INT32", [7]));
  await table.insert(tableTablet("t"));
  const [tree] = await (await session.executeQueryStatement(`select count(s) from ${DATABASE}.d`)).toRows();
  assert.equal(tree!.fields, [1n]);
  const [rows] = await (await table.executeQueryStatement("select count(*) from t")).toRows();
  assert.equal(rows!.fields, [1n]);
});

test.run();
