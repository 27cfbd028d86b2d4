import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export type ProcessState = "running" | "paused" | "gone";

function stateLetter(pid: number, tid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    // The command name in parentheses may contain spaces; the state follows the last ')'.
    return stat.charAt(stat.lastIndexOf(")") + 2);
  } catch {
    return null;
  }
}

const isDead = (letter: string | null) => letter === null || letter === "Z" || letter === "X" || letter === "x";

/**
 * A process counts as gone once all its threads have exited (only then are its sockets
 * closed). A zombie counts as gone: when the starting process has exited, nobody may reap
 * the JVM, yet kill(pid, 0) would still succeed.
 */
export function processState(pid: number): ProcessState {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return "gone";
  }
  const letters = threads.map((tid) => stateLetter(pid, Number(tid)));
  if (letters.every(isDead)) return "gone";
  const leader = stateLetter(pid, pid);
  return leader === "T" || leader === "t" ? "paused" : "running";
}

/** True when pid is alive and its command line contains the argument only our node has. */
export function isOurProcess(pid: number, identifyingArgument: string): boolean {
  if (processState(pid) === "gone") return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(identifyingArgument);
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processState(pid) !== "gone") {
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}

/**
 * SIGTERM (IoTDB's graceful shutdown), then SIGKILL after graceMs. A paused process is
 * continued first, or it could not act on SIGTERM. SIGKILL kills at once.
 */
export async function stopProcess(pid: number, how: "SIGTERM" | "SIGKILL", graceMs: number): Promise<void> {
  if (how === "SIGTERM") {
    signal(pid, "SIGTERM");
    signal(pid, "SIGCONT");
    if (await waitForExit(pid, graceMs)) return;
  }
  signal(pid, "SIGKILL");
  if (!(await waitForExit(pid, 10_000))) throw new Error(`pid ${pid} survived SIGKILL for 10 s`);
}

export function pauseProcess(pid: number): void {
  signal(pid, "SIGSTOP");
}

export function resumeProcess(pid: number): void {
  signal(pid, "SIGCONT");
}
