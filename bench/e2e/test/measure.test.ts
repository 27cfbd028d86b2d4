// Latency summaries and the merge of worker processes' rounds into one report.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { summarizeLatencies, type RoundMeasure } from "../round-measure.js";
import { mergeMeasures } from "../workers/writer-group.js";

test("latency summary: nearest rank, p95 included", () => {
  const latencies = Float64Array.from({ length: 100 }, (_, i) => 100 - i); // 100 .. 1
  assert.equal(summarizeLatencies(latencies), { min: 1, p50: 50, p90: 90, p95: 95, p99: 99, max: 100, avg: 50.5 });
  assert.equal(summarizeLatencies(Float64Array.of(3)), { min: 3, p50: 3, p90: 3, p95: 3, p99: 3, max: 3, avg: 3 });
});

function worker(latencies: number[], extra: Partial<RoundMeasure>): RoundMeasure {
  const l = Float64Array.from(latencies);
  return {
    ops: l.length,
    failedOps: 0,
    points: 1000 * l.length,
    loops: 1,
    wallMs: 999,
    cpuMs: 100,
    latency: summarizeLatencies(l.slice()),
    latencies: l,
    ...extra,
  };
}

test("merged workers: ops, points, failures and CPU summed, loops the most, latencies pooled, the group's wall time", () => {
  const a = worker([1, 2, 3, 4], { loops: 2, cpuMs: 30 });
  const b = worker([10, 20, 30, 40, 50, 60], { failedOps: 1, points: 5000, firstError: "boom", cpuMs: 70 });
  const m = mergeMeasures([a, b], 123);
  assert.equal(
    [m.ops, m.failedOps, m.points, m.loops, m.wallMs, m.cpuMs, m.firstError],
    [10, 1, 9000, 2, 123, 100, "boom"],
  );
  // Percentiles of all 10 ops together, not an average of the workers' percentiles.
  assert.equal(m.latency, summarizeLatencies(Float64Array.of(1, 2, 3, 4, 10, 20, 30, 40, 50, 60)));
  assert.is(m.latency.p50, 10);
});

test("a worker's round without its latencies cannot be merged", () => {
  const { latencies: _dropped, ...bare } = worker([1, 2], {});
  assert.throws(() => mergeMeasures([bare, worker([3], {})], 10), /without its latencies/);
});

test.run();
