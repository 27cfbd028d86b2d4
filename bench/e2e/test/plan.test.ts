// Which suites a command runs, and that a bad setting or selector stops it before anything starts.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, parseInvocation } from "../config.js";
import { plan } from "../plan.js";

const planOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => plan(parseInvocation(argv, env));

test("no selector: the tablet write cases, the records case and the row-arrival cases; --smoke: every case, the query benchmark and every mode", () => {
  const full = planOf([]);
  const names = [
    "e2e-tree-default",
    "e2e-aligned-default",
    "e2e-table-default",
    "e2e-tree-large",
    "e2e-insert-records",
    "e2e-ingest-rows",
    "e2e-concurrent-records",
  ];
  assert.equal(
    full.cases?.workloads.map((w) => w.name),
    names,
  );
  assert.equal([full.query, full.modes.length], [undefined, 0]);
  // the records case: its own shape, whatever DEVICE_NUMBER etc. say, and records as its insert
  const records = full.cases!.workloads[4]!;
  assert.equal(
    [records.insert, records.deviceNumber, records.sensors.length, records.batchSize],
    ["records", 10, 10, 10],
  );
  assert.is(full.cases!.workloads[0]!.insert, "tablets");
  const smoke = planOf(["--smoke"]);
  assert.equal(
    smoke.modes.map((m) => m.mode),
    ["tree", "table", "cluster", "comparison", "table-comparison"],
  );
  assert.ok(smoke.query !== undefined && smoke.cases?.workloads.length === names.length);
});

test("row arrival: ingest-rows takes the common shape and pool; concurrent-records a device per writer and the pools' defaults", () => {
  const [rows, concurrent] = planOf(["e2e-ingest-rows", "e2e-concurrent-records"], {
    DEVICE_NUMBER: "30",
    CLIENT_NUMBER: "3",
    POOL_MAX_SIZE: "7",
  }).cases!.workloads;
  assert.equal(
    [rows!.insert, rows!.deviceNumber, rows!.clientNumber, rows!.pool.maxSize, rows!.poolDefaults, rows!.bindSessions],
    ["rows", 30, 3, 7, false, false],
  );
  assert.equal(
    [concurrent!.insert, concurrent!.deviceNumber, concurrent!.clientNumber, concurrent!.poolDefaults],
    ["concurrentRecords", 200, 200, true],
  );
  const fewer = planOf(["e2e-concurrent-records"], { CONCURRENT_WRITERS: "12" }).cases!.workloads[0]!;
  assert.equal([fewer.deviceNumber, fewer.clientNumber], [12, 12]);
  // binding does not apply to producers of rows (they share the pool or the writer)
  const bound = planOf(["e2e-ingest-rows"], { ENABLE_DEVICE_SESSION_BINDING: "true" }).cases!.workloads[0]!;
  assert.is(bound.bindSessions, false);
});

test("modes by name, each with its own defaults; the write and query selectors as before", () => {
  const p = planOf(["cluster", "comparison"]);
  assert.equal(p.cases, undefined);
  assert.equal(
    p.modes.map((m) => [m.mode, m.workload.model, m.settings.write.pool.maxSize]),
    [
      ["cluster", "table", 10],
      ["comparison", "tree", 20],
    ],
  );
  assert.equal(
    planOf(["e2e-tree-large", "query"]).cases?.workloads.map((w) => w.name),
    ["e2e-tree-large"],
  );
  assert.ok(planOf(["all"]).query !== undefined);
});

test("an unknown selector or an invalid setting for a planned mode throws ConfigError", () => {
  assert.throws(
    () => planOf(["large"]),
    (e: unknown) => e instanceof ConfigError && /unknown mode or case "large"/.test((e as Error).message),
  );
  // 1000 cluster devices cannot be bound to 2 workers x 30 sessions; the same settings are fine for tree (100 / 20 is
  // not asked).
  const env = { ENABLE_DEVICE_SESSION_BINDING: "true", POOL_MAX_SIZE: "30", WORKER_COUNT: "2" };
  assert.throws(
    () => planOf(["cluster"], env),
    (e: unknown) => e instanceof ConfigError && (e as Error).message.startsWith("ENABLE_DEVICE_SESSION_BINDING"),
  );
  // The large case has 1000 devices whatever DEVICE_NUMBER says: binding is checked against them.
  assert.throws(
    () =>
      planOf(["e2e-tree-large"], { ENABLE_DEVICE_SESSION_BINDING: "true", DEVICE_NUMBER: "60", POOL_MAX_SIZE: "30" }),
    (e: unknown) => e instanceof ConfigError && /e2e-tree-large has 1000 devices/.test((e as Error).message),
  );
});

test.run();
