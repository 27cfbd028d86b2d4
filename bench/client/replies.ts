// replies.json: what a real IoTDB server answered our client, captured by capture.ts, and the
// request frames our client sent for it. The fake DataNode answers with these reply bytes; the
// floor sends these request bytes.
import { readFileSync } from "node:fs";
import type net from "node:net";
import { resolve } from "node:path";
import { capturedAs, type CaseName } from "./workload.js";

export const CAPTURE_FILE = resolve(import.meta.dirname, "replies.json");

/** One request and the server's reply, whole frames (length prefix included) as hex. */
export interface Exchange {
  method: string;
  request: string;
  reply: string;
}

export interface Capture {
  note: string;
  server: string;
  /** Opening (and closing) a session of each model. */
  sessions: { tree: Exchange[]; table: Exchange[] };
  /** The exchanges of one request of each case (a case replaying another's, capturedAs, has none of its own). */
  cases: Partial<Record<CaseName, Exchange[]>>;
}

export function readCapture(): Capture {
  return JSON.parse(readFileSync(CAPTURE_FILE, "utf8")) as Capture;
}

export function requestFramesOf(capture: Capture, caseName: CaseName): Buffer[] {
  const exchanges = capture.cases[capturedAs(caseName)];
  if (exchanges === undefined || exchanges.length === 0)
    throw new Error(`${CAPTURE_FILE} has no exchanges for ${caseName}: run bench/client/capture.ts`);
  return exchanges.map((e) => Buffer.from(e.request, "hex"));
}

/** Method name and seqid of a binary-protocol message (a frame without its length prefix). */
export function messageHead(message: Buffer): { method: string; seqid: number; seqidOffset: number } {
  if (message.readUInt16BE(0) !== 0x8001)
    throw new Error(`not a strict binary-protocol message (starts ${message.subarray(0, 4).toString("hex")})`);
  const nameLength = message.readInt32BE(4);
  return {
    method: message.toString("utf8", 8, 8 + nameLength),
    seqid: message.readInt32BE(8 + nameLength),
    seqidOffset: 8 + nameLength,
  };
}

/** Calls whose reply depends on the SQL they carry: the fake DataNode answers them by method and statement. */
const STATEMENT_METHODS = new Set(["executeQueryStatementV2", "executeUpdateStatementV2", "executeStatementV2"]);

/**
 * What a reply is looked up by: the method, and for a statement call also its SQL (field 2 of the
 * request struct, after the i64 sessionId in field 1, as both clients write TSExecuteStatementReq).
 */
export function replyKey(message: Buffer): string {
  const { method, seqidOffset } = messageHead(message);
  if (!STATEMENT_METHODS.has(method)) return method;
  // args struct: field 1 (struct) header, then the request's field 1 (i64) and field 2 (string) headers.
  let pos = seqidOffset + 4 + 3;
  if (message[pos] !== 0x0a || message.readInt16BE(pos + 1) !== 1) return method;
  pos += 3 + 8;
  if (message[pos] !== 0x0b || message.readInt16BE(pos + 1) !== 2) return method;
  const length = message.readInt32BE(pos + 3);
  return `${method} ${message.toString("utf8", pos + 7, pos + 7 + length)}`;
}

/**
 * Calls `onFrame` with every whole frame (length prefix included) a socket receives, in order.
 * A frame is a view of the socket's own chunks (Node hands out a new buffer per read).
 */
export function onFrames(socket: net.Socket, onFrame: (frame: Buffer) => void): void {
  let pending: Buffer = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
      const length = 4 + pending.readUInt32BE(0);
      onFrame(pending.subarray(0, length));
      pending = pending.subarray(length);
    }
  });
}
