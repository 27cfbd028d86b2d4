// `pnpm bench:e2e [write | query | all | <case>...] [--smoke] [--SETTING=value ...]`: the
// end-to-end benchmark of our client against the official Java client on a real IoTDB server
// (see bench/README.md, "End-to-end benchmark"). Exits 1 when a check failed (points missing,
// failed writes, a client that did not run, reads that disagree, unbounded memory).
import { ConfigError, loadConfig, type Config } from "./config.js";
import { buildJavaHarness } from "./java-process.js";
import { dropQueryData, writeQueryData } from "./query/query-data.js";
import { printQueryTable } from "./query/query-report.js";
import { queryResultCases, runQueryBench } from "./query/query-bench.js";
import { mergeResults, RESULTS_JSON, type ResultCase } from "./results.js";
import { writeChart } from "./chart.js";
import { openServer, type BenchServer } from "./server.js";
import { buildWorkload, WRITE_CASES, type WriteCase } from "./workload.js";
import { runWriteCase, type CaseRun } from "./write-case.js";
import { printWriteTable, writeResultCase } from "./write-report.js";

interface Plan {
  writeCases: WriteCase[];
  query: boolean;
}

function plan(cfg: Config): Plan {
  if (cfg.selectors.length === 0) return { writeCases: [...WRITE_CASES], query: cfg.smoke };
  const out: Plan = { writeCases: [], query: false };
  for (const s of cfg.selectors) {
    if (s === "query") out.query = true;
    else if (s === "write") out.writeCases.push(...WRITE_CASES);
    else if (s === "all") {
      out.writeCases.push(...WRITE_CASES);
      out.query = true;
    } else {
      const c = WRITE_CASES.find((w) => w.name === s || w.alias === s);
      if (c === undefined) throw new ConfigError(`unknown case "${s}"; use write, query, all, or one of ${WRITE_CASES.map((w) => `${w.name} (${w.alias})`).join(", ")}`);
      out.writeCases.push(c);
    }
  }
  return { writeCases: [...new Set(out.writeCases)], query: out.query };
}

async function main(): Promise<number> {
  let cfg: Config;
  let what: Plan;
  try {
    cfg = loadConfig(process.argv.slice(2), process.env);
    what = plan(cfg);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`invalid setting: ${err.message}`);
      return 2;
    }
    throw err;
  }
  if (cfg.smoke) console.log("SMOKE run: a few seconds per client per case; checks that both clients ran and every point was stored");
  if (cfg.clients !== "node" || what.query) buildJavaHarness();

  const problems: string[] = [];
  const resultCases: ResultCase[] = [];
  const server = await openServer(cfg.connection, cfg.serverPort, cfg.serverPortIsExplicit);
  console.log(`server: ${server.description}`);
  try {
    if (what.writeCases.length > 0) resultCases.push(...(await runWrites(server, cfg, what.writeCases, problems)));
    if (what.query) resultCases.push(...(await runQuery(server, cfg, problems)));
  } finally {
    await server.stop();
  }

  if (!cfg.smoke && resultCases.length > 0) {
    const file = mergeResults(resultCases, server.description);
    console.log(`\nwrote ${RESULTS_JSON}\nwrote ${writeChart(file)}`);
  }
  if (problems.length > 0) {
    console.error(`\nFAILED checks:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  console.log(cfg.smoke ? "\nsmoke: OK (both clients ran, every point stored, every read agreed)" : "\nall checks passed");
  return 0;
}

async function runWrites(server: BenchServer, cfg: Config, cases: readonly WriteCase[], problems: string[]): Promise<ResultCase[]> {
  const runs: CaseRun[] = [];
  const settings = {
    clients: cfg.clients,
    warmupRounds: cfg.write.warmupRounds,
    testRounds: cfg.write.testRounds,
    reportIntervalMs: cfg.write.reportIntervalMs,
    javaOpts: cfg.javaOpts,
  };
  for (const c of cases) {
    const run = await runWriteCase(server.endpoint, buildWorkload(c, cfg.write), settings);
    runs.push(run);
    problems.push(...run.problems.map((p) => `${c.name}: ${p}`));
  }
  printWriteTable(runs);
  return runs.map(writeResultCase).filter((c): c is ResultCase => c !== undefined);
}

async function runQuery(server: BenchServer, cfg: Config, problems: string[]): Promise<ResultCase[]> {
  const q = cfg.query;
  const checkBound = !cfg.smoke;
  const rows = checkBound ? Math.max(q.rows, q.boundRows) : q.rows;
  console.log(`\nquery data: writing ${rows} rows x 10 columns with our client ...`);
  const data = await writeQueryData(server.endpoint, rows, cfg.write.typeMix, cfg.write.stringLength, cfg.write.seed);
  try {
    const run = await runQueryBench(server.endpoint, data, q, { checkBound, javaOpts: cfg.javaOpts });
    problems.push(...run.problems.map((p) => `query: ${p}`));
    const cases = queryResultCases(run, q);
    printQueryTable(cases);
    return cases;
  } finally {
    await dropQueryData(server.endpoint);
  }
}

process.exitCode = await main();
