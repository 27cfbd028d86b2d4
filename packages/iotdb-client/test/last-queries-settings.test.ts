// Issue 12 items 4, 5 and 7 against fake DataNodes: the last queries of one device routed by the
// server's hints with Java's fallback, the runtime settings of sessions and pools (what the next
// requests carry), the pools' occupancy getters, a Session built with nodeUrls moving to a DataNode
// that is up, and TableSessionPool.getSession() with its explicit give-back.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSExecuteStatementResp, TSOpenSessionResp, TSStatus } from "../src/gen/client_types.js";
import { ConnectionError, EncodeError, IoTDBError, Session, SessionPool, TableSessionPool } from "../src/index.js";
import { fromInt64 } from "../src/thrift/int64.js";
import { base, fakes, hint, ok, queryResponse, rejection, tablet, url } from "./helpers/pool-fakes.js";

/** A finished empty query answer carrying `status`. */
const lastAnswer = (status = ok()) =>
  new TSExecuteStatementResp({
    status,
    queryId: undefined,
    columns: ["Timeseries", "Value", "DataType"],
    dataTypeList: ["TEXT", "TEXT", "TEXT"],
    ignoreTimeStamp: false,
    moreData: false,
    queryResult: [],
  });

interface LastReq {
  db: string;
  deviceId: string;
  sensors: string[];
  fetchSize: number;
  timeout: any;
  legalPathNodes: boolean;
  enableRedirectQuery: boolean;
}

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test("Session.executeLastDataQueryForOneDevice: the request's fields; a redirect hint in the answer is no error", async () => {
  const [a] = await fakes(1);
  a!.handler.executeFastLastDataQueryForOneDeviceV2 = () => lastAnswer(hint(1234, 400));
  const session = new Session({ ...base, port: a!.port });
  try {
    await session.open();
    const dataSet = await session.executeLastDataQueryForOneDevice("root.fl", "root.fl.d1", ["s1", "s2"], true);
    let rows = 0;
    for await (const _row of dataSet) rows++;
    assert.is(rows, 0);
    const req = a!.calls("executeFastLastDataQueryForOneDeviceV2")[0]!.args[0] as LastReq;
    assert.equal(
      [
        req.db,
        req.deviceId,
        req.sensors,
        req.fetchSize,
        fromInt64(req.timeout),
        req.legalPathNodes,
        req.enableRedirectQuery,
      ],
      ["root.fl", "root.fl.d1", ["s1", "s2"], 5000, 60000n, true, true],
    );
  } finally {
    await session.close();
    await a!.close();
  }
});

test("Session.executeFastLastDataQueryForOnePrefixPath: prefixes, fetch size, no timeout; a server error rejects with IoTDBError", async () => {
  const [a] = await fakes(1);
  a!.handler.executeFastLastDataQueryForOnePrefixPath = () => lastAnswer();
  const session = new Session({ ...base, port: a!.port, fetchSize: 77 });
  try {
    await session.open();
    await (await session.executeFastLastDataQueryForOnePrefixPath(["root", "fl", "d1"])).close();
    const req = a!.calls("executeFastLastDataQueryForOnePrefixPath")[0]!.args[0] as {
      prefixes: string[];
      fetchSize: number;
      timeout: unknown;
    };
    assert.equal([req.prefixes, req.fetchSize, req.timeout], [["root", "fl", "d1"], 77, null]);
    a!.handler.executeFastLastDataQueryForOnePrefixPath = () =>
      lastAnswer(new TSStatus({ code: 305, message: "no such call" }));
    const error = await rejection(session.executeFastLastDataQueryForOnePrefixPath(["root"]));
    assert.instance(error, IoTDBError);
  } finally {
    await session.close();
    await a!.close();
  }
});

