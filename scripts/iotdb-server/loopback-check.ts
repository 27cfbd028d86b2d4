import { execFileSync } from "node:child_process";

const LOOPBACK_LISTENER = /^(?:127\.0\.0\.1|\[::ffff:127\.0\.0\.1\]|\[::1\]):\d+$/;

export interface Listener {
  pid: number;
  address: string;
}

/** TCP listeners owned by the given pids, from `ss -ltnpH`. */
export function listenersOf(pids: number[]): Listener[] {
  const output = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  const listeners: Listener[] = [];
  for (const line of output.split("\n")) {
    const address = line.trim().split(/\s+/)[3];
    for (const match of line.matchAll(/pid=(\d+)/g)) {
      const pid = Number(match[1]);
      if (address && pids.includes(pid)) listeners.push({ pid, address });
    }
  }
  return listeners;
}

/** Listeners of those pids that are reachable from outside the machine. */
export function nonLoopbackListeners(pids: number[]): Listener[] {
  return listenersOf(pids).filter((listener) => !LOOPBACK_LISTENER.test(listener.address));
}
