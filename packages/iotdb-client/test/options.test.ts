// Every option is checked by one resolver in its constructor: a bad one is an OptionError naming
// the option, the value and what is accepted, whichever class (Session, TableSession, the pools,
// pool.writer()) or setter it was given to; the same mistake gets the same error everywhere.
// Data (what a request carries) stays an EncodeError.
import { Socket } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  EncodeError,
  OptionError,
  Session,
  SessionPool,
  type SessionOptions,
  TableSession,
  TableSessionPool,
} from "../src/index.js";
import { Connection } from "../src/connection.js";
import { withFake } from "./helpers/fake-iotdb.js";

/** The OptionError `make` throws (it must throw one). */
function optionError(make: () => unknown): OptionError {
  try {
    make();
  } catch (e) {
    if (e instanceof OptionError) return e;
    throw new Error(`expected an OptionError, got ${String(e)}`);
  }
  throw new Error("expected an OptionError, nothing was thrown");
}

/** [options, the option named, the message]: one row per check of the session resolver. */
const badSessionOptions: [Record<string, unknown>, string, string][] = [
  [{ requestTimeoutMs: -5 }, "requestTimeoutMs", "requestTimeoutMs must be a positive number of ms, got -5"],
  [{ connectTimeoutMs: 0 }, "connectTimeoutMs", "connectTimeoutMs must be a positive number of ms, got 0"],
  [{ maxFrameSize: "64" }, "maxFrameSize", 'maxFrameSize must be a positive number of bytes, got "64"'],
  [
    { maxRequestFrameSize: Number.NaN },
    "maxRequestFrameSize",
    "maxRequestFrameSize must be a positive number of bytes, got NaN",
  ],
  [{ protocol: "Compact" }, "protocol", 'protocol must be "binary" or "compact", got "Compact"'],
  [{ protocol: "json" }, "protocol", 'protocol must be "binary" or "compact", got "json"'],
  [{ fetchSize: 1.5 }, "fetchSize", "fetchSize must be a positive int32, got 1.5"],
  [{ fetchSize: 2 ** 31 }, "fetchSize", "fetchSize must be a positive int32, got 2147483648"],
  [{ queryTimeoutMs: -1 }, "queryTimeoutMs", "queryTimeoutMs must be 0 or a positive integer, got -1"],
  [{ maxValueBytes: 0 }, "maxValueBytes", "maxValueBytes must be a positive number of bytes, got 0"],
  [{ int64: "BigInt" }, "int64", 'int64 must be "bigint" or "number", got "BigInt"'],
  [{ float32: "round" }, "float32", 'float32 must be "exact" or "shortest", got "round"'],
  [{ autoConvertRecords: "yes" }, "autoConvertRecords", 'autoConvertRecords must be a boolean, got "yes"'],
  [{ autoReconnect: 1 }, "autoReconnect", "autoReconnect must be a boolean, got 1"],
  [{ zoneId: 8 }, "zoneId", "zoneId must be a non-empty string, got 8"],
  [{ zoneId: " " }, "zoneId", 'zoneId must be a non-empty string, got " "'],
  [{ username: 7 }, "username", "username must be a string, got 7"],
  [{ password: 1234 }, "password", "password must be a string, got a number"],
  [{ database: 5 }, "database", "database must be a string, got 5"],
  [{ tls: "yes" }, "tls", 'tls must be true, false or Node TLS options (tls.connect\'s), got "yes"'],
  [{ framePool: {} }, "framePool", "framePool must be a BufferPool, got a Object"],
  [{ host: "" }, "host", 'host must be a non-empty string, got ""'],
  [{ port: 70000 }, "port", "port must be an integer from 1 to 65535, got 70000"],
  [{ port: "6667" }, "port", 'port must be an integer from 1 to 65535, got "6667"'],
  [{ nodeUrls: ["a:1"], port: 1 }, "nodeUrls", "give either nodeUrls or host/port, not both"],
  [{ nodeUrls: [] }, "nodeUrls", 'nodeUrls must be a non-empty array of "host:port" or { host, port }, got an array'],
  [{ nodeUrls: ["localhost"] }, "nodeUrls", 'a node URL is "host:port", got "localhost"'],
  [{ nodeUrls: ["a:0"] }, "nodeUrls", 'bad port in node URL "a:0": a port is an integer from 1 to 65535'],
  [{ nodeUrls: [{ host: "", port: 1 }] }, "nodeUrls", 'a node URL\'s host must be a non-empty string, got ""'],
];

test("every session option is checked in the constructor (Session, TableSession, both pools): one OptionError naming it", () => {
  const makers: [string, (o: SessionOptions) => unknown][] = [
    ["Session", (o) => new Session(o)],
    ["TableSession", (o) => new TableSession(o)],
    ["SessionPool", (o) => new SessionPool(o as never)],
    ["TableSessionPool", (o) => new TableSessionPool(o as never)],
  ];
  for (const [options, option, message] of badSessionOptions) {
    for (const [name, make] of makers) {
      const e = optionError(() => make(options as SessionOptions));
      const where = `${name}(${JSON.stringify(options)})`;
      assert.is(e.option, option, where);
      assert.is(e.message, message, where);
      assert.is(e.name, "OptionError", where);
      assert.is(e.code, "ERR_IOTDB_OPTION", where);
      assert.instance(e, RangeError, `${where}: a RangeError, as the checks threw before`);
    }
  }
});

