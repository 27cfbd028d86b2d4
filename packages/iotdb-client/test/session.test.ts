// Session and TableSession against a fake server built on the generated Processor: session
// state, bad input rejected before sending, server statuses as typed errors, redirect hints,
// reconnects (with the database a USE chose), request fields, and streaming with closeOperation.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  TSExecuteStatementResp,
  TSFetchResultsResp,
  TSStatus,
  TEndPoint,
  TSOpenSessionResp,
} from "../src/gen/client_types.js";
import { fromInt64, toInt64 } from "../src/thrift/int64.js";
import { ConnectionError, EncodeError, IoTDBError, Session, TableSession, TimeoutError } from "../src/index.js";
import { framePool } from "../src/session/base-session.js";
import { ok, withFake } from "./helpers/fake-iotdb.js";

// Two rows (times 1, 2; INT64 values 10, 20): the first TsBlock of vector 055.
const TWO_ROW_BLOCK = Buffer.from(
  "0000000102000000020202000000000000000001000000000000000200000000000000000a0000000000000014",
  "hex",
);

async function rejectsWith<E extends Error>(
  p: Promise<unknown>,
  type: new (...a: never[]) => E,
  mentions: string[] = [],
): Promise<E> {
  const outcome = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(outcome, type, `expected ${type.name}, got ${outcome === undefined ? "success" : String(outcome)}`);
  for (const m of mentions)
    assert.ok(
      (outcome as Error).message.includes(m),
      `${JSON.stringify((outcome as Error).message)} should mention ${m}`,
    );
  return outcome as E;
}

const treeTablet = (values: unknown[]) => ({
  schema: { target: "root.sg.d1", columns: [{ name: "s1", type: "INT32" as const }] },
  timestamps: values.map((_, i) => i + 1),
  values: [values as number[]],
});

function queryResponse(queryId: number, moreData: boolean): TSExecuteStatementResp {
  return new TSExecuteStatementResp({
    status: ok(),
    queryId: toInt64(queryId),
    columns: ["root.ref.f.s1"],
    dataTypeList: ["INT64"],
    ignoreTimeStamp: false,
    queryResult: [TWO_ROW_BLOCK],
    moreData,
  });
}

test("open: session id and timestamp precision from the reply, statement id used by queries", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () => queryResponse(9, false);
    const session = new Session(options);
    await session.open();
    assert.is(session.sessionId, 101n);
    assert.is(session.timestampPrecision, "us");
    assert.ok(session.isOpen);
    await (await session.executeQueryStatement("select s1 from root.ref.f")).close();
    const [query] = fake.calls("executeQueryStatementV2");
    const req = query!.args[0] as {
      sessionId: any;
      statementId: any;
      fetchSize: number;
      timeout: any;
      enableRedirectQuery: boolean;
    };
    assert.is(fromInt64(req.sessionId), 101n);
    assert.is(fromInt64(req.statementId), 7n);
    assert.is(req.fetchSize, 5000);
    assert.is(fromInt64(req.timeout), 60000n);
    assert.is(req.enableRedirectQuery, true);
    const [close] = fake.calls("closeOperation");
    assert.is(fromInt64((close!.args[0] as { queryId: any }).queryId), 9n);
    await session.close();
    assert.is(fake.calls("closeSession").length, 1);
    assert.not.ok(session.isOpen);
  });
});

test("a session used before open() or after close() fails with ConnectionError; close() twice is fine", async () => {
  await withFake(async (_fake, options) => {
    const session = new Session(options);
    await rejectsWith(session.ping(), ConnectionError, ["not open"]);
    await session.open();
    await session.ping();
    await session.close();
    await session.close();
    await rejectsWith(session.ping(), ConnectionError, ["closed"]);
    await rejectsWith(session.insertTablet(treeTablet([1])), ConnectionError, ["closed"]);
    assert.throws(
      () => session.sessionId,
      (e: unknown) => e instanceof ConnectionError,
    );
  });
});

