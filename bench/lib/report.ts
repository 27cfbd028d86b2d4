// Results of a suite: the table printed to the terminal and bench/results/<suite>.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CaseTiming } from "./measure.js";
import { round } from "./stats.js";
import type { BenchCase, BenchLevel } from "./suite.js";

/** One entry of results/<suite>.json; this shape is read by tooling, keep it exact. */
export interface CaseResult {
  name: string;
  ours_ns: number;
  baseline: string;
  baseline_ns: number;
  /** baseline_ns / ours_ns: above 1 means ours is faster. */
  ratio: number;
  /** Only when the baseline was timed by another process in the same run (e.g. a JVM). */
  baseline_measured_by?: string;
}

export interface SuiteResult {
  suite: string;
  node: string;
  cases: CaseResult[];
}

export function caseResult(c: BenchCase, t: CaseTiming): CaseResult {
  const ours = round(t.oursNs, 1);
  const baseline = round(t.baselineNs, 1);
  const result: CaseResult = {
    name: c.name,
    ours_ns: ours,
    baseline: c.baseline.name,
    baseline_ns: baseline,
    ratio: round(baseline / ours, 3),
  };
  if ("measuredBy" in c.baseline) result.baseline_measured_by = c.baseline.measuredBy;
  return result;
}

const RESULTS_DIR = resolve(import.meta.dirname, "../results");

/** Writes results/<suite>.json and returns its path. */
/**
 * results/<suite>.json for a full run (the figures the README quotes); <suite>.<level>.json (not committed) otherwise.
 */
export function resultFileName(suite: string, level: BenchLevel): string {
  return level === "full" ? `${suite}.json` : `${suite}.${level}.json`;
}

export function writeResult(result: SuiteResult, level: BenchLevel): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = resolve(RESULTS_DIR, resultFileName(result.suite, level));
  writeFileSync(path, JSON.stringify(result, null, 2) + "\n");
  return path;
}

export interface TableRow {
  result: CaseResult;
  target: number | undefined;
  roundRatios: number[];
}

/** Prints the suite's table: one line per case, with the spread of per-round ratios. */
export function printTable(suite: string, rows: TableRow[]): void {
  const header = ["case", "ours ns", "baseline", "baseline ns", "ratio", "rounds min..max", "target"];
  const lines = rows.map(({ result: r, target, roundRatios }) => [
    r.name,
    formatNs(r.ours_ns),
    r.baseline_measured_by === undefined ? r.baseline : `${r.baseline}*`,
    formatNs(r.baseline_ns),
    r.ratio.toFixed(2),
    `${Math.min(...roundRatios).toFixed(2)}..${Math.max(...roundRatios).toFixed(2)}`,
    target === undefined ? "" : `${r.ratio >= target ? "ok" : "MISS"} ≥${target}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const numeric = new Set([1, 3, 4]);
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(`\n${suite} (ratio = baseline ns / ours ns; above 1 = ours faster)`);
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
  const external = [...new Set(rows.flatMap(({ result: r }) => r.baseline_measured_by ?? []))];
  for (const by of external) console.log(`* baseline median timed by ${by} in this run; ours timed here`);
}

function formatNs(ns: number): string {
  return ns >= 100 ? Math.round(ns).toLocaleString("en-US") : ns.toFixed(1);
}
