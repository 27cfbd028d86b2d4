// Settings, type mix, workload shape and latency summary of the end-to-end benchmark.
// Run: node --import tsx node_modules/uvu/bin.js bench/e2e/test
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, loadConfig } from "../config.js";
import { summarizeLatencies } from "../stats.js";
import { parseTypeMix, sensorTypes } from "../type-mix.js";
import { buildWorkload, templateJson, WRITE_CASES } from "../workload.js";

const tree = WRITE_CASES.find((c) => c.alias === "tree")!;
const large = WRITE_CASES.find((c) => c.alias === "large")!;

function counts(types: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of types) out[t] = (out[t] ?? 0) + 1;
  return out;
}

test("the default mix gives 10 sensors 3 FLOAT, 2 DOUBLE, 2 INT32, 1 INT64, 1 TEXT, 1 BOOLEAN, and 50 sensors five times that", () => {
  const mix = loadConfig([], {}).write.typeMix;
  assert.equal(counts(sensorTypes(mix, 10)), { FLOAT: 3, DOUBLE: 2, INT32: 2, INT64: 1, TEXT: 1, BOOLEAN: 1 });
  assert.equal(counts(sensorTypes(mix, 50)), { FLOAT: 15, DOUBLE: 10, INT32: 10, INT64: 5, TEXT: 5, BOOLEAN: 5 });
});

test("type mix: TSDataType codes as keys, as in the existing benchmark's config", () => {
  assert.equal([...parseTypeMix("3:0.5,4:0.3,1:0.2")], [["FLOAT", 0.5], ["DOUBLE", 0.3], ["INT32", 0.2]]);
  assert.equal(counts(sensorTypes(parseTypeMix("3:0.5,4:0.3,1:0.2"), 10)), { FLOAT: 5, DOUBLE: 3, INT32: 2 });
});

test("invalid settings are refused with the setting's name", () => {
  const refused = (argv: string[], env: NodeJS.ProcessEnv, name: string) => {
    try {
      loadConfig(argv, env);
    } catch (e) {
      assert.instance(e, ConfigError);
      assert.ok((e as Error).message.startsWith(name), `"${(e as Error).message}" should start with ${name}`);
      return;
    }
    assert.unreachable(`${JSON.stringify(argv)} ${JSON.stringify(env)} was accepted`);
  };
  refused([], { CLIENT_NUMBER: "0" }, "CLIENT_NUMBER");
  refused(["--DEVICE_NUMBER=-3"], {}, "DEVICE_NUMBER");
  refused([], { DEVICE_NUMBER: "4" }, "CLIENT_NUMBER"); // 10 clients, 4 devices
  refused([], { INSERT_DATATYPE_PROPORTION: "FLOAT:0.5,DOUBLE:0.4" }, "INSERT_DATATYPE_PROPORTION");
  refused([], { INSERT_DATATYPE_PROPORTION: "FLOAT:0.5,DATE:0.5" }, "INSERT_DATATYPE_PROPORTION");
  refused([], { LOOP: "2.5" }, "LOOP");
  refused([], { DURATION: "0" }, "DURATION");
  refused([], { E2E_CLIENTS: "python" }, "E2E_CLIENTS");
  refused(["--NOT_A_SETTING=1"], {}, "unknown flag");
});

test("flags win over the environment; smoke defaults give way to explicit settings", () => {
  assert.is(loadConfig(["--SENSOR_NUMBER", "7"], { SENSOR_NUMBER: "3" }).write.sensorNumber, 7);
  const smoke = loadConfig(["--smoke"], { TEST_ROUNDS: "2" });
  assert.ok(smoke.smoke);
  assert.is(smoke.write.testRounds, 2);
  assert.is(smoke.write.warmupRounds, 0);
  assert.equal(smoke.write.length, { durationMs: 2000 });
  assert.is(smoke.serverPort, 9567);
  assert.is(loadConfig([], {}).serverPort, 8767);
});

test("round length: LOOP, then TOTAL_DATA_POINTS in whole loops of the case, then DURATION", () => {
  assert.is(buildWorkload(tree, loadConfig([], { LOOP: "7", TOTAL_DATA_POINTS: "1" }).write).loops, 7);
  // 100 devices x 10 sensors x 100 rows = 100,000 points per loop
  const byPoints = buildWorkload(tree, loadConfig([], { TOTAL_DATA_POINTS: "250001" }).write);
  assert.is(byPoints.loops, 3);
  assert.is(byPoints.durationMs, undefined);
  const byTime = buildWorkload(tree, loadConfig([], {}).write);
  assert.is(byTime.loops, undefined);
  assert.is(byTime.durationMs, 10_000);
});

test("the large case keeps its shape whatever DEVICE_NUMBER / SENSOR_NUMBER / BATCH_SIZE_PER_WRITE say", () => {
  const w = buildWorkload(large, loadConfig([], { DEVICE_NUMBER: "20", SENSOR_NUMBER: "3", BATCH_SIZE_PER_WRITE: "9" }).write);
  assert.equal([w.deviceNumber, w.sensors.length, w.batchSize, w.database], [1000, 50, 500, "root.e2e_tree_large"]);
  assert.is(w.template.length, 50);
  assert.ok(w.template.every((column) => column.length === 500));
});

test("POOL_MAX_SIZE: default 20, as the existing benchmark", () => {
  assert.is(buildWorkload(tree, loadConfig([], {}).write).poolMaxSize, 20);
  assert.is(buildWorkload(tree, loadConfig([], { POOL_MAX_SIZE: "8" }).write).poolMaxSize, 8);
});

test("the template is the same for the same seed, other for another, and goes to Java as JSON values", () => {
  const a = buildWorkload(tree, loadConfig([], {}).write).template;
  const b = buildWorkload(tree, loadConfig([], {}).write).template;
  const c = buildWorkload(tree, loadConfig([], { DATA_SEED: "7" }).write).template;
  assert.equal(templateJson(a), templateJson(b));
  assert.not.equal(templateJson(a), templateJson(c));
  const types = buildWorkload(tree, loadConfig([], {}).write).sensors.map((s) => s.type);
  const json = templateJson(a);
  assert.type(json[types.indexOf("INT64")]![0], "string");
  assert.type(json[types.indexOf("BOOLEAN")]![0], "boolean");
  assert.is((json[types.indexOf("TEXT")]![0] as string).length, 16);
  const float = a[types.indexOf("FLOAT")] as Float32Array;
  assert.is(json[types.indexOf("FLOAT")]![0], float[0]);
});

test("latency summary: nearest rank", () => {
  const latencies = Float64Array.from({ length: 100 }, (_, i) => 100 - i); // 100 .. 1
  assert.equal(summarizeLatencies(latencies), { min: 1, p50: 50, p90: 90, p99: 99, max: 100, avg: 50.5 });
  assert.equal(summarizeLatencies(Float64Array.of(3)), { min: 3, p50: 3, p90: 3, p99: 3, max: 3, avg: 3 });
});

test.run();
