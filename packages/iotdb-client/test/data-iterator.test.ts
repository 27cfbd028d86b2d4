// Java's DataIterator against the fake server: a result of every type in two batches (the second
// through fetchResultsV2), with nulls, read by index and by name with typed getters, compared with
// hand-written values (the oracle: the rows below, TsBlock bytes built with Buffer's writers by the
// codec tests' builders, texts printed by Java) and with the rows `for await` reads. Also the
// query's lifecycle (closed at the end, on close(), on a failed fetch), the errors (unknown
// column, index out of range, wrong type, no current row), hasNext()/next(), and getString's text
// for FLOAT, DOUBLE and TIMESTAMP cells as Java 2.0.5's RpcUtils / String.valueOf print them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { javaDatetimeText, javaDoubleText, javaFloatText, zoneOffsets } from "../src/dataset/java-text.js";
import { TSFetchResultsResp, TSOpenSessionResp, TSStatus } from "../src/gen/client_types.js";
import { toInt64 } from "../src/thrift/int64.js";
import { DataSetError, IoTDBError, Session, type SessionOptions } from "../src/index.js";
import { ok, withFake } from "./helpers/fake-iotdb.js";
import { type Cell, NAMES, ROWS, serveAllTypes, TYPES } from "./helpers/all-types-result.js";

// What Java's getString gives for each cell (zone UTC, precision us), "Time" first. Printed by
// Java 17 with iotdb-session 2.0.5's RpcUtils.formatDatetime and String.valueOf.
const JAVA_STRINGS: (string | null)[][] = [
  [
    "1",
    "true",
    "7",
    "1234567890123",
    "21.3",
    "0.1",
    "héllo",
    "2023-11-14T22:13:20.123456Z",
    "2024-02-29",
    "0xdead",
    "s1",
  ],
  ["2", null, null, null, null, null, null, null, null, null, null],
  [
    "3",
    "false",
    "-2147483648",
    "-9223372036854775808",
    "1.0E10",
    "1.0E-5",
    "",
    "1969-12-31T23:59:59.999999Z",
    "1000-01-01",
    "0x",
    "日本",
  ],
  [
    "4",
    "true",
    "2147483647",
    "9007199254740993",
    "-0.0",
    "1.23456789125E8",
    "a\nb",
    "1970-01-01T00:00:00.000000Z",
    "9999-12-31",
    "0x00",
    "x",
  ],
  ["5", null, "0", null, "0.001", null, null, "1970-01-01T00:00:00.000001Z", null, "0xff", null],
  ["6", "false", null, "-1", null, "-2.5", "z", null, "1970-01-01", null, ""],
];

/** The value a RowRecord field holds for a cell (the oracle's own mapping, written from the README). */
function fieldValue(type: string, cell: Cell): Cell {
  if (cell === null) return null;
  if (type === "DATE") {
    const n = cell as number;
    return `${Math.floor(n / 10000)}-${String(Math.floor(n / 100) % 100).padStart(2, "0")}-${String(n % 100).padStart(2, "0")}`;
  }
  if (type === "BLOB") return Buffer.from(cell as Uint8Array);
  return cell;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.unreachable("expected a rejection"),
    (e: unknown) => e,
  );
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return assert.unreachable("expected a throw");
}

async function openSession(options: SessionOptions): Promise<Session> {
  const session = new Session(options);
  await session.open();
  return session;
}

