// What one round measured, on either client, and the latency summary both compute the same way.

export type ClientName = "node" | "java";

export interface LatencySummary {
  /** Milliseconds. Percentiles are nearest-rank over every op of the round. */
  min: number;
  p50: number;
  p90: number;
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
  /** Process CPU time (user + system, all threads) over the timed part. */
  cpuMs: number;
  latency: LatencySummary;
  /** The first failure's message, if any op failed. */
  firstError?: string;
}

/** Nearest-rank summary; sorts `latencies` in place. */
export function summarizeLatencies(latencies: Float64Array): LatencySummary {
  const n = latencies.length;
  if (n === 0) return { min: 0, p50: 0, p90: 0, p99: 0, max: 0, avg: 0 };
  latencies.sort();
  const rank = (p: number) => latencies[Math.max(0, Math.ceil(p * n) - 1)]!;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += latencies[i]!;
  return { min: latencies[0]!, p50: rank(0.5), p90: rank(0.9), p99: rank(0.99), max: latencies[n - 1]!, avg: sum / n };
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

  /** Every latency of all logs, summarized. */
  static summarize(logs: readonly LatencyLog[]): LatencySummary {
    const all = new Float64Array(logs.reduce((n, l) => n + l.count, 0));
    let at = 0;
    for (const l of logs) {
      all.set(l.values.subarray(0, l.count), at);
      at += l.count;
    }
    return summarizeLatencies(all);
  }
}
