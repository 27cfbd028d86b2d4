// Greedy shrinking of a failing case: each round takes the first candidates of fast-check's shrink
// stream for the current case, judges them all in ONE Java batch, and moves to the first one that
// still fails the same way. Stops when no candidate fails, or at the round or time limit.
import type fc from "fast-check";
import type { FuzzCase } from "./case-types.js";
import type { Drawn } from "./cases.js";
import { judgeBatch, type Judged } from "./judge-batch.js";
import { failureKey } from "./judge.js";

export interface ShrinkOptions {
  candidatesPerRound: number;
  maxRounds: number;
  /** Date.now() after which no new round starts. */
  deadline: number;
  log: (line: string) => void;
}

export interface Shrunk {
  minimal: Judged;
  rounds: number;
  /** True when it stopped because no candidate failed (not because of a limit). */
  local: boolean;
}

/** Does `judged` still show the failure `key`? */
export function showsFailure(judged: Judged, key: string): boolean {
  return (
    judged.verdict.outcome === "mismatch" &&
    judged.verdict.failures.some((f) => failureKey(judged.fuzzCase.input.kind, f) === key)
  );
}

export async function shrinkFailure(
  arb: fc.Arbitrary<FuzzCase>,
  start: Drawn<FuzzCase>,
  failing: Judged,
  key: string,
  options: ShrinkOptions,
): Promise<Shrunk> {
  let current = start;
  let minimal = failing;
  for (let round = 1; round <= options.maxRounds; round++) {
    if (Date.now() > options.deadline) return { minimal, rounds: round - 1, local: false };
    const candidates: Drawn<FuzzCase>[] = [];
    for (const candidate of arb.shrink(current.value_, current.context)) {
      candidates.push(candidate);
      if (candidates.length === options.candidatesPerRound) break;
    }
    if (candidates.length === 0) return { minimal, rounds: round - 1, local: true };
    const judged = await judgeBatch(
      candidates.map((c) => c.value),
      `shrink${round}-`,
      `shrink round ${round} of: ${key}`,
    );
    // All candidates were judged anyway: keep the smallest one that still fails (bigger steps
    // than fast-check's "first failing"), ties going to the earlier one.
    let next = -1;
    judged.forEach((j, i) => {
      if (showsFailure(j, key) && (next < 0 || size(j) < size(judged[next]!))) next = i;
    });
    if (next < 0) return { minimal, rounds: round - 1, local: true };
    current = candidates[next]!;
    minimal = judged[next]!;
    options.log(
      `    round ${round}: ${candidates.length} candidates, kept #${next + 1} (${size(minimal)} bytes of JSON)`,
    );
  }
  return { minimal, rounds: options.maxRounds, local: false };
}

const size = (j: Judged) => JSON.stringify(j.fuzzCase.input).length;