test("every type, by index and by name: typed getters, getObject, getString and isNull equal the data and the for-await rows; 2 batches; closed at the end", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const rows = await (await session.executeQueryStatement("select * from root.sg.d")).toRows();
    assert.is(rows.length, 6);
    const it = (await session.executeQueryStatement("select * from root.sg.d")).iterator();
    assert.equal(it.getColumnNameList(), ["Time", ...NAMES]);
    assert.equal(it.getColumnTypeList(), ["INT64", ...TYPES]);
    assert.is(it.findColumn("Time"), 1);
    NAMES.forEach((name, c) => assert.is(it.findColumn(name), c + 2));
    let r = 0;
    while (await it.next()) {
      const expected = ROWS[r]!;
      const row = rows[r]!;
      assert.is(it.getLong(1), expected.time);
      assert.is(it.getLong("Time"), expected.time);
      assert.is(it.getTimestamp("Time"), row.timestamp);
      assert.is(it.getObject(1), row.timestamp);
      assert.is(it.isNull("Time"), false);
      assert.is(it.getString(1), JAVA_STRINGS[r]![0]);
      TYPES.forEach((type, c) => {
        const cell = expected.cells[c]!;
        const index = c + 2;
        const name = NAMES[c]!;
        const where = `row ${r + 1} ${name}`;
        for (const ref of [index, name]) {
          assert.is(it.isNull(ref), cell === null, `${where} isNull`);
          assert.equal(it.getObject(ref), fieldValue(type, cell), `${where} getObject`);
          assert.equal(it.getObject(ref), row.fields[c], `${where} getObject = for-await field`);
          assert.is(it.getString(ref), JAVA_STRINGS[r]![c + 1], `${where} getString`);
        }
        const typed = {
          BOOLEAN: () => it.getBoolean(name),
          INT32: () => it.getInt(name),
          INT64: () => it.getLong(name),
          FLOAT: () => it.getFloat(name),
          DOUBLE: () => it.getDouble(name),
          TEXT: () => it.getString(name),
          TIMESTAMP: () => it.getTimestamp(name),
          DATE: () => it.getDate(name),
          BLOB: () => it.getBlob(name),
          STRING: () => it.getString(name),
        }[type]!();
        assert.equal(typed, fieldValue(type, cell), `${where} typed getter`);
      });
      r++;
    }
    assert.is(r, 6);
    assert.is(fake.calls("fetchResultsV2").length, 2, "one fetch per data set");
    assert.is(fake.calls("closeOperation").length, 2, "each query closed at its end");
    assert.is(await it.next(), false, "still false after the end");
    assert.instance(
      thrown(() => it.getLong(1)),
      DataSetError,
    );
    await session.close();
  });
});

test("Java's widening getters: getLong of INT32/DATE, getDouble of INT64/FLOAT, getFloat of INT32 (float32), getInt of INT64 (low 32 bits), getBlob of TEXT/STRING (UTF-8)", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const it = (await session.executeQueryStatement("q")).iterator();
    assert.ok(await it.next());
    assert.is(it.getLong("root.sg.d.i"), 7n);
    assert.is(it.getLong("root.sg.d.date"), 20240229n);
    assert.is(it.getInt("root.sg.d.date"), 20240229);
    assert.is(it.getDouble("root.sg.d.l"), 1234567890123);
    assert.is(it.getDouble("root.sg.d.f"), 21.299999237060547);
    assert.is(it.getDouble("root.sg.d.i"), 7);
    assert.is(it.getInt("root.sg.d.l"), 1912276171, "1234567890123 & 0xffffffff");
    assert.is(it.getInt("root.sg.d.ts"), Number(1700000000123456n % 4294967296n) | 0);
    assert.equal(it.getBlob("root.sg.d.t"), Buffer.from([0x68, 0xc3, 0xa9, 0x6c, 0x6c, 0x6f]));
    assert.equal(it.getBlob("root.sg.d.blob"), Buffer.from([0xde, 0xad]));
    assert.ok(await it.next()); // row 2: all null
    for (const get of [
      () => it.getLong("root.sg.d.i"),
      () => it.getDouble("root.sg.d.l"),
      () => it.getInt("root.sg.d.l"),
      () => it.getBlob("root.sg.d.t"),
      () => it.getFloat("root.sg.d.i"),
    ]) {
      assert.is(get(), null);
    }
    assert.ok(await it.next()); // row 3
    assert.is(it.getInt("root.sg.d.l"), 0, "-2^63 has low word 0");
    assert.ok(await it.next()); // row 4
    assert.is(it.getFloat("root.sg.d.i"), 2147483648, "(float) 2147483647");
    assert.is(it.getInt("root.sg.d.l"), 1, "2^53+1 has low word 1");
    await it.close();
    await session.close();
  });
});

