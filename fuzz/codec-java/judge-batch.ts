// Judges a batch of cases: every case that needs the Java client goes through ONE Java run, then
// each case is judged locally. Policy cases (bad names) are judged without Java: the policy decides.
import type { Vector } from "../vectors/vector.js";
import type { FuzzCase } from "./case-types.js";
import { javaVectors } from "./java-batch.js";
import { judge, type Verdict } from "./judge.js";

export interface Judged {
  fuzzCase: FuzzCase;
  /** What Java made of the case; undefined for policy cases. */
  vector: Vector | undefined;
  verdict: Verdict;
}

export const needsJava = (c: FuzzCase) => c.family !== "policyRejects";

export async function judgeBatch(
  cases: readonly FuzzCase[],
  namePrefix: string,
  description: string,
): Promise<Judged[]> {
  const viaJava = cases.filter(needsJava);
  const vectors = javaVectors(
    viaJava.map((c) => c.input),
    namePrefix,
    description,
  );
  const judged: Judged[] = [];
  let next = 0;
  for (const fuzzCase of cases) {
    const vector = needsJava(fuzzCase) ? vectors[next++] : undefined;
    judged.push({ fuzzCase, vector, verdict: await judge(fuzzCase, vector) });
  }
  return judged;
}
