// `pnpm test`: every test suite of the project, in order, each as its own process. Prints a
// summary and a final "N passed, N failed" line (counting test cases and vector checks); exits 1
// if any suite failed.
//
// Environment:
//   VECTORS_DIR          vector directory to check (default ../shared/vectors/java-2.0.5)
//   ZEROWIRE_NO_SHARED=1 run without ../shared (skips the shared-vector check, loudly)
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const uvu = ["--import", "tsx", resolve(root, "node_modules/uvu/bin.js")];
const vectorsDir = resolve(root, process.env.VECTORS_DIR ?? "../shared/vectors/java-2.0.5");

const suites = [
  { name: "unit", cmd: process.execPath, args: [...uvu, "packages", "test/.*\\.test\\.ts$"] },
  // The unit tests again with the portable UTF-8 path forced (TextEncoder/TextDecoder instead of
  // Node's internal Buffer#utf8Write/#utf8Slice; packages/writer/src/buffer-utf8.ts).
  { name: "unit (portable UTF-8)", cmd: process.execPath, args: [...uvu, "packages", "test/.*\\.test\\.ts$"], env: { ZEROWIRE_PORTABLE_UTF8: "1" } },
  { name: "property", cmd: process.execPath, args: [...uvu, "fuzz", ".*\\.prop\\.ts$"] },
  { name: "shared vectors", cmd: process.execPath, args: ["--import", "tsx", "fuzz/vectors/check.ts", vectorsDir], needsShared: true },
  // Starts the project's IoTDB servers (scripts/iotdb-server) unless IOTDB_HOST is set; fails if they cannot start
  // (ZEROWIRE_NO_SERVER=1 skips it, loudly).
  { name: "iotdb-client integration (real server)", cmd: process.execPath, args: ["--import", "tsx", "packages/iotdb-client/itest/run.ts"] },
  { name: "server faults (real server: SIGKILL, SIGSTOP, restart mid-query)", cmd: process.execPath, args: ["--import", "tsx", "packages/iotdb-client/itest/faults/run.ts"] },
  { name: "buffer ownership under load, soak (real server)", cmd: process.execPath, args: ["--import", "tsx", "packages/iotdb-client/itest/load/run.ts"] },
  { name: "bad-input table (real server, nothing sent)", cmd: process.execPath, args: ["--import", "tsx", "packages/iotdb-client/itest/bad-input/run.ts"] },
  { name: "bench unit", cmd: process.execPath, args: [...uvu, "bench", "test/.*\\.test\\.ts$"] },
  // The end-to-end benchmark in smoke mode: a few seconds per client per case against the
  // project's own server, failing unless both clients ran and every point was stored.
  { name: "e2e benchmark smoke", cmd: process.execPath, args: ["--import", "tsx", "bench/e2e/run.ts", "--smoke"] },
  // pnpm pack of each package (prepack rebuilds dist/), npm install of the tarballs outside the
  // workspace, ESM + CommonJS scripts and tsc node16 on .mts/.cts (scripts/pack-test.mjs).
  { name: "packages as published (pack, npm install, ESM, CommonJS, tsc node16)", cmd: process.execPath, args: ["scripts/pack-test.mjs"] },
];

let passed = 0;
let failed = 0;
const summary = [];
for (const suite of suites) {
  if (suite.needsShared && !existsSync(vectorsDir)) {
    if (process.env.ZEROWIRE_NO_SHARED === "1") {
      summary.push(`${suite.name}: NOT RUN (ZEROWIRE_NO_SHARED=1; ${vectorsDir} absent)`);
      continue;
    }
    console.error(`\n${suite.name}: ${vectorsDir} does not exist. Set VECTORS_DIR, or ZEROWIRE_NO_SHARED=1 to opt out.`);
    failed++;
    summary.push(`${suite.name}: FAILED (no vectors)`);
    continue;
  }
  console.log(`\n=== ${suite.name}`);
  const { code, output } = await run(suite.cmd, suite.args, suite.env);
  // A suite that prints no counts (e.g. the benchmark smoke) counts as one test, by its exit code.
  const printed = countResults(output);
  const counts = printed.passed + printed.failed > 0 ? printed : { passed: code === 0 ? 1 : 0, failed: 0 };
  passed += counts.passed;
  failed += counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0);
  summary.push(`${suite.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`}, ${counts.passed} passed, ${counts.failed} failed`);
}

console.log("\n=== summary");
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function run(cmd, args, env = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on("close", (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

/** Reads uvu's "Passed: N" / "Total: N" lines, or a plain "N passed, N failed" line. */
function countResults(output) {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;]*m/g, "");
  const plain = [...text.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  const total = [...text.matchAll(/Total:\s+(\d+)/g)].at(-1);
  const ok = [...text.matchAll(/Passed:\s+(\d+)/g)].at(-1);
  if (total && ok) return { passed: Number(ok[1]), failed: Number(total[1]) - Number(ok[1]) };
  return { passed: 0, failed: 0 };
}
