// What the benchmark writes: sensor types from the mix, the shared batch template, how devices
// are shared among clients, bound sessions and worker processes, round lengths, timestamps.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseInvocation, resolveSettings } from "../config.js";
import type { Suite } from "../suites.js";
import { comparisonMethods } from "../parity/comparison.js";
import { templateJson } from "../template.js";
import { parseTypeMix, sensorTypes } from "../type-mix.js";
import {
  buildCaseWorkload,
  buildComparisonWorkload,
  buildModeWorkload,
  clientDevices,
  workerShares,
  WRITE_CASES,
  type Workload,
} from "../workload.js";

const loadSettings = (argv: readonly string[], env: NodeJS.ProcessEnv, suite: Suite) =>
  resolveSettings(parseInvocation(argv, env), suite);

const treeCase = WRITE_CASES.find((c) => c.name === "e2e-tree-default")!;
const largeCase = WRITE_CASES.find((c) => c.name === "e2e-tree-large")!;

function mode(env: NodeJS.ProcessEnv, name: "tree" | "table" | "cluster" = "tree"): Workload {
  return buildModeWorkload(name, name === "tree" ? "tree" : "table", loadSettings([], env, name).write);
}

function counts(types: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of types) out[t] = (out[t] ?? 0) + 1;
  return out;
}

test("the default mix gives 10 sensors 3 FLOAT, 2 DOUBLE, 2 INT32, 1 INT64, 1 TEXT, 1 BOOLEAN, and 50 sensors five times that", () => {
  const mix = loadSettings([], {}, "tree").write.typeMix;
  assert.equal(counts(sensorTypes(mix, 10)), { FLOAT: 3, DOUBLE: 2, INT32: 2, INT64: 1, TEXT: 1, BOOLEAN: 1 });
  assert.equal(counts(sensorTypes(mix, 50)), { FLOAT: 15, DOUBLE: 10, INT32: 10, INT64: 5, TEXT: 5, BOOLEAN: 5 });
});

test("type mix: TSDataType codes as keys, as in the existing benchmark's config", () => {
  assert.equal(
    [...parseTypeMix("3:0.5,4:0.3,1:0.2")],
    [
      ["FLOAT", 0.5],
      ["DOUBLE", 0.3],
      ["INT32", 0.2],
    ],
  );
  // 2.4 and 1.6 DOUBLE and INT32 sensors, to the nearest
  assert.equal(counts(sensorTypes(parseTypeMix("3:0.5,4:0.3,1:0.2"), 8)), { FLOAT: 4, DOUBLE: 2, INT32: 2 });
});

test("clients: client c of C writes devices c, c+C, ...; more clients than devices gives one client per device", () => {
  assert.equal(clientDevices(mode({ DEVICE_NUMBER: "7", CLIENT_NUMBER: "3" })), [
    [0, 3, 6],
    [1, 4],
    [2, 5],
  ]);
  assert.equal(clientDevices(mode({ DEVICE_NUMBER: "2", CLIENT_NUMBER: "10" })), [[0], [1]]);
});

test("bound sessions: POOL_MAX_SIZE clients, each with DEVICE_NUMBER / POOL_MAX_SIZE consecutive devices (CLIENT_NUMBER unused)", () => {
  const w = mode({
    DEVICE_NUMBER: "12",
    POOL_MAX_SIZE: "4",
    POOL_MIN_SIZE: "1",
    CLIENT_NUMBER: "10",
    ENABLE_DEVICE_SESSION_BINDING: "true",
  });
  assert.equal(clientDevices(w), [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [9, 10, 11],
  ]);
});

test("workers: consecutive shares of ceil(devices / workers), every device written once, each share with its own clients", () => {
  const w = mode({ DEVICE_NUMBER: "10", CLIENT_NUMBER: "2", WORKER_COUNT: "4" }, "cluster");
  const shares = workerShares(w, 4);
  assert.equal(
    shares.map((s) => s.range),
    [
      { first: 0, count: 3 },
      { first: 3, count: 3 },
      { first: 6, count: 3 },
      { first: 9, count: 1 },
    ],
  );
  assert.equal(clientDevices(shares[1]!), [[3, 5], [4]]);
  assert.equal(
    shares.flatMap((s) => clientDevices(s).flat()).sort((a, b) => a - b),
    Array.from({ length: 10 }, (_, i) => i),
  );
  // Every share writes into the same schema of all devices.
  assert.ok(shares.every((s) => s.deviceNumber === 10 && s.database === w.database));
  const bound = workerShares(
    mode(
      {
        DEVICE_NUMBER: "40",
        POOL_MAX_SIZE: "5",
        POOL_MIN_SIZE: "1",
        WORKER_COUNT: "2",
        ENABLE_DEVICE_SESSION_BINDING: "true",
      },
      "cluster",
    ),
    2,
  );
  assert.equal(clientDevices(bound[1]!), [
    [20, 21, 22, 23],
    [24, 25, 26, 27],
    [28, 29, 30, 31],
    [32, 33, 34, 35],
    [36, 37, 38, 39],
  ]);
});

