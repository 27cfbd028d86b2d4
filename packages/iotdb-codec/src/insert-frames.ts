// Writes an insert call as the complete framed Thrift CALL message the Java client sends
// ([u32 frame length][message header][args struct {1: req}]), or as the bare request struct,
// in one pass into one Writer. On any error the Writer is left where it was.
import type { Writer } from "@zerowire/writer";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import type { InsertCall } from "./insert-calls.js";
import { int64Problem } from "./int64.js";
import { MessageType, TType, type FieldWriter } from "@zerowire/thrift/wire";
import { thriftWriter, type ThriftProtocol } from "./thrift/writer-for.js";

export interface RequestOptions {
  /** The id from openSession; the Java client sets it into every request. */
  sessionId: bigint | number;
  /** "binary" (default, as the Java client) or "compact" (Session.open(true) / enableCompression). */
  protocol?: ThriftProtocol;
}

export interface FrameOptions extends RequestOptions {
  /** The message sequence id: per connection, counting from 1 (openSession). */
  seqid: number;
}

/** Appends the framed CALL message of `call` to `w`. */
export function writeCallFrame(w: Writer, call: InsertCall, options: FrameOptions): void {
  const { sessionId, seqid } = options;
  checkSessionId(sessionId);
  if ((seqid | 0) !== seqid) throw new EncodeError(`seqid must be an int32, got ${describeValue(seqid)}`);
  // One buffer for the whole frame: growing mid-frame costs a pool buffer and a copy each time.
  w.ensure(32 + call.method.length + call.sizeEstimate);
  atomically(w, options.protocol, (p) => {
    const frameAt = w.reserve(4);
    p.messageBegin(call.method, MessageType.CALL, seqid);
    p.structBegin(); // xxx_args
    p.fieldBegin(TType.STRUCT, 1);
    call.writeRequest(p, sessionId);
    p.fieldStop();
    p.structEnd();
    w.u32beAt(frameAt, w.length - frameAt - 4);
  });
}

/** Appends the request struct alone (e.g. TSInsertTabletReq: its fields and stop byte) to `w`. */
export function writeCallRequest(w: Writer, call: InsertCall, options: RequestOptions): void {
  checkSessionId(options.sessionId);
  atomically(w, options.protocol, (p) => call.writeRequest(p, options.sessionId));
}

function checkSessionId(sessionId: unknown): void {
  const problem = int64Problem(sessionId);
  if (problem !== undefined) throw new EncodeError(`sessionId: ${problem}`);
}

function atomically(w: Writer, protocol: ThriftProtocol | undefined, write: (p: FieldWriter) => void): void {
  const p = thriftWriter(w, protocol);
  const start = w.length;
  try {
    write(p);
  } catch (err) {
    w.truncate(start);
    throw err;
  }
}
