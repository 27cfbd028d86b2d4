// `pnpm vectors:shared`: the repo's vector set (vectors/java-2.0.5) against the project's reference
// set beside the repo (../shared/vectors/java-2.0.5), when that exists.
//
// Pairing: by vector `name`. The repo's reference cases (vectors/cases/reference.json) carry the
// names of the reference set's vectors, so every vector both sets name is one case made twice.
// For each pair, the inputs must be equal (as JSON values), and every output field of the
// reference vector must equal the repo vector's: hex fields as strings (byte for byte), all other
// fields as JSON values. Output fields only the repo vector has (e.g. sessionSentNothing) are not
// compared. Reference vectors of a kind the repo's generator does not make are listed as unpaired.
// The session capture (session-capture.json) is compared too: every field but its free-text note.
//
// Without ../shared the check is NOT RUN: it prints so and exits 0 (the repo's own set is checked
// by `pnpm vectors`). The last line is "N passed, N failed" (pairs); exits 1 on any failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { REPO_SET, SHARED_SET } from "./vector-sets.js";
import type { Vector } from "./vector.js";

function readSet(dir: string): Map<string, Vector> {
  const byName = new Map<string, Vector>();
  for (const file of readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.json$/.test(f))
    .sort()) {
    const v = JSON.parse(readFileSync(join(dir, file), "utf8")) as Vector;
    byName.set(v.name, v);
  }
  return byName;
}

/** The first output field of `reference` that `ours` does not reproduce, or undefined. */
function firstDifference(reference: Vector, ours: Vector): string | undefined {
  if (!isDeepStrictEqual(ours.input, reference.input)) return "input differs";
  for (const [key, expected] of Object.entries(reference.output as Record<string, unknown>)) {
    if (!(key in ours.output)) return `output.${key} missing`;
    if (!isDeepStrictEqual(ours.output[key], expected)) return `output.${key} differs`;
  }
  return undefined;
}

if (!existsSync(SHARED_SET)) {
  console.log(`NOT RUN: no reference set at ${SHARED_SET}; the repo's own set is checked by \`pnpm vectors\``);
  process.exit(0);
}
const ours = readSet(REPO_SET);
const reference = readSet(SHARED_SET);
let passed = 0;
let failed = 0;
const unpaired: string[] = [];
for (const [name, ref] of reference) {
  const mine = ours.get(name);
  if (mine === undefined) {
    unpaired.push(`${name} [${ref.kind}]`);
    continue;
  }
  const diff = firstDifference(ref, mine);
  if (diff === undefined) passed++;
  else {
    failed++;
    console.log(`FAIL ${name} [${ref.kind}]: ${diff}`);
  }
}
// The whole-session capture: every field but the free-text note, frames byte for byte.
const CAPTURE = "session-capture.json";
const captureCompared = existsSync(join(SHARED_SET, CAPTURE));
if (captureCompared) {
  const read = (dir: string): Record<string, unknown> | undefined =>
    existsSync(join(dir, CAPTURE)) ? JSON.parse(readFileSync(join(dir, CAPTURE), "utf8")) : undefined;
  const [refCapture, ourCapture] = [read(SHARED_SET)!, read(REPO_SET)];
  const diff =
    ourCapture === undefined
      ? "missing in the repo's set"
      : Object.keys(refCapture)
          .filter((key) => key !== "note" && !isDeepStrictEqual(ourCapture[key], refCapture[key]))
          .map((key) => `${key} differs`)
          .join(", ");
  if (diff === "") passed++;
  else {
    failed++;
    console.log(`FAIL ${CAPTURE}: ${diff}`);
  }
}
console.log(
  `${passed} of ${reference.size + (captureCompared ? 1 : 0)} reference files (${reference.size} vectors paired by name${captureCompared ? ", the session capture" : ""}) identical (${ours.size} vectors in the repo's set)`,
);
if (unpaired.length > 0)
  console.log(`not in the repo's set (its generator does not make them): ${unpaired.join(", ")}`);
if (passed === 0) {
  console.log("no vector paired: the sets share no name");
  failed++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
