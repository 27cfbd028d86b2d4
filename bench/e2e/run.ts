// `pnpm bench:e2e [<mode> | write | query | all | <case>...] [--smoke] [--SETTING=value ...]`: the
// end-to-end benchmark of our client against the official Java client on a real IoTDB server
// (see bench/README.md, "End-to-end benchmark"). Modes (tree, table, cluster, comparison,
// table-comparison) are the existing Node client's benchmark tools with their settings and
// reports. Exits 2 on an invalid setting, 1 when a check failed (points missing, failed writes,
// a client that did not run, reads that disagree, unbounded memory).
import { ConfigError, parseInvocation, type Settings } from "./config.js";
import { openTreeSession } from "./connect.js";
import { buildBenchJava } from "../lib/jvm.js";
import { comparisonMethods, printComparison } from "./parity/comparison.js";
import { printConfiguration, printResults } from "./parity/report.js";
import { dropQueryData, writeQueryData } from "./query/query-data.js";
import { printQueryTable } from "./query/query-report.js";
import { queryResultCases, runQueryBench } from "./query/query-bench.js";
import { mergeResults, RESULTS_JSON, type ResultCase } from "./results.js";
import { writeChart } from "./chart.js";
import { openServer, type BenchServer } from "./server.js";
import { plan, type Plan, type PlannedCases, type PlannedMode } from "./plan.js";
import { MODES } from "./suites.js";
import { CLIENTS_METHOD, methodsOf, runWriteCase, type CaseRun, type CaseSettings } from "./write-case.js";
import { printWriteTable, writeResultCases } from "./write-report.js";

async function main(): Promise<number> {
  let what: Plan;
  try {
    what = plan(parseInvocation(process.argv.slice(2), process.env));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`invalid setting: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const cfg = what.run;
  if (cfg.smoke)
    console.log(
      "SMOKE run: a few seconds per client per case and mode; checks that both clients ran and every point was stored",
    );
  if (cfg.clients !== "node" || what.query !== undefined) buildBenchJava();

  const problems: string[] = [];
  const resultCases: ResultCase[] = [];
  const server = await openServer(cfg.connection, {
    port: cfg.serverPort,
    portIsExplicit: cfg.serverPortIsExplicit,
    timestampPrecision: cfg.write.timestampPrecision,
  });
  console.log(`server: ${server.description}`);
  try {
    const mismatch = await precisionMismatch(server, cfg);
    if (mismatch !== undefined) {
      console.error(`invalid setting: ${mismatch}`);
      return 2;
    }
    if (what.cases !== undefined) resultCases.push(...(await runCases(server, what.cases, problems)));
    if (what.query !== undefined) resultCases.push(...(await runQuery(server, what.query, problems)));
    for (const m of what.modes) await runMode(server, m, problems);
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
  console.log(
    cfg.smoke ? "\nsmoke: OK (both clients ran, every point stored, every read agreed)" : "\nall checks passed",
  );
  return 0;
}

/** A server we did not start may count time in another unit than TIMESTAMP_PRECISION; it refuses such timestamps. */
async function precisionMismatch(server: BenchServer, cfg: Settings): Promise<string | undefined> {
  const session = await openTreeSession(server.endpoint);
  try {
    const serverPrecision = session.timestampPrecision;
    if (serverPrecision === cfg.write.timestampPrecision) return undefined;
    return `TIMESTAMP_PRECISION is ${cfg.write.timestampPrecision}, the server's timestamp_precision is ${serverPrecision} (it refuses timestamps in another unit); set TIMESTAMP_PRECISION=${serverPrecision}`;
  } finally {
    await session.close();
  }
}

function caseSettings(s: Settings, workerCount = s.write.workerCount): CaseSettings {
  const p = s.write;
  return {
    clients: s.clients,
    warmup: { minRounds: p.warmupRounds, untilStable: p.warmupUntilStable, maxRounds: p.warmupMaxRounds },
    testRounds: p.testRounds,
    reportIntervalMs: p.reportIntervalMs,
    javaOpts: s.javaOpts,
    workerCount,
  };
}

async function runCases(server: BenchServer, planned: PlannedCases, problems: string[]): Promise<ResultCase[]> {
  const runs: CaseRun[] = [];
  for (const w of planned.workloads) {
    // The records case sends one insertRecords of every device's rows per loop, and the row-arrival
    // cases share one writer or pool per library: one writer each, no worker processes.
    const single = w.insert !== "tablets";
    const run = await runWriteCase(
      server.endpoint,
      w,
      caseSettings(planned.settings, single ? 1 : planned.settings.write.workerCount),
      methodsOf(w),
    );
    runs.push(run);
    problems.push(...run.problems.map((p) => `${w.name}: ${p}`));
  }
  printWriteTable(runs);
  return runs.flatMap(writeResultCases);
}

async function runMode(server: BenchServer, m: PlannedMode, problems: string[]): Promise<void> {
  const { mode, settings: s, workload: w } = m;
  printConfiguration(mode, s, w, server.description);
  console.log(
    `\n[Data Preparation] one batch template (${w.batchSize} rows × ${w.sensors.length} sensors) shared by all ${w.deviceNumber} devices, ` +
      `generated in ${m.prepareMs.toFixed(0)} ms before the server started`,
  );
  if (s.write.warmupRounds === 0 && !s.write.warmupUntilStable && s.clients === "both") {
    console.log(
      "[Note] WARMUP_ROUNDS=0 (the existing tools' default): the first round of new devices also pays the server's first writes into them " +
        "(its data region, each device's first chunk); for a fair ours/Java ratio set WARMUP_ROUNDS=1 or more",
    );
  }
  const comparison = MODES[mode].kind === "comparison";
  const methods = comparison ? comparisonMethods(w.model, s.comparison.concurrency) : [CLIENTS_METHOD];
  const run = await runWriteCase(
    server.endpoint,
    w,
    caseSettings(s, comparison ? 1 : s.write.workerCount),
    methods,
    comparison,
  );
  problems.push(...run.problems.map((p) => `${mode}: ${p}`));
  if (comparison) printComparison(run, methods, s.comparison.tabletCount);
  else printResults(run, s.write.detailedMetrics);
}

async function runQuery(server: BenchServer, cfg: Settings, problems: string[]): Promise<ResultCase[]> {
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
