// Differential fuzz against the official Java client (org.apache.iotdb:iotdb-session:2.0.5):
// random tablets, records and TsBlocks go through fuzz/java in ONE JVM; our codec must produce the
// same bytes (and decode the TsBlocks the same; lone surrogates in values become '?' as in Java),
// reject what Java rejects, and reject empty names and names with lone surrogates (project policy).
// A failure is shrunk and written to fuzz/codec-java/failures/.
//
//   JAVA_DIFF_CASES=<n>           cases per run (default 1000)
//   JAVA_DIFF_SEED=<n>            replay a run (the seed is printed; random by default)
//   JAVA_DIFF_SHRINK_SECONDS=<n>  time for shrinking failures (default 60)
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runDifferential } from "./differential.js";
import { prepareJava } from "./java-batch.js";

const count = Number(process.env.JAVA_DIFF_CASES ?? 1000);
const seed =
  process.env.JAVA_DIFF_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.JAVA_DIFF_SEED);
const shrinkSeconds = Number(process.env.JAVA_DIFF_SHRINK_SECONDS ?? 60);

test(`codec vs the Java client: ${count} random cases (seed ${seed})`, async () => {
  assert.ok(
    Number.isInteger(count) && count >= 1,
    `JAVA_DIFF_CASES must be a positive integer, got ${process.env.JAVA_DIFF_CASES}`,
  );
  assert.ok(Number.isInteger(seed), `JAVA_DIFF_SEED must be an integer, got ${process.env.JAVA_DIFF_SEED}`);
  const started = performance.now();
  prepareJava(); // throws (fails the test) when java or mvn is missing
  console.log(`\n  Java differential fuzz: seed ${seed} (replay: JAVA_DIFF_SEED=${seed} JAVA_DIFF_CASES=${count})`);
  const s = await runDifferential({ seed, count, shrinkSeconds, maxShrunk: 4, log: (line) => console.log(line) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\n  cases generated: ${s.generated} (${Object.entries(s.generatedBy)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")})` +
      `\n  compared with Java's bytes: ${s.compared} (Java sent nothing: ${s.javaSentNothing}; lone surrogates in values: ${s.loneSurrogateValues})` +
      `\n  rejected by both: ${s.rejectedByBoth}` +
      `\n  bad names rejected by our encoder (policy, judged without Java): ${s.policyRejected} of ${s.policyCases}` +
      `\n  mismatches: ${s.mismatches}` +
      [...s.failureKinds].map(([k, n]) => `\n    ${n} x ${k}`).join("") +
      `\n  (${seconds} s, seed ${seed})`,
  );
  assert.is(
    s.mismatches,
    0,
    `${s.mismatches} case(s) differ from the Java client or the policy; minimal vectors: ${s.failureFiles.join(", ")}`,
  );
  // Not vacuous: the batch really compared bytes of every kind and exercised the rejection paths.
  for (const kind of ["valid tablet", "valid tsblock"])
    assert.ok((s.generatedBy[kind] ?? 0) > 0, `no ${kind} case generated`);
  assert.ok(s.compared >= s.generated * 0.8, `only ${s.compared} of ${s.generated} cases were compared byte for byte`);
  if (count >= 200) {
    assert.ok(s.rejectedByBoth > 0 && s.policyCases > 0, "no rejection case generated");
    assert.ok(s.loneSurrogateValues > 0, "no case with a lone surrogate in a value was compared");
  }
});

test.run();
