// `pnpm vectors:shared-calls`: the repo's session-call vectors (vectors/java-2.0.5-calls) against the
// project's reference set beside the repo (../shared/vectors/java-2.0.5-calls), when that exists.
//
// Both are made by the official Java client from the same call sequences (the repo's first 17
// cases are the reference set's inputs, in its order), and written in the same format, so each
// reference vector file must have a repo file of the same name that is equal byte for byte
// (name, description, generator, input and every frame). The reference set's index.json is not
// compared (its note differs); the repo's own extra files (018-...) are not either.
//
// Without ../shared the check is NOT RUN: it prints so and exits 0 (the repo's own set is checked
// by `pnpm vectors vectors/java-2.0.5-calls`). The last line is "N passed, N failed" (files); exits
// 1 on any failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_CALLS_SET, SHARED_CALLS_SET } from "./vector-sets.js";

const vectorFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.json$/.test(f))
    .sort();

/** Where `ours` first differs from `reference`, or undefined when they are equal. */
function firstDifference(reference: Buffer, ours: Buffer): string | undefined {
  const n = Math.min(reference.length, ours.length);
  for (let i = 0; i < n; i++)
    if (reference[i] !== ours[i]) return `byte ${i} differs (reference ${reference.length} bytes, ours ${ours.length})`;
  return reference.length === ours.length
    ? undefined
    : `lengths differ (reference ${reference.length} bytes, ours ${ours.length})`;
}

if (!existsSync(SHARED_CALLS_SET)) {
  console.log(
    `NOT RUN: no reference session-call vectors at ${SHARED_CALLS_SET}; the repo's own are checked by \`pnpm vectors vectors/java-2.0.5-calls\``,
  );
  process.exit(0);
}
const ours = new Set(vectorFiles(REPO_CALLS_SET));
const reference = vectorFiles(SHARED_CALLS_SET);
let passed = 0;
let failed = 0;
for (const file of reference) {
  const diff = ours.has(file)
    ? firstDifference(readFileSync(join(SHARED_CALLS_SET, file)), readFileSync(join(REPO_CALLS_SET, file)))
    : "not in the repo's set";
  if (diff === undefined) passed++;
  else {
    failed++;
    console.log(`FAIL ${file}: ${diff}`);
  }
}
console.log(`${passed} of ${reference.length} reference session-call vectors equal byte for byte in ${REPO_CALLS_SET}`);
if (reference.length === 0) {
  console.log(`no vector files in ${SHARED_CALLS_SET}`);
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
