import { setTimeout as sleep } from "node:timers/promises";
import type { AppendedText } from "./log-reader.js";
import { portAccepts } from "./ports.js";
import { processState } from "./processes.js";

export interface ReadinessProbe {
  label: string;
  pid: number;
  /** The node's log, read from where it ended when the node was spawned. */
  log: AppendedText;
  /** The JVM's stdout/stderr, same reading rule. */
  console: AppendedText;
  readyLine: RegExp;
  port: number;
  timeoutMs: number;
}

const TAIL_LINES = 40;

function failure(probe: ReadinessProbe, reason: string): Error {
  return new Error(
    `${probe.label} (pid ${probe.pid}) ${reason}\n` +
      `--- last lines of its log ---\n${probe.log.tail(TAIL_LINES) || "(empty)"}\n` +
      `--- last lines of its console output ---\n${probe.console.tail(TAIL_LINES) || "(empty)"}`,
  );
}

/** Waits until the node logged its ready line and its port accepts connections. */
export async function waitUntilReady(probe: ReadinessProbe): Promise<void> {
  const deadline = Date.now() + probe.timeoutMs;
  let logged = false;
  for (;;) {
    if (processState(probe.pid) === "gone") throw failure(probe, "exited before it was ready");
    logged ||= probe.readyLine.test(probe.log.read());
    if (logged && (await portAccepts(probe.port))) return;
    if (Date.now() >= deadline) {
      const missing = logged ? `port ${probe.port} never accepted` : `never logged ${probe.readyLine}`;
      throw failure(probe, `was not ready after ${probe.timeoutMs / 1000} s: ${missing}`);
    }
    await sleep(200);
  }
}
