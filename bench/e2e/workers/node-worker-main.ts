// A worker process of the multi-worker mode (our client with its own pool, writing the share of
// the devices its parent gave it), or of a row-arrival case (the whole case, in a process of its
// own for its peak RSS): one command at a time (IPC, structured clone: the workload's bigints and
// typed arrays arrive as they are).
import type { Endpoint } from "../connect.js";
import { NodeWriter } from "../node-writer.js";
import { RowWriter } from "../row-writer.js";
import { rowArrival, type Workload } from "../workload.js";
import type { RoundProgress, RoundSpec, Writer } from "../writer.js";

type Command =
  | { cmd: "open"; endpoint: Endpoint; workload: Workload }
  | { cmd: "round"; spec: RoundSpec }
  | { cmd: "close" };

/** How often the worker reports its stored point count during a round. */
const PROGRESS_MS = 200;

let writer: Writer | undefined;

function send(message: object): void {
  process.send!(message);
}

async function handle(command: Command): Promise<void> {
  switch (command.cmd) {
    case "open":
      writer = rowArrival(command.workload)
        ? await RowWriter.open(command.endpoint, command.workload)
        : await NodeWriter.open(command.endpoint, command.workload, { rawLatencies: true });
      send({ event: "opened" });
      return;
    case "round": {
      if (writer === undefined) throw new Error("round before open");
      const progress: RoundProgress = { points: 0 };
      const timer = setInterval(() => send({ event: "progress", points: progress.points }), PROGRESS_MS);
      try {
        send({ event: "round", measure: await writer.round(command.spec, progress) });
      } finally {
        clearInterval(timer);
      }
      return;
    }
    case "close":
      await writer?.close();
      send({ event: "closed" });
      process.disconnect();
  }
}

// A parent that is gone (killed, crashed) takes its workers with it.
process.on("disconnect", () => process.exit());

process.on("message", (command: Command) => {
  handle(command).catch((err: unknown) => {
    send({ event: "error", message: err instanceof Error ? err.message : String(err) });
    process.exitCode = 1;
    process.disconnect();
  });
});
