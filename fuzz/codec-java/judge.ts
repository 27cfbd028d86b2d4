// Decides one case: does our codec do what the Java client did (or what the project's policy says)?
// The vector checkers of fuzz/vectors do the comparing, Java-rejected vectors included.
import { checkEncoderRejects } from "../vectors/check-rejected.js";
import { checkers } from "../vectors/checkers.js";
import type { Failure, Vector } from "../vectors/vector.js";
import type { FuzzCase } from "./case-types.js";

export type Verdict =
  /** Java produced bytes (or sent nothing) and ours agree on every check. */
  | { outcome: "match"; javaSentNothing: boolean }
  /** Java threw, and so did our encoder (EncodeError) in every input form. */
  | { outcome: "rejectedByBoth" }
  /** A bad name, rejected (EncodeError) in every input form, as the policy says. */
  | { outcome: "policyRejected" }
  | { outcome: "mismatch"; failures: Failure[] };

/** What our encoder must say about a bad name (identifier.ts), so that no other error passes for it. */
const NAME_REFUSED = /lone UTF-16 surrogate|is empty/;

export async function judge(fuzzCase: FuzzCase, vector: Vector | undefined): Promise<Verdict> {
  const { family, input } = fuzzCase;
  if (family === "policyRejects") {
    const why = "policy: names must be non-empty, well-formed UTF-16 (Java would send them, '?' for a lone surrogate)";
    const { failures } = checkEncoderRejects(input.kind, input, why, NAME_REFUSED);
    return failures.length === 0 ? { outcome: "policyRejected" } : { outcome: "mismatch", failures };
  }
  if (vector === undefined) throw new Error(`no Java vector for a ${family} case`);
  let failures: Failure[];
  try {
    failures = (await checkers[vector.kind]!(vector)).failures;
  } catch (err) {
    failures = [
      { check: `checker threw ${(err as Error)?.name ?? "error"}`, message: String((err as Error)?.stack ?? err) },
    ];
  }
  if (failures.length > 0) return { outcome: "mismatch", failures };
  if (typeof vector.output.error === "string") return { outcome: "rejectedByBoth" };
  return { outcome: "match", javaSentNothing: vector.output.sessionSentNothing === true };
}

/** Groups failures: the kind and the first failing check, without indices and column names. */
export function failureKey(kind: string, failure: Failure): string {
  return `${kind}: ${failure.check.replace(/\[\d+\]/g, "[]").replace(/ \(.*\)$/, "")}`;
}
