// `pnpm vectors [dir]`: checks every vector file in a directory (default: the repo's set,
// vectors/java-2.0.5, or VECTORS_DIR) against our codec (session-call vectors: replayed through
// our Session, check-session-calls.ts). Prints each failure with the vector, the section and the first differing
// offset;
// the last line is "N passed, N failed" (counting individual checks); exits 1 on any failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { checkers } from "./checkers.js";
import { vectorsDir } from "./vector-sets.js";
import type { CheckResult, Vector } from "./vector.js";

const SKIPPED_FILES = new Set(["index.json", "session-capture.json"]);

async function main(dir: string): Promise<number> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json") && !SKIPPED_FILES.has(f))
    .sort();
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const vector = JSON.parse(readFileSync(join(dir, file), "utf8")) as Vector;
    const checker = checkers[vector.kind];
    let result: CheckResult;
    if (checker === undefined) {
      result = {
        passed: [],
        failures: [{ check: "kind", message: `no checker for kind ${JSON.stringify(vector.kind)}` }],
      };
    } else {
      try {
        result = await checker(vector);
      } catch (err) {
        result = { passed: [], failures: [{ check: "run", message: `threw ${(err as Error)?.stack ?? err}` }] };
      }
    }
    passed += result.passed.length;
    failed += result.failures.length;
    for (const f of result.failures) console.log(`FAIL ${file} [${vector.kind}] ${f.check}: ${f.message}`);
    if (result.failures.length === 0) console.log(`ok   ${file} (${result.passed.length} checks)`);
  }
  if (files.length === 0) {
    console.log(`no vector files in ${dir}`);
    failed++;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

// `--if-present DIR`: a directory that may be absent (the reference sets beside the repo): then
// "NOT RUN: ..." and exit 0, which pnpm test lists as not run.
const ifPresent = process.argv[2] === "--if-present";
const dir = process.argv[ifPresent ? 3 : 2];
const target = dir === undefined ? vectorsDir : resolve(process.env.INIT_CWD ?? process.cwd(), dir);
if (ifPresent && !existsSync(target)) {
  console.log(`NOT RUN: ${target} does not exist`);
  process.exit(0);
}
process.exit(await main(target));
