// The warm-up lasts until neither library's round throughput still rises; then the timed rounds
// alternate ABBA; and the ratios and their ranges come from the rounds' medians and pairs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { pairedRange } from "../../lib/stats.js";
import type { ClientName, RoundMeasure } from "../round-measure.js";
import { CLIENTS_METHOD, schedule, type RoundRecord, type Step } from "../write-case.js";
import { moreWarmup, stillRising } from "../warmup.js";

test("still rising: the last round beats every earlier one by more than 3%", () => {
  assert.ok(stillRising([100]));
  assert.ok(stillRising([100, 104]));
  assert.not.ok(stillRising([100, 103]));
  assert.not.ok(stillRising([100, 90]));
  // A dip and a recovery to the earlier best is not a rise.
  assert.not.ok(stillRising([100, 80, 102]));
  assert.ok(stillRising([100, 80, 110]));
});

test("more warm-up: fixed rounds without untilStable; with it, at least 2 and while either library rises, up to the cap", () => {
  const rates = (node: number[], java: number[]) =>
    new Map([
      ["node", node],
      ["java", java],
    ]);
  const fixed = { minRounds: 1, untilStable: false, maxRounds: 8 };
  assert.ok(moreWarmup(fixed, 0, rates([], [])));
  assert.not.ok(moreWarmup(fixed, 1, rates([1], [1])));
  const stable = { minRounds: 0, untilStable: true, maxRounds: 4 };
  assert.ok(moreWarmup(stable, 1, rates([100], [100])));
  assert.not.ok(moreWarmup(stable, 2, rates([100, 100], [100, 101])));
  assert.ok(moreWarmup(stable, 2, rates([100, 100], [100, 120])), "java still rises");
  assert.ok(moreWarmup(stable, 3, rates([100, 100, 130], [100, 120, 120])), "node rises late");
  assert.not.ok(moreWarmup(stable, 4, rates([1, 2, 3, 4], [1, 2, 3, 4])), "the cap ends it");
  assert.ok(moreWarmup({ ...stable, minRounds: 3 }, 2, rates([100, 100], [100, 100])), "WARMUP_ROUNDS is the least");
});

function record(client: ClientName, warmup: boolean, pointsPerS: number): RoundRecord {
  const measure: RoundMeasure = {
    ops: 1,
    failedOps: 0,
    points: pointsPerS,
    loops: 1,
    wallMs: 1000,
    cpuMs: 1,
    latency: { min: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0, avg: 0 },
  };
  return { client, method: "clients", warmup, startTime: 0n, endTime: 0n, measure, stored: pointsPerS };
}

/** Drives the schedule with each library's throughputs for its successive warm-up rounds. */
function drive(warmupRates: Record<ClientName, number[]>, clients: ClientName[] = ["node", "java"]): string[] {
  const s = { warmup: { minRounds: 2, untilStable: true, maxRounds: 6 }, testRounds: 5 };
  const seen: string[] = [];
  const used = { node: 0, java: 0 };
  const steps = schedule(
    s,
    [CLIENTS_METHOD],
    (step: Step) => clients.includes(step.client),
    (step: Step) => step.client,
  );
  for (let next = steps.next(); !next.done; ) {
    const step = next.value;
    seen.push(`${step.warmup ? "w" : "t"}:${step.client}`);
    const rate = step.warmup ? warmupRates[step.client][used[step.client]++]! : 1;
    next = steps.next(record(step.client, step.warmup, rate));
  }
  return seen;
}

test("schedule: warm-up until both stop rising, ABBA throughout, then 5 timed rounds each in ABBA order", () => {
  const timed = ["t:node", "t:java", "t:java", "t:node", "t:node", "t:java", "t:java", "t:node", "t:node", "t:java"];
  // Flat from the start: the least, 2 warm-up rounds each.
  assert.equal(drive({ node: [100, 100], java: [100, 100] }), ["w:node", "w:java", "w:java", "w:node", ...timed]);
  // Java rises until its 4th round: 4 warm-up rounds of each.
  assert.equal(
    drive({ node: [100, 100, 100, 100], java: [50, 80, 90, 91] }).filter((s) => s.startsWith("w:")).length,
    8,
  );
  // Never stops rising: the cap (6 each).
  assert.equal(
    drive({ node: [1, 2, 3, 4, 5, 6], java: [1, 2, 3, 4, 5, 6] }).filter((s) => s.startsWith("w:")).length,
    12,
  );
  // One library only (E2E_CLIENTS=node): the other's missing rounds do not stall the warm-up.
  assert.equal(drive({ node: [100, 100], java: [] }, ["node"]), [
    "w:node",
    "w:node",
    "t:node",
    "t:node",
    "t:node",
    "t:node",
    "t:node",
  ]);
});

test("paired range: the lowest and highest ours/java ratio of rounds run in the same pair", () => {
  assert.equal(pairedRange([10, 20, 30], [10, 10, 20]), { min: 1, max: 2 });
  assert.equal(pairedRange([10, 20], [5, 40, 1]), { min: 0.5, max: 2 });
});

test.run();
