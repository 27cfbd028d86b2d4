// bench/results/e2e.json: cases merged by name into what earlier runs wrote (write and query
// cases are measured by separate commands), and the targets each ratio is held to.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const RESULTS_DIR = resolve(import.meta.dirname, "../results");
export const RESULTS_JSON = resolve(RESULTS_DIR, "e2e.json");

export interface ResultCase {
  name: string;
  /** Our client's measured figures (write or query figures). */
  ours: object;
  java: object;
  /** ours / java throughput (points/s or rows/s): above 1 means ours is faster. */
  ratio_throughput: number;
  /** ours / java client CPU per point (or row): below 1 means ours spends less. */
  ratio_cpu: number;
  /** Lowest and highest ratio of one pair of rounds (ours round i / Java round i); CPU: write cases only. */
  ratio_throughput_rounds?: { min: number; max: number };
  ratio_cpu_rounds?: { min: number; max: number };
  settings: object;
  /** The case's targets (TARGETS) and each ratio's verdict against them ("ok ≥1", "MISS ≤0.8"), as printed. */
  targets?: { throughput?: number; cpu?: number };
  verdicts?: { throughput?: string; cpu?: string };
}

export interface ResultFile {
  node: string;
  server: string;
  cases: ResultCase[];
}

/**
 * What each ratio should reach: on the tablet and query cases ours at least as fast as Java and
 * at most Java's CPU, the columnar read at most 0.6 of Java's CPU; the row-arrival cases below.
 */
export const TARGETS: Record<string, { throughput?: number; cpu?: number }> = {
  "e2e-tree-default": { throughput: 1, cpu: 1 },
  "e2e-aligned-default": { throughput: 1, cpu: 1 },
  "e2e-table-default": { throughput: 1, cpu: 1 },
  "e2e-tree-large": { throughput: 1, cpu: 1 },
  "e2e-query-columnar": { cpu: 0.6 },
  "e2e-query-rows": { throughput: 1, cpu: 1 },
  // Row arrival: single rows through the batching writer against Java's hand-batched tablets and
  // its insertRecord per row; concurrent one-row insertRecord calls against Java's thread pool.
  "e2e-ingest-rows": { throughput: 1, cpu: 0.8 },
  "e2e-ingest-rows-per-record": { throughput: 10 },
  "e2e-concurrent-records": { throughput: 2, cpu: 0.5 },
};

const CASE_ORDER = Object.keys(TARGETS);

/** Replaces the cases of the same name in e2e.json (keeping the others) and returns the merged file. */
export function mergeResults(cases: readonly ResultCase[], server: string): ResultFile {
  const previous = readResults();
  const byName = new Map(previous?.cases.map((c) => [c.name, c]) ?? []);
  for (const c of cases) byName.set(c.name, c);
  const merged = [...byName.values()].sort((a, b) => orderOf(a.name) - orderOf(b.name)).map(marked);
  const file: ResultFile = { node: process.version, server, cases: merged };
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(RESULTS_JSON, `${JSON.stringify(file, null, 2)}\n`);
  return file;
}

/** The case with its targets and verdicts (none for a case without targets). */
function marked(c: ResultCase): ResultCase {
  const { targets: _t, verdicts: _v, ...rest } = c;
  const target = TARGETS[c.name];
  if (target === undefined) return rest;
  const verdicts: { throughput?: string; cpu?: string } = {};
  if (target.throughput !== undefined) verdicts.throughput = verdict(c.ratio_throughput, target.throughput, "min");
  if (target.cpu !== undefined) verdicts.cpu = verdict(c.ratio_cpu, target.cpu, "max");
  return { ...rest, targets: target, verdicts };
}

function readResults(): ResultFile | undefined {
  if (!existsSync(RESULTS_JSON)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(RESULTS_JSON, "utf8")) as ResultFile;
    return Array.isArray(parsed.cases) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function orderOf(name: string): number {
  const i = CASE_ORDER.indexOf(name);
  return i === -1 ? CASE_ORDER.length : i;
}

/** "ok ≥1" / "MISS ≥1" for a ratio against its target, or "" without one. */
export function verdict(value: number, target: number | undefined, direction: "min" | "max"): string {
  if (target === undefined) return "";
  const ok = direction === "min" ? value >= target : value <= target;
  return `${ok ? "ok" : "MISS"} ${direction === "min" ? "≥" : "≤"}${target}`;
}
