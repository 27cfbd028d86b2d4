// The query benchmark: QUERY_ROWS rows x 10 columns read back by our client (rows, columnar
// blocks, Arrow record batches) and by the Java SessionDataSet (RowRecords, DataIterator), each read in a fresh
// process after an untimed warm-up read, the ways rotated round by round. Then each of our ways
// (and Java's best) reads QUERY_BOUND_ROWS rows once: a streaming read's peak RSS must not grow
// with the row count.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import type { QueryParams } from "../config.js";
import { openTreeSession, type Endpoint } from "../connect.js";
import { median, pairedRange, round } from "../../lib/stats.js";
import { JAVA_MAIN, javaCommand } from "../../lib/jvm.js";
import { LIBRARY } from "../figures.js";
import { formatPoints } from "../progress.js";
import type { ResultCase } from "../results.js";
import { querySql, type QueryData } from "./query-data.js";

const run = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, "../../..");
const NODE_READER = resolve(import.meta.dirname, "node-reader.ts");

export type ReadWay = "node-rows" | "node-columnar" | "node-arrow" | "java-iterator" | "java-rows";
const WAYS: readonly ReadWay[] = ["node-rows", "node-columnar", "node-arrow", "java-iterator", "java-rows"];
const NODE_WAYS = ["node-rows", "node-columnar", "node-arrow"] as const;
/** The result case of each of our ways. */
const CASE_NAMES: Record<(typeof NODE_WAYS)[number], string> = {
  "node-rows": "e2e-query-rows",
  "node-columnar": "e2e-query-columnar",
  "node-arrow": "e2e-query-arrow",
};

/**
 * Peak RSS of the QUERY_BOUND_ROWS read may exceed the QUERY_ROWS read's by this factor plus this
 * many MB (GC timing, heap growth before it settles); holding 10 M rows of 10 columns would take
 * gigabytes.
 */
const RSS_BOUND_FACTOR = 1.15;
const RSS_BOUND_SLACK_MB = 32;

export interface ReadResult {
  way: ReadWay;
  rows: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  sums: number[];
}

export interface QueryRun {
  reads: ReadResult[];
  boundReads: ReadResult[];
  problems: string[];
}

export interface QueryBenchOptions {
  /** Also read QUERY_BOUND_ROWS rows and check peak RSS stays bounded. */
  checkBound: boolean;
  javaOpts: readonly string[];
}

export async function runQueryBench(
  e: Endpoint,
  data: QueryData,
  p: QueryParams,
  o: QueryBenchOptions,
): Promise<QueryRun> {
  const out: QueryRun = { reads: [], boundReads: [], problems: [] };
  const warmupSql = querySql(data, p.rows);
  console.log(
    `\nquery: ${p.rows} rows x ${data.sensors.length} columns (${data.sensors.map((s) => s.type).join(",")}), fetch size ${p.fetchSize}`,
  );
  await readUntimed(e, warmupSql);
  for (let r = 0; r < p.rounds; r++) {
    for (let i = 0; i < WAYS.length; i++) {
      const way = WAYS[(i + r) % WAYS.length]!;
      out.reads.push(
        await readOnce(e, way, p, o.javaOpts, warmupSql, querySql(data, p.rows), `round ${r + 1}/${p.rounds}`),
      );
    }
  }
  checkReads(out.reads, p.rows, out.problems);
  if (o.checkBound) {
    const javaBest = bestJavaWay(out.reads);
    for (const way of [...NODE_WAYS, javaBest]) {
      out.boundReads.push(
        await readOnce(e, way, p, o.javaOpts, warmupSql, querySql(data, p.boundRows), `${p.boundRows} rows`),
      );
    }
    checkReads(out.boundReads, p.boundRows, out.problems);
    for (const way of NODE_WAYS) {
      const small = Math.max(...out.reads.filter((r) => r.way === way).map((r) => r.peakRssMb));
      const big = out.boundReads.find((r) => r.way === way)!.peakRssMb;
      if (big > small * RSS_BOUND_FACTOR + RSS_BOUND_SLACK_MB) {
        out.problems.push(
          `${way}: peak RSS ${big.toFixed(0)} MB reading ${p.boundRows} rows vs ${small.toFixed(0)} MB reading ${p.rows}: not bounded`,
        );
      }
    }
  }
  return out;
}

/** One read in this process before any timed one, so the first timed read does not meet the server's cold caches. */
async function readUntimed(e: Endpoint, sql: string): Promise<void> {
  const session = await openTreeSession(e);
  try {
    for await (const _block of (await session.executeQueryStatement(sql)).blocks());
  } finally {
    await session.close();
  }
}

