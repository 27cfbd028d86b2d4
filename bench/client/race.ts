// The client benchmark's race (`pnpm bench client`): for every case, idle and contended, a fake
// DataNode in its own process and three clients in processes of their own (ours, the Java client,
// the floor), each with SESSIONS sessions open. After a warm-up, rounds alternate the order of
// the sides (ours, Java, floor, then floor, Java, ours, ...) and only one side runs at a time: 10
// concurrent callers for ROUND_MS (CPU per request and requests/s), then 1 caller for half that
// (requests/s). A side's figure is the median over rounds; the spread is the rounds' min..max.
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { spawn, type ChildProcess } from "node:child_process";
import { buildBenchJava, JAVA_MAIN, javaCommand } from "../lib/jvm.js";
import { JsonLinesChild } from "../lib/json-lines-child.js";
import { median } from "../lib/stats.js";
import { CASE_NAMES, caseSpec, javaCase, type CaseName } from "./workload.js";

export const SIDES = ["ours", "java", "floor"] as const;
export type SideName = (typeof SIDES)[number];

export const MODES = {
  idle: { busyUs: 0, what: "instant replies" },
  /** About what the real DataNode spends per 1,000-point request, on its own threads (bench/README.md). */
  contended: { busyUs: 150, what: "150 µs of server CPU per request on 2 worker threads" },
} as const;
export type Mode = keyof typeof MODES;

const SESSIONS = 10;

export interface RaceOptions {
  rounds: number;
  roundMs: number;
  warmupRounds: number;
  cases: readonly CaseName[];
}

export const FULL_RACE: Omit<RaceOptions, "cases"> = { rounds: 3, roundMs: 2000, warmupRounds: 3 };
export const QUICK_RACE: Omit<RaceOptions, "cases"> = { rounds: 1, roundMs: 300, warmupRounds: 1 };
/** `pnpm bench` without --full: two warm-up rounds (the JVM's JIT needs them) and two timed ones. */
export const HEADLINE_RACE: Omit<RaceOptions, "cases"> = { rounds: 2, roundMs: 800, warmupRounds: 2 };
/**
 * The headline run's cases: a 1,000-point tablet insert and a 50,000-cell fetch (each case costs four processes'
 * start-up twice).
 */
export const HEADLINE_CASES: readonly CaseName[] = ["insert-tablet-1k-tree", "fetch-5000x10"];

/** One side's rounds in one mode: 10 callers (cpu, rps) and 1 caller (rps). */
export interface SideRounds {
  cpuUs: number[];
  rps10: number[];
  rps1: number[];
}

export type CaseRounds = Record<Mode, Record<SideName, SideRounds>>;

const HERE = import.meta.dirname;

export async function race(options: RaceOptions, log: (line: string) => void): Promise<Map<CaseName, CaseRounds>> {
  buildBenchJava();
  const out = new Map<CaseName, CaseRounds>();
  for (const name of options.cases) {
    const rounds = {} as CaseRounds;
    for (const mode of Object.keys(MODES) as Mode[]) {
      rounds[mode] = await raceOne(name, mode, options);
      const med = (side: SideName) => median(rounds[mode][side].cpuUs).toFixed(1);
      log(`  ${name} ${mode}: CPU µs/request ours ${med("ours")}, Java ${med("java")}, floor ${med("floor")}`);
    }
    out.set(name, rounds);
  }
  return out;
}

async function raceOne(name: CaseName, mode: Mode, options: RaceOptions): Promise<Record<SideName, SideRounds>> {
  const server = await FakeDataNode.start(name, MODES[mode].busyUs);
  const sides = {
    ours: new JsonLinesChild(
      [process.execPath, ["--import", "tsx", resolve(HERE, "ours-side.ts")]],
      "our client (bench/client/ours-side.ts)",
    ),
    java: new JsonLinesChild(javaCommand(JAVA_MAIN.clientBench, ["-Xms1g", "-Xmx1g"]), "Java client"),
    floor: new JsonLinesChild(
      [process.execPath, ["--import", "tsx", resolve(HERE, "floor-side.ts")]],
      "the floor (bench/client/floor-side.ts)",
    ),
  };
  try {
    for (const side of SIDES) {
      const open = {
        cmd: "open",
        case: name,
        port: server.port,
        sessions: SESSIONS,
        ...(side === "java" ? { spec: javaCase(caseSpec(name)) } : {}),
      };
      await sides[side].request(open, "opened");
    }
    const empty = (): SideRounds => ({ cpuUs: [], rps10: [], rps1: [] });
    const result: Record<SideName, SideRounds> = { ours: empty(), java: empty(), floor: empty() };
    for (let r = 0; r < options.warmupRounds + options.rounds; r++) {
      const order = r % 2 === 0 ? SIDES : [...SIDES].reverse();
      for (const side of order) {
        const many = await sides[side].request(
          { cmd: "round", concurrency: SESSIONS, durationMs: options.roundMs },
          "round",
        );
        const one = await sides[side].request(
          { cmd: "round", concurrency: 1, durationMs: options.roundMs / 2 },
          "round",
        );
        if (r < options.warmupRounds) continue;
        const requests = Number(many.requests);
        if (!(requests > 0) || !(Number(one.requests) > 0))
          throw new Error(`${side} completed no request in a round of ${name} (${mode})`);
        result[side].cpuUs.push(Number(many.cpuUs) / requests);
        result[side].rps10.push(requests / (Number(many.wallMs) / 1000));
        result[side].rps1.push(Number(one.requests) / (Number(one.wallMs) / 1000));
      }
    }
    for (const side of SIDES) await sides[side].request({ cmd: "close" }, "closed");
    return result;
  } finally {
    for (const side of SIDES) sides[side].kill();
    server.stop();
  }
}

/** The fake DataNode process for one case (fake-datanode.ts). */
class FakeDataNode {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(name: CaseName, busyUs: number): Promise<FakeDataNode> {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", resolve(HERE, "fake-datanode.ts"), name, "--busy-us", String(busyUs)],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const port = await new Promise<number>((resolvePort, reject) => {
      child.once("exit", (code) => reject(new Error(`the fake DataNode exited (code ${code}) before listening`)));
      createInterface({ input: child.stdout! }).once("line", (line) =>
        resolvePort((JSON.parse(line) as { port: number }).port),
      );
    });
    return new FakeDataNode(child, port);
  }

  stop(): void {
    this.child.kill();
  }
}

export function allCases(filter: string | undefined): CaseName[] {
  if (filter === undefined || filter === "") return [...CASE_NAMES];
  const names = filter.split(",").map((s) => s.trim());
  for (const n of names)
    if (!CASE_NAMES.includes(n as CaseName))
      throw new Error(`CLIENT_CASES: no case "${n}" (cases: ${CASE_NAMES.join(", ")})`);
  return names as CaseName[];
}