test('int64 "number" and float32 "shortest" as rows() reads them; a number beyond 2^53 is a RangeError', async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const rows = await (await session.executeQueryStatement("q"))
      .toRows({ int64: "number", float32: "shortest" })
      .catch(() => undefined);
    assert.is(rows, undefined, "row 4's INT64 is beyond 2^53 for the rows too");
    const it = (await session.executeQueryStatement("q")).iterator({ int64: "number", float32: "shortest" });
    assert.ok(await it.next());
    assert.is(it.getLong("Time"), 1);
    assert.is(it.getLong("root.sg.d.l"), 1234567890123);
    assert.is(it.getLong("root.sg.d.i"), 7);
    assert.is(it.getTimestamp("root.sg.d.ts"), 1700000000123456);
    assert.is(it.getFloat("root.sg.d.f"), 21.3);
    assert.is(it.getObject("root.sg.d.f"), 21.3);
    assert.is(it.getDouble("root.sg.d.f"), 21.299999237060547, "getDouble widens the float32 exactly, as Java");
    assert.ok(await it.next());
    assert.ok(await it.next()); // row 3
    assert.is(it.getTimestamp("root.sg.d.ts"), -1, "a negative value (its low word's top bit set)");
    assert.instance(
      thrown(() => it.getLong("root.sg.d.l")),
      RangeError,
      "-2^63",
    );
    assert.ok(await it.next()); // row 4
    assert.instance(
      thrown(() => it.getLong("root.sg.d.l")),
      RangeError,
    );
    assert.is(it.getString("root.sg.d.l"), "9007199254740993", "getString is exact in any mode");
    assert.ok(await it.next());
    assert.ok(await it.next()); // row 6, in the second block
    assert.is(it.getLong("root.sg.d.l"), -1);
    assert.is(it.getLong("Time"), 6);
    await it.close();
    await session.close();
  });
});

test('for await in int64 "number" mode: the rows before a bad INT64 are handed out, then its RangeError; the query is closed and the session stays usable', async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const seen: unknown[] = [];
    const failure = await (async () => {
      for await (const row of (await session.executeQueryStatement("q")).rows({ int64: "number" }))
        seen.push(row.timestamp);
    })().then(
      () => assert.unreachable("row 3's INT64 is -2^63"),
      (e: unknown) => e,
    );
    assert.equal(seen, [1, 2], "rows 1 and 2 of the first block, then the failure at row 3");
    assert.instance(failure, RangeError);
    assert.ok((failure as Error).message.includes("root.sg.d.l"), (failure as Error).message);
    assert.is(fake.calls("closeOperation").length, 1);
    const times = (await (await session.executeQueryStatement("q")).toRows()).map((r) => r.timestamp);
    assert.equal(times, [1n, 2n, 3n, 4n, 5n, 6n], "both batches, in bigint mode");
    await session.close();
  });
});

test("ending early: close() after one row closes the query and fetches no more; the data set's close() ends next(); a closed data set's iterator is a DataSetError", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const it = (await session.executeQueryStatement("q")).iterator();
    assert.ok(await it.next());
    await it.close();
    assert.is(fake.calls("closeOperation").length, 1);
    assert.ok(fake.calls("fetchResultsV2").length <= 1, "at most the one fetch ahead");
    assert.is(await it.next(), false);
    assert.instance(
      thrown(() => it.getInt(3)),
      DataSetError,
    );

    const dataSet = await session.executeQueryStatement("q");
    const cursor = dataSet.iterator();
    assert.ok(await cursor.next());
    await dataSet.close();
    assert.is(await cursor.next(), false, "the buffered rows are not handed out after close()");
    assert.is(fake.calls("closeOperation").length, 2);

    const unread = await session.executeQueryStatement("q");
    const never = unread.iterator();
    await never.close();
    assert.is(fake.calls("closeOperation").length, 3, "close() before next() closes the query too");
    const closed = await rejection(unread.iterator().next());
    assert.instance(closed, DataSetError);
    assert.is((closed as Error).message, "this SessionDataSet is closed");
    await session.close();
  });
});