test("bad input is an EncodeError and nothing is sent", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    const before = fake.received.length;
    await rejectsWith(session.insertTablet(treeTablet([1, "two"])), EncodeError, ["s1"]);
    await rejectsWith(session.insertTablet(treeTablet([2 ** 31])), EncodeError, ["int32"]);
    await rejectsWith(
      session.insertTablet({
        schema: { model: "table", target: "t", columns: [{ name: "a", type: "INT32" }] },
        timestamps: [1],
        values: [[1]],
      }),
      EncodeError,
      ["TableSession"],
    );
    await rejectsWith(
      session.insertRecord({ deviceId: "root.sg.d1", time: 1.5, measurements: ["s"], types: ["INT32"], values: [1] }),
      EncodeError,
      ["time"],
    );
    await rejectsWith(
      session.insertTablets([treeTablet([1]), { ...treeTablet([2]), values: [[Number.NaN]] }]),
      EncodeError,
    );
    await rejectsWith(session.executeRawDataQuery([], 0, 1), EncodeError, ["path"]);
    await rejectsWith(
      session.createTimeseries("root.sg.d1.s", "DOUBLE", { encoding: "NOPE" as "PLAIN" }),
      EncodeError,
      ["encoding"],
    );
    await rejectsWith(session.executeAggregationQuery(["root.sg.d1.s"], ["COUNT", "SUM"]), EncodeError, [
      "one aggregation per path",
    ]);
    assert.is(fake.received.length, before, "no request reached the server");
    const table = new TableSession(options);
    await table.open();
    const tableBefore = fake.received.length;
    await rejectsWith(
      table.insert({ ...treeTablet([1]), schema: { ...treeTablet([1]).schema, model: "tree" } }),
      EncodeError,
      ["Session"],
    );
    assert.is(fake.received.length, tableBefore);
    await session.close();
    await table.close();
  });
});

test("a refused request is an IoTDBError with the server's code, message and sub-statuses", async () => {
  await withFake(async (fake, options) => {
    fake.handler.insertRecords = () =>
      new TSStatus({
        code: 302,
        message: "multiple errors",
        subStatus: [new TSStatus({ code: 200 }), new TSStatus({ code: 507, message: "data type mismatch" })],
      });
    fake.handler.executeUpdateStatementV2 = () =>
      new TSExecuteStatementResp({ status: new TSStatus({ code: 700, message: "parse error near x" }) });
    const session = new Session(options);
    await session.open();
    const record = { deviceId: "root.sg.d1", time: 1, measurements: ["s"], types: ["INT32" as const], values: [1] };
    const batch = await rejectsWith(
      session.insertRecords([record, { ...record, deviceId: "root.sg.d2" }]),
      IoTDBError,
      ["302", "507: data type mismatch"],
    );
    assert.is(batch.code, 302);
    assert.equal(
      batch.subStatus.map((s) => s.code),
      [200, 507],
    );
    const sql = await rejectsWith(session.executeNonQueryStatement("x"), IoTDBError, ["700", "parse error near x"]);
    assert.is(sql.code, 700);
    assert.is(sql.status.message, "parse error near x");
    await session.ping(); // the session stays usable
    await session.close();
  });
});

test("redirect hints come back with the success: redirectNode (one device), subStatus[i].redirectNode (several)", async () => {
  await withFake(async (fake, options) => {
    fake.handler.insertTablet = () =>
      new TSStatus({ code: 200, redirectNode: new TEndPoint({ ip: "127.0.0.2", port: 6668 }) });
    fake.handler.insertRecords = () =>
      new TSStatus({
        code: 400,
        subStatus: [
          new TSStatus({ code: 200 }),
          new TSStatus({ code: 400, redirectNode: new TEndPoint({ ip: "127.0.0.3", port: 6669 }) }),
        ],
      });
    const session = new Session(options);
    await session.open();
    const single = await session.insertTablet(treeTablet([1, 2]));
    assert.equal(single.redirectNode, { host: "127.0.0.2", port: 6668 });
    const record = { deviceId: "root.sg.d1", time: 1, measurements: ["s"], types: ["INT32" as const], values: [1] };
    const multi = await session.insertRecords([record, { ...record, deviceId: "root.sg.d2" }]);
    assert.is(multi.code, 400);
    assert.is(multi.subStatus![0]!.redirectNode, undefined);
    assert.equal(multi.subStatus![1]!.redirectNode, { host: "127.0.0.3", port: 6669 });
    await session.close();
  });
});

