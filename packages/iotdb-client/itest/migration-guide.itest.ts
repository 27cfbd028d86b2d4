// docs/migrating-from-iotdb-client.md: every ```ts run block (our code) runs as written against the
// test server through the built package (only host and port pointed at it), and prints, line for
// line and in order, what its `console.log(...); // x` comments promise. Blocks without `run` are
// the old client's code and must not import ours, so no "after" code escapes the run. The run
// blocks also compile under the repo's strict tsconfig against the built package's types (tsx
// strips types without checking them).
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { server } from "./env.js";
import { guideBlocks, promisedLines } from "./guide-snippets.js";

const packageDir = resolve(import.meta.dirname, "..");
const guidePath = resolve(packageDir, "../../docs/migrating-from-iotdb-client.md");
const blocks = guideBlocks(readFileSync(guidePath, "utf8"));
const runnable = blocks.filter((b) => b.run);

/** Node with these arguments, from the package directory. */
function node(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      args,
      { cwd: packageDir, timeout: 120_000, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => done({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** The promised lines must appear as whole stdout lines, in order (lines in between are allowed: loops print more). */
function missingPromise(promised: readonly string[], stdout: string): string | undefined {
  const squash = (s: string) => s.trim().replace(/\s+/g, " ");
  const lines = stdout.split("\n").map(squash);
  let at = 0;
  for (const want of promised) {
    const found = lines.indexOf(squash(want), at);
    if (found < 0) return want;
    at = found + 1;
  }
  return undefined;
}

/** The built package's SessionDataSet, as the snippets import it. */
test("the guide has after-code for every job, and no block is left unchecked", () => {
  assert.ok(runnable.length >= 9, `only ${runnable.length} runnable blocks found`);
  for (const b of blocks) {
    if (b.run) {
      assert.match(
        b.code,
        'from "@zerowire/iotdb-client"',
        `block at line ${b.line} runs but does not import our package`,
      );
      assert.match(
        b.code,
        'host: "127.0.0.1", port: 6667',
        `block at line ${b.line} does not connect to 127.0.0.1:6667`,
      );
      assert.ok(promisedLines(b.code).length > 0, `block at line ${b.line} promises no output, so it checks nothing`);
    } else {
      assert.not.match(
        b.code,
        "@zerowire/iotdb-client",
        `block at line ${b.line} shows our code but is not marked \`ts run\``,
      );
    }
  }
  for (const section of [
    "Connect, run a statement, close",
    "Insert a tablet (tree model)",
    "Insert records",
    "Query and read rows",
    "Pools",
    "Table model",
    "Errors",
  ]) {
    assert.ok(
      runnable.some((b) => b.section === section),
      `section "${section}" has no \`ts run\` block`,
    );
  }
});

test("the after-blocks compile under strict TypeScript (the repo's tsconfig.base.json) against the built package's types", async () => {
  const dir = resolve(packageDir, `itest/.guide-tsc-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    for (const b of runnable) writeFileSync(resolve(dir, `line-${b.line}.mts`), b.code);
    writeFileSync(
      resolve(dir, "tsconfig.json"),
      JSON.stringify({
        extends: "../../../../tsconfig.base.json",
        compilerOptions: { noEmit: true },
        include: ["*.mts"],
      }),
    );
    const { code, stdout, stderr } = await node([
      resolve(packageDir, "../../node_modules/typescript/bin/tsc"),
      "-p",
      resolve(dir, "tsconfig.json"),
    ]);
    assert.is(code, 0, `tsc found errors (file line-N.mts is the block at line N):\n${stdout}${stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const block of runnable) {
  test(`guide "${block.section}" block at line ${block.line} runs against the server and prints what its comments say`, async () => {
    const dir = resolve(packageDir, `itest/.guide-run-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `line-${block.line}.mts`);
    const preload = resolve(dir, "one-line-logs.mjs");
    // One console.log, one line: arrays and objects are not wrapped at 80 columns.
    writeFileSync(preload, 'import { inspect } from "node:util";\ninspect.defaultOptions.breakLength = Infinity;\n');
    writeFileSync(
      file,
      block.code.replaceAll(
        'host: "127.0.0.1", port: 6667',
        `host: ${JSON.stringify(server.host)}, port: ${server.port}`,
      ),
    );
    try {
      const { code, stdout, stderr } = await node(["--import", "tsx", "--import", pathToFileURL(preload).href, file]);
      assert.is(code, 0, `the block failed:\n${stderr}`);
      const promised = promisedLines(block.code);
      const missing = missingPromise(promised, stdout);
      assert.is(missing, undefined, `output lacks the line ${JSON.stringify(missing)} (in order):\n${stdout}`);
      // Every printed line is promised: a loop that prints two rows shows both (`// a // b`).
      const printed = stdout.split("\n").filter((line) => line.trim() !== "");
      assert.is(
        printed.length,
        promised.length,
        `the block printed ${printed.length} lines, its comments promise ${promised.length}:\n${stdout}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test.run();
