// `pnpm vectors:make`: regenerates the repo's Java vector set (vectors/java-2.0.5) with the
// official Java client through fuzz/java, from fixed inputs only, so a rerun gives the same files:
//   1. the hand-picked edge cases in vectors/cases/reference.json (files 001..), then
//   2. RANDOM_CASES random valid cases drawn by fuzz/codec-java with the fixed seed RANDOM_SEED.
// The directory is emptied first; its README.md is kept.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CaseInput } from "../codec-java/case-types.js";
import { drawCases, validCase } from "../codec-java/cases.js";
import { javaVectors, prepareJava } from "../codec-java/java-batch.js";
import { REPO_SET } from "./vector-sets.js";

/** The random part: how many cases, from which seed. Changing either changes the committed set. */
export const RANDOM_CASES = 120;
export const RANDOM_SEED = 20_261_124;

const referenceFile = resolve(import.meta.dirname, "../../vectors/cases/reference.json");
const reference = JSON.parse(readFileSync(referenceFile, "utf8")) as (CaseInput & { name: string })[];
const random = drawCases(validCase, RANDOM_CASES, RANDOM_SEED).map((d, i) => ({
  name: `random_s${RANDOM_SEED}_${String(i + 1).padStart(3, "0")}`,
  description: `random valid case ${i + 1} of ${RANDOM_CASES} (fuzz/codec-java, seed ${RANDOM_SEED})`,
  ...d.value.input,
}));

prepareJava();
for (const file of readdirSync(REPO_SET)) if (file !== "README.md") rmSync(join(REPO_SET, file));
const vectors = javaVectors([...reference, ...random], "case_", "", REPO_SET);
const kinds = new Map<string, number>();
for (const v of vectors) kinds.set(v.kind, (kinds.get(v.kind) ?? 0) + 1);
const rejected = vectors.filter((v) => typeof v.output.error === "string");
console.log(`${vectors.length} vectors in ${REPO_SET}: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}`);
if (rejected.length > 0) {
  console.error(
    `the Java client rejected ${rejected.length} case(s), which the set must not hold: ${rejected.map((v) => v.name).join(", ")}`,
  );
  process.exit(1);
}
