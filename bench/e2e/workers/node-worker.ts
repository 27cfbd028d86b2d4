// Our client in a worker process (node-worker-main.ts), seen from the parent as a Writer.
import { type ChildProcess, fork } from "node:child_process";
import { resolve } from "node:path";
import type { Endpoint } from "../connect.js";
import { EventQueue, type ChildEvent } from "../../lib/event-queue.js";
import type { RoundMeasure } from "../round-measure.js";
import type { Workload } from "../workload.js";
import type { RoundProgress, RoundSpec, Writer } from "../writer.js";

const MAIN = resolve(import.meta.dirname, "node-worker-main.ts");

export class NodeWorker implements Writer {
  private readonly events: EventQueue;

  private constructor(
    private readonly child: ChildProcess,
    label: string,
  ) {
    this.events = new EventQueue(label);
    child.on("message", (message: ChildEvent) => this.events.push(message));
    child.on("exit", (code, signal) => this.events.end(`the worker process exited (${signal ?? `code ${code}`})`));
  }

  static async open(e: Endpoint, w: Workload, label: string): Promise<NodeWorker> {
    // tsx's loader by absolute URL, whatever the parent was started with (and without its
    // --cpu-prof or other flags: E2E_WORKER_PROFILE_DIR=<dir> profiles the worker into <dir>).
    const profileDir = process.env.E2E_WORKER_PROFILE_DIR;
    const profile = profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
    const child = fork(MAIN, [], {
      execArgv: [...profile, "--import", import.meta.resolve("tsx")],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const worker = new NodeWorker(child, label);
    try {
      await worker.request({ cmd: "open", endpoint: e, workload: w }, "opened");
    } catch (err) {
      child.kill("SIGKILL");
      throw err;
    }
    return worker;
  }

  async round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure> {
    const reply = await this.request({ cmd: "round", spec }, "round", (event) => {
      if (event.event === "progress") progress.points = event.points as number;
    });
    return reply.measure as RoundMeasure;
  }

  async close(): Promise<void> {
    try {
      await this.request({ cmd: "close" }, "closed");
      // It exits on its own after "closed" (writing its CPU profile, when asked for one): given a few seconds.
      await this.exited(5000);
    } finally {
      if (this.child.exitCode === null) this.child.kill("SIGKILL");
    }
  }

  private exited(ms: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private request(command: object, until: string, onEvent?: (event: ChildEvent) => void): Promise<ChildEvent> {
    this.child.send(command);
    return this.events.waitFor(until, onEvent);
  }
}
