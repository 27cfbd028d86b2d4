// The reply frames the client fuzz starts from: the Java server's captured replies (binary
// protocol) with their seqid set to 1 and duplicates dropped, and the same replies re-encoded
// in the compact protocol by the thrift runtime and the generated structs (the captures have no
// compact replies; the client speaks both).
import { createRequire } from "node:module";
import { decodeReplyBytes, type RpcMethod, type WireProtocol } from "./reply-decoding.js";
import type { ReplyFrame } from "./shared-vectors.js";

export interface FuzzReply {
  label: string;
  method: RpcMethod;
  protocol: WireProtocol;
  frame: Buffer;
}

/** The parts of the thrift runtime used here (its types live in the client package). */
interface ThriftWriter {
  writeMessageBegin(name: string, type: number, seqid: number): void;
  writeMessageEnd(): void;
  writeStructBegin(name: string): void;
  writeStructEnd(): void;
  writeFieldBegin(name: string, type: number, id: number): void;
  writeFieldEnd(): void;
  writeFieldStop(): void;
  writeI64(value: unknown): void;
  flush(): void;
}
interface ThriftRuntime {
  TFramedTransport: new (buffer: undefined, onFlush: (frame: Buffer) => void) => unknown;
  TCompactProtocol: new (transport: unknown) => ThriftWriter;
  Thrift: { Type: { STRUCT: number; I64: number }; MessageType: { REPLY: number } };
}

// The client's own copy of the runtime, so that its generated structs can write through it.
const thrift = createRequire(import.meta.resolve("@zerowire/iotdb-client"))("thrift") as ThriftRuntime;

/** Binary frames with seqid 1 (a binary REPLY header: version, name length, name, seqid). */
export function binaryReplies(frames: readonly ReplyFrame[]): FuzzReply[] {
  const seen = new Set<string>();
  const out: FuzzReply[] = [];
  for (const f of frames) {
    const frame = Buffer.from(f.frame);
    frame.writeInt32BE(1, 12 + frame.readInt32BE(8));
    const key = frame.toString("hex");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ label: f.label, method: f.method as RpcMethod, protocol: "binary", frame });
  }
  return out;
}

/** Each binary reply decoded, then written again in the compact protocol. */
export function compactReplies(binary: readonly FuzzReply[]): FuzzReply[] {
  return binary.map((reply) => {
    const [result] = decodeReplyBytes(reply.frame, { method: reply.method, protocol: "binary" }).results;
    return {
      label: `${reply.label} (compact)`,
      method: reply.method,
      protocol: "compact",
      frame: compactReply(reply.method, result),
    };
  });
}

function compactReply(method: string, success: unknown): Buffer {
  let frame: Buffer | undefined;
  const p = new thrift.TCompactProtocol(new thrift.TFramedTransport(undefined, (msg) => (frame = msg)));
  const { Type, MessageType } = thrift.Thrift;
  const struct = typeof (success as { write?: unknown }).write === "function";
  p.writeMessageBegin(method, MessageType.REPLY, 1);
  p.writeStructBegin("result");
  p.writeFieldBegin("success", struct ? Type.STRUCT : Type.I64, 0);
  if (struct) (success as { write(p: ThriftWriter): void }).write(p);
  else p.writeI64(success);
  p.writeFieldEnd();
  p.writeFieldStop();
  p.writeStructEnd();
  p.writeMessageEnd();
  p.flush();
  return frame!;
}
