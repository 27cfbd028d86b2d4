// The client benchmark's table and bench/results/client.json. The top-level figures of each case
// are the contended ones (the real DataNode's situation); `idle` holds the same figures against
// instant replies.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type CaseRounds, type Mode, MODES, type SideName, SIDES } from "./race.js";
import { caseSpec, type CaseName } from "./workload.js";
import { resultFileName } from "../lib/report.js";
import { median, round } from "../lib/stats.js";
import type { BenchLevel } from "../lib/suite.js";

/** Targets on the insert cases: CPU per request ours/Java and ours/floor, both modes. */
export const TARGETS = { ratioJava: 1.0, ratioFloor: 1.5 };

interface ModeFigures {
  ours_cpu_us: number;
  java_cpu_us: number;
  floor_cpu_us: number;
  /** ours/Java CPU per request (below 1: ours spends less). */
  ratio_java: number;
  ratio_floor: number;
  /** min..max of the per-round ours/Java and ours/floor ratios. */
  ratio_java_rounds: [number, number];
  ratio_floor_rounds: [number, number];
  ours_rps_1: number;
  ours_rps_10: number;
  java_rps_1: number;
  java_rps_10: number;
  floor_rps_1: number;
  floor_rps_10: number;
}

export interface ClientCaseResult extends ModeFigures {
  name: CaseName;
  points_per_request: number;
  idle: ModeFigures;
}

export function figures(rounds: CaseRounds, mode: Mode): ModeFigures {
  const r = rounds[mode];
  const cpu = (s: SideName) => round(median(r[s].cpuUs), 1);
  const rps = (s: SideName, which: "rps1" | "rps10") => Math.round(median(r[s][which]));
  const perRound = (other: SideName) => r.ours.cpuUs.map((v, i) => v / r[other].cpuUs[i]!);
  const spread = (xs: number[]): [number, number] => [round(Math.min(...xs), 3), round(Math.max(...xs), 3)];
  return {
    ours_cpu_us: cpu("ours"),
    java_cpu_us: cpu("java"),
    floor_cpu_us: cpu("floor"),
    ratio_java: round(median(r.ours.cpuUs) / median(r.java.cpuUs), 3),
    ratio_floor: round(median(r.ours.cpuUs) / median(r.floor.cpuUs), 3),
    ratio_java_rounds: spread(perRound("java")),
    ratio_floor_rounds: spread(perRound("floor")),
    ours_rps_1: rps("ours", "rps1"),
    ours_rps_10: rps("ours", "rps10"),
    java_rps_1: rps("java", "rps1"),
    java_rps_10: rps("java", "rps10"),
    floor_rps_1: rps("floor", "rps1"),
    floor_rps_10: rps("floor", "rps10"),
  };
}

export function caseResults(all: Map<CaseName, CaseRounds>): ClientCaseResult[] {
  return [...all].map(([name, rounds]) => ({
    name,
    points_per_request: caseSpec(name).points,
    ...figures(rounds, "contended"),
    idle: figures(rounds, "idle"),
  }));
}

export function printClientTables(results: readonly ClientCaseResult[]): void {
  for (const mode of Object.keys(MODES) as Mode[]) {
    console.log(
      `\nclient, ${mode} (${MODES[mode].what}); CPU µs per request with 10 callers, ratio = ours / other (below 1 = ours cheaper)`,
    );
    const header = [
      "case",
      "ours µs",
      "Java µs",
      "floor µs",
      "ours/Java",
      "rounds",
      "ours/floor",
      "rounds",
      "req/s x10 ours/Java/floor",
      "req/s x1 ours/Java/floor",
      "target",
    ];
    const lines = results.map((c) => {
      const f = mode === "contended" ? c : c.idle;
      const insert = c.name.startsWith("insert-");
      const met = f.ratio_java <= TARGETS.ratioJava && f.ratio_floor <= TARGETS.ratioFloor;
      return [
        c.name,
        f.ours_cpu_us.toFixed(1),
        f.java_cpu_us.toFixed(1),
        f.floor_cpu_us.toFixed(1),
        f.ratio_java.toFixed(2),
        `${f.ratio_java_rounds[0].toFixed(2)}..${f.ratio_java_rounds[1].toFixed(2)}`,
        f.ratio_floor.toFixed(2),
        `${f.ratio_floor_rounds[0].toFixed(2)}..${f.ratio_floor_rounds[1].toFixed(2)}`,
        `${f.ours_rps_10}/${f.java_rps_10}/${f.floor_rps_10}`,
        `${f.ours_rps_1}/${f.java_rps_1}/${f.floor_rps_1}`,
        insert ? `${met ? "ok" : "MISS"} ≤${TARGETS.ratioJava} Java, ≤${TARGETS.ratioFloor} floor` : "",
      ];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const fmt = (cells: string[]) =>
      cells
        .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
        .join("  ")
        .trimEnd();
    console.log(fmt(header));
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    for (const l of lines) console.log(fmt(l));
  }
}

export function writeClientResults(
  results: readonly ClientCaseResult[],
  settings: Record<string, unknown>,
  level: BenchLevel,
): string {
  const dir = resolve(import.meta.dirname, "../results");
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, resultFileName("client", level));
  const modes = Object.fromEntries(Object.entries(MODES).map(([k, v]) => [k, v.what]));
  writeFileSync(
    path,
    `${JSON.stringify({ suite: "client", node: process.version, sides: SIDES, modes, settings, cases: results }, null, 2)}\n`,
  );
  return path;
}
