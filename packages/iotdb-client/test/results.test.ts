// What a user gets back, against the fake server: a closed data set ends at once and misuse is a
// DataSetError; one column convention (toColumnar types by name, fieldNames); a server-side query
// timeout is a QueryTimeoutError that is also a TimeoutError; FLOAT cells as the shortest decimal
// on request; Date times by the session's precision; the value size guard; and an open session
// or pool that lets the process exit (unref, allowExitOnIdle).
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSExecuteStatementResp, TSFetchResultsResp, TSStatus } from "../src/gen/client_types.js";
import { toInt64 } from "../src/thrift/int64.js";
import {
  DataSetError,
  EncodeError,
  IoTDBError,
  QueryTimeoutError,
  Session,
  shortestFloat32,
  StatusCode,
  TimeoutError,
  TSDataType,
} from "../src/index.js";
import { ok, withFake } from "./helpers/fake-iotdb.js";

// Two rows (times 1, 2; INT64 values 10, 20): the first TsBlock of vector 055.
const TWO_ROW_BLOCK = Buffer.from(
  "0000000102000000020202000000000000000001000000000000000200000000000000000a0000000000000014",
  "hex",
);
// Two rows (times 1, 2) of one FLOAT column: 21.3f (0x41aa6666) and 0.1f (0x3dcccccd), INT32_ARRAY encoded.
const FLOAT_BLOCK = Buffer.from("000000010300000002020100000000000000000100000000000000020041aa66663dcccccd", "hex");

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.unreachable("expected a rejection"),
    (e: unknown) => e,
  );
}

const answer =
  (block: Buffer, types: string[], columns: string[], moreData = false) =>
  () =>
    new TSExecuteStatementResp({
      status: ok(),
      queryId: toInt64(5),
      columns,
      dataTypeList: types,
      ignoreTimeStamp: false,
      queryResult: [block],
      moreData,
    });

test("close() during iteration ends it at once; iterating a closed data set is a DataSetError", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = answer(TWO_ROW_BLOCK, ["INT64"], ["root.sg.d.s"], true);
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
    const dataSet = await session.executeQueryStatement("select s from root.sg.d");
    const seen: unknown[] = [];
    for await (const row of dataSet) {
      seen.push(row.fields[0]);
      await dataSet.close();
    }
    assert.equal(seen, [10n], "the buffered second row is not handed out after close()");
    assert.is(fake.calls("fetchResultsV2").length <= 1, true);
    const again = await rejection(
      (async () => {
        for await (const _ of dataSet) assert.unreachable("nothing after close");
      })(),
    );
    assert.instance(again, DataSetError);
    assert.is((again as Error).message, "this SessionDataSet is closed");
    assert.instance(await rejection(dataSet.toRows()), DataSetError);
    await session.close();
  });
});

test("one column convention: column i is the same in columnNames, columnTypes (names), blocks and toColumnar; fieldNames are the rows' fields", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = answer(TWO_ROW_BLOCK, ["INT64"], ["root.sg.d.s"]);
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s from root.sg.d");
    assert.equal(dataSet.columnNames, ["Time", "root.sg.d.s"]);
    assert.equal(dataSet.fieldNames, ["root.sg.d.s"]);
    assert.equal(dataSet.columnTypes, ["INT64", "INT64"]);
    // The README's exception: the tree model's Time column is TIMESTAMP (8) in a block, "INT64" in columnTypes.
    for await (const block of (await session.executeQueryStatement("select s from root.sg.d")).blocks()) {
      assert.equal(
        block.columns.map((c) => c.type),
        [TSDataType.TIMESTAMP, TSDataType.INT64],
      );
    }
    const columnar = await dataSet.toColumnar();
    assert.equal(
      columnar.columns.map((c) => c.type),
      ["INT64", "INT64"],
      "type names, as columnTypes",
    );
    assert.equal(
      columnar.columns.map((c) => c.type),
      [...columnar.columnTypes],
    );
    assert.equal(
      columnar.columns.map((c) => c.name),
      [...dataSet.columnNames],
    );
    assert.equal(Array.from(columnar.columns[0]!.values as BigInt64Array), [1n, 2n]);
    // an empty result: typed empty arrays of the named type
    fake.handler.executeQueryStatementV2 = () =>
      new TSExecuteStatementResp({
        status: ok(),
        queryId: toInt64(6),
        columns: ["root.sg.d.f"],
        dataTypeList: ["FLOAT"],
        ignoreTimeStamp: false,
        queryResult: [],
        moreData: false,
      });
    const empty = await (await session.executeQueryStatement("select f from root.sg.d")).toColumnar();
    assert.equal(
      empty.columns.map((c) => [c.type, c.values.constructor.name, c.values.length]),
      [
        ["INT64", "BigInt64Array", 0],
        ["FLOAT", "Float32Array", 0],
      ],
    );
    await session.close();
  });
});

