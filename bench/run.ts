// `pnpm bench [suite...] [--full | --quick] [--case=<text>]`: runs the named suites (every file in bench/suites/
// when none is named), prints one table per suite and writes bench/results/<suite>.json.
// Levels (bench/lib/suite.ts BenchLevel): without a flag, the headline run: every suite's table in
// a few minutes (short rounds; the client suite on its headline cases), the first command a
// newcomer runs; --full the run the README's figures come from (the client suite alone takes
// about 15 minutes); --quick (or BENCH_QUICK=1) a smoke run: same cases, numbers that mean little.
// Only a full run writes bench/results/<suite>.json; the others write <suite>.<level>.json.
// --case=<text> (or BENCH_CASE=<text>) times only the cases whose name contains <text>, and writes
// no results file (a partial table must not replace a suite's full results).
import { readdirSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { FULL, HEADLINE, QUICK, measureCase } from "./lib/measure.js";
import { caseResult, printTable, writeResult, type TableRow } from "./lib/report.js";
import type { BenchLevel, Suite } from "./lib/suite.js";

const SUITES_DIR = resolve(import.meta.dirname, "suites");
const USAGE = "usage: pnpm bench [suite...] [--full | --quick] [--case=<text>]";

const args = process.argv.slice(2);
const caseFilter = args.find((a) => a.startsWith("--case="))?.slice("--case=".length) ?? process.env.BENCH_CASE;
const flags = args.filter((a) => a.startsWith("-") && !a.startsWith("--case="));
const unknownFlags = flags.filter((a) => a !== "--quick" && a !== "--full");
if (unknownFlags.length > 0) fail(`unknown option(s) ${unknownFlags.join(" ")}; ${USAGE}`);
if (flags.includes("--quick") && flags.includes("--full")) fail(`--quick and --full exclude each other; ${USAGE}`);
const level: BenchLevel = flags.includes("--full")
  ? "full"
  : flags.includes("--quick") || process.env.BENCH_QUICK === "1"
    ? "quick"
    : "headline";
// Suites read it through benchLevel().
process.env.BENCH_LEVEL = level;

const available = readdirSync(SUITES_DIR)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => basename(f, ".ts"))
  .sort();
const requested = args.filter((a) => !a.startsWith("-"));
for (const name of requested) {
  if (!available.includes(name)) fail(`no suite "${name}" (available: ${available.join(", ")})`);
}
const options = { quick: QUICK, headline: HEADLINE, full: FULL }[level];
const runStarted = Date.now();
if (level === "headline")
  console.log(
    "headline run (a few minutes); `pnpm bench --full` for the full one (the client suite alone takes about 15 minutes)",
  );

for (const name of requested.length > 0 ? requested : available) {
  const suite = await loadSuite(name);
  const started = Date.now();
  if ("run" in suite) {
    console.log(`suite ${name} (${level})`);
    await suite.run(level);
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
    continue;
  }
  console.log(`suite ${name} (${level}): ${options.rounds} rounds x ${options.timeMs} ms per side`);
  const rows: TableRow[] = [];
  for (const c of await suite.cases()) {
    if (caseFilter !== undefined && !c.name.includes(caseFilter)) continue;
    c.check?.();
    const timing = measureCase(c, options);
    const result = caseResult(c, timing);
    console.log(`  ${c.name}: ratio ${result.ratio}`);
    rows.push({ result, target: c.target, roundRatios: timing.roundRatios });
  }
  printTable(name, rows);
  if (caseFilter !== undefined) {
    console.log(`(only cases containing "${caseFilter}": no results file written)`);
    continue;
  }
  const path = writeResult({ suite: name, node: process.version, cases: rows.map((r) => r.result) }, level);
  console.log(`wrote ${path} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
console.log(`bench ${level} run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);

async function loadSuite(name: string): Promise<Suite> {
  const mod = (await import(pathToFileURL(resolve(SUITES_DIR, `${name}.ts`)).href)) as { default?: Suite };
  const suite = mod.default;
  if (
    !suite ||
    (!("cases" in suite && typeof suite.cases === "function") && !("run" in suite && typeof suite.run === "function"))
  ) {
    fail(`bench/suites/${name}.ts must \`export default defineSuite({...})\``);
  }
  if (suite.name !== name) fail(`bench/suites/${name}.ts declares name "${suite.name}"; it must match the file name`);
  return suite;
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