async function readOnce(
  e: Endpoint,
  way: ReadWay,
  p: QueryParams,
  javaOpts: readonly string[],
  warmupSql: string,
  sql: string,
  label: string,
): Promise<ReadResult> {
  const spec = {
    host: e.host,
    port: e.port,
    user: e.user,
    password: e.password,
    fetchSize: p.fetchSize,
    warmupSql,
    sql,
  };
  let line: string;
  if (way.startsWith("node-")) {
    const mode = way.slice("node-".length);
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", NODE_READER, JSON.stringify({ ...spec, mode })],
      { cwd: REPO_ROOT, maxBuffer: 1 << 20 },
    );
    line = stdout;
  } else {
    const mode = way === "java-rows" ? "rows" : "iterator";
    const [java, args] = javaCommand(JAVA_MAIN.e2eQuery, javaOpts, [JSON.stringify({ ...spec, mode })]);
    const { stdout } = await run(java, args, { maxBuffer: 1 << 20 });
    line = stdout;
  }
  const result = { way, ...(JSON.parse(line.trim().split("\n").pop()!) as Omit<ReadResult, "way">) };
  console.log(
    `  ${way.padEnd(14)} ${label.padEnd(16)} ${formatPoints(result.rows)} rows in ${result.seconds.toFixed(2)} s = ` +
      `${formatPoints(result.rows / result.seconds)} rows/s, cpu ${result.cpuSeconds.toFixed(2)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB`,
  );
  return result;
}

/** Every read got every row, and the same per-column sums as the first read. */
function checkReads(reads: readonly ReadResult[], rows: number, problems: string[]): void {
  const reference = reads[0]!;
  for (const r of reads) {
    if (r.rows !== rows) problems.push(`${r.way}: read ${r.rows} rows, expected ${rows}`);
    else if (r.sums.some((s, i) => s !== reference.sums[i])) {
      problems.push(
        `${r.way}: column sums ${JSON.stringify(r.sums)} differ from ${reference.way}'s ${JSON.stringify(reference.sums)}`,
      );
    }
  }
}

interface WayFigures {
  library: string;
  mode: string;
  rows: number;
  rounds: number;
  /** Median over the rounds. */
  rows_per_s: number;
  round_rows_per_s: number[];
  /** Client process CPU seconds per million rows, median over the rounds. */
  cpu_s_per_mrows: number;
  /** Highest peak RSS of the process over the rounds' reads. */
  peak_rss_mb: number;
  /** Peak RSS of the process that read QUERY_BOUND_ROWS rows (when that read ran). */
  peak_rss_mb_bound_read?: number;
  bound_rows?: number;
}

function wayFigures(q: QueryRun, way: ReadWay): WayFigures {
  const reads = q.reads.filter((r) => r.way === way);
  const rates = reads.map((r) => r.rows / r.seconds);
  const figures: WayFigures = {
    library: way.startsWith("node-") ? LIBRARY.node : LIBRARY.java,
    mode: way.replace(/^(node|java)-/, ""),
    rows: reads[0]!.rows,
    rounds: reads.length,
    rows_per_s: Math.round(median(rates)),
    round_rows_per_s: rates.map(Math.round),
    cpu_s_per_mrows: round(median(reads.map((r) => r.cpuSeconds / (r.rows / 1e6))), 4),
    peak_rss_mb: round(Math.max(...reads.map((r) => r.peakRssMb)), 1),
  };
  const bound = q.boundReads.find((r) => r.way === way);
  if (bound !== undefined) {
    figures.peak_rss_mb_bound_read = round(bound.peakRssMb, 1);
    figures.bound_rows = bound.rows;
  }
  return figures;
}

function bestJavaWay(reads: readonly ReadResult[]): ReadWay {
  const rate = (way: ReadWay) => median(reads.filter((r) => r.way === way).map((r) => r.rows / r.seconds));
  return rate("java-iterator") >= rate("java-rows") ? "java-iterator" : "java-rows";
}

/**
 * e2e-query-rows, -columnar and -arrow, each against Java's faster way (the other way alongside; Java has no Arrow
 * read, so the arrow case is compared with Java's fastest read of the same rows).
 */
export function queryResultCases(q: QueryRun, p: QueryParams): ResultCase[] {
  const best = bestJavaWay(q.reads);
  const other: ReadWay = best === "java-iterator" ? "java-rows" : "java-iterator";
  const java = { ...wayFigures(q, best), other_mode: wayFigures(q, other) };
  return NODE_WAYS.map((way) => {
    const ours = wayFigures(q, way);
    return {
      name: CASE_NAMES[way],
      ours,
      java,
      ratio_throughput: round(ours.rows_per_s / java.rows_per_s, 3),
      ratio_cpu: round(ours.cpu_s_per_mrows / java.cpu_s_per_mrows, 3),
      ratio_throughput_rounds: pairedRange(ours.round_rows_per_s, java.round_rows_per_s),
      settings: {
        QUERY_ROWS: p.rows,
        QUERY_BOUND_ROWS: p.boundRows,
        QUERY_ROUNDS: p.rounds,
        FETCH_SIZE: p.fetchSize,
        columns: 10,
      },
    };
  });
}
