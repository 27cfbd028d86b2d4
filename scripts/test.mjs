// `pnpm test`: every test suite of the project, in order, each as its own process. First checks
// that the machine has every tool the suites spawn (scripts/prerequisites.mjs) and stops, naming
// what is missing, if not. Prints a summary and a final "N passed, N failed" line (counting test
// cases and vector checks); exits 1 if any suite failed.
//
// Tiers: `node scripts/test.mjs <tier>...` runs only the suites of those tiers, same output.
//   unit      uvu tests of the packages and bench/e2e: no server, no JDK (`pnpm test:unit`).
//   property  the property tests that need no Java (`pnpm test:property`): no server, no JDK,
//             but minutes of CPU at their fixed case counts, so a tier of their own.
//   vectors   the committed Java vectors, replayed (`pnpm test:vectors`); no JDK.
//   server    the suites that start IoTDB servers or a JVM, and the pack-and-install test
//             (`pnpm test:server`); checks the prerequisites first.
// Run as tiers, the unit and property tiers resolve the packages through the "source" export
// condition (src/*.ts under tsx, in NODE_OPTIONS so child processes do too): a client test sees
// a change to the writer without a build. (The tests of the built dist/ itself, e.g. the
// client's test/package.test.ts, still read the last build.)
// With no tier (`pnpm test`, after `pnpm build`), all of them, the unit tier against the built
// dist/ as users get it (plus the portable UTF-8 run), and the prerequisites checked first.
//
// The vector suites check the repo's own sets (vectors/java-2.0.5, vectors/java-2.0.5-calls); the
// cross-checks against the reference sets beside the repo (../shared/vectors/java-2.0.5 and
// java-2.0.5-calls) run when those exist and report NOT RUN otherwise, so a clone with nothing
// beside it passes.
//
// Environment:
//   VECTORS_DIR          vector directory the vector suite and the tests read (default vectors/java-2.0.5)
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { checkPrerequisites } from "./prerequisites.mjs";

const root = resolve(import.meta.dirname, "..");
const uvu = ["--import", "tsx", resolve(root, "node_modules/uvu/bin.js")];

const TIERS = ["unit", "property", "vectors", "server"];
const chosen = process.argv.slice(2);
for (const t of chosen) {
  if (!TIERS.includes(t)) {
    console.error(`scripts/test.mjs: unknown tier ${t} (tiers: ${TIERS.join(", ")})`);
    process.exit(2);
  }
}
const everything = chosen.length === 0;

const missingTools = everything || chosen.includes("server") ? checkPrerequisites() : [];
if (missingTools.length > 0) {
  console.error('pnpm test: this machine lacks what the suites need (see README, "What a machine needs"):');
  for (const problem of missingTools) console.error(`  missing: ${problem}`);
  console.error("0 passed, 1 failed");
  process.exit(1);
}

