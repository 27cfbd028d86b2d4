// The steps every decoder's fuzz shares: feeding real bytes' truncations and mutations, running
// a fast-check property as the structured source, and closing with the printed counts and the
// assertions (no failing input, at least the planned number of inputs).
import fc from "fast-check";
import * as assert from "uvu/assert";
import { mutations, truncations } from "./byte-sources.js";
import type { Fuzzer } from "./harness.js";
import { SCALE, SEED } from "./settings.js";
import { type RealSource, sharedVectors } from "./shared-vectors.js";
import { recordTotal } from "./totals.js";

/** Vectors at most this long get every mutation value at every position; longer ones get
 *  ceil(SCALE) values per position (rotating through the list), to keep the CI run short. */
const FULL_MUTATION_BELOW = 4096;

/** False, after printing a NOT RUN line naming what is missing, when no vector set holds `source`. */
export function realBytesPresent(what: string, source: RealSource): boolean {
  const vectors = sharedVectors();
  if (vectors.present[source]) return true;
  console.log(`  NOT RUN: ${what} (${vectors.missing[source]})`);
  return false;
}

/** Every truncation and single-byte mutations of `bytes`. */
export function fuzzRealBytes<C, T>(fuzzer: Fuzzer<C, T>, label: string, bytes: Buffer, context: C): void {
  for (const d of truncations(bytes)) fuzzer.run("truncation", `${label} ${d.change}`, d.bytes, context);
  const perPosition = bytes.length <= FULL_MUTATION_BELOW ? Infinity : Math.ceil(SCALE);
  for (const d of mutations(bytes, perPosition)) fuzzer.run("mutation", `${label} ${d.change}`, d.bytes, context);
}

/** Runs a property for numRuns cases with the run's seed; a failing case is not shrunk (one
 *  slow input must not be replayed hundreds of times) and is printed with its input hex. */
export function checkStructured<C, T, V>(
  fuzzer: Fuzzer<C, T>,
  name: string,
  arbitrary: fc.Arbitrary<V>,
  numRuns: number,
  predicate: (value: V) => void,
): void {
  if (fuzzer.halted)
    assert.unreachable(`${name}: not run, the fuzzer halted after ${fuzzer.totalFailures} failing inputs`);
  const details = fc.check(fc.property(arbitrary, predicate), { numRuns, seed: SEED, endOnFailure: true });
  if (details.failed) {
    fuzzer.takeFailures(); // reported here, with the case
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    assert.unreachable(`${name}: case ${details.numRuns} failed (FUZZ_SEED=${SEED}):\n  ${error}`);
  }
  console.log(`  ${name}: ${details.numRuns} structured cases (seed ${SEED})`);
}

/** Fails the current test with every failing input recorded since the last call. */
export function assertNoFailures<C, T>(fuzzer: Fuzzer<C, T>): void {
  const report = fuzzer.takeFailures();
  if (report !== undefined) assert.unreachable(report);
}

/** Prints the fuzzer's table and asserts that enough inputs ran. */
export function finish<C, T>(fuzzer: Fuzzer<C, T>, minInputs: number): void {
  console.log(`\n${fuzzer.report()}`);
  recordTotal(fuzzer.target.name, fuzzer.inputs);
  assert.ok(
    fuzzer.inputs >= minInputs,
    `${fuzzer.target.name}: ${fuzzer.inputs} inputs, fewer than the ${minInputs} planned` +
      (fuzzer.halted
        ? ` (halted after ${fuzzer.totalFailures} failing inputs)`
        : " (a structured property stops at its first failure)"),
  );
}
