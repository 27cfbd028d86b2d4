// Settings of the end-to-end benchmark: the existing tools' names and defaults, the layers
// (flags, environment, smoke, suite), and every invalid setting refused with its name and why.
// Run: node --import tsx node_modules/uvu/bin.js bench/e2e/test
import { availableParallelism } from "node:os";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, parseInvocation, resolveSettings } from "../config.js";
import type { Suite } from "../suites.js";

const loadSettings = (argv: readonly string[], env: NodeJS.ProcessEnv, suite: Suite) =>
  resolveSettings(parseInvocation(argv, env), suite);

/** The existing tools' Configuration tables (their README), name → default. */
const ANCHOR_DEFAULTS = {
  IOTDB_PORT: 6667,
  IOTDB_USER: "root",
  IOTDB_PASSWORD: "root",
  CLIENT_NUMBER: 10,
  DEVICE_NUMBER: 100,
  SENSOR_NUMBER: 10,
  BATCH_SIZE_PER_WRITE: 100,
  TOTAL_DATA_POINTS: 100_000,
  POINT_STEP: 1000,
  TIMESTAMP_PRECISION: "ms",
  STRING_LENGTH: 16,
  WARMUP_ROUNDS: 0,
  TEST_ROUNDS: 1,
  REPORT_INTERVAL: 5000,
  ENABLE_DETAILED_METRICS: true,
  POOL_MAX_SIZE: 20,
  POOL_MIN_SIZE: 5,
  POOL_MAX_IDLE_TIME: 60_000,
  POOL_WAIT_TIMEOUT: 60_000,
  ENABLE_DEVICE_SESSION_BINDING: false,
};

test("tree and table take every default of the existing tools' Configuration tables", () => {
  for (const suite of ["tree", "table"] as const) {
    const s = loadSettings([], {}, suite);
    const w = s.write;
    assert.equal(
      {
        IOTDB_PORT: s.connection.port,
        IOTDB_USER: s.connection.user,
        IOTDB_PASSWORD: s.connection.password,
        CLIENT_NUMBER: w.clientNumber,
        DEVICE_NUMBER: w.deviceNumber,
        SENSOR_NUMBER: w.sensorNumber,
        BATCH_SIZE_PER_WRITE: w.batchSize,
        TOTAL_DATA_POINTS: "totalPoints" in w.length ? w.length.totalPoints : undefined,
        POINT_STEP: w.pointStep,
        TIMESTAMP_PRECISION: w.timestampPrecision,
        STRING_LENGTH: w.stringLength,
        WARMUP_ROUNDS: w.warmupRounds,
        TEST_ROUNDS: w.testRounds,
        REPORT_INTERVAL: w.reportIntervalMs,
        ENABLE_DETAILED_METRICS: w.detailedMetrics,
        POOL_MAX_SIZE: w.pool.maxSize,
        POOL_MIN_SIZE: w.pool.minSize,
        POOL_MAX_IDLE_TIME: w.pool.maxIdleMs,
        POOL_WAIT_TIMEOUT: w.pool.waitTimeoutMs,
        ENABLE_DEVICE_SESSION_BINDING: w.binding,
      },
      ANCHOR_DEFAULTS,
      suite,
    );
    assert.equal(
      [...w.typeMix],
      [
        ["FLOAT", 0.3],
        ["DOUBLE", 0.2],
        ["INT32", 0.2],
        ["INT64", 0.1],
        ["TEXT", 0.1],
        ["BOOLEAN", 0.1],
      ],
    );
    assert.is(s.connection.nodeUrls, undefined);
    assert.is(w.workerCount, 1);
  }
});

test("cluster: the multi-process defaults (CPU cores workers, 1000 devices, pool of 10, 10 clients per worker)", () => {
  const w = loadSettings([], {}, "cluster").write;
  assert.equal([w.workerCount, w.deviceNumber, w.pool.maxSize, w.clientNumber], [availableParallelism(), 1000, 10, 10]);
  assert.is(loadSettings([], { WORKER_COUNT: "8" }, "cluster").write.workerCount, 8);
});

test("comparison: TABLET_COUNT 100 and CONCURRENCY 10 by default", () => {
  for (const suite of ["comparison", "table-comparison"] as const)
    assert.equal(loadSettings([], {}, suite).comparison, { tabletCount: 100, concurrency: 10 });
  assert.equal(loadSettings(["--TABLET_COUNT=200", "--CONCURRENCY", "20"], {}, "comparison").comparison, {
    tabletCount: 200,
    concurrency: 20,
  });
});