const suites = [
  // Formatting, lint, comment line width, generated files equal to their generators' output
  // (scripts/check.mjs; seconds, but its javap check needs the JDK and the Java client's jars, so
  // the vectors tier): a failure names the command that fixes it.
  {
    tier: "vectors",
    name: "code style and generated files (pnpm check)",
    cmd: process.execPath,
    args: ["scripts/check.mjs"],
  },
  // Regenerates the committed Thrift output (the client's src/gen and test/gen, the thrift
  // package's test/gen) into a temporary directory and fails on any difference. Needs the thrift
  // compiler, so not the unit tier.
  {
    tier: "server",
    name: "generated Thrift code equals its generators' output",
    cmd: process.execPath,
    args: ["scripts/check-thrift-gen.mjs"],
  },
  {
    tier: "unit",
    name: "unit",
    cmd: process.execPath,
    args: [...uvu, "packages", "test/.*\\.test\\.ts$"],
    // As a tier (`pnpm test:unit`): two processes at once, the client's tests and the other
    // packages', one per core (about half the wall time of one process); `pnpm test` runs one.
    parts: [
      [...uvu, "packages", "^iotdb-client/test/.*\\.test\\.ts$"],
      [...uvu, "packages", "^(writer|thrift|iotdb-codec)/test/.*\\.test\\.ts$"],
    ],
  },
  // The unit tests again with the portable UTF-8 path forced (TextEncoder/TextDecoder instead of
  // Node's internal Buffer#utf8Write/#utf8Slice; packages/writer/src/buffer-utf8.ts).
  {
    tier: "unit",
    full: true,
    name: "unit (portable UTF-8)",
    cmd: process.execPath,
    args: [...uvu, "packages", "test/.*\\.test\\.ts$"],
    env: { ZEROWIRE_PORTABLE_UTF8: "1" },
  },
  {
    tier: "property",
    name: "property",
    cmd: process.execPath,
    args: [...uvu, "fuzz", "^(?!codec-java/).*\\.prop\\.ts$"],
  },
  // The differential fuzz against the Java client: one JVM (fuzz/java), so not the unit tier.
  {
    tier: "server",
    name: "property: Java differential",
    cmd: process.execPath,
    args: [...uvu, "fuzz", "^codec-java/.*\\.prop\\.ts$"],
  },
  {
    tier: "vectors",
    name: "Java vectors (the repo's set, or VECTORS_DIR)",
    cmd: process.execPath,
    args: ["--import", "tsx", "fuzz/vectors/check.ts"],
  },
  // Pairs the repo's vectors with ../shared/vectors/java-2.0.5 by name; NOT RUN (exit 0) without it.
  {
    tier: "vectors",
    name: "Java vectors: repo set vs reference set beside the repo",
    cmd: process.execPath,
    args: ["--import", "tsx", "fuzz/vectors/cross-check.ts"],
  },
  // The repo's Java Session call sequences (string records, records as tablets, templates,
  // setTimeZone, last queries, query settings), replayed through our Session frame by frame.
  {
    tier: "vectors",
    name: "Java session-call vectors (the repo's set)",
    cmd: process.execPath,
    args: ["--import", "tsx", "fuzz/vectors/check.ts", resolve(root, "vectors/java-2.0.5-calls")],
  },
  // The repo's call vectors equal ../shared/vectors/java-2.0.5-calls file by file; NOT RUN (exit 0) without it.
  {
    tier: "vectors",
    name: "Java session-call vectors: repo set vs reference set beside the repo",
    cmd: process.execPath,
    args: ["--import", "tsx", "fuzz/vectors/cross-check-calls.ts"],
  },
  // Starts the project's IoTDB servers (scripts/iotdb-server) unless IOTDB_HOST is set; fails if they cannot start
  // (ZEROWIRE_NO_SERVER=1 skips it, loudly).
  {
    tier: "server",
    name: "iotdb-client integration (real server)",
    cmd: process.execPath,
    args: ["--import", "tsx", "packages/iotdb-client/itest/run.ts"],
  },
  {
    tier: "server",
    name: "server faults (real server: SIGKILL, SIGSTOP, restart mid-query)",
    cmd: process.execPath,
    args: ["--import", "tsx", "packages/iotdb-client/itest/faults/run.ts"],
  },
  {
    tier: "server",
    name: "buffer ownership under load, soak (real server)",
    cmd: process.execPath,
    args: ["--import", "tsx", "packages/iotdb-client/itest/load/run.ts"],
  },
  {
    tier: "server",
    name: "bad-input table (real server, nothing sent)",
    cmd: process.execPath,
    args: ["--import", "tsx", "packages/iotdb-client/itest/bad-input/run.ts"],
  },
  { tier: "unit", name: "bench unit", cmd: process.execPath, args: [...uvu, "bench", "test/.*\\.test\\.ts$"] },
  // The end-to-end benchmark in smoke mode: a few seconds per client per case against the
  // project's own server, failing unless both clients ran and every point was stored.
  {
    tier: "server",
    name: "e2e benchmark smoke",
    cmd: process.execPath,
    args: ["--import", "tsx", "bench/e2e/run.ts", "--smoke"],
  },
  // pnpm pack of each package (prepack rebuilds dist/), npm install of the tarballs outside the
  // workspace, the client's production tree; under the oldest Node of each claimed line and this
  // one: ESM + CommonJS scripts, tsc node16 and tsx on .mts/.cts, a round trip against its own
  // IoTDB server on port 9067 (scripts/pack-test.mjs).
  {
    tier: "server",
    name: "packages as published (pack, npm install, npm ls; per Node version: ESM, CommonJS, tsc node16, tsx, round trip)",
    cmd: process.execPath,
    args: ["scripts/pack-test.mjs"],
  },
];

