// TabletBuilder's row stores (row-store.ts) against the plain-array columnar input, through a
// child process (fixtures/builder-rows.ts): every sendable type, nulls, cells of each accepted
// kind, a refused row with extra nulls before one in three rows, across the row at which a row
// store is compiled, a builder starting with a cached one, and more type lists than the cache
// keeps. Run with code generation from strings allowed (compiled row stores) and disallowed (cell
// by cell): each builder's bytes must equal the columnar input's, and the two runs must agree.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";

interface Output {
  canGenerate: boolean;
  builders: {
    types: string;
    fromRows: { timestamps: string; values: string };
    fromColumns: { timestamps: string; values: string };
    refused: { at: [string, number]; named: [string | undefined, number | undefined] }[];
  }[];
}

function run(flags: string[]): Output {
  const fixture = resolve(import.meta.dirname, "fixtures/builder-rows.ts");
  const r = spawnSync(process.execPath, [...flags, "--import", "tsx", fixture], { encoding: "utf8" });
  assert.is(r.status, 0, `builder-rows.ts ${flags.join(" ")} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout) as Output;
}

const compiled = run([]);
const cellByCell = run(["--disallow-code-generation-from-strings"]);

for (const [mode, output, canGenerate] of [
  ["compiled row stores", compiled, true],
  ["cell by cell (no code generation)", cellByCell, false],
] as const) {
  test(`${mode}: rows give the columnar input's bytes; each refused row names its bad cell`, () => {
    assert.is(output.canGenerate, canGenerate, "the child's code generation");
    assert.is(output.builders.length, 72);
    assert.ok(new Set(output.builders.map((b) => b.types)).size > 64, "more type lists than the row-store cache keeps");
    let refusals = 0;
    for (const [k, b] of output.builders.entries()) {
      assert.equal(b.fromRows, b.fromColumns, `builder ${k} (${b.types})`);
      for (const { at, named } of b.refused) assert.equal(named, at, `builder ${k}: refused cell`);
      refusals += b.refused.length;
    }
    assert.ok(refusals > 300, `refused rows: ${refusals}`);
    assert.ok(output.builders[0]!.fromRows.values.length > 10_000);
  });
}

test("both modes write the same bytes and refuse the same rows", () => {
  assert.equal(cellByCell.builders, compiled.builders);
});

test.run();