test("a server-side query timeout (712) is a QueryTimeoutError: an IoTDBError with the status's code, not a TimeoutError (the client's own clock)", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    fake.handler.executeQueryStatementV2 = () =>
      new TSExecuteStatementResp({ status: new TSStatus({ code: 712, message: "Current query is time out" }) });
    const error = await rejection(session.executeQueryStatement("select s from root.sg.d", { queryTimeoutMs: 1 }));
    assert.instance(error, QueryTimeoutError);
    assert.instance(error, IoTDBError);
    assert.not.ok(error instanceof TimeoutError, "the server's answer, not the client's timeout");
    assert.is((error as unknown as QueryTimeoutError).code, StatusCode.INTERNAL_REQUEST_TIME_OUT);
    assert.is((error as TimeoutError).timeoutMs, 1, "timeoutMs: the query's queryTimeoutMs");
    assert.is((error as Error).name, "QueryTimeoutError");
    fake.handler.executeQueryStatementV2 = () =>
      new TSExecuteStatementResp({ status: new TSStatus({ code: 700, message: "bad sql" }) });
    const refusal = await rejection(session.executeQueryStatement("selec"));
    assert.instance(refusal, IoTDBError);
    assert.not.ok(refusal instanceof TimeoutError, "a 700 is not a timeout");
    assert.not.ok(new TimeoutError("x", 1) instanceof IoTDBError);
    assert.ok(session.isOpen, "the session stays usable");
    await session.close();
  });
});

test("StatusCode names the server's codes as Java 2.0.5's TSStatusCode", () => {
  assert.is(StatusCode.SUCCESS_STATUS, 200);
  assert.is(StatusCode.SUCCESS, 200);
  assert.is(StatusCode.WRONG_LOGIN_PASSWORD, 801);
  assert.is(StatusCode.METADATA_ERROR, 507);
  assert.is(StatusCode.INTERNAL_REQUEST_TIME_OUT, 712);
  assert.is(StatusCode.QUERY_TIMEOUT, 720);
  assert.is(StatusCode.DATABASE_NOT_EXIST, 500);
  assert.is(StatusCode.ILLEGAL_PATH, 509);
  assert.is(StatusCode.SQL_PARSE_ERROR, 700);
  assert.ok(Object.keys(StatusCode).length > 200);
});

test('float32: "shortest" reads FLOAT cells as the shortest decimal (session option, per query and per read); "exact" is the default', async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = answer(FLOAT_BLOCK, ["FLOAT"], ["root.sg.d.f"]);
    const exact = new Session(options);
    await exact.open();
    const fields = async (s: Session, q: object = {}, read: object = {}) =>
      (await (await s.executeQueryStatement("q", q)).toRows(read)).map((r) => r.fields[0]);
    assert.equal(await fields(exact), [Math.fround(21.3), Math.fround(0.1)]);
    assert.equal(await fields(exact), [21.299999237060547, 0.10000000149011612]);
    assert.equal(await fields(exact, { float32: "shortest" }), [21.3, 0.1]);
    assert.equal(await fields(exact, {}, { float32: "shortest" }), [21.3, 0.1]);
    const shortest = new Session({ ...options, float32: "shortest" });
    await shortest.open();
    assert.equal(await fields(shortest), [21.3, 0.1]);
    assert.equal(await fields(shortest, { float32: "exact" }), [21.299999237060547, 0.10000000149011612]);
    // Blocks and toColumnar keep the decoded Float32Array whatever the mode (README "Values"); shortestFloat32 gives
    // the decimal.
    const columnar = await (await shortest.executeQueryStatement("select f from root.sg.d")).toColumnar();
    const floats = columnar.columns[1]!.values as Float32Array;
    assert.instance(floats, Float32Array);
    assert.equal(Array.from(floats, shortestFloat32), [21.3, 0.1]);
    await Promise.all([exact.close(), shortest.close()]);
  });
});

test("Date timestamps are sent in the session's precision (the fake server says us)", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    const tablet = {
      schema: { target: "root.sg.d1", columns: [{ name: "s1", type: "INT32" as const }] },
      timestamps: [new Date(1_700_000_000_123)],
      values: [[1]],
    };
    await session.open();
    assert.is(session.timestampPrecision, "us");
    await session.insertTablet(tablet);
    const sent = (fake.calls("insertTablet")[0]!.args[0] as { timestamps: Buffer }).timestamps;
    assert.is(sent.readBigInt64BE(0), 1_700_000_000_123_000n);
    await session.insertRecord({
      deviceId: "root.sg.d1",
      time: new Date(5),
      measurements: ["s1"],
      types: ["INT32"],
      values: [1],
    });
    const recordTime = (fake.calls("insertRecord")[0]!.args[0] as { timestamp: { toNumber(): number } }).timestamp;
    assert.is(recordTime.toNumber(), 5000);
    await session.close();
  });
});

