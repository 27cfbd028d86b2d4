// The case mixes, and drawing a seeded batch of them with their shrink contexts.
import fc from "fast-check";
import type { FuzzCase } from "./case-types.js";
import { javaRejectedCase, policyRejectedCase } from "./invalid-cases.js";
import { recordsCase } from "./records-cases.js";
import { sessionCallsCase } from "./session-calls-cases.js";
import { sparseRecordsCase } from "./sparse-records-cases.js";
import { tabletCase } from "./tablet-cases.js";
import { duplicateTemplateCase, templateCase } from "./template-cases.js";
import { tsblockCase } from "./tsblock-cases.js";

const valid = (arb: fc.Arbitrary<FuzzCase["input"]>) => arb.map((input): FuzzCase => ({ family: "valid", input }));

/**
 * Cases whose Java bytes are reference vectors: tablets, records, TsBlocks, session-call sequences, schema templates.
 */
export const validCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { weight: 11, arbitrary: valid(tabletCase()) },
  { weight: 2, arbitrary: valid(recordsCase(false)) },
  { weight: 1, arbitrary: valid(recordsCase(true)) },
  { weight: 4, arbitrary: valid(tsblockCase) },
  { weight: 2, arbitrary: valid(sessionCallsCase) },
  { weight: 1, arbitrary: valid(templateCase) },
);

/**
 * The differential mix: mostly valid cases, plus records batches on Java's sampled auto-conversion
 * rule (kept out of validCase, so the repo's vector set drawn from it stays as it is; the
 * session-call set holds some), and a few cases that must be rejected.
 */
export const differentialCase: fc.Arbitrary<FuzzCase> = fc.oneof(
  { weight: 18, arbitrary: validCase },
  { weight: 1, arbitrary: valid(sparseRecordsCase) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      { weight: 4, arbitrary: javaRejectedCase },
      { weight: 1, arbitrary: duplicateTemplateCase.map((input): FuzzCase => ({ family: "javaRejects", input })) },
    ),
  },
  { weight: 1, arbitrary: policyRejectedCase },
);

/** A generated case with its shrink context (`arb.shrink(value, context)`). */
export type Drawn<T> = fc.Value<T>;

/**
 * `count` cases from `seed`, with their contexts. fc.sample gives values only, so the arbitrary is
 * wrapped to keep each fc.Value its generate() returns; the draw is the one fc.sample makes
 * (same seed, same cases, same bias).
 */
export function drawCases<T>(arb: fc.Arbitrary<T>, count: number, seed: number): Drawn<T>[] {
  const drawn: Drawn<T>[] = [];
  class Recording extends fc.Arbitrary<T> {
    generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
      const value = arb.generate(mrng, biasFactor);
      drawn.push(value);
      return value;
    }
    canShrinkWithoutContext(value: unknown): value is T {
      return arb.canShrinkWithoutContext(value);
    }
    shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
      return arb.shrink(value, context);
    }
  }
  fc.sample(new Recording(), { seed, numRuns: count });
  if (drawn.length !== count) throw new Error(`drew ${drawn.length} cases, wanted ${count}`);
  return drawn;
}