test("a wrong password is an IoTDBError from openSession, and the connection is dropped", async () => {
  await withFake(async (fake, options) => {
    fake.handler.openSession = () =>
      new TSOpenSessionResp({
        status: new TSStatus({ code: 801, message: "Authentication failed." }),
        serverProtocolVersion: 2,
      });
    const session = new Session({ ...options, password: "nope" });
    const error = await rejectsWith(session.open(), IoTDBError, ["801", "Authentication failed"]);
    assert.is(error.code, 801);
    assert.not.ok(session.isOpen);
    const [open] = fake.calls("openSession");
    assert.is((open!.args[0] as { password: string }).password, "nope");
    assert.is(fake.calls("requestStatementId").length, 0);
  });
});

test("a broken connection fails the call in flight, is reported, and the next call reopens the session", async () => {
  await withFake(async (fake, options) => {
    let hang = true;
    fake.handler.testConnectionEmptyRPC = () => (hang ? new Promise(() => {}) : ok());
    const session = new Session(options);
    await session.open();
    const broken: ConnectionError[] = [];
    session.onBroken((e) => broken.push(e));
    const inFlight = session.ping();
    await new Promise((r) => setTimeout(r, 50));
    fake.dropConnections();
    await rejectsWith(inFlight, ConnectionError);
    assert.is(broken.length, 1);
    hang = false;
    await session.ping();
    assert.is(session.sessionId, 102n, "a new session on a new connection");
    assert.is(fake.calls("openSession").length, 2);
    await session.close();
    assert.is(broken.length, 1, "close() is not a break");
  });
});

test("autoReconnect: false leaves a broken session broken", async () => {
  await withFake(async (fake, options) => {
    const session = new Session({ ...options, autoReconnect: false });
    await session.open();
    fake.dropConnections();
    await new Promise((r) => setTimeout(r, 50));
    await rejectsWith(session.ping(), ConnectionError, ["broken"]);
    assert.is(fake.calls("openSession").length, 1);
  });
});

test("TableSession: sql_dialect table always; after USE the server's database is kept and a reopened session asks for it", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeUpdateStatementV2 = (req: { statement: string }) =>
      new TSExecuteStatementResp({ status: ok(), database: req.statement.startsWith("USE") ? "db2" : undefined });
    const session = new TableSession({ ...options, database: "db1" });
    await session.open();
    assert.is(session.database, "db1");
    await session.executeNonQueryStatement("CREATE TABLE t (a INT32 FIELD)");
    assert.is(session.database, "db1");
    await session.executeNonQueryStatement("USE DB2");
    assert.is(session.database, "db2");
    fake.dropConnections();
    await new Promise((r) => setTimeout(r, 50));
    await session.ping();
    const opens = fake
      .calls("openSession")
      .map((c) => (c.args[0] as { configuration: Record<string, string> }).configuration);
    assert.equal(opens, [
      { version: "V_1_0", sql_dialect: "table", db: "db1" },
      { version: "V_1_0", sql_dialect: "table", db: "db2" },
    ]);
    await session.close();
  });
});

test("table insert: writeToTable and the column categories reach the server; an empty tablet sends nothing", async () => {
  await withFake(async (fake, options) => {
    const session = new TableSession(options);
    await session.open();
    const schema = {
      target: "sensors",
      columns: [
        { name: "region", type: "STRING" as const, category: "TAG" as const },
        { name: "model", type: "STRING" as const, category: "ATTRIBUTE" as const },
        { name: "t", type: "FLOAT" as const },
      ],
    };
    await session.insert({ schema, timestamps: [1], values: [["north"], ["m1"], [1.5]] });
    const empty = await session.insert({ schema, timestamps: [], values: [[], [], []] });
    assert.is(empty.code, 200);
    const inserts = fake.calls("insertTablet");
    assert.is(inserts.length, 1);
    const req = inserts[0]!.args[0] as {
      prefixPath: string;
      writeToTable: boolean;
      isAligned: boolean;
      columnCategories: number[];
      measurements: string[];
    };
    assert.is(req.prefixPath, "sensors");
    assert.is(req.writeToTable, true);
    assert.is(req.isAligned, false);
    assert.equal(req.measurements, ["region", "model", "t"]);
    assert.equal(req.columnCategories, [0, 2, 1]);
    await session.close();
  });
});