test("nextInBlock(): false before next(); moves through a block's rows without waiting and is false on its last row (staying there); with next() reads every row once; false after the end and after the data set's close()", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const it = (await session.executeQueryStatement("q")).iterator();
    assert.is(it.nextInBlock(), false, "no block before next()");
    assert.instance(
      thrown(() => it.getLong(1)),
      DataSetError,
      "nextInBlock() did not make a current row",
    );
    const times: unknown[] = [];
    const lastOfBlock: unknown[] = [];
    let nexts = 0;
    while (await it.next()) {
      nexts++;
      do times.push(it.getLong(1));
      while (it.nextInBlock());
      lastOfBlock.push(it.getLong(1));
      assert.is(it.nextInBlock(), false, "still false on the block's last row");
      assert.is(it.getInt(3), ROWS[times.length - 1]!.cells[1], "still on the block's last row");
    }
    assert.equal(
      times,
      ROWS.map((row) => row.time),
      "every row once, in order",
    );
    assert.is(nexts, 2, "next() once per block (3 rows each)");
    assert.equal(lastOfBlock, [ROWS[2]!.time, ROWS[5]!.time]);
    assert.is(it.nextInBlock(), false, "false after the end");
    assert.is(fake.calls("closeOperation").length, 1, "closed at the end");

    const dataSet = await session.executeQueryStatement("q");
    const cursor = dataSet.iterator();
    assert.ok(await cursor.next());
    await dataSet.close();
    assert.is(cursor.nextInBlock(), false, "the block's other rows are not handed out after the data set's close()");
    assert.is(await cursor.next(), false);
    assert.is(cursor.nextInBlock(), false);
    await session.close();
  });
});

test("a failed fetch rejects next() with the server's error and closes the query; a result is read once", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: new TSStatus({ code: 301, message: "query was killed" }),
        hasResultSet: false,
        isAlign: true,
      });
    const session = await openSession(options);
    const dataSet = await session.executeQueryStatement("q");
    const it = dataSet.iterator();
    let read = 0;
    const error = await rejection(
      (async () => {
        while (await it.next()) read++;
      })(),
    );
    assert.instance(error, IoTDBError);
    assert.match((error as Error).message, "query was killed");
    assert.is(read, 3, "the first batch was read");
    assert.is(fake.calls("closeOperation").length, 1);
    const ds = await session.executeQueryStatement("q");
    assert.ok(await ds.iterator().next());
    const again = await rejection(ds.iterator().next());
    assert.instance(again, DataSetError);
    assert.match((again as Error).message, "already being read");
    await ds.close();
    await session.close();
  });
});

test("errors: unknown name, index out of range or not an integer, a getter the type does not have, no current row; all DataSetErrors naming the column", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const it = (await session.executeQueryStatement("q")).iterator();
    const before = thrown(() => it.getInt("root.sg.d.i"));
    assert.instance(before, DataSetError);
    assert.match((before as Error).message, "no current row");
    assert.ok(await it.next());
    const cases: [() => unknown, string][] = [
      [() => it.findColumn("root.sg.d.nope"), 'no column named "root.sg.d.nope"'],
      [() => it.getLong("nope"), 'no column named "nope"'],
      [() => it.isNull("time"), 'no column named "time"'],
      [() => it.getLong(0), "column index 0 is out of range: columns are numbered 1 to 11"],
      [() => it.getLong(12), "column index 12 is out of range"],
      [() => it.getString(1.5), "column index 1.5 is out of range"],
      [() => it.getInt("root.sg.d.t"), 'getInt: column "root.sg.d.t" (index 7) is TEXT, which getInt does not read'],
      [() => it.getBoolean(3), 'getBoolean: column "root.sg.d.i" (index 3) is INT32'],
      [() => it.getLong("root.sg.d.f"), 'getLong: column "root.sg.d.f" (index 5) is FLOAT'],
      [() => it.getFloat("root.sg.d.l"), "is INT64, which getFloat does not read"],
      [() => it.getDouble("root.sg.d.b"), "is BOOLEAN"],
      [() => it.getBlob("root.sg.d.i"), "is INT32, which getBlob does not read"],
      [() => it.getDate("root.sg.d.i"), "is INT32, which getDate does not read"],
      [() => it.getInt("Time"), 'getInt: column "Time" (index 1) is the time column'],
      [() => it.getDouble(1), "is the time column"],
      [() => it.getTimestamp("root.sg.d.d"), "is DOUBLE, which getTimestamp does not read"],
    ];
    for (const [get, message] of cases) {
      const error = thrown(get);
      assert.instance(error, DataSetError, message);
      assert.match((error as Error).message, message);
    }
    await it.close();
    await session.close();
  });
});