test("SessionPool.executeLastDataQueryForOneDevice: learns the hint, goes there next, falls back when it is gone (Java's fallback)", async () => {
  const [a, b] = await fakes(2);
  for (const f of [a!, b!]) f.handler.executeFastLastDataQueryForOneDeviceV2 = () => lastAnswer();
  a!.handler.executeFastLastDataQueryForOneDeviceV2 = () => lastAnswer(hint(b!.port, 400));
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)], maxSize: 2 });
  try {
    await (await pool.executeLastDataQueryForOneDevice("root.fl", "root.fl.d1", ["s1"])).close();
    assert.equal(pool.routeOf("root.fl.d1"), { host: "127.0.0.1", port: b!.port });
    await (await pool.executeLastDataQueryForOneDevice("root.fl", "root.fl.d1", ["s1"])).close();
    assert.is(
      b!.calls("executeFastLastDataQueryForOneDeviceV2").length,
      1,
      "the second query went to the hinted DataNode",
    );
    await b!.close();
    await (await pool.executeLastDataQueryForOneDevice("root.fl", "root.fl.d1", ["s1"])).close();
    assert.is(
      a!.calls("executeFastLastDataQueryForOneDeviceV2").length,
      2,
      "the third fell back to the other DataNode",
    );
    pool.setEnableRedirection(false);
    assert.is(pool.isEnableRedirection(), false);
    assert.is(pool.routeOf("root.fl.d1"), undefined);
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("session settings: setFetchSize and setQueryTimeout change the next queries; bad values are RangeErrors and change nothing", async () => {
  const [a] = await fakes(1);
  a!.handler.executeQueryStatementV2 = () => queryResponse(3);
  a!.handler.closeOperation = ok;
  const session = new Session({ ...base, port: a!.port });
  try {
    await session.open();
    session.setFetchSize(321);
    session.setQueryTimeout(0);
    assert.equal([session.getFetchSize(), session.getQueryTimeout()], [321, 0]);
    await (await session.executeQueryStatement("select s1 from root.ref.f")).close();
    const req = a!.calls("executeQueryStatementV2")[0]!.args[0] as { fetchSize: number; timeout: any };
    assert.equal([req.fetchSize, fromInt64(req.timeout)], [321, 0n]);
    for (const bad of [0, -1, 1.5, 2 ** 31, Number.NaN]) assert.throws(() => session.setFetchSize(bad), RangeError);
    for (const bad of [-1, 0.5, Number.POSITIVE_INFINITY])
      assert.throws(() => session.setQueryTimeout(bad), RangeError);
    assert.equal([session.getFetchSize(), session.getQueryTimeout()], [321, 0]);
  } finally {
    await session.close();
    await a!.close();
  }
});

test("pool settings reach sessions open and opened later; occupancy getters count idle and borrowed sessions", async () => {
  const [a] = await fakes(1);
  a!.handler.executeQueryStatementV2 = () => queryResponse(3);
  a!.handler.closeOperation = ok;
  const pool = new SessionPool({ ...base, port: a!.port, maxSize: 3 });
  try {
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize(), pool.getMaxSize()], [0, 0, 3]);
    const held = await pool.executeQueryStatement("select 1"); // holds a session until closed
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize()], [0, 1]);
    pool.setFetchSize(111);
    pool.setQueryTimeout(2222);
    await held.close();
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize()], [1, 0]);
    // Two at once: the idle session (set while borrowed) and a new one.
    const [d1, d2] = await Promise.all([
      pool.executeQueryStatement("select 2"),
      pool.executeQueryStatement("select 3"),
    ]);
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize()], [0, 2]);
    await d1!.close();
    await d2!.close();
    const sent = a!.calls("executeQueryStatementV2").map((c) => c.args[0] as { fetchSize: number; timeout: any });
    assert.equal(
      sent.map((r) => [r.fetchSize, Number(fromInt64(r.timeout))]),
      [
        [5000, 60000],
        [111, 2222],
        [111, 2222],
      ],
    );
    assert.equal([pool.getFetchSize(), pool.getQueryTimeout()], [111, 2222]);
    assert.throws(() => pool.setFetchSize(0), RangeError);
    assert.throws(() => pool.setEnableRedirection("yes" as never), RangeError);
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("setEnableRedirection(false): inserts ignore learned routes until it is turned on again", async () => {
  const [a, b] = await fakes(2);
  a!.handler.insertTablet = () => hint(b!.port);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)] });
  try {
    await pool.insertTablet(tablet("root.sg.d1"));
    pool.setEnableRedirection(false);
    await pool.insertTablet(tablet("root.sg.d1", 2));
    pool.setEnableRedirection(true);
    await pool.insertTablet(tablet("root.sg.d1", 3));
    assert.equal([a!.calls("insertTablet").length, b!.calls("insertTablet").length], [2, 1]);
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("Session nodeUrls: opens on the DataNode that is up, moves to another when its connection breaks, names all when none is", async () => {
  const dead = await deadPort();
  const [a, b] = await fakes(2);
  const session = new Session({ ...base, nodeUrls: [`127.0.0.1:${dead}`, url(a!)] });
  try {
    await session.open();
    assert.equal(session.endpoint, { host: "127.0.0.1", port: a!.port });
    await session.close();
    // Both up: wherever it opened, losing that DataNode moves it to the other on the next call.
    const two = new Session({ ...base, nodeUrls: [url(a!), url(b!)] });
    await two.open();
    const first = two.endpoint.port === a!.port ? a! : b!;
    const other = first === a! ? b! : a!;
    await first.close();
    await rejection(two.ping()).catch(() => {}); // the call that sees the break may fail (as before)
    await two.ping();
    assert.equal(two.endpoint, { host: "127.0.0.1", port: other.port });
    assert.ok(other.calls("testConnectionEmptyRPC").length >= 1);
    await two.close();
    await other.close();
    const none = new Session({ ...base, nodeUrls: [`127.0.0.1:${dead}`, url(other)] });
    const error = await rejection(none.open());
    assert.instance(error, ConnectionError);
    assert.match(error.message, new RegExp(`${dead}.*${other.port}|${other.port}.*${dead}`));
  } finally {
    await Promise.all([a!.close().catch(() => {}), b!.close().catch(() => {})]);
  }
});

test("Session nodeUrls: a refusal at open (wrong password) is not passed over; nodeUrls with host is a RangeError", async () => {
  const [a, b] = await fakes(2);
  for (const f of [a!, b!])
    f.handler.openSession = () =>
      new TSOpenSessionResp({
        status: new TSStatus({ code: 801, message: "wrong password" }),
        serverProtocolVersion: 2,
      });
  try {
    const error = await rejection(new Session({ ...base, nodeUrls: [url(a!), url(b!)] }).open());
    assert.instance(error, IoTDBError);
    assert.is(a!.connections + b!.connections, 1, "the second DataNode was not tried");
    assert.throws(() => new Session({ nodeUrls: [url(a!)], host: "x" }), RangeError);
    assert.throws(() => new Session({ nodeUrls: [] }), RangeError);
  } finally {
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("TableSessionPool.getSession: held until close(), which gives it back; calls after close() reject; a USE elsewhere is not reused", async () => {
  const [a] = await fakes(1);
  a!.handler.executeUpdateStatementV2 = (req: { statement: string }) =>
    new TSExecuteStatementResp({ status: ok(), database: req.statement.startsWith("use") ? "other" : undefined });
  const pool = new TableSessionPool({ ...base, port: a!.port, database: "db1", maxSize: 1, waitTimeoutMs: 200 });
  try {
    const s = await pool.getSession();
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize()], [0, 1]);
    await s.executeNonQueryStatement("create table t (a int32)");
    const waiting = await rejection(pool.getSession()); // maxSize 1: the only session is out
    assert.match(waiting.message, /session/i);
    await s.close();
    await s.close(); // idempotent
    assert.equal([pool.currentAvailableSize(), pool.currentOccupiedSize(), s.isOpen], [1, 0, false]);
    assert.instance(await rejection(s.executeNonQueryStatement("select 1")), ConnectionError);
    const again = await pool.getSession();
    assert.is(a!.connections, 1, "the same session came back");
    await again.executeNonQueryStatement("use other");
    assert.is(again.database, "other");
    await again.close();
    assert.is(pool.currentAvailableSize(), 0, "a session in another database is closed, not reused");
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("bad input of the new calls: EncodeError, nothing sent", async () => {
  const [a] = await fakes(1);
  const session = new Session({ ...base, port: a!.port });
  try {
    await session.open();
    const before = a!.received.length;
    for (const p of [
      session.executeFastLastDataQueryForOnePrefixPath([] as string[]),
      session.executeFastLastDataQueryForOnePrefixPath("root.sg" as never),
      session.executeLastDataQueryForOneDevice("", "root.sg.d1", ["s1"]),
      session.executeLastDataQueryForOneDevice("root.sg", 7 as never, ["s1"]),
      session.executeLastDataQueryForOneDevice("root.sg", "root.sg.d1", []),
      session.executeLastDataQueryForOneDevice("root.sg", "root.sg.d1", ["s1"], "yes" as never),
    ]) {
      assert.instance(await rejection(p), EncodeError);
    }
    assert.is(a!.received.length, before);
  } finally {
    await session.close();
    await a!.close();
  }
});

test.run();