// A tier run on its own (`pnpm test:unit`) is the maintainer's loop: the packages' sources, no
// build; `pnpm test` checks the built packages (no "source" condition).
// tsx goes in NODE_OPTIONS too (the URL "--import tsx" resolves to, so it loads once), for the
// node processes tests spawn.
const sourceEnv = everything
  ? {}
  : {
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --conditions=source --import=${import.meta.resolve("tsx")}`.trim(),
    };

let passed = 0;
let failed = 0;
const summary = [];
for (const suite of suites.filter((s) => everything || (chosen.includes(s.tier) && !s.full))) {
  console.log(`\n=== ${suite.name}`);
  const started = Date.now();
  const env = { ...(suite.tier === "unit" || suite.tier === "property" ? sourceEnv : {}), ...suite.env };
  const { code, output } =
    !everything && suite.parts !== undefined
      ? await runParts(suite.cmd, suite.parts, env)
      : await run(suite.cmd, suite.args, env);
  console.log(`(${suite.name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const printed = countResults(output);
  // A suite that exits 0 after a "NOT RUN: <reason>" line and no counts (the cross-check without
  // ../shared) counts as nothing and is listed as not run.
  if (code === 0 && printed.passed + printed.failed === 0 && /^NOT RUN: /m.test(output)) {
    summary.push(`${suite.name}: NOT RUN (${/^NOT RUN: (.*)$/m.exec(output)[1]})`);
    continue;
  }
  // A suite that prints no counts (e.g. the benchmark smoke) counts as one test, by its exit code.
  const counts = printed.passed + printed.failed > 0 ? printed : { passed: code === 0 ? 1 : 0, failed: 0 };
  passed += counts.passed;
  failed += counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0);
  summary.push(
    `${suite.name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`}, ${counts.passed} passed, ${counts.failed} failed`,
  );
}

console.log("\n=== summary");
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** The parts at once, each one's output printed whole when it ends; counts and exit code summed. */
async function runParts(cmd, parts, env) {
  const results = await Promise.all(parts.map((args) => run(cmd, args, env, false)));
  let passed = 0;
  let failed = 0;
  for (const { output } of results) {
    process.stdout.write(output);
    const counts = countResults(output);
    passed += counts.passed;
    failed += counts.failed;
  }
  const code = results.find((r) => r.code !== 0)?.code ?? 0;
  // One plain closing line for the whole suite (countResults reads the last one).
  const closing = `${passed} passed, ${failed} failed\n`;
  process.stdout.write(closing);
  return { code, output: results.map((r) => r.output).join("") + closing };
}

function run(cmd, args, env = {}, echo = true) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      if (echo) process.stdout.write(chunk);
      output += chunk;
    });
    child.on("close", (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

/** Reads uvu's "Passed: N" / "Total: N" lines, or a plain "N passed, N failed" line. */
function countResults(output) {
  const text = stripVTControlCharacters(output);
  const plain = [...text.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  const total = [...text.matchAll(/Total:\s+(\d+)/g)].at(-1);
  const ok = [...text.matchAll(/Passed:\s+(\d+)/g)].at(-1);
  if (total && ok) return { passed: Number(ok[1]), failed: Number(total[1]) - Number(ok[1]) };
  return { passed: 0, failed: 0 };
}