test("maxValueBytes: a value over it is an EncodeError and nothing is sent; a bad option is a RangeError", async () => {
  await withFake(async (fake, options) => {
    const session = new Session({ ...options, maxValueBytes: 4 });
    await session.open();
    const error = await rejection(
      session.insertRecord({
        deviceId: "root.sg.d1",
        time: 1,
        measurements: ["t"],
        types: ["TEXT"],
        values: ["12345"],
      }),
    );
    assert.instance(error, EncodeError);
    assert.match((error as Error).message, "a string of 5 UTF-8 bytes exceeds maxValueBytes 4");
    assert.is(fake.calls("insertRecord").length, 0);
    await session.insertRecord({
      deviceId: "root.sg.d1",
      time: 1,
      measurements: ["t"],
      types: ["TEXT"],
      values: ["1234"],
    });
    assert.is(fake.calls("insertRecord").length, 1);
    await session.close();
    assert.throws(() => new Session({ maxValueBytes: -1 }), /maxValueBytes must be a positive number of bytes/);
  });
});

test("maxValueBytes holds for the string records too: an EncodeError and nothing sent, through each string-record call", async () => {
  await withFake(
    async (fake, options) => {
      const session = new Session({ ...options, maxValueBytes: 4 });
      await session.open();
      const record = (v: string) => ({ deviceId: "root.sg.d1", time: 1, measurements: ["t"], values: [v] });
      const calls: [string, () => Promise<unknown>][] = [
        ["insertStringRecord", () => session.insertStringRecord(record("12345"))],
        ["insertStringRecord", () => session.insertAlignedStringRecord(record("12345"))],
        ["insertStringRecords", () => session.insertStringRecords([record("1"), record("12345")])],
        ["insertStringRecords", () => session.insertAlignedStringRecords([record("12345")])],
        [
          "insertStringRecordsOfOneDevice",
          () => session.insertStringRecordsOfOneDevice("root.sg.d1", [record("12345")]),
        ],
        [
          "insertStringRecordsOfOneDevice",
          () => session.insertAlignedStringRecordsOfOneDevice("root.sg.d1", [record("12345")]),
        ],
      ];
      for (const [method, call] of calls) {
        const error = await rejection(call());
        assert.instance(error, EncodeError, method);
        assert.match((error as Error).message, "a string of 5 UTF-8 bytes exceeds maxValueBytes 4");
        assert.is(fake.calls(method).length, 0, `${method}: nothing sent`);
      }
      await session.insertStringRecord(record("1234"));
      assert.is(fake.calls("insertStringRecord").length, 1);
      await session.close();
    },
    (fake) => {
      fake.handler.insertStringRecord = ok;
    },
  );
});

/** Runs the child with `mode`; resolves with whether it exited on its own within `ms`. */
async function exitsOnItsOwn(port: number, mode: string, ms: number): Promise<boolean> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", resolve(import.meta.dirname, "helpers/exit-on-idle-child.ts"), String(port), mode],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  const exited = new Promise<boolean>((r) => child.on("exit", () => r(true)));
  // the clock starts once the call is done (tsx takes a while to start)
  const inserted = new Promise<void>((r) => child.stdout.on("data", () => out.includes("inserted") && r()));
  await Promise.race([inserted, exited]);
  assert.match(out, "inserted", `child ${mode} did its call`);
  const result = await Promise.race([exited, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  if (!result) {
    child.kill("SIGKILL");
    await exited;
  }
  return result;
}

test("an open session keeps Node running, unless unref(); a pool lets it exit when idle only with allowExitOnIdle", async () => {
  await withFake(async (fake) => {
    assert.is(await exitsOnItsOwn(fake.port, "session", 1500), false, "an open session keeps the process running");
    assert.is(await exitsOnItsOwn(fake.port, "session-unref", 5000), true, "after unref() it exits");
    assert.is(await exitsOnItsOwn(fake.port, "pool", 1500), false, "a pool keeps the process running by default");
    assert.is(
      await exitsOnItsOwn(fake.port, "pool-exit-on-idle", 5000),
      true,
      "allowExitOnIdle lets it exit when idle",
    );
  });
});

test.run();