test("tree inserts: aligned flags per method, and the request fields the server receives", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    await session.insertTablet(treeTablet([1]));
    await session.insertAlignedTablet(treeTablet([1]));
    await session.insertTablets([
      treeTablet([1]),
      { ...treeTablet([2]), schema: { ...treeTablet([2]).schema, target: "root.sg.d2" } },
    ]);
    await session.insertAlignedTablets([treeTablet([1])]);
    const record = {
      deviceId: "root.sg.d1",
      time: 5n,
      measurements: ["a", "b"],
      types: ["DOUBLE" as const, "TEXT" as const],
      values: [1.5, null],
    };
    await session.insertRecord(record);
    await session.insertAlignedRecords([record]);
    await session.insertRecordsOfOneDevice("root.sg.d3", [
      { ...record, time: 9 },
      { ...record, time: 3 },
    ]);
    await session.insertAlignedRecordsOfOneDevice("root.sg.d3", [record]);
    const aligned = (m: string) => fake.calls(m).map((c) => (c.args[0] as { isAligned: boolean }).isAligned);
    assert.equal(aligned("insertTablet"), [false, true]);
    assert.equal(aligned("insertTablets"), [false, true]);
    assert.equal(aligned("insertRecord"), [false]);
    assert.equal(aligned("insertRecords"), [true]);
    assert.equal(aligned("insertRecordsOfOneDevice"), [false, true]);
    const one = fake.calls("insertRecord")[0]!.args[0] as { measurements: string[]; timestamp: any; sessionId: any };
    assert.equal(one.measurements, ["a"], "the null value is left out");
    assert.is(fromInt64(one.timestamp), 5n);
    assert.is(fromInt64(one.sessionId), 101n);
    const ofOne = fake.calls("insertRecordsOfOneDevice")[0]!.args[0] as { timestamps: any[]; prefixPath: string };
    assert.equal(ofOne.timestamps.map(fromInt64), [3n, 9n], "sorted by time");
    assert.is(ofOne.prefixPath, "root.sg.d3");
    await session.close();
  });
});

test("deletes, schema helpers and raw/last/aggregation queries send the Java client's fields", async () => {
  await withFake(async (fake, options) => {
    const empty = () =>
      new TSExecuteStatementResp({
        status: ok(),
        queryId: toInt64(3),
        columns: [],
        dataTypeList: [],
        queryResult: [],
        moreData: false,
      });
    Object.assign(fake.handler, {
      setStorageGroup: ok,
      deleteStorageGroups: ok,
      createTimeseries: ok,
      createAlignedTimeseries: ok,
      createMultiTimeseries: ok,
      deleteTimeseries: ok,
      executeRawDataQueryV2: empty,
      executeLastDataQueryV2: empty,
      executeAggregationQueryV2: empty,
    });
    const session = new Session(options);
    await session.open();
    await session.deleteData("root.sg.d1.s1", 100);
    await session.deleteData(["root.sg.d1.s1", "root.sg.d1.s2"], -5n, 2n ** 62n);
    const [d1, d2] = fake
      .calls("deleteData")
      .map((c) => c.args[0] as { paths: string[]; startTime: any; endTime: any });
    assert.equal(
      [d1!.paths, fromInt64(d1!.startTime), fromInt64(d1!.endTime)],
      [["root.sg.d1.s1"], -(2n ** 63n), 100n],
    );
    assert.equal([d2!.paths.length, fromInt64(d2!.startTime), fromInt64(d2!.endTime)], [2, -5n, 2n ** 62n]);

    await session.createDatabase("root.sg");
    assert.equal(fake.calls("setStorageGroup")[0]!.args[1], "root.sg");
    await session.deleteDatabases(["root.a", "root.b"]);
    assert.equal(fake.calls("deleteStorageGroups")[0]!.args[1], ["root.a", "root.b"]);
    await session.createTimeseries("root.sg.d1.s1", "DOUBLE", {
      encoding: "GORILLA",
      compressor: "SNAPPY",
      tags: { unit: "C" },
    });
    const ts = fake.calls("createTimeseries")[0]!.args[0] as {
      dataType: number;
      encoding: number;
      compressor: number;
      tags: object;
    };
    assert.equal([ts.dataType, ts.encoding, ts.compressor, ts.tags], [4, 8, 1, { unit: "C" }]);
    await session.createAlignedTimeseries("root.sg.d2", [
      { name: "a", dataType: "INT64" },
      { name: "b", dataType: "TEXT", encoding: "DICTIONARY", compressor: "ZSTD", alias: "bee" },
    ]);
    const al = fake.calls("createAlignedTimeseries")[0]!.args[0] as {
      measurements: string[];
      dataTypes: number[];
      encodings: number[];
      compressors: number[];
      measurementAlias: string[];
    };
    assert.equal(
      [al.measurements, al.dataTypes, al.encodings, al.compressors, al.measurementAlias],
      [
        ["a", "b"],
        [2, 5],
        [0, 1],
        [7, 8],
        ["", "bee"],
      ],
    );
    await session.createMultiTimeseries([{ name: "root.sg.d3.x", dataType: "BOOLEAN" }]);
    const multi = fake.calls("createMultiTimeseries")[0]!.args[0] as {
      paths: string[];
      dataTypes: number[];
      tagsList: unknown;
    };
    assert.equal([multi.paths, multi.dataTypes, multi.tagsList], [["root.sg.d3.x"], [0], null]);
    await session.deleteTimeseries("root.sg.d3.x");
    assert.equal(fake.calls("deleteTimeseries")[0]!.args[1], ["root.sg.d3.x"]);

    await (await session.executeRawDataQuery(["root.sg.d1.s1"], 10, 20, { fetchSize: 77 })).close();
    const raw = fake.calls("executeRawDataQueryV2")[0]!.args[0] as {
      paths: string[];
      startTime: any;
      endTime: any;
      fetchSize: number;
      statementId: any;
    };
    assert.equal(
      [raw.paths, fromInt64(raw.startTime), fromInt64(raw.endTime), raw.fetchSize, fromInt64(raw.statementId)],
      [["root.sg.d1.s1"], 10n, 20n, 77, 7n],
    );
    await (await session.executeLastDataQuery(["root.sg.d1.s1"])).close();
    const last = fake.calls("executeLastDataQueryV2")[0]!.args[0] as { time: any };
    assert.is(fromInt64(last.time), -(2n ** 63n));
    await (
      await session.executeAggregationQuery(["root.sg.d1.s1", "root.sg.d1.s2"], ["COUNT", "MAX_VALUE"], {
        startTime: 0,
        endTime: 100,
        interval: 10,
      })
    ).close();
    const agg = fake.calls("executeAggregationQueryV2")[0]!.args[0] as {
      aggregations: number[];
      startTime: any;
      interval: any;
      slidingStep: unknown;
    };
    assert.equal(
      [agg.aggregations, fromInt64(agg.startTime), fromInt64(agg.interval), agg.slidingStep],
      [[0, 7], 0n, 10n, null],
    );
    assert.is(fake.calls("closeOperation").length, 3);
    await session.close();
  });
});

