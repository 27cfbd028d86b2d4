// The Node sides of the client benchmark (ours, the floor) run in child processes of their own,
// so that process CPU time is the side's alone. One JSON command per stdin line, one JSON answer
// per stdout line (the Java harness speaks the same protocol):
//   {"cmd":"open","case":NAME,"port":P,"sessions":S} -> {"event":"opened"}
//   {"cmd":"round","concurrency":C,"durationMs":D}   -> {"event":"round","requests":N,"wallMs":W,"cpuUs":U}
//   {"cmd":"close"}                                  -> {"event":"closed"}, then exit
// A round runs C callers, caller i looping one request after another on session i, until D ms
// have passed; CPU is process.cpuUsage() (every thread of the process) over the round.
import { createInterface } from "node:readline";
import type { CaseName } from "./workload.js";

export interface Side {
  /** Connects `sessions` sessions (or sockets) to the fake server and prepares the case's input. */
  open(caseName: CaseName, port: number, sessions: number): Promise<void>;
  /** One request of the case on session `i`. */
  request(i: number): Promise<void>;
  close(): Promise<void>;
}

interface Command {
  cmd: "open" | "round" | "close";
  case?: CaseName;
  port?: number;
  sessions?: number;
  concurrency?: number;
  durationMs?: number;
}

export async function serveSide(side: Side): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  // The parent going away ends the child (stdin closes).
  lines.on("close", () => process.exit(0));
  for await (const line of lines) {
    const command = JSON.parse(line) as Command;
    try {
      if (command.cmd === "open") {
        await side.open(command.case!, command.port!, command.sessions!);
        emit({ event: "opened" });
      } else if (command.cmd === "round") {
        emit({ event: "round", ...(await round(side, command.concurrency!, command.durationMs!)) });
      } else {
        await side.close();
        emit({ event: "closed" });
        process.exit(0);
      }
    } catch (e) {
      emit({ event: "error", message: (e as Error).stack ?? String(e) });
      process.exit(1);
    }
  }
}

async function round(
  side: Side,
  concurrency: number,
  durationMs: number,
): Promise<{ requests: number; wallMs: number; cpuUs: number }> {
  let requests = 0;
  const cpuBefore = process.cpuUsage();
  const begin = performance.now();
  const deadline = begin + durationMs;
  const caller = async (i: number): Promise<void> => {
    while (performance.now() < deadline) {
      await side.request(i);
      requests++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => caller(i)));
  const wallMs = performance.now() - begin;
  const cpu = process.cpuUsage(cpuBefore);
  return { requests, wallMs, cpuUs: cpu.user + cpu.system };
}

function emit(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}
