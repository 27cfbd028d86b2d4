#!/usr/bin/env node
// `pnpm check`: the cheap checks that the committed text is as its tools would make it. Code
// formatted (Biome, biome.jsonc), lint clean with no unused suppression comment and no leftover
// eslint-disable comment, no comment line over the line width (scripts/wrap-comments.mjs), and
// the generated files equal to what their generators make now (each generator's --check renders
// into memory and compares). Seconds, no build needed; scripts/test.mjs runs it first in
// `pnpm test`.
//
// Each check prints ok or FAILED with the command that fixes it; the last line is
// "N passed, N failed"; exit 1 if any failed.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const biome = [resolve(root, "node_modules/@biomejs/biome/bin/biome")];

const CHECKS = [
  { name: "formatting (biome format)", args: [...biome, "format", "--max-diagnostics=10", "."], fix: "pnpm format" },
  {
    // Warnings fail too, and so does a suppression comment that suppresses nothing (suppressions/unused).
    name: "lint (biome lint, warnings and unused suppressions fail)",
    args: [...biome, "lint", "--error-on-warnings", "--max-diagnostics=20", "."],
    fix: "pnpm format applies the safe fixes; the rest by hand (or a biome-ignore comment with its reason)",
  },
  {
    // The repo has no ESLint: such a comment can only be a leftover (Biome's are biome-ignore).
    name: "no eslint-disable/enable comments",
    cmd: "git",
    args: [
      "grep",
      "-nE",
      "eslint-(disable|enable)",
      "--",
      "*.ts",
      "*.?ts",
      "*.js",
      "*.?js",
      ":!**/gen/**",
      ":!scripts/check.mjs",
    ],
    expectExit: 1,
    fix: "remove them (a Biome rule is suppressed with // biome-ignore <rule>: <reason>)",
  },
  { name: "comment lines within the line width", args: ["scripts/wrap-comments.mjs", "--check"], fix: "pnpm format" },
  {
    name: "wrap-comments unit tests (scripts/test)",
    args: [resolve(root, "node_modules/uvu/bin.js"), "scripts", "test/.*\\.test\\.mjs$"],
    fix: "scripts/wrap-comments.mjs (a test failed: see above)",
  },
  {
    name: "packages/writer/src/*-wasm.ts are their .wat assembled",
    args: ["scripts/wasm-modules.mjs", "--check"],
    fix: "node scripts/wasm-modules.mjs",
  },
  {
    name: "docs/java-api-methods.txt is javap of the Java client's jars",
    args: ["scripts/java-api-methods.mjs", "--check"],
    fix: "node scripts/java-api-methods.mjs",
  },
];

let passed = 0;
let failed = 0;
for (const check of CHECKS) {
  const started = performance.now();
  const { code, output } = await run(check.cmd ?? process.execPath, check.args);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code === (check.expectExit ?? 0)) {
    passed++;
    console.log(`ok ${check.name} (${seconds} s)`);
  } else {
    // Output only when it failed: a passing check is one line.
    process.stdout.write(output);
    failed++;
    console.log(`FAILED ${check.name} (${seconds} s); to fix: ${check.fix}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function run(cmd, args) {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => done({ code: -1, output: `${error.message}\n` }));
    child.on("close", (code) => done({ code: code ?? -1, output }));
  });
}
