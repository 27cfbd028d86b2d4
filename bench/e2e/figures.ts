// A case's timed rounds turned into the figures the table, the JSON and the chart show.
import { median, round } from "../lib/stats.js";
import type { LatencySummary } from "./round-measure.js";
import type { CaseRun, RoundRecord } from "./write-case.js";
import type { WriteMethod } from "./writer.js";

/** One client library's figures for a write case (the JSON's "ours" / "java"). */
export interface WriteFigures {
  library: string;
  rounds: number;
  points: number;
  ops: number;
  failed_ops: number;
  seconds: number;
  /** Total points / total timed seconds over the timed rounds. */
  points_per_s: number;
  ops_per_s: number;
  /** min: lowest of the rounds; max: highest; p50/p90/p95/p99: median of the rounds'; avg: over all ops. */
  latency_ms: LatencySummary;
  /** Client process CPU seconds (user + system, every thread) per million points written. */
  cpu_s_per_mpoints: number;
  /** Every round's stored count equals its written points. */
  stored_points_verified: boolean;
  /** Each timed round's points/s, in the order they ran. */
  round_points_per_s: number[];
  /** Each timed round's client CPU seconds per million points, in the order they ran. */
  round_cpu_s_per_mpoints: number[];
  /** Median of round_points_per_s: what the ratio compares. */
  median_points_per_s: number;
  /** Median of round_cpu_s_per_mpoints: what the CPU ratio compares. */
  median_cpu_s_per_mpoints: number;
  /** Row-arrival cases: the writing process's peak resident memory over the case, MB. */
  peak_rss_mb?: number;
  /** Batched rows: points over requests sent, timed rounds together. */
  points_per_request?: number;
}

export const LIBRARY = { node: "@zerowire/iotdb-client", java: "iotdb-session 2.0.5 (Java)" } as const;

/** A library's timed rounds (of one method, when given) summed up. */
export function writeFigures(run: CaseRun, client: "node" | "java", method?: WriteMethod): WriteFigures | undefined {
  const rounds = run.rounds.filter(
    (r) => r.client === client && !r.warmup && (method === undefined || r.method === method),
  );
  if (rounds.length === 0) return undefined;
  const sum = (f: (r: RoundRecord) => number) => rounds.reduce((n, r) => n + f(r), 0);
  const points = sum((r) => r.measure.points);
  const ops = sum((r) => r.measure.ops);
  const seconds = sum((r) => r.measure.wallMs) / 1000;
  const cpuSeconds = sum((r) => r.measure.cpuMs) / 1000;
  const lat = rounds.map((r) => r.measure.latency);
  const rates = rounds.map((r) => r.measure.points / (r.measure.wallMs / 1000));
  const cpus = rounds.map((r) => r.measure.cpuMs / 1000 / (r.measure.points / 1e6));
  const rss = rounds.flatMap((r) => (r.measure.peakRssMb === undefined ? [] : [r.measure.peakRssMb]));
  const figures: WriteFigures = {
    library: LIBRARY[client],
    rounds: rounds.length,
    points,
    ops,
    failed_ops: sum((r) => r.measure.failedOps),
    seconds: round(seconds, 3),
    points_per_s: Math.round(points / seconds),
    ops_per_s: round(ops / seconds, 1),
    latency_ms: {
      min: round(Math.min(...lat.map((l) => l.min)), 3),
      p50: round(median(lat.map((l) => l.p50)), 3),
      p90: round(median(lat.map((l) => l.p90)), 3),
      p95: round(median(lat.map((l) => l.p95)), 3),
      p99: round(median(lat.map((l) => l.p99)), 3),
      max: round(Math.max(...lat.map((l) => l.max)), 3),
      avg: round(sum((r) => r.measure.latency.avg * r.measure.ops) / Math.max(1, ops), 3),
    },
    cpu_s_per_mpoints: round(cpuSeconds / (points / 1e6), 4),
    stored_points_verified: rounds.every((r) => r.stored === r.measure.points),
    round_points_per_s: rates.map(Math.round),
    round_cpu_s_per_mpoints: cpus.map((v) => round(v, 4)),
    median_points_per_s: Math.round(median(rates)),
    median_cpu_s_per_mpoints: round(median(cpus), 4),
  };
  if (rss.length > 0) figures.peak_rss_mb = round(Math.max(...rss), 1);
  const requests = sum((r) => r.measure.requests ?? 0);
  if (requests > 0) figures.points_per_request = Math.round(points / requests);
  return figures;
}
