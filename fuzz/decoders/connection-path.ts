// The client's path for a reply: a Connection (over a fake socket) with one request in flight
// receives the bytes, then is closed. The request must settle, with a result or a ConnectionError
// (what the client turns FrameError/ReplyError into), and nothing may stay in flight.
// Connection.send/nextSeqid are internal (not in the published types), so Connection and its
// errors come from the client's source, as in reply-decoding.ts.
import { EventEmitter } from "node:events";
import type net from "node:net";
import { Connection, ConnectionError } from "@zerowire/iotdb-client/test-support";
import type { ReplyContext } from "./reply-decoding.js";

/** Enough of a net.Socket for Connection: it writes nowhere and closes when told. */
class FakeSocket extends EventEmitter {
  write(_bytes: Uint8Array, done?: () => void): boolean {
    done?.();
    return true;
  }
  destroy(): void {}
}

const NO_BYTES = { bytes: new Uint8Array(0), release() {} };

export interface ConnectionOutcome {
  /** "resolved", or the class name of the rejection. */
  settled: string;
  /** The rejection's message. */
  message: string;
  /** Time spent handing the bytes to the connection (the decoding happens there), in ms. */
  ms: number;
}

export async function replyThroughConnection(bytes: Buffer, context: ReplyContext): Promise<ConnectionOutcome> {
  const socket = new FakeSocket();
  const connection = new Connection(socket as unknown as net.Socket, {
    host: "fuzz",
    port: 1,
    protocol: context.protocol,
  });
  const reply = connection.send(context.method, connection.nextSeqid(), NO_BYTES);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  socket.emit("data", bytes);
  const cpu = process.cpuUsage(cpu0);
  // The smaller of wall and CPU time: another process taking the core does not count.
  const ms = Math.min(performance.now() - t0, (cpu.user + cpu.system) / 1000);
  connection.close();
  const outcome = await reply.then(
    () => ({ settled: "resolved", message: "", ms }),
    (e: unknown) => ({
      settled: e instanceof ConnectionError ? "ConnectionError" : describe(e),
      message: (e as Error)?.message ?? "",
      ms,
    }),
  );
  if (connection.inFlight !== 0) throw new Error(`${connection.inFlight} request(s) still in flight after close()`);
  return outcome;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.constructor.name : typeof e;
}