test("the write cases keep their own round: 10 s, warm-up until stable (2 to 8 rounds), five timed rounds, unless given", () => {
  const w = loadSettings([], {}, "cases").write;
  assert.equal(
    [w.length, w.warmupRounds, w.warmupUntilStable, w.warmupMaxRounds, w.testRounds],
    [{ durationMs: 10_000 }, 2, true, 8, 5],
  );
  assert.equal(loadSettings([], { TOTAL_DATA_POINTS: "5000" }, "cases").write.length, { totalPoints: 5000 });
  assert.equal(loadSettings([], { WARMUP_ROUNDS: "0" }, "cases").write.warmupRounds, 0);
  // The modes keep the existing tools' fixed warm-up.
  assert.is(loadSettings([], {}, "tree").write.warmupUntilStable, false);
});

test("WARMUP_MAX_ROUNDS below 2 or below WARMUP_ROUNDS is refused when warming up until stable", () => {
  assert.throws(
    () => loadSettings([], { WARMUP_MAX_ROUNDS: "1" }, "cases"),
    /WARMUP_MAX_ROUNDS \(1\) must be at least 2/,
  );
  assert.throws(
    () => loadSettings([], { WARMUP_ROUNDS: "5", WARMUP_MAX_ROUNDS: "4" }, "cases"),
    /at least WARMUP_ROUNDS \(5\)/,
  );
  assert.is(loadSettings([], { WARMUP_MAX_ROUNDS: "1" }, "tree").write.warmupMaxRounds, 1);
});

test("round length: LOOP, then TOTAL_DATA_POINTS given, then DURATION, then TOTAL_DATA_POINTS's default", () => {
  assert.equal(loadSettings([], { LOOP: "7", TOTAL_DATA_POINTS: "1", DURATION: "3" }, "tree").write.length, {
    loops: 7,
  });
  assert.equal(loadSettings([], { TOTAL_DATA_POINTS: "500000", DURATION: "3" }, "tree").write.length, {
    totalPoints: 500_000,
  });
  assert.equal(loadSettings([], { DURATION: "2.5" }, "tree").write.length, { durationMs: 2500 });
  assert.equal(loadSettings([], {}, "tree").write.length, { totalPoints: 100_000 });
});

test("flags win over the environment; smoke defaults over suite defaults; explicit settings over both", () => {
  assert.is(loadSettings(["--SENSOR_NUMBER", "7"], { SENSOR_NUMBER: "3" }, "tree").write.sensorNumber, 7);
  assert.is(loadSettings(["--sensor-number=6"], {}, "tree").write.sensorNumber, 6);
  const smoke = loadSettings(["--smoke"], { TEST_ROUNDS: "2" }, "cases");
  assert.ok(smoke.smoke);
  assert.equal(
    [smoke.write.testRounds, smoke.write.warmupRounds, smoke.write.warmupUntilStable, smoke.write.length],
    [2, 0, false, { durationMs: 2000 }],
  );
  assert.is(smoke.serverPort, 9567);
  assert.is(loadSettings([], { E2E_SMOKE: "1" }, "cluster").write.workerCount, 2);
  assert.is(loadSettings([], {}, "cases").serverPort, 8767);
  assert.ok(loadSettings(["--smoke"], {}, "table").write.binding);
  assert.equal(loadSettings(["--smoke"], {}, "tree").write.length, { loops: 2 });
  // An empty variable counts as unset, as in the existing tools.
  assert.is(loadSettings([], { CLIENT_NUMBER: "" }, "tree").write.clientNumber, 10);
});

test("NODE_URLS, TIMESTAMP_PRECISION, the booleans and the pool settings are read as given", () => {
  const s = loadSettings(
    [],
    {
      NODE_URLS: "node1:6667, node2:6668",
      TIMESTAMP_PRECISION: "ns",
      ENABLE_DETAILED_METRICS: "false",
      ENABLE_DEVICE_SESSION_BINDING: "TRUE",
      POOL_MAX_SIZE: "10",
      POOL_MIN_SIZE: "0",
      POOL_MAX_IDLE_TIME: "0",
      POOL_WAIT_TIMEOUT: "1500",
    },
    "tree",
  );
  assert.equal(s.connection.nodeUrls, ["node1:6667", "node2:6668"]);
  assert.equal([s.write.timestampPrecision, s.write.detailedMetrics, s.write.binding], ["ns", false, true]);
  assert.equal(s.write.pool, { maxSize: 10, minSize: 0, maxIdleMs: 0, waitTimeoutMs: 1500 });
});

/** Loading `env` for `suite` must throw a ConfigError whose message starts with `name` and contains every `why`. */
function refused(
  env: NodeJS.ProcessEnv,
  name: string,
  why: string[] = [],
  suite: Suite = "tree",
  argv: string[] = [],
): void {
  try {
    loadSettings(argv, env, suite);
  } catch (e) {
    assert.instance(e, ConfigError);
    const message = (e as Error).message;
    assert.ok(message.startsWith(name), `"${message}" should start with ${name}`);
    for (const part of why) assert.ok(message.includes(part), `"${message}" should say "${part}"`);
    return;
  }
  assert.unreachable(`${JSON.stringify(argv)} ${JSON.stringify(env)} was accepted`);
}

