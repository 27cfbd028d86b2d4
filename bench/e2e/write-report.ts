// The write benchmark's final table and its JSON cases. Ratios compare the medians of each
// library's timed rounds (a round disturbed by other work moves a median less than a total), and
// come with the range of the per-pair ratios (round i of ours over round i of Java: the two
// rounds of one ABBA pair ran back to back), so a noisy run shows as a wide range.
import { pairedRange, round } from "../lib/stats.js";
import { writeFigures, type WriteFigures } from "./figures.js";
import { formatPoints } from "./progress.js";
import { type ResultCase, TARGETS, verdict } from "./results.js";
import { typeCounts } from "./type-mix.js";
import { methodsOf, type CaseRun, type MethodRun } from "./write-case.js";
import type { WriteMethod } from "./writer.js";

/**
 * The case's result rows: one per method (methodsOf), each side's figures of that method, or of
 * the case's first method when that side does not run it (the records case's "autoConvertRecords
 * off" row is ours without auto-conversion against Java's default; e2e-ingest-rows-per-record is
 * ours of e2e-ingest-rows against Java's insertRecord per row).
 */
export function writeResultCases(run: CaseRun): ResultCase[] {
  const methods = methodsOf(run.workload);
  const out: ResultCase[] = [];
  for (const m of methods) {
    const first = methods[0]!.method;
    const c = resultCase(run, resultName(run, m), m.javaOnly === true ? first : m.method, m.java ? m.method : first);
    if (c !== undefined) out.push(c);
  }
  return out;
}

/**
 * A method's result row name: the case's name for its first method, else its own or the name with the method's label.
 */
function resultName(run: CaseRun, m: MethodRun): string {
  return m === methodsOf(run.workload)[0] ? run.workload.name : (m.resultName ?? `${run.workload.name} (${m.label})`);
}

/** What the table says of a method one side does not run. */
function onlyNote(m: MethodRun): string {
  if (!m.java) return " (ours only; ratio against Java's first method)";
  return m.javaOnly === true ? ` (Java only; ratio against ours of the first method) → ${m.resultName ?? m.label}` : "";
}

function resultCase(
  run: CaseRun,
  name: string,
  ourMethod: WriteMethod,
  javaMethod: WriteMethod,
): ResultCase | undefined {
  const ours = writeFigures(run, "node", ourMethod);
  const java = writeFigures(run, "java", javaMethod);
  if (ours === undefined || java === undefined) return undefined;
  const w = run.workload;
  return {
    name,
    ours,
    java,
    ratio_throughput: round(ours.median_points_per_s / java.median_points_per_s, 3),
    ratio_cpu: round(ours.median_cpu_s_per_mpoints / java.median_cpu_s_per_mpoints, 3),
    ratio_throughput_rounds: pairedRange(ours.round_points_per_s, java.round_points_per_s),
    ratio_cpu_rounds: pairedRange(ours.round_cpu_s_per_mpoints, java.round_cpu_s_per_mpoints),
    settings: {
      model: w.model,
      DEVICE_NUMBER: w.deviceNumber,
      SENSOR_NUMBER: w.sensors.length,
      BATCH_SIZE_PER_WRITE: w.batchSize,
      CLIENT_NUMBER: w.clientNumber,
      POOL_MAX_SIZE: w.pool.maxSize,
      round: "loops" in w.timed ? { LOOP: w.timed.loops } : { DURATION_s: w.timed.durationMs / 1000 },
      sensor_types: typeCounts(w.sensors.map((s) => s.type)),
    },
  };
}

const HEADER =
  `${"case".padEnd(24)}${"client".padEnd(8)}${"points/s".padStart(11)}${"rounds min..max".padStart(17)}${"ops/s".padStart(11)}` +
  `  ${"latency ms: min / p50 / p90 / p99 / max".padEnd(42)}${"failed".padStart(7)}${"cpu s/Mpt".padStart(11)}  stored`;

export function printWriteTable(runs: readonly CaseRun[]): void {
  console.log(`\n${HEADER}`);
  for (const run of runs) {
    const methods = methodsOf(run.workload);
    for (const m of methods) {
      // a case with several methods: each method's label on a line of its own, then its rows
      if (methods.length > 1) console.log(`${run.workload.name}: ${m.label}${m === methods[0] ? "" : onlyNote(m)}`);
      let first = true;
      for (const client of ["node", "java"] as const) {
        const f = writeFigures(run, client, m.method);
        if (f === undefined) continue;
        console.log(line(first && methods.length === 1 ? run.workload.name : "", client, f));
        first = false;
      }
      const c = writeResultCases(run).find((r) => r.name === resultName(run, m));
      if (c === undefined) continue;
      const target = TARGETS[c.name];
      const range = (r: { min: number; max: number }) => `(rounds ${r.min.toFixed(2)}..${r.max.toFixed(2)})`;
      console.log(
        `${"".padEnd(24)}${"ratio".padEnd(8)}throughput node/java ${c.ratio_throughput.toFixed(2)} ${range(c.ratio_throughput_rounds!)} ${verdict(c.ratio_throughput, target?.throughput, "min")}` +
          `   cpu per point node/java ${c.ratio_cpu.toFixed(2)} ${range(c.ratio_cpu_rounds!)} ${verdict(c.ratio_cpu, target?.cpu, "max")}`,
      );
    }
  }
}

function line(name: string, client: string, f: WriteFigures): string {
  const l = f.latency_ms;
  const spread = `${formatPoints(Math.min(...f.round_points_per_s))}..${formatPoints(Math.max(...f.round_points_per_s))}`;
  const latency = [l.min, l.p50, l.p90, l.p99, l.max].map((v) => v.toFixed(v < 10 ? 2 : 1)).join(" / ");
  return (
    `${name.padEnd(24)}${client.padEnd(8)}${formatPoints(f.median_points_per_s).padStart(11)}${spread.padStart(17)}${f.ops_per_s.toFixed(0).padStart(11)}` +
    `  ${latency.padEnd(42)}${String(f.failed_ops).padStart(7)}${f.median_cpu_s_per_mpoints.toFixed(4).padStart(11)}  ${f.stored_points_verified ? "all" : "MISSING"}` +
    (f.peak_rss_mb === undefined ? "" : `  peak RSS ${f.peak_rss_mb.toFixed(0)} MB`)
  );
}
