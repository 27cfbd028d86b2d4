// What our client's writers (node-writer.ts, row-writer.ts) count during a round, as its writes
// settle: ops, failed ops, points, loops, latencies, and the progress the display shows.
import type { IoTDBClient } from "./client.js";
import { LatencyLog, summarizeLatencies, type RoundMeasure } from "./round-measure.js";
import type { RoundProgress, RoundSpec } from "./writer.js";

type Outcome = IoTDBClient.ItemOutcome<unknown>;

/** Ops, points, loops and latencies of a round, as its writes settle. */
export class RoundTally {
  private ops = 0;
  private failedOps = 0;
  private points = 0;
  private loops = 0;
  private firstError: string | undefined;
  private readonly logs: LatencyLog[] = [];

  constructor(private readonly progress: RoundProgress) {}

  newLog(): LatencyLog {
    const log = new LatencyLog();
    this.logs.push(log);
    return log;
  }

  loopStarted(loop: number): void {
    if (loop + 1 > this.loops) this.loops = loop + 1;
  }

  /** One write of `points` points, its latency logged and its outcome counted. */
  async timed(log: LatencyLog, points: number, send: () => Promise<unknown>): Promise<void> {
    try {
      await measured(log, send);
      this.succeeded(points);
    } catch (err) {
      this.failed(err);
    }
  }

  /** The per-item outcomes of a bounded-concurrency run. */
  count(outcomes: readonly Outcome[], pointsEach: number): void {
    for (const o of outcomes) {
      if (o.status === "fulfilled") this.succeeded(pointsEach);
      else if (o.status === "rejected") this.failed(o.reason);
    }
  }

  /** `ops` ops of `points` points in all acknowledged (rows of a batching writer's request). */
  succeeded(points: number, ops = 1): void {
    this.ops += ops;
    this.points += points;
    this.progress.points += points;
  }

  /** `ops` ops failed with `err`. */
  failed(err: unknown, ops = 1): void {
    this.failedOps += ops;
    this.firstError ??= err instanceof Error ? err.message : String(err);
  }

  measure(wallMs: number, cpuMs: number, withLatencies: boolean): RoundMeasure {
    const latencies = LatencyLog.all(this.logs);
    const m: RoundMeasure = {
      ops: this.ops + this.failedOps,
      failedOps: this.failedOps,
      points: this.points,
      loops: this.loops,
      wallMs,
      cpuMs,
      latency: summarizeLatencies(latencies),
    };
    if (this.firstError !== undefined) m.firstError = this.firstError;
    if (withLatencies) m.latencies = latencies;
    return m;
  }
}

/**
 * Times a round of this process's writes: `run` gets the tally, the loop limit and the deadline
 * (performance.now() ms; Infinity in loop mode) from the span; wall and CPU time (user + system)
 * cover the whole of it.
 */
export async function timedRound(
  spec: RoundSpec,
  progress: RoundProgress,
  withLatencies: boolean,
  run: (tally: RoundTally, loops: number, deadline: number) => Promise<void>,
): Promise<RoundMeasure> {
  const tally = new RoundTally(progress);
  const cpuBefore = process.cpuUsage();
  const begin = performance.now();
  const deadline = "durationMs" in spec.span ? begin + spec.span.durationMs : Infinity;
  const loops = "loops" in spec.span ? spec.span.loops : Infinity;
  await run(tally, loops, deadline);
  const wallMs = performance.now() - begin;
  const cpu = process.cpuUsage(cpuBefore);
  return tally.measure(wallMs, (cpu.user + cpu.system) / 1000, withLatencies);
}

/** Runs `send`, logging how long it took whether it succeeded or not. */
export async function measured<R>(log: LatencyLog, send: () => Promise<R>): Promise<R> {
  const begin = performance.now();
  try {
    return await send();
  } finally {
    log.add(performance.now() - begin);
  }
}
