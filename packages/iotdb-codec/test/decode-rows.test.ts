// A result block's rows (query/row-reader.ts) against the values their TsBlocks were built from,
// through a child process (fixtures/block-rows.ts, which checks every row itself): every type,
// with and without nulls, every int64 and float32 mode, blocks either side of the size that
// compiles a row function, and more lists of field types than the compiled-row cache keeps. Run
// with code generation from strings allowed (compiled row functions for blocks of 16 rows or
// more) and disallowed (every block read by the loop): both must read every row right.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

interface Output {
  canGenerate: boolean;
  generated: number;
  rowsChecked: number;
  lists: number;
  refusals: number;
}

function run(flags: string[]): Output {
  const fixture = resolve(import.meta.dirname, "fixtures/block-rows.ts");
  const r = spawnSync(process.execPath, [...flags, "--import", "tsx", fixture], { encoding: "utf8" });
  assert.is(r.status, 0, `block-rows.ts ${flags.join(" ")} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Output;
}

for (const [mode, flags, canGenerate] of [
  ["compiled row functions", [], true],
  ["the loop (no code generation)", ["--disallow-code-generation-from-strings"], false],
] as const) {
  test(`${mode}: every row of every block holds the cells it was built from`, () => {
    const output = run([...flags]);
    assert.is(output.canGenerate, canGenerate, "the child's code generation");
    // 10 blocks of 1-300 rows and 70 of 20, each read twice in 4 modes; 1 refusal of an int64 beyond 2^53.
    assert.is(output.rowsChecked, 4 * (2 * (1 + 15 + 16 + 40 + 300) + 70 * 20));
    assert.is(output.refusals, 1);
    assert.ok(output.lists > 64, `type lists: ${output.lists}`);
    // Allowed: the cache's 64 row functions (blocks of 1 and 15 rows compile none), plus the
    // child's own probe. Disallowed: nothing.
    assert.is(output.generated, canGenerate ? 65 : 0, "functions generated from strings");
  });
}

test.run();
