// What one round measured, on either client, and the latency summary both compute the same way
// (nearest-rank percentiles from bench/lib/stats.ts).

import { nearestRank } from "../lib/stats.js";

export type ClientName = "node" | "java";

export interface LatencySummary {
  /** Milliseconds. Percentiles are nearest-rank over every op of the round. */
  min: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  avg: number;
}

export interface RoundMeasure {
  ops: number;
  failedOps: number;
  /** Points of the successful ops. */
  points: number;
  /** Loops started by the busiest client: the round's timestamps end at start + loops x rows x step. */
  loops: number;
  wallMs: number;
  /** Process CPU time (user + system, all threads) over the timed part; summed over worker processes. */
  cpuMs: number;
  latency: LatencySummary;
  /** The first failure's message, if any op failed. */
  firstError?: string;
  /** Every op's latency (ms), when asked for: a worker's, for the merged summary of its group. */
  latencies?: Float64Array;
  /** The writing process's peak resident memory so far, MB (row-arrival cases: a process of its own per library). */
  peakRssMb?: number;
  /** Batched rows: the requests the route sent (our writer's retries included): the request size it chose. */
  requests?: number;
}

const NO_OPS: LatencySummary = { min: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0, avg: 0 };

/** Nearest-rank summary; sorts `latencies` in place. */
export function summarizeLatencies(latencies: Float64Array): LatencySummary {
  const n = latencies.length;
  if (n === 0) return NO_OPS;
  latencies.sort();
  const rank = (p: number) => nearestRank(latencies, p);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += latencies[i]!;
  return {
    min: latencies[0]!,
    p50: rank(0.5),
    p90: rank(0.9),
    p95: rank(0.95),
    p99: rank(0.99),
    max: latencies[n - 1]!,
    avg: sum / n,
  };
}

/** Several arrays of latencies as one. */
export function concatLatencies(parts: readonly Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** Latencies appended per op without reallocating on every push. */
export class LatencyLog {
  private values = new Float64Array(1024);
  private count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** Every latency of all logs, in one array. */
  static all(logs: readonly LatencyLog[]): Float64Array {
    return concatLatencies(logs.map((l) => l.values.subarray(0, l.count)));
  }
}
