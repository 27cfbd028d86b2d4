// The result rows of the row-arrival cases: e2e-ingest-rows-per-record is ours of e2e-ingest-rows
// against Java's insertRecord per row; peak RSS and the targets come along.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseInvocation } from "../config.js";
import { plan } from "../plan.js";
import { TARGETS } from "../results.js";
import type { RoundMeasure } from "../round-measure.js";
import { summarizeLatencies } from "../round-measure.js";
import type { CaseRun, RoundRecord } from "../write-case.js";
import { writeResultCases } from "../write-report.js";
import type { WriteMethod } from "../writer.js";

function round(
  client: "node" | "java",
  method: WriteMethod,
  pointsPerS: number,
  cpuMs: number,
  peakRssMb: number,
  requests?: number,
): RoundRecord {
  const points = pointsPerS; // one-second rounds
  const measure: RoundMeasure = {
    ops: points / 10,
    failedOps: 0,
    points,
    loops: 1,
    wallMs: 1000,
    cpuMs,
    latency: summarizeLatencies(Float64Array.of(1, 2, 3)),
    peakRssMb,
  };
  if (requests !== undefined) measure.requests = requests;
  return { client, method, warmup: false, startTime: 0n, endTime: 1n, measure, stored: points };
}

const workload = (name: string) => plan(parseInvocation([name], {})).cases!.workloads[0]!;

test("e2e-ingest-rows: two rows, the second ours of the first method against Java's insertRecord per row", () => {
  const run: CaseRun = {
    workload: workload("e2e-ingest-rows"),
    workerCount: 1,
    problems: [],
    rounds: [
      round("node", "rowsBatched", 8e6, 400, 120, 800),
      round("java", "rowsBatched", 4e6, 400, 300, 400),
      round("java", "rowRecord", 2e5, 1000, 310),
    ],
  };
  const [batched, perRecord, ...rest] = writeResultCases(run);
  assert.is(rest.length, 0);
  assert.equal([batched!.name, batched!.ratio_throughput, batched!.ratio_cpu], ["e2e-ingest-rows", 2, 0.5]);
  assert.equal(
    [perRecord!.name, perRecord!.ratio_throughput, perRecord!.ratio_cpu],
    ["e2e-ingest-rows-per-record", 40, 0.01],
  );
  assert.is((perRecord!.ours as { median_points_per_s: number }).median_points_per_s, 8e6);
  assert.is((perRecord!.java as { peak_rss_mb: number }).peak_rss_mb, 310);
  assert.is((batched!.ours as { peak_rss_mb: number }).peak_rss_mb, 120);
  assert.equal(
    [batched, perRecord].map((c) => (c!.java as { points_per_request?: number }).points_per_request),
    [10_000, undefined],
  );
  assert.is((batched!.ours as { points_per_request: number }).points_per_request, 10_000);
  // every row of the table has its target
  assert.equal(
    [TARGETS["e2e-ingest-rows"], TARGETS["e2e-ingest-rows-per-record"], TARGETS["e2e-concurrent-records"]],
    [{ throughput: 1, cpu: 0.8 }, { throughput: 10 }, { throughput: 2, cpu: 0.5 }],
  );
});

test("e2e-concurrent-records: one row, both libraries' insertRecord per row", () => {
  const run: CaseRun = {
    workload: workload("e2e-concurrent-records"),
    workerCount: 1,
    problems: [],
    rounds: [round("node", "rowRecord", 3e5, 300, 90), round("java", "rowRecord", 1e5, 200, 200)],
  };
  const cases = writeResultCases(run);
  assert.equal(
    cases.map((c) => [c.name, c.ratio_throughput, c.ratio_cpu]),
    [["e2e-concurrent-records", 3, 0.5]],
  );
});

test.run();
