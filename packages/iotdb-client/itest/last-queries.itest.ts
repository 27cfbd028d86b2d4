// Issue 12 items 4, 5 and 7 against the real server (IoTDB 2.0.1-beta):
// - executeLastDataQueryForOneDevice answers what `SELECT LAST` answers, with either
//   isLegalPathNodes, on a Session and through a SessionPool;
// - executeFastLastDataQueryForOnePrefixPath is not known to 2.0.1-beta (its Thrift service has no
//   such method): the call fails, and the session still works afterwards;
// - setFetchSize(1) makes a query fetch its rows one by one and still read them all;
// - a Session with nodeUrls passes over a DataNode that is not there;
// - TableSessionPool.getSession(): a session held until close(), then back in the pool.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  ConnectionError,
  IoTDBError,
  type Session,
  Session as SessionClass,
  SessionPool,
  TableSessionPool,
} from "../src/index.js";
import { comparable, openSession, openTableSession, server, sessionOptions, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_last")}`;
const DEVICE = `${DB}.d1`;
const TABLE_DB = uniqueName("zw_last_t");

let session: Session;

test.before(
  setup(async () => {
    session = await openSession();
    await session.deleteDatabase(DB).catch((e) => {
      if (!(e instanceof IoTDBError)) throw e;
    });
    await session.createDatabase(DB);
    for (const [time, s1, s2] of [
      [1, 10, "a"],
      [2, 20, "b"],
      [3, 30, "c"],
    ] as const) {
      await session.insertRecord({
        deviceId: DEVICE,
        time,
        measurements: ["s1", "s2"],
        types: ["INT32", "TEXT"],
        values: [s1, s2],
      });
    }
    await session.insertRecord({ deviceId: DEVICE, time: 4, measurements: ["s1"], types: ["INT32"], values: [40] });
  }),
);

test.after(async () => {
  if (session === undefined) return;
  await session.deleteDatabase(DB).catch(() => {});
  await session.close();
  const tableSession = await openTableSession();
  await tableSession.executeNonQueryStatement(`drop database if exists ${TABLE_DB}`).catch(() => {});
  await tableSession.close();
});

async function read(dataSet: Awaited<ReturnType<Session["executeQueryStatement"]>>): Promise<unknown[]> {
  const rows = await dataSet.toRows();
  return rows.map((r) => comparable([r.timestamp, ...r.fields]));
}

test("executeLastDataQueryForOneDevice answers what SELECT LAST answers (either isLegalPathNodes)", async () => {
  const expected = await read(await session.executeQueryStatement(`select last s1, s2 from ${DEVICE}`));
  assert.equal(expected.length, 2, "two series");
  for (const legal of [false, true]) {
    const got = await read(await session.executeLastDataQueryForOneDevice(DB, DEVICE, ["s1", "s2"], legal));
    assert.equal(got, expected, `isLegalPathNodes ${legal}`);
  }
  const one = await read(await session.executeLastDataQueryForOneDevice(DB, DEVICE, ["s2"]));
  assert.equal(one, [["3n", `${DEVICE}.s2`, "c", "TEXT"]]);
});

test("executeFastLastDataQueryForOnePrefixPath: IoTDB 2.0.1-beta does not know the call; the session works on", async () => {
  let failure: unknown;
  try {
    await session.executeFastLastDataQueryForOnePrefixPath(["root", DB.slice("root.".length), "d1"]);
  } catch (e) {
    failure = e;
  }
  // The server's Thrift processor answers an unknown method with a TApplicationException.
  assert.instance(failure, ConnectionError);
  assert.match((failure as Error).message, /Invalid method name: 'executeFastLastDataQueryForOnePrefixPath'/);
  await session.ping(); // reopened if the server dropped the connection
  assert.equal((await read(await session.executeLastDataQueryForOneDevice(DB, DEVICE, ["s1"]))).length, 1);
});

test("executeFastLastDataQueryForOnePrefixPath through a SessionPool: the same refusal after the pool's retries; the pool works on", async () => {
  const pool = new SessionPool({ ...sessionOptions(), maxSize: 1 });
  try {
    let failure: unknown;
    await pool
      .executeFastLastDataQueryForOnePrefixPath(["root", DB.slice("root.".length), "d1"])
      .catch((e: unknown) => (failure = e));
    assert.instance(failure, ConnectionError);
    assert.match((failure as Error).message, /Invalid method name/);
    // The server's Thrift exception ends the connection, which the pool counts as a failure of the DataNode.
    const [endpoint] = pool.stats().endpoints;
    console.log(`\n  pool after the unknown method: ${endpoint!.requests} requests, ${endpoint!.failures} failures`);
    assert.equal((await read(await pool.executeLastDataQueryForOneDevice(DB, DEVICE, ["s1"]))).length, 1);
  } finally {
    await pool.close();
  }
});

test("setFetchSize(1): the rows come one fetch at a time and all arrive; setQueryTimeout is sent and accepted", async () => {
  const s = await openSession();
  try {
    s.setFetchSize(1);
    s.setQueryTimeout(30_000);
    const rows = await read(await s.executeQueryStatement(`select s1 from ${DEVICE}`));
    assert.equal(rows, [
      ["1n", 10],
      ["2n", 20],
      ["3n", 30],
      ["4n", 40],
    ]);
  } finally {
    await s.close();
  }
});

test("SessionPool: executeLastDataQueryForOneDevice, settings and occupancy", async () => {
  const pool = new SessionPool({ ...sessionOptions(), maxSize: 2 });
  try {
    pool.setFetchSize(1);
    const dataSet = await pool.executeLastDataQueryForOneDevice(DB, DEVICE, ["s1"]);
    assert.equal([pool.currentOccupiedSize(), pool.currentAvailableSize()], [1, 0]);
    assert.equal(await read(dataSet), [["4n", `${DEVICE}.s1`, "40", "INT32"]]);
    assert.equal([pool.currentOccupiedSize(), pool.currentAvailableSize(), pool.getFetchSize()], [0, 1, 1]);
  } finally {
    await pool.close();
  }
});

test("Session with nodeUrls: a DataNode that is not there is passed over", async () => {
  const probe = net.createServer();
  const deadPort = await new Promise<number>((resolve) =>
    probe.listen(0, "127.0.0.1", () => resolve((probe.address() as net.AddressInfo).port)),
  );
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const { host: _h, port: _p, ...rest } = sessionOptions();
  for (let i = 0; i < 3; i++) {
    const s = new SessionClass({ ...rest, nodeUrls: [`127.0.0.1:${deadPort}`, `${server.host}:${server.port}`] });
    await s.open();
    try {
      assert.equal(s.endpoint, { host: server.host, port: server.port });
      await s.ping();
    } finally {
      await s.close();
    }
  }
});

test("TableSessionPool.getSession: held until close(), then back in the pool", async () => {
  const tableSession = await openTableSession();
  try {
    await tableSession.executeNonQueryStatement(`create database if not exists ${TABLE_DB}`);
  } finally {
    await tableSession.close();
  }
  const pool = new TableSessionPool({ ...sessionOptions(), database: TABLE_DB, maxSize: 1 });
  try {
    const s = await pool.getSession();
    assert.equal([pool.currentOccupiedSize(), pool.currentAvailableSize()], [1, 0]);
    await s.executeNonQueryStatement("create table if not exists t (tag1 string tag, v int32 field)");
    await s.insert({
      schema: {
        target: "t",
        columns: [
          { name: "tag1", type: "STRING", category: "TAG" },
          { name: "v", type: "INT32" },
        ],
      },
      timestamps: [1],
      values: [["x"], [7]],
    });
    const rows = (await (await s.executeQueryStatement("select time, tag1, v from t")).toRows()).map((r) =>
      comparable(r.fields),
    );
    assert.equal(rows, [["1n", "x", 7]]);
    await s.close();
    assert.equal([pool.currentOccupiedSize(), pool.currentAvailableSize()], [0, 1]);
    const again = await pool.getSession();
    assert.is(again.database, TABLE_DB);
    await again.close();
  } finally {
    await pool.close();
  }
});

test.run();
