// The API comparison modes (the existing tools' benchmark-comparison.js and
// benchmark-table-comparison.js): the same TABLET_COUNT tablets written by each insert method,
// and the summary table with each method's speedup over the sequential baseline.
import { writeFigures, type WriteFigures } from "../figures.js";
import type { CaseRun, MethodRun } from "../write-case.js";
import type { Model } from "../workload.js";

/**
 * Tree: sequential insertTablet, insertTablets (one request), and parallel insertTablet (ours:
 * the client's bounded-concurrency helper runConcurrent over the pool's insertTablet). Table:
 * sequential insert, parallel insert, and the pool's executeConcurrent (a session lent per
 * tablet). Java runs the same with its own API (SessionPool.insertTablet / insertTablets;
 * CONCURRENCY threads on the pool for parallel); its table pool lends a session per insert
 * anyway, so executeConcurrent has no other Java form.
 */
export function comparisonMethods(model: Model, concurrency: number): MethodRun[] {
  const c = `(c=${concurrency})`;
  if (model === "table") {
    return [
      { method: "clients", label: "sequential insert", concurrency: 1, java: true },
      { method: "parallel", label: `parallel insert ${c}`, concurrency, java: true },
      { method: "executeConcurrent", label: `executeConcurrent ${c}`, concurrency, java: false },
    ];
  }
  return [
    { method: "clients", label: "sequential insertTablet", concurrency: 1, java: true },
    { method: "batch", label: "insertTablets (one request)", concurrency: 1, java: true },
    { method: "parallel", label: `parallel insertTablet ${c}`, concurrency, java: true },
  ];
}

const WHO = { node: "ours", java: "Java" } as const;

const PARALLEL = {
  node: "parallel = runConcurrent (the client's bounded-concurrency helper) over the pool's single-tablet insert",
  java: "parallel = CONCURRENCY threads calling the pool's single-tablet insert",
} as const;

export function printComparison(run: CaseRun, methods: readonly MethodRun[], tablets: number): void {
  const points = run.workload.sensors.length * run.workload.batchSize;
  console.log(
    `\n${"=".repeat(80)}\nAPI COMPARISON SUMMARY: ${run.workload.model} model, ${tablets} tablets × ${points.toLocaleString("en-US")} points per method and round\n${"=".repeat(80)}`,
  );
  for (const client of ["node", "java"] as const) {
    const rows = methods
      .map((m) => ({ m, f: writeFigures(run, client, m.method) }))
      .filter((r): r is { m: MethodRun; f: WriteFigures } => r.f !== undefined && (client === "node" || r.m.java));
    if (rows.length === 0) continue;
    console.log(`\n${WHO[client]} (${rows[0]!.f.library}); ${PARALLEL[client]}`);
    console.log(`┌${"─".repeat(38)}┬${"─".repeat(12)}┬${"─".repeat(14)}┬${"─".repeat(16)}┐`);
    console.log(
      `│ ${"Method".padEnd(36)} │ ${"Duration".padEnd(10)} │ ${"Tablets/sec".padEnd(12)} │ ${"Points/sec".padEnd(14)} │`,
    );
    console.log(`├${"─".repeat(38)}┼${"─".repeat(12)}┼${"─".repeat(14)}┼${"─".repeat(16)}┤`);
    for (const { m, f } of rows) {
      const tabletsPerS = (f.points_per_s / points).toFixed(2);
      console.log(
        `│ ${m.label.padEnd(36)} │ ${`${(f.seconds * 1000).toFixed(1)}ms`.padStart(10)} │ ${tabletsPerS.padStart(12)} │ ${f.points_per_s.toLocaleString("en-US").padStart(14)} │`,
      );
    }
    console.log(`└${"─".repeat(38)}┴${"─".repeat(12)}┴${"─".repeat(14)}┴${"─".repeat(16)}┘`);
    const baseline = rows[0]!.f.points_per_s;
    console.log("Speedup Analysis:");
    for (const { m, f } of rows.slice(1))
      console.log(`  ${m.label}: ${(f.points_per_s / baseline).toFixed(2)}x the sequential baseline`);
  }
  for (const m of methods) {
    const ours = writeFigures(run, "node", m.method);
    const java = m.java ? writeFigures(run, "java", m.method) : undefined;
    if (ours !== undefined && java !== undefined && ours.points > 0 && java.points > 0)
      console.log(`ours / Java, ${m.label}: throughput ${(ours.points_per_s / java.points_per_s).toFixed(2)}x`);
  }
}