test("hasNext()/next() give the for-await rows; next() without a ready row is a DataSetError", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const session = await openSession(options);
    const rows = await (await session.executeQueryStatement("q")).toRows();
    const dataSet = await session.executeQueryStatement("q");
    assert.instance(
      thrown(() => dataSet.next()),
      DataSetError,
    );
    const seen = [];
    while (await dataSet.hasNext()) {
      assert.ok(await dataSet.hasNext(), "hasNext() twice keeps the same row ready");
      seen.push(dataSet.next());
    }
    assert.equal(seen, rows);
    assert.is(await dataSet.hasNext(), false);
    assert.instance(
      thrown(() => dataSet.next()),
      DataSetError,
    );
    assert.is(fake.calls("closeOperation").length, 2);
    await session.close();
  });
});

test("table model (no Time column) and a repeated column name: index 1 is the first column, a name reads its first column", async () => {
  await withFake(async (fake, options) => {
    const columns = ["b", "i", "l", "f", "d", "t", "time", "date", "blob", "i"];
    serveAllTypes(fake, { columns, ignoreTimeStamp: true });
    const session = await openSession(options);
    const rows = await (await session.executeQueryStatement("q")).toRows();
    const it = (await session.executeQueryStatement("q")).iterator();
    assert.equal(it.getColumnNameList(), columns);
    assert.is(it.findColumn("b"), 1);
    assert.is(it.findColumn("i"), 2, "the first of the two");
    assert.ok(await it.next());
    assert.is(it.getBoolean(1), true);
    assert.is(it.getInt("i"), 7, "by name: the INT32 column");
    assert.is(it.getString(10), "s1", "by index: the STRING column");
    assert.is(
      it.getObject("i"),
      rows[0]!.fields[9],
      "the row's field for a repeated name shows its first column, as Java",
    );
    assert.is(it.getString("time"), "2023-11-14T22:13:20.123456Z", "a table's time column is a TIMESTAMP column");
    assert.instance(
      thrown(() => it.findColumn("Time")),
      DataSetError,
    );
    await it.close();
    await session.close();
  });
});

test("getString of TIMESTAMP cells follows the session's zone and the server's precision (ms here)", async () => {
  await withFake(
    async (fake, options) => {
      serveAllTypes(fake);
      const session = await openSession({ ...options, zoneId: "Asia/Shanghai" });
      const it = (await session.executeQueryStatement("q")).iterator();
      assert.ok(await it.next());
      // 1700000000123456 read as milliseconds: year 55841
      assert.is(it.getString("root.sg.d.ts"), javaDatetimeText(1700000000123456n, "ms", zoneOffsets("Asia/Shanghai")));
      assert.ok(await it.next());
      assert.ok(await it.next());
      assert.is(it.getString("root.sg.d.ts"), "1970-01-01T07:59:59.999+08:00");
      await it.close();
      await session.close();
    },
    (fake) => {
      fake.handler.openSession = () =>
        new TSOpenSessionResp({
          status: ok(),
          serverProtocolVersion: 2,
          sessionId: toInt64(100),
          configuration: { timestamp_precision: "ms" },
        });
    },
  );
});

