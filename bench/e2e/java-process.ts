// The bench/java harness as a child process speaking JSON lines: build it, start a main class,
// send commands and wait for the event that answers each.
import { type ChildProcessWithoutNullStreams, execFile, execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { type ChildEvent, EventQueue } from "./event-queue.js";

const JAVA_DIR = resolve(import.meta.dirname, "../java");
const CLASSPATH = `${JAVA_DIR}/target/bench-harness.jar:${JAVA_DIR}/target/lib/*`;


/** Builds bench/java (a no-op when up to date; the first build downloads the client with Maven). */
export function buildJavaHarness(): void {
  execFileSync(resolve(JAVA_DIR, "build.sh"), { stdio: ["ignore", "inherit", "inherit"] });
}

export class JavaProcess {
  private readonly events: EventQueue;
  private stderr = "";

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    source = "Java client",
  ) {
    this.events = new EventQueue(source, () => this.stderrTail());
    createInterface({ input: child.stdout }).on("line", (line) => {
      let event: ChildEvent;
      try {
        event = JSON.parse(line) as ChildEvent;
      } catch {
        this.stderr += `${line}\n`;
        return;
      }
      this.events.push(event);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    child.on("exit", (code, signal) => this.events.end(`the JVM exited (${signal ?? `code ${code}`})`));
  }

  static start(mainClass: string, javaOpts: readonly string[], args: readonly string[] = []): JavaProcess {
    return new JavaProcess(spawn("java", [...javaOpts, "-cp", CLASSPATH, mainClass, ...args], { stdio: ["pipe", "pipe", "pipe"] }));
  }

  /** Any other child speaking the same JSON lines (e.g. a Node process of the client benchmark); `source` names it in errors. */
  static spawn(command: string, args: readonly string[], source: string): JavaProcess {
    return new JavaProcess(spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] }), source);
  }

  /** Runs a main class to its end and resolves with its stdout; a non-zero exit rejects with its stderr. */
  static runOnce(mainClass: string, javaOpts: readonly string[], args: readonly string[]): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      execFile("java", [...javaOpts, "-cp", CLASSPATH, mainClass, ...args], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`Java client (${mainClass}): ${err.message}\n${stderr.slice(-4000)}`));
        else resolvePromise(stdout);
      });
    });
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
    return tail === "" ? "" : `\n--- JVM stderr ---\n${tail}`;
  }
}
