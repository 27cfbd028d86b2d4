// Timing of one case: ours and the baseline measured in the same process, interleaved.
//
// The machine is shared and noisy, so:
// - each timed sample runs a batch of operations sized to ~sampleTargetNs, so timer cost and
//   resolution do not matter even for ~100 ns operations;
// - ours and the baseline are two tasks of the same tinybench Bench, and the Bench is run for
//   several rounds, alternating which side goes first, each round with its own warm-up;
// - each side's figure is the median over rounds of the per-round median latency, which a
//   burst of load or a GC pause in one round cannot move much.
import { Bench } from "tinybench";
import { median } from "./stats.js";
import type { BenchCase } from "./suite.js";

export interface MeasureOptions {
  /** Rounds of (ours, baseline) runs; the order alternates every round. */
  rounds: number;
  /** Time budget per task and round, in ms. */
  timeMs: number;
  /** Warm-up budget per task and round, in ms. */
  warmupMs: number;
  /** Wall time one timed sample (a batch of operations) should take, in ns. */
  sampleTargetNs: number;
}

export const FULL: MeasureOptions = { rounds: 7, timeMs: 300, warmupMs: 60, sampleTargetNs: 50_000 };
export const QUICK: MeasureOptions = { rounds: 2, timeMs: 40, warmupMs: 15, sampleTargetNs: 20_000 };
/** `pnpm bench` without --full: enough rounds for a median and a spread, in about a fifth of FULL's time. */
export const HEADLINE: MeasureOptions = { rounds: 3, timeMs: 100, warmupMs: 30, sampleTargetNs: 50_000 };

export interface CaseTiming {
  /** Median ns per operation of ours. */
  oursNs: number;
  /** Median ns per operation of the baseline. */
  baselineNs: number;
  /** baseline/ours of each round (to judge the spread). */
  roundRatios: number[];
}

export function measureCase(c: BenchCase, options: MeasureOptions): CaseTiming {
  const ours = batched(c.ours, options.sampleTargetNs);
  if ("measure" in c.baseline) return measureAgainst(c.baseline.measure(), ours, options);
  const base = batched(c.baseline.fn, options.sampleTargetNs);
  const oursRounds: number[] = [];
  const baseRounds: number[] = [];
  const roundRatios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const bench = newBench(options);
    const sides = round % 2 === 0 ? [ours, base] : [base, ours];
    for (const side of sides) bench.add(side === ours ? "ours" : "baseline", side.run);
    bench.runSync();
    const o = nsPerOp(bench, "ours", ours.batch);
    const b = nsPerOp(bench, "baseline", base.batch);
    oursRounds.push(o);
    baseRounds.push(b);
    roundRatios.push(b / o);
  }
  return { oursNs: median(oursRounds), baselineNs: median(baseRounds), roundRatios };
}

/** Ours alone, in the same rounds, against a baseline median just measured by another process. */
function measureAgainst(baselineNs: number, ours: Batched, options: MeasureOptions): CaseTiming {
  const oursRounds: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const bench = newBench(options);
    bench.add("ours", ours.run);
    bench.runSync();
    oursRounds.push(nsPerOp(bench, "ours", ours.batch));
  }
  return { oursNs: median(oursRounds), baselineNs, roundRatios: oursRounds.map((o) => baselineNs / o) };
}

function newBench(options: MeasureOptions): Bench {
  return new Bench({
    time: options.timeMs,
    warmupTime: options.warmupMs,
    warmupIterations: 5,
    iterations: 10,
    timestampProvider: "hrtimeNow",
    throws: true,
  });
}

interface Batched {
  /** Operations per timed sample. */
  batch: number;
  run: () => void;
}

/** Wraps op in a loop of as many calls as fit in about targetNs. */
function batched(op: () => void, targetNs: number): Batched {
  const batch = Math.max(1, Math.round(targetNs / estimateNs(op)));
  return {
    batch,
    run: () => {
      for (let i = 0; i < batch; i++) op();
    },
  };
}

/** Rough ns per call of op (runs it for a few ms, after a short warm-up). */
function estimateNs(op: () => void): number {
  for (let i = 0; i < 10; i++) op();
  let calls = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) op();
    const elapsed = Number(process.hrtime.bigint() - t0);
    if (elapsed >= 5_000_000) return elapsed / calls;
    calls *= 2;
  }
}

function nsPerOp(bench: Bench, name: string, batch: number): number {
  const result = bench.getTask(name)!.result;
  if (!("latency" in result)) throw new Error(`task ${name} has no latency result (state ${result.state})`);
  return (result.latency.p50 * 1e6) / batch;
}
