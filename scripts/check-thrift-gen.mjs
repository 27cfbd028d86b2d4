// The committed Thrift-generated code is what its generation step makes of its IDL today: each
// generator below is run into a temporary directory and every file there must equal the committed
// one byte for byte, with none missing or extra. A difference means an IDL, rpc-signatures.ts or
// generator change was committed without regenerating (or generated code was edited by hand): run
// the generator named in the message and commit its output. A suite of `pnpm test`
// (scripts/test.mjs); prints one line per compared directory and "N passed, N failed".
//
// Needs the Thrift 0.17.0 compiler on the PATH (README, "What a machine needs"); without it this
// fails, saying so, rather than passing unchecked.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/**
 * Each generator: its script (run with the temporary root as its one argument) and the directories it writes under that
 * root.
 */
const GENERATORS = [
  {
    script: "packages/iotdb-client/scripts/gen-thrift.sh",
    committed: "packages/iotdb-client",
    dirs: ["src/gen", "test/gen"],
  },
  // gen-test-idl.sh takes the directory itself.
  { script: "packages/thrift/scripts/gen-test-idl.sh", committed: "packages/thrift/test/gen", dirs: ["."] },
];

const version = spawnSync("thrift", ["--version"], { encoding: "utf8" });
if (version.error !== undefined || version.status !== 0) {
  console.error(
    "check-thrift-gen: the Thrift compiler is not on the PATH (needed: thrift 0.17.0; Debian: apt-get install thrift-compiler); the generated code cannot be checked",
  );
  console.log("0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;
for (const generator of GENERATORS) {
  const temp = mkdtempSync(join(tmpdir(), "thrift-gen-check-"));
  try {
    const run = spawnSync("bash", [resolve(root, generator.script), temp], { encoding: "utf8" });
    if (run.status !== 0) {
      console.log(`FAIL ${generator.script} did not run (exit ${run.status}):\n${run.stderr}${run.stdout}`);
      failed++;
      continue;
    }
    for (const dir of generator.dirs) {
      const where = join(generator.committed, dir);
      const problems = compare(resolve(root, where), join(temp, dir));
      if (problems.length === 0) {
        console.log(`ok   ${where}: as ${generator.script} generates it`);
        passed++;
      } else {
        console.log(
          `FAIL ${where} differs from what ${generator.script} generates now (run it and commit the result):`,
        );
        for (const p of problems) console.log(`       ${p}`);
        failed++;
      }
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** The files that differ, are missing from `committed`, or are extra there. */
function compare(committed, generated) {
  const ours = new Set(readdirSync(committed));
  const theirs = new Set(readdirSync(generated));
  const problems = [];
  for (const f of theirs) {
    if (!ours.has(f)) problems.push(`${f}: generated, not committed`);
    else if (!readFileSync(join(committed, f)).equals(readFileSync(join(generated, f))))
      problems.push(`${f}: content differs`);
  }
  for (const f of ours) if (!theirs.has(f)) problems.push(`${f}: committed, not generated`);
  return problems.sort();
}
