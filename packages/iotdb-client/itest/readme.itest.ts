// The README's examples, run as written (only host and port pointed at the test server) through
// the built package, and the output their comments promise.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { server } from "./env.js";

const packageDir = resolve(import.meta.dirname, "..");
const readme = readFileSync(resolve(packageDir, "README.md"), "utf8");

/** The ```ts block after a heading. */
function example(heading: string): string {
  const at = readme.indexOf(`## ${heading}\n`);
  const match = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (at < 0 || match === null) throw new Error(`README has no ts example under "## ${heading}"`);
  return match[1]!;
}

/** `console.log(...); // text` → text (without a trailing "..."). */
function promisedOutput(code: string): string[] {
  return [...code.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) =>
    m[1]!.replace(/ \.\.\.$/, "").replace(/ \(.*\)$/, ""),
  );
}

function run(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      ["--import", "tsx", file],
      { cwd: packageDir, timeout: 120_000, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => done({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr }),
    ),
  );
}

for (const heading of [
  "Tree model",
  "Table model",
  "Pools",
  "Ingesting a stream of rows",
  "String records",
  "Schema calls (tree model)",
  "Schema templates",
  "Query results",
  "Streams",
  "Cancelling a call",
  "Apache Arrow",
  "Last queries and runtime settings",
  "Shutting down on SIGTERM",
  "Tracing and metrics",
]) {
  test(`README "${heading}" example runs against the server and prints what its comments say`, async () => {
    const code = example(heading);
    assert.match(code, 'from "@zerowire/iotdb-client"');
    assert.match(code, 'host: "127.0.0.1", port: 6667');
    // Inside the package, so "@zerowire/iotdb-client" resolves to the built package itself.
    const dir = resolve(packageDir, `itest/.readme-run-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, `${heading.replace(/ /g, "-")}.mts`);
    writeFileSync(
      file,
      code.replace('host: "127.0.0.1", port: 6667', `host: ${JSON.stringify(server.host)}, port: ${server.port}`),
    );
    try {
      const { code: exit, stdout, stderr } = await run(file);
      assert.is(exit, 0, `the example failed:\n${stderr}`);
      const printed = stdout.replace(/\s+/g, " ");
      for (const line of promisedOutput(code))
        assert.ok(printed.includes(line.replace(/\s+/g, " ")), `output lacks ${JSON.stringify(line)}:\n${stdout}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test.run();
