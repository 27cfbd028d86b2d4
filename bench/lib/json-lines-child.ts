// A child process driven by JSON lines: each command is one line on its stdin, each event one
// line on its stdout, and a command's answer is the first event of a given name. The client
// race's three sides (our client and the floor in Node, the Java client in a JVM) and the e2e
// Java writer all speak it; what starts the child (bench/lib/jvm.ts for a JVM) is the caller's.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { type ChildEvent, EventQueue } from "./event-queue.js";

export class JsonLinesChild {
  private readonly events: EventQueue;
  private stderr = "";
  private readonly child: ChildProcessWithoutNullStreams;

  /** Starts `command args`; `source` names the child in errors ("Java client", "our client (…)"). */
  constructor([command, args]: readonly [string, readonly string[]], source: string) {
    this.child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.events = new EventQueue(source, () => this.stderrTail());
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      let event: ChildEvent;
      try {
        event = JSON.parse(line) as ChildEvent;
      } catch {
        this.stderr += `${line}\n`;
        return;
      }
      this.events.push(event);
    });
    this.child.stderr.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child.on("exit", (code, signal) => this.events.end(`the process exited (${signal ?? `code ${code}`})`));
  }

  /** Sends one command and resolves with the `until` event; other events go to `onEvent`. */
  async request(command: object, until: string, onEvent?: (event: ChildEvent) => void): Promise<ChildEvent> {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
    return this.events.waitFor(until, onEvent);
  }

  kill(): void {
    if (!this.events.isEnded) this.child.kill("SIGKILL");
  }

  private stderrTail(): string {
    const tail = this.stderr.trim();
    return tail === "" ? "" : `\n--- stderr ---\n${tail}`;
  }
}