test("non-positive or non-integer counts are refused, naming the setting", () => {
  const counts = [
    "CLIENT_NUMBER",
    "DEVICE_NUMBER",
    "SENSOR_NUMBER",
    "BATCH_SIZE_PER_WRITE",
    "LOOP",
    "TOTAL_DATA_POINTS",
    "POINT_STEP",
    "STRING_LENGTH",
    "TEST_ROUNDS",
    "POOL_MAX_SIZE",
    "WORKER_COUNT",
    "TABLET_COUNT",
    "CONCURRENCY",
    "IOTDB_PORT",
  ];
  for (const name of counts) {
    refused({ [name]: "0" }, name, ["positive", '"0"']);
    refused({ [name]: "-3" }, name, ['"-3"']);
    refused({ [name]: "2.5" }, name, ['"2.5"']);
    refused({ [name]: "ten" }, name, ['"ten"']);
  }
  for (const name of ["WARMUP_ROUNDS", "POOL_MIN_SIZE", "POOL_MAX_IDLE_TIME", "POOL_WAIT_TIMEOUT", "REPORT_INTERVAL"])
    refused({ [name]: "-1" }, name, ["≥ 0"]);
  refused({ DURATION: "0" }, "DURATION", ["positive"], "cases");
});

test("type proportions must name known types and sum to 1", () => {
  refused({ INSERT_DATATYPE_PROPORTION: "FLOAT:0.5,DOUBLE:0.4" }, "INSERT_DATATYPE_PROPORTION", ["sum to 1", "0.9"]);
  refused({ INSERT_DATATYPE_PROPORTION: "FLOAT:0.5,DATE:0.5" }, "INSERT_DATATYPE_PROPORTION", ["DATE"]);
  refused({ INSERT_DATATYPE_PROPORTION: "FLOAT:0.5,FLOAT:0.5" }, "INSERT_DATATYPE_PROPORTION", ["twice"]);
  refused({ INSERT_DATATYPE_PROPORTION: "FLOAT:1.5,DOUBLE:-0.5" }, "INSERT_DATATYPE_PROPORTION", ["[0, 1]"]);
});

test("device-session binding needs DEVICE_NUMBER to be a multiple of POOL_MAX_SIZE (of WORKER_COUNT × POOL_MAX_SIZE with workers)", () => {
  refused(
    { ENABLE_DEVICE_SESSION_BINDING: "true", DEVICE_NUMBER: "100", POOL_MAX_SIZE: "30" },
    "ENABLE_DEVICE_SESSION_BINDING",
    ["DEVICE_NUMBER (100)", "POOL_MAX_SIZE (30)"],
  );
  refused(
    { ENABLE_DEVICE_SESSION_BINDING: "true", DEVICE_NUMBER: "100", POOL_MAX_SIZE: "10", WORKER_COUNT: "3" },
    "ENABLE_DEVICE_SESSION_BINDING",
    ["WORKER_COUNT × POOL_MAX_SIZE (3 × 10 = 30)"],
  );
  assert.ok(
    loadSettings([], { ENABLE_DEVICE_SESSION_BINDING: "true", DEVICE_NUMBER: "100", POOL_MAX_SIZE: "10" }, "tree").write
      .binding,
  );
  // Binding off: any device count.
  assert.is(loadSettings([], { DEVICE_NUMBER: "101", POOL_MAX_SIZE: "10" }, "tree").write.deviceNumber, 101);
});

test("other invalid settings are refused, naming the setting and why", () => {
  refused({ POOL_MIN_SIZE: "21" }, "POOL_MIN_SIZE", ["must not exceed POOL_MAX_SIZE (20)"]);
  refused({ TIMESTAMP_PRECISION: "s" }, "TIMESTAMP_PRECISION", ["ms, us or ns"]);
  refused({ ENABLE_DETAILED_METRICS: "yes" }, "ENABLE_DETAILED_METRICS", ["true or false"]);
  refused({ ENABLE_DEVICE_SESSION_BINDING: "1" }, "ENABLE_DEVICE_SESSION_BINDING", ["true or false"]);
  refused({ NODE_URLS: "node1:6667,node2" }, "NODE_URLS", ['"node2"']);
  refused({ NODE_URLS: "node1:99999" }, "NODE_URLS", ["host:port"]);
  refused({ E2E_CLIENTS: "python" }, "E2E_CLIENTS");
  refused({}, "unknown flag", ["--NOT_A_SETTING"], "tree", ["--NOT_A_SETTING=1"]);
  refused({}, "--LOOP needs a value", [], "tree", ["--LOOP"]);
});

test.run();
