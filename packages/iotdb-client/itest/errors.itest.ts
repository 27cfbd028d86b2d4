// What the real server's refusals look like through the client: typed errors carrying the
// server's status code, and a session that stays usable after a refused statement.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  ConnectionError,
  EncodeError,
  IoTDBError,
  QueryTimeoutError,
  Session,
  StatusCode,
  TableSession,
  TimeoutError,
} from "../src/index.js";
import { openSession, openTableSession, sessionOptions, uniqueName } from "./env.js";

async function refusal<E extends Error>(p: Promise<unknown>, type: new (...a: never[]) => E): Promise<E> {
  const outcome = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(outcome, type, `expected ${type.name}, got ${outcome === undefined ? "success" : String(outcome)}`);
  return outcome as E;
}

test("bad SQL: IoTDBError with the server's parse error code (700), in both dialects; the session stays usable", async () => {
  const session = await openSession();
  try {
    const query = await refusal(session.executeQueryStatement("selec * from root.x"), IoTDBError);
    assert.is(query.code, 700);
    assert.match(query.message, "mismatched input");
    const statement = await refusal(session.executeNonQueryStatement("CREATE NONSENSE root.x"), IoTDBError);
    assert.is(statement.code, 700);
    await session.ping();
  } finally {
    await session.close();
  }
  const table = await openTableSession();
  try {
    const error = await refusal(table.executeQueryStatement("select * frm nowhere"), IoTDBError);
    assert.is(error.code, 700);
    const unknownDb = await refusal(table.executeNonQueryStatement(`USE ${uniqueName("no_such_db")}`), IoTDBError);
    assert.is(unknownDb.code, 500);
    assert.is(table.database, undefined, "a failed USE changes nothing");
  } finally {
    await table.close();
  }
});

test("wrong password: openSession is refused with an IoTDBError (801) and no session is open", async () => {
  const session = new Session(sessionOptions({ password: "definitely-wrong" }));
  const error = await refusal(session.open(), IoTDBError);
  assert.is(error.code, 801);
  assert.not.ok(session.isOpen);
  await refusal(session.ping(), ConnectionError);
});

test("a closed session: every call is a ConnectionError, nothing is sent", async () => {
  const session = await openSession();
  await session.close();
  const error = await refusal(session.executeQueryStatement("show databases"), ConnectionError);
  assert.match(error.message, "closed");
  await refusal(
    session.insertRecord({ deviceId: "root.x.d", time: 1, measurements: ["s"], types: ["INT32"], values: [1] }),
    ConnectionError,
  );
});

test("a query on a path that does not exist is an empty result, not an error", async () => {
  const session = await openSession();
  try {
    const dataSet = await session.executeQueryStatement(`select s from root.${uniqueName("nothing_here")}.d`);
    assert.equal(await dataSet.toRows(), []);
  } finally {
    await session.close();
  }
});

test("a value of the wrong type for an existing series is refused by the server with a typed error", async () => {
  const db = `root.${uniqueName("zw_errors")}`;
  const session = await openSession();
  try {
    await session.createDatabase(db);
    await session.createTimeseries(`${db}.d.s`, "BOOLEAN");
    const error = await refusal(
      session.insertTablet({
        schema: { target: `${db}.d`, columns: [{ name: "s", type: "TEXT" }] },
        timestamps: [1],
        values: [["not a boolean"]],
      }),
      IoTDBError,
    );
    assert.ok(error.code !== 200 && error.code !== 400, `code ${error.code}`);
    // bad input never reaches the server: the session is still fine and nothing was written
    await refusal(
      session.insertTablet({
        schema: { target: `${db}.d`, columns: [{ name: "s", type: "BOOLEAN" }] },
        timestamps: [1],
        values: [[2]],
      }),
      EncodeError,
    );
    const rows = await (await session.executeQueryStatement(`select count(s) from ${db}.d`)).toRows();
    assert.equal(rows[0]!.fields, [0n]);
  } finally {
    await session.deleteDatabase(db).catch(() => {});
    await session.close();
  }
});

test("status codes by name match the real server's: SQL_PARSE_ERROR, DATABASE_NOT_EXIST, ILLEGAL_PATH", async () => {
  const session = await openSession();
  try {
    assert.is((await refusal(session.executeQueryStatement("selec 1"), IoTDBError)).code, StatusCode.SQL_PARSE_ERROR);
    assert.is((await refusal(session.createDatabase("root.a.b-c"), IoTDBError)).code, StatusCode.ILLEGAL_PATH);
  } finally {
    await session.close();
  }
});

test("a server-side query timeout is a QueryTimeoutError (712): an IoTDBError (the server's answer, not the client's TimeoutError); the session stays usable", async () => {
  const session = await openSession();
  const device = `root.${uniqueName("qt")}.d`;
  try {
    const n = 200_000;
    await session.insertTablet({
      schema: { target: device, columns: [{ name: "v", type: "DOUBLE" }] },
      timestamps: BigInt64Array.from({ length: n }, (_, i) => BigInt(i)),
      values: [Float64Array.from({ length: n }, (_, i) => (i * 7919) % 1000)],
    });
    const error = await refusal(
      session.executeQueryStatement(`select count(v), avg(v) from ${device} group by ([0, ${n}), 1ms)`, {
        queryTimeoutMs: 1,
      }),
      QueryTimeoutError,
    );
    assert.is(error.code, StatusCode.INTERNAL_REQUEST_TIME_OUT);
    assert.not.ok(error instanceof TimeoutError);
    assert.ok(error instanceof IoTDBError);
    await session.ping();
  } finally {
    await session.deleteDatabase(device.slice(0, device.lastIndexOf("."))).catch(() => {});
    await session.close();
  }
});

test("a TableSession whose database does not exist opens (as Java 2.0.5: the db goes in openSession, which the server accepts); its first query is DATABASE_NOT_EXIST", async () => {
  const name = uniqueName("no_such_db");
  const table = new TableSession(sessionOptions({ database: name }));
  await table.open();
  try {
    assert.is(table.database, name);
    const error = await refusal(table.executeQueryStatement("show tables"), IoTDBError);
    assert.is(error.code, StatusCode.DATABASE_NOT_EXIST);
    assert.match(error.message, `Unknown database ${name}`);
  } finally {
    await table.close();
  }
});

test.run();