test("streaming: the next batch is fetched while the current one is read, never more than one ahead", async () => {
  await withFake(async (fake, options) => {
    const batches = 6;
    let fetched = 0;
    fake.handler.executeQueryStatementV2 = () => queryResponse(11, true);
    fake.handler.fetchResultsV2 = () => {
      fetched++;
      return new TSFetchResultsResp({
        status: ok(),
        hasResultSet: true,
        isAlign: true,
        queryResult: [TWO_ROW_BLOCK],
        moreData: fetched < batches - 1,
      });
    };
    const session = new Session({ ...options, fetchSize: 2 });
    await session.open();
    const dataSet = await session.executeQueryStatement("select s1 from root.ref.f");
    let rows = 0;
    let maxAhead = 0;
    for await (const row of dataSet) {
      rows++;
      assert.is(row.fields[0], rows % 2 === 1 ? 10n : 20n);
      await new Promise((r) => setTimeout(r, 5)); // a slow reader
      const batchesRead = Math.ceil(rows / 2);
      maxAhead = Math.max(maxAhead, 1 + fetched - batchesRead);
    }
    assert.is(rows, batches * 2);
    assert.is(fetched, batches - 1);
    assert.is(maxAhead, 1, "one fetched batch ahead of the reader at most");
    assert.ok(fake.calls("fetchResultsV2").every((c) => (c.args[0] as { fetchSize: number }).fetchSize === 2));
    assert.is(fake.calls("closeOperation").length, 1);
    await session.close();
  });
});

test("breaking out of for-await closes the query; a data set is read once", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () => queryResponse(12, true);
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: ok(),
        hasResultSet: true,
        isAlign: true,
        queryResult: [TWO_ROW_BLOCK],
        moreData: true,
      });
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s1 from root.ref.f");
    for await (const _row of dataSet) break;
    assert.is(fake.calls("closeOperation").length, 1);
    assert.ok(fake.calls("fetchResultsV2").length <= 1);
    let error: unknown;
    try {
      for await (const _row of dataSet) break;
    } catch (e) {
      error = e;
    }
    assert.match(String(error), "closed");
    await dataSet.close();
    assert.is(fake.calls("closeOperation").length, 1, "close() is idempotent");
    await session.close();
  });
});