// Printed by Java 17 (RpcUtils.formatDatetime("default", precision, t, ZoneId.of(zone)) of
// iotdb-session 2.0.5; String.valueOf(float / double)).
const JAVA_DATETIMES: [string, string, bigint, string][] = [
  ["us", "UTC", 1700000000123456n, "2023-11-14T22:13:20.123456Z"],
  ["us", "UTC", -1500000n, "1969-12-31T23:59:58.500000Z"],
  ["us", "Asia/Shanghai", 1700000000123456n, "2023-11-15T06:13:20.123456+08:00"],
  ["us", "Asia/Shanghai", -1n, "1970-01-01T07:59:59.999999+08:00"],
  ["us", "America/New_York", 1700000000123456n, "2023-11-14T17:13:20-05:00.123456"],
  ["us", "America/New_York", 0n, "1969-12-31T19:00:00-05:00.000000"],
  ["us", "+08:00", 1n, "1970-01-01T08:00:00.000001+08:00"],
  ["us", "Z", -1n, "1969-12-31T23:59:59.999999Z"],
  ["us", "GMT+8", 0n, "1970-01-01T08:00:00.000000+08:00"],
  ["us", "-03:30", 1700000000123456n, "2023-11-14T18:43:20-03:30.123456"],
  ["us", "-03:30", -1500000n, "1969-12-31T20:29:58-03:30.500000"],
  ["ms", "UTC", 1700000000123n, "2023-11-14T22:13:20.123Z"],
  ["ms", "UTC", -1000n, "1969-12-31T23:59:59.000Z"],
  ["ns", "Asia/Shanghai", 1700000000123456789n, "2023-11-15T06:13:20.123456789+08:00"],
  ["ns", "Asia/Shanghai", -1n, "1970-01-01T07:59:59.999999999+08:00"],
];
const JAVA_FLOATS: [number, string][] = [
  [21.3, "21.3"],
  [1e10, "1.0E10"],
  [-0, "-0.0"],
  [0.001, "0.001"],
  [9.999999e-4, "9.999999E-4"],
  [1e7, "1.0E7"],
  [9999999, "9999999.0"],
  [0.1, "0.1"],
  [NaN, "NaN"],
  [3.4028235e38, "3.4028235E38"],
  [123456.7, "123456.7"],
  [1, "1.0"],
  [100, "100.0"],
];
const JAVA_DOUBLES: [number, string][] = [
  [0.1, "0.1"],
  [1e-5, "1.0E-5"],
  [123456789.125, "1.23456789125E8"],
  [-2.5, "-2.5"],
  [1e7, "1.0E7"],
  [9999999.999, "9999999.999"],
  [0.001, "0.001"],
  [2e-3, "0.002"],
  [1.7976931348623157e308, "1.7976931348623157E308"],
  [-Infinity, "-Infinity"],
  [1, "1.0"],
  [100, "100.0"],
  [12345678.9, "1.23456789E7"],
];

test("Java's texts: RpcUtils.formatDatetime (quirk included: a negative offset comes before the fraction), Float.toString, Double.toString", () => {
  for (const [precision, zone, t, expected] of JAVA_DATETIMES) {
    assert.is(javaDatetimeText(t, precision as "ms", zoneOffsets(zone)), expected, `${precision} ${zone} ${t}`);
  }
  for (const [x, expected] of JAVA_FLOATS) assert.is(javaFloatText(Math.fround(x)), expected, `float ${x}`);
  for (const [x, expected] of JAVA_DOUBLES) assert.is(javaDoubleText(x), expected, `double ${x}`);
  assert.instance(
    thrown(() => zoneOffsets("Not/AZone")),
    DataSetError,
  );
  // Long.MAX_VALUE ms is past what Intl reads: the zone's offset at the edge, text as Java's (printed by Java 17)
  // (a signed year has a "+" for formatDatetimeStr to find, so Java splices the digits 6 from the end)
  const MAX = 9223372036854775807n;
  assert.is(javaDatetimeText(MAX, "ms", zoneOffsets("UTC")), "+292278994-08-17T07:.80712:55Z");
  assert.is(javaDatetimeText(-MAX, "ms", zoneOffsets("UTC")), "-292275055-05-16T16:47:04.193Z");
  assert.is(javaDatetimeText(MAX, "ms", zoneOffsets("Asia/Shanghai")), "+292278994-08-17T15:12:55.807+08:00");
  assert.is(javaDatetimeText(MAX, "ms", zoneOffsets("America/New_York")), "+292278994-08-17T03:12:55.807-04:00");
});

test.run();