test("round length: TOTAL_DATA_POINTS in whole loops over every device; warm-up of a mode is one loop, of a case the whole round", () => {
  // 100 devices x 10 sensors x 100 rows = 100,000 points per loop
  assert.equal(mode({}).timed, { loops: 1 });
  assert.equal(mode({ TOTAL_DATA_POINTS: "250001" }).timed, { loops: 3 });
  assert.equal(mode({ LOOP: "1000" }).timed, { loops: 1000 });
  assert.equal(mode({ LOOP: "1000" }).warmup, { loops: 1 });
  const c = buildCaseWorkload(treeCase, loadSettings([], {}, "cases").write);
  assert.equal([c.timed, c.warmup], [{ durationMs: 10_000 }, { durationMs: 10_000 }]);
});

test("the large case keeps its shape whatever DEVICE_NUMBER / SENSOR_NUMBER / BATCH_SIZE_PER_WRITE say", () => {
  const w = buildCaseWorkload(
    largeCase,
    loadSettings([], { DEVICE_NUMBER: "20", SENSOR_NUMBER: "3", BATCH_SIZE_PER_WRITE: "9" }, "cases").write,
  );
  assert.equal([w.deviceNumber, w.sensors.length, w.batchSize, w.database], [1000, 50, 500, "root.e2e_tree_large"]);
  assert.ok(w.template.length === 50 && w.template.every((column) => column.length === 500));
});

test("timestamps: POINT_STEP ms and the first timestamp in TIMESTAMP_PRECISION units, exact as bigints", () => {
  assert.equal([mode({}).firstTimestamp, mode({}).pointStep], [1_700_000_000_000n, 1000n]);
  assert.equal(
    [mode({ TIMESTAMP_PRECISION: "us" }).firstTimestamp, mode({ TIMESTAMP_PRECISION: "us" }).pointStep],
    [1_700_000_000_000_000n, 1_000_000n],
  );
  const ns = mode({ TIMESTAMP_PRECISION: "ns", POINT_STEP: "7" });
  assert.equal([ns.firstTimestamp, ns.pointStep], [1_700_000_000_000_000_000n, 7_000_000n]);
});

test("the template is shared: one set of columns from the seed, the same for the same seed, other for another", () => {
  const a = mode({}).template;
  assert.equal(templateJson(a), templateJson(mode({}).template));
  assert.not.equal(templateJson(a), templateJson(mode({ DATA_SEED: "7" }).template));
  const w = mode({ STRING_LENGTH: "5" });
  const types = w.sensors.map((s) => s.type);
  const json = templateJson(w.template);
  assert.type(json[types.indexOf("INT64")]![0], "string");
  assert.type(json[types.indexOf("BOOLEAN")]![0], "boolean");
  assert.is((json[types.indexOf("TEXT")]![0] as string).length, 5);
  // 100K devices: the template stays BATCH_SIZE_PER_WRITE rows, whatever the device count.
  const many = mode({ DEVICE_NUMBER: "100000" });
  assert.ok(many.template.every((column) => column.length === 100));
});

test("comparison: one device set per method and library, TABLET_COUNT devices each, one loop per round, one client", () => {
  const methods = comparisonMethods("tree", 10);
  assert.equal(
    methods.map((m) => m.method),
    ["clients", "batch", "parallel"],
  );
  assert.equal(
    comparisonMethods("table", 7).map((m) => [m.method, m.concurrency, m.java]),
    [
      ["clients", 1, true],
      ["parallel", 7, true],
      ["executeConcurrent", 7, false],
    ],
  );
  const s = loadSettings(
    [],
    { TABLET_COUNT: "50", LOOP: "9", ENABLE_DEVICE_SESSION_BINDING: "true", DEVICE_NUMBER: "40", POOL_MAX_SIZE: "10" },
    "comparison",
  );
  const w = buildComparisonWorkload("comparison", "tree", s.write, s.comparison, methods.length * 2);
  assert.equal(
    [w.deviceNumber, w.timed, w.warmup, w.bindSessions, clientDevices(w).length],
    [300, { loops: 1 }, { loops: 1 }, false, 1],
  );
});

test.run();