test("a failing fetch rejects the iteration with its error and still closes the query", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () => queryResponse(13, true);
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: new TSStatus({ code: 301, message: "query was killed" }),
        hasResultSet: false,
        isAlign: true,
      });
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s1 from root.ref.f");
    const seen: unknown[] = [];
    const error = await rejectsWith(
      (async () => {
        for await (const row of dataSet) seen.push(row.fields[0]);
      })(),
      IoTDBError,
      ["301", "query was killed"],
    );
    assert.is(error.code, 301);
    assert.equal(seen, [10n, 20n], "the first batch was read before the failure");
    assert.is(fake.calls("closeOperation").length, 1);
    await session.close();
  });
});

test("rows: next() called again before a row arrived gets the rows in order; an unreadable row rejects with its error and closes the query", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () => queryResponse(14, true);
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: ok(),
        hasResultSet: true,
        isAlign: true,
        queryResult: [TWO_ROW_BLOCK],
        moreData: false,
      });
    const session = new Session(options);
    await session.open();
    const rows = (await session.executeQueryStatement("select s1 from root.ref.f")).rows();
    const results = await Promise.all(Array.from({ length: 6 }, () => rows.next()));
    assert.equal(
      results.map((r) => (r.done === true ? "done" : [r.value.timestamp, r.value.fields[0]])),
      [[1n, 10n], [2n, 20n], [1n, 10n], [2n, 20n], "done", "done"],
    );
    assert.is(fake.calls("closeOperation").length, 1);
    // 2^60 in an INT64 cell: not a safe integer, so unreadable in int64 "number" mode.
    const unsafe = new TSExecuteStatementResp({
      ...queryResponse(15, true),
      queryResult: [Buffer.from(TWO_ROW_BLOCK.toString("hex").replace(/0000000000000014$/, "1000000000000000"), "hex")],
    });
    fake.handler.executeQueryStatementV2 = () => unsafe;
    const dataSet = await session.executeQueryStatement("select s1 from root.ref.f", { int64: "number" });
    const seen: unknown[] = [];
    await rejectsWith(
      (async () => {
        for await (const row of dataSet) seen.push(row.fields[0]);
      })(),
      RangeError,
      ["MAX_SAFE_INTEGER"],
    );
    assert.equal(seen, [10]);
    assert.is(fake.calls("closeOperation").length, 2, "the failed read closed its query");
    await session.close();
  });
});

test("insert frames come from the shared pool and all go back to it: after replies, refusals and broken connections", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    const before = framePool.stats();
    for (let i = 0; i < 50; i++) await session.insertTablet(treeTablet(Array.from({ length: 100 + i }, (_, k) => k)));
    fake.handler.insertTablet = () => new TSStatus({ code: 507, message: "refused" });
    await rejectsWith(session.insertTablet(treeTablet([1, 2, 3])), IoTDBError);
    fake.handler.insertTablet = () => new Promise(() => {});
    const pending = Array.from({ length: 5 }, () => session.insertTablet(treeTablet([4, 5, 6])));
    await new Promise((r) => setTimeout(r, 50));
    fake.dropConnections();
    for (const p of pending) await rejectsWith(p, ConnectionError);
    const after = framePool.stats();
    assert.is(after.outstanding, 0, "every frame buffer was released");
    assert.ok(after.hits - before.hits >= 40, `buffers were reused (${after.hits - before.hits} pool hits)`);
    await session.close();
  });
});

test("isOpen is false right after a timeout closed the connection, and true again once a call reopened it", async () => {
  await withFake(async (fake, options) => {
    const session = new Session({ ...options, requestTimeoutMs: 100 });
    await session.open();
    fake.handler.testConnectionEmptyRPC = () => new Promise(() => {});
    const error = await session.ping().then(
      () => assert.unreachable("the ping must time out"),
      (e: unknown) => e,
    );
    assert.instance(error, TimeoutError);
    assert.is(session.isOpen, false, "the connection was closed by the timeout");
    fake.handler.testConnectionEmptyRPC = ok;
    await session.ping(); // autoReconnect opens it again
    assert.is(session.isOpen, true);
    await session.close();
  });
});

test.run();
