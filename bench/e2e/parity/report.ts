// The modes' reports, laid out as the existing Node client's benchmark tools print theirs: the
// configuration first, then per library the results block (duration, operations, success
// rate, points, throughput, latency), plus what the end-to-end benchmark adds: the client's CPU,
// the server's count of the stored points, and the ratio of ours to Java's.
import type { Settings } from "../config.js";
import { LIBRARY, writeFigures, type WriteFigures } from "../figures.js";
import type { ModeName } from "../suites.js";
import { typeCounts } from "../type-mix.js";
import type { CaseRun } from "../write-case.js";
import { pointsPerLoop, type Workload } from "../workload.js";

const RULE = "=".repeat(80);
const WHO = { node: "ours", java: "Java" } as const;

export function printConfiguration(mode: ModeName, s: Settings, w: Workload, server: string): void {
  const p = s.write;
  const lines: [string, string][] = [];
  const section = (name: string) => lines.push([`\n[${name}]`, ""]);
  section("Connection Settings");
  lines.push(["Server", server], ["Username", s.connection.user]);
  if (s.connection.nodeUrls !== undefined) lines.push(["Node URLs", s.connection.nodeUrls.join(", ")]);
  section("Test Parameters");
  if (mode === "comparison" || mode === "table-comparison") {
    lines.push([
      "Tablet Count",
      `${s.comparison.tabletCount} per method and round (each method and library on devices of its own)`,
    ]);
    lines.push(["Concurrency", String(s.comparison.concurrency)]);
  } else {
    if (p.workerCount > 1) lines.push(["Worker Processes", `${p.workerCount} per library (devices split among them)`]);
    lines.push([
      p.workerCount > 1 ? "Clients per Worker" : "Concurrent Clients",
      p.binding ? `${p.pool.maxSize} (one per bound session)` : String(p.clientNumber),
    ]);
    lines.push(["Device Count", String(w.deviceNumber)]);
  }
  lines.push(["Sensors per Device", String(w.sensors.length)], ["Batch Size", `${w.batchSize} rows per tablet`]);
  if (mode === "comparison" || mode === "table-comparison") {
    lines.push([
      "Total Data Points",
      `${(s.comparison.tabletCount * w.sensors.length * w.batchSize).toLocaleString("en-US")} per method and round (calculated)`,
    ]);
  } else if ("loops" in w.timed) {
    lines.push(["Execution Loops", `${w.timed.loops} per round`]);
    lines.push([
      "Total Data Points",
      `${(w.timed.loops * pointsPerLoop(w)).toLocaleString("en-US")} per round (calculated)`,
    ]);
  } else {
    lines.push(["Duration", `${w.timed.durationMs / 1000} s per round`]);
  }
  section("Data Type Distribution");
  for (const [type, share] of p.typeMix) lines.push([type, `${(share * 100).toFixed(1)}%`]);
  lines.push(["Sensors", typeCounts(w.sensors.map((x) => x.type))]);
  section("Time Settings");
  lines.push(["Point Step", `${p.pointStep}ms`], ["Timestamp Precision", p.timestampPrecision]);
  section("Pool Configuration");
  lines.push(
    ["Pool Max Size", String(p.pool.maxSize)],
    ["Pool Min Size", `${p.pool.minSize} (ours; Java's pools have no minimum)`],
    ["Max Idle Time", `${p.pool.maxIdleMs}ms`],
    ["Wait Timeout", `${p.pool.waitTimeoutMs}ms`],
    ["Device-Session Binding", w.bindSessions ? "Enabled" : "Disabled"],
  );
  section("Test Execution");
  lines.push(
    [
      "Warmup Rounds",
      p.warmupUntilStable
        ? `until throughput stops rising (${Math.max(2, p.warmupRounds)} to ${p.warmupMaxRounds}, one loop over every device each)`
        : `${p.warmupRounds}${p.warmupRounds > 0 ? " (one loop over every device each)" : ""}`,
    ],
    ["Test Rounds", String(p.testRounds)],
    ["Report Interval", `${p.reportIntervalMs}ms`],
    ["Detailed Metrics", String(p.detailedMetrics)],
    ["Client Libraries", s.clients === "both" ? `${LIBRARY.node} and ${LIBRARY.java}` : LIBRARY[s.clients]],
  );
  console.log(`\n${RULE}\nBENCHMARK CONFIGURATION: pnpm bench:e2e ${mode}\n${RULE}`);
  for (const [name, value] of lines) console.log(value === "" ? name : `  ${`${name}:`.padEnd(24)}${value}`);
  console.log(RULE);
}

/** A write mode's results: one block per library, then ours against Java's. */
export function printResults(run: CaseRun, detailed: boolean): void {
  const figures = { node: writeFigures(run, "node"), java: writeFigures(run, "java") };
  for (const client of ["node", "java"] as const) {
    const f = figures[client];
    if (f !== undefined) printBlock(`BENCHMARK RESULTS: ${WHO[client]} (${f.library})`, f, detailed);
  }
  if (figures.node !== undefined && figures.java !== undefined && figures.node.points > 0 && figures.java.points > 0)
    printRatio(figures.node, figures.java);
}

function printBlock(title: string, f: WriteFigures, detailed: boolean): void {
  const ms = f.seconds * 1000;
  const l = f.latency_ms;
  const row = (name: string, value: string) => console.log(`  ${`${name}:`.padEnd(23)}${value}`);
  console.log(`\n${RULE}\n${title}\n${RULE}`);
  console.log("\n[Execution Time]");
  row("Duration", `${f.seconds.toFixed(2)}s (${ms.toFixed(0)}ms)${f.rounds > 1 ? ` over ${f.rounds} rounds` : ""}`);
  console.log("\n[Operations]");
  row("Total Operations", String(f.ops));
  row("Successful", String(f.ops - f.failed_ops));
  row("Failed", String(f.failed_ops));
  row("Success Rate", `${f.ops === 0 ? "0.00" : (((f.ops - f.failed_ops) / f.ops) * 100).toFixed(2)}%`);
  console.log("\n[Data Points]");
  row("Total Points Written", f.points.toLocaleString("en-US"));
  row(
    "Stored (server count)",
    f.stored_points_verified ? "all, after every round" : "MISSING points (see the round lines)",
  );
  console.log("\n[Throughput]");
  row("Operations/sec", f.ops_per_s.toFixed(2));
  row("Points/sec", f.points_per_s.toLocaleString("en-US"));
  console.log("\n[Latency (ms)]");
  row("Min", `${l.min.toFixed(2)}ms`);
  row("Max", `${l.max.toFixed(2)}ms`);
  row("Average", `${l.avg.toFixed(2)}ms`);
  if (detailed) {
    row("P50 (Median)", `${l.p50.toFixed(2)}ms`);
    row("P90", `${l.p90.toFixed(2)}ms`);
    row("P95", `${l.p95.toFixed(2)}ms`);
    row("P99", `${l.p99.toFixed(2)}ms`);
  }
  console.log("\n[Client CPU]");
  row("CPU per M points", `${f.cpu_s_per_mpoints.toFixed(4)}s (user + system, every process of the library)`);
  console.log(`\n${RULE}`);
}

function printRatio(ours: WriteFigures, java: WriteFigures): void {
  console.log(
    `ours / Java: throughput ${(ours.points_per_s / java.points_per_s).toFixed(2)}x, ` +
      `client CPU per point ${(ours.cpu_s_per_mpoints / java.cpu_s_per_mpoints).toFixed(2)}x (same server, same workload, same run)`,
  );
}