test("a password is never in the message, even a mistyped one", () => {
  assert.not.match(optionError(() => new Session({ password: 98_765 as never })).message, /98765/);
});

test("the pools' own options: OptionError naming each", () => {
  const rows: [Record<string, unknown>, string, string][] = [
    [{ maxSize: 0 }, "maxSize", "maxSize must be an integer >= 1, got 0"],
    [{ minSize: 3, maxSize: 2 }, "minSize", "minSize (3) must not exceed maxSize (2)"],
    [{ waitTimeoutMs: -1 }, "waitTimeoutMs", "waitTimeoutMs must be an integer >= 0, got -1"],
    [{ enableRedirection: "yes" }, "enableRedirection", 'enableRedirection must be a boolean, got "yes"'],
    [{ groupCommit: 0 }, "groupCommit", "groupCommit must be a boolean, got 0"],
    [{ groupCommitMaxPoints: 0 }, "groupCommitMaxPoints", "groupCommitMaxPoints must be an integer >= 1, got 0"],
    [
      { groupCommitMaxInFlight: 0 },
      "groupCommitMaxInFlight",
      "groupCommitMaxInFlight must be an integer >= 1, or Infinity, got 0",
    ],
    [
      { groupCommitMaxInFlight: 1.5 },
      "groupCommitMaxInFlight",
      "groupCommitMaxInFlight must be an integer >= 1, or Infinity, got 1.5",
    ],
    [{ attributeRefusals: "no" }, "attributeRefusals", 'attributeRefusals must be a boolean, got "no"'],
    [{ createSession: 5 }, "createSession", "createSession must be a function, got 5"],
  ];
  for (const [options, option, message] of rows) {
    for (const make of [(o: object) => new SessionPool(o as never), (o: object) => new TableSessionPool(o as never)]) {
      const e = optionError(() => make(options));
      assert.is(e.option, option);
      assert.is(e.message, message);
    }
  }
});

test("the batching writer's options: OptionError at pool.writer(), before the writer exists", () => {
  const pool = new SessionPool({ port: 1 });
  const e = optionError(() => pool.writer({ batchPoints: 0 }));
  assert.is(e.option, "batchPoints");
  assert.is(e.message, "batchPoints must be an integer >= 1, got 0");
  assert.is(
    optionError(() => pool.writer({ maxBufferedPoints: 5, highWaterMark: 10 })).message,
    "maxBufferedPoints must be an integer >= 10, got 5",
  );
  assert.is(optionError(() => pool.writer(null as never)).option, "options");
  return pool.close();
});

test("setters of options and a call's options are OptionErrors too, the same as in the constructor", async () => {
  const session = new Session({ port: 1 });
  for (const [set, option] of [
    [() => session.setFetchSize(0), "fetchSize"],
    [() => session.setQueryTimeout(-1), "queryTimeoutMs"],
  ] as const) {
    assert.is(optionError(set).option, option);
  }
  const zone = await session.setTimeZone(8 as never).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(zone, OptionError);
  assert.is((zone as OptionError).message, "zoneId must be a non-empty string, got 8");
  const pool = new SessionPool({ port: 1 });
  assert.is(
    optionError(() => pool.setEnableRedirection("yes" as never)).message,
    'enableRedirection must be a boolean, got "yes"',
  );
  assert.is(optionError(() => pool.setFetchSize(1.5)).option, "fetchSize");
  const closing = await pool.close({ timeoutMs: -1 }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(closing, OptionError);
  assert.is((closing as OptionError).option, "timeoutMs");
  await pool.close();
});

test("a query's options are checked before anything is sent: fetchSize, queryTimeoutMs, int64, float32", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    for (const [query, option] of [
      [{ fetchSize: 0 }, "fetchSize"],
      [{ queryTimeoutMs: -1 }, "queryTimeoutMs"],
      [{ int64: "Number" }, "int64"],
      [{ float32: "short" }, "float32"],
    ] as const) {
      const e = await session.executeQueryStatement("select s from root.sg.d", query as never).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.instance(e, OptionError, option);
      assert.is((e as OptionError).option, option);
    }
    assert.is(fake.calls("executeQueryStatementV2").length, 0, "nothing sent");
    await session.close();
  });
});

test("data stays an EncodeError: a call's arguments are what the request carries", async () => {
  const session = new Session({ port: 1 });
  const e = await session.createDatabase("").then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.instance(e, EncodeError);
  assert.not.instance(e, OptionError);
});

test('protocol: the resolved value is what the connection reads with ("compact" reaches it exactly; a wrong case is refused)', () => {
  const sockets = [new Socket(), new Socket()];
  assert.is(new Connection(sockets[0]!, { host: "h", port: 1, protocol: "compact" }).protocol, "compact");
  assert.is(new Connection(sockets[1]!, { host: "h", port: 1 }).protocol, "binary");
  assert.is(
    optionError(() => new Connection(new Socket(), { host: "h", port: 1, protocol: "Compact" as never })).option,
    "protocol",
  );
  for (const socket of sockets) socket.destroy();
});

test.run();
