// `pnpm vectors:make-calls`: regenerates the repo's session-call vectors (vectors/java-2.0.5-calls)
// with the official Java client through fuzz/java, from the fixed inputs of
// vectors/cases/session-calls.json, then SPARSE_CASES random records batches on Java's sampled
// auto-conversion rule (fuzz/codec-java/sparse-records-cases.ts) drawn with the fixed seed
// SPARSE_SEED, so a rerun gives the same files. The first 17 cases are the
// call sequences of the project's reference set (../shared/vectors/java-2.0.5-calls, same names
// and numbers), so fuzz/vectors/cross-check-calls.ts can compare those files byte for byte. The directory is emptied
// first; its README.md is kept.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CaseInput } from "../codec-java/case-types.js";
import { drawCases } from "../codec-java/cases.js";
import { javaVectors, prepareJava } from "../codec-java/java-batch.js";
import { sparseRecordsCase } from "../codec-java/sparse-records-cases.js";
import { REPO_CALLS_SET as CALLS_SET } from "./vector-sets.js";

const repoRoot = resolve(import.meta.dirname, "../..");
const fixed = JSON.parse(readFileSync(resolve(repoRoot, "vectors/cases/session-calls.json"), "utf8")) as CaseInput[];
/** The random part: how many batches, from which seed. Changing either changes the files after the fixed ones. */
const SPARSE_CASES = 12;
const SPARSE_SEED = 20_261_127;
const sparse = drawCases(sparseRecordsCase, SPARSE_CASES, SPARSE_SEED).map((d, i) => ({
  name: `sparse_records_s${SPARSE_SEED}_${String(i + 1).padStart(2, "0")}`,
  description: `records with measurement subsets and all-null records on Java's sampled auto-conversion rule, ${i + 1} of ${SPARSE_CASES} (seed ${SPARSE_SEED})`,
  ...d.value,
}));
const cases = [...fixed, ...sparse];

prepareJava();
for (const file of readdirSync(CALLS_SET)) if (file !== "README.md") rmSync(join(CALLS_SET, file));
const vectors = javaVectors(cases, "calls_", "", CALLS_SET);
const rejected = vectors.filter((v) => typeof v.output.error === "string");
console.log(`${vectors.length} session-call vectors in ${CALLS_SET}`);
if (rejected.length > 0) {
  console.error(
    `the Java client rejected ${rejected.length} case(s): ${rejected.map((v) => `${v.name}: ${v.output.error}`).join("; ")}`,
  );
  process.exit(1);
}
