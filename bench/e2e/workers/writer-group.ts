// WORKER_COUNT writers (worker processes, each with its own pool and share of the devices) run
// each round together; their figures are merged into the group's: points, ops and CPU summed,
// latencies pooled, wall time from the first command sent to the last answer.
import { concatLatencies, summarizeLatencies, type RoundMeasure } from "../round-measure.js";
import type { RoundProgress, RoundSpec, Writer } from "../writer.js";

const PROGRESS_MS = 100;

export class WriterGroup implements Writer {
  constructor(private readonly members: readonly Writer[]) {}

  /** Opens every member at once; if one fails, the others are closed. */
  static async open(count: number, open: (index: number) => Promise<Writer>): Promise<WriterGroup> {
    const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => open(i)));
    const opened = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failed = settled.find((s) => s.status === "rejected");
    if (failed !== undefined) {
      await Promise.allSettled(opened.map((w) => w.close()));
      throw failed.reason;
    }
    return new WriterGroup(opened);
  }

  async round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure> {
    const parts: RoundProgress[] = this.members.map(() => ({ points: 0 }));
    const total = () => parts.reduce((n, p) => n + p.points, 0);
    const timer = setInterval(() => (progress.points = total()), PROGRESS_MS);
    const begin = performance.now();
    try {
      const measures = await Promise.all(this.members.map((m, i) => m.round(spec, parts[i]!)));
      return mergeMeasures(measures, performance.now() - begin);
    } finally {
      clearInterval(timer);
      progress.points = total();
    }
  }

  async close(): Promise<void> {
    const failed = (await Promise.allSettled(this.members.map((m) => m.close()))).find((s) => s.status === "rejected");
    if (failed !== undefined) throw failed.reason;
  }
}

/** The group's round: every member's ops and latencies together, over the group's wall time. */
export function mergeMeasures(measures: readonly RoundMeasure[], wallMs: number): RoundMeasure {
  const sum = (f: (m: RoundMeasure) => number) => measures.reduce((n, m) => n + f(m), 0);
  const latencies = concatLatencies(measures.map((m) => m.latencies ?? new Float64Array()));
  if (latencies.length !== sum((m) => m.ops)) throw new Error("a worker's round came without its latencies");
  const merged: RoundMeasure = {
    ops: sum((m) => m.ops),
    failedOps: sum((m) => m.failedOps),
    points: sum((m) => m.points),
    loops: Math.max(...measures.map((m) => m.loops)),
    wallMs,
    cpuMs: sum((m) => m.cpuMs),
    latency: summarizeLatencies(latencies),
  };
  const firstError = measures.find((m) => m.firstError !== undefined)?.firstError;
  if (firstError !== undefined) merged.firstError = firstError;
  return merged;
}
