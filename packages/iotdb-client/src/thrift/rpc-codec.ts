// Control-path RPCs through the Thrift-generated code on @zerowire/thrift's protocols: calls are
// serialized by the generated send_* methods straight into one framed buffer (its length
// backfilled on flush), replies are parsed by the generated recv_* methods (their *_result
// classes) reading the frame in place. The hot-path inserts bypass this with the codec's prebuilt
// frames. What the generated code takes from the `thrift` package besides protocols (Thrift.Type,
// its exception classes) is src/thrift/generated-code-runtime.ts; `thrift` itself is only the
// types the generated .d.ts are written against.
//
// Reading in place means binary fields (TsBlocks, ...) come out as views of the frame: the frame
// handed to readHeader must stay unchanged for as long as the result is used (Connection copies a
// frame that sits in a reused read buffer first). i64 fields are copied into their Int64s.
import type thrift from "thrift";
import { TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";
import { MessageType } from "@zerowire/thrift/wire";
import { EncodeError } from "../errors.js";
import { Client } from "../gen/IClientRPCService.js";
import type { RpcArgs, RpcMethod, RpcResult } from "./rpc-signatures.js";

/** TBinaryProtocol (strict write, the Java default) or TCompactProtocol (Java's enableRPCCompression). */
export type WireProtocol = "binary" | "compact";

type Protocol = TBinaryProtocol | TCompactProtocol;

/**
 * A reply's message header, read before its body so the seqid can be checked first.
 * @internal
 */
export interface ReplyHeader {
  name: string;
  type: number;
  seqid: number;
  /** The protocol positioned at the start of the reply body. */
  input: Protocol;
}

/** A reply that is not a result: a Thrift application exception or a malformed message. */
export class ReplyError extends Error {
  override readonly name = "ReplyError";
}

type GeneratedCallback = (error: unknown, result?: unknown) => void;

/** What the generated client exposes at run time beyond its .d.ts. */
interface GeneratedClient {
  _seqid: number;
  _reqs: Record<number, GeneratedCallback>;
}

/** @internal Encodes calls and reads replies with the generated code (used by Connection only). */
export class RpcCodec {
  private readonly client: Client;
  private readonly protocolClass: new (trans: TFramedTransport) => Protocol;
  /** The frame the last send_* flushed, until encodeCall takes it. */
  private flushed: Buffer | undefined;

  /**
   * The protocol this codec speaks, and the one place the `protocol` option is read: "compact",
   * or binary for anything else. Connection reads its insert replies (status-reply.ts) and
   * writes its insert frames in this same value.
   */
  readonly protocol: WireProtocol;

  constructor(protocol: WireProtocol) {
    this.protocol = protocol === "compact" ? "compact" : "binary";
    this.protocolClass = this.protocol === "compact" ? TCompactProtocol : TBinaryProtocol;
    // No buffer pool: each frame is a buffer of its own (sized after the previous one), which the
    // caller keeps until the socket has taken it; releasing it would be a no-op.
    const output = new TFramedTransport(undefined, (frame) => (this.flushed = frame));
    // The generated .d.ts types its constructor with the `thrift` package's classes; ours
    // implement what the generated code calls on them.
    this.client = new Client(output as unknown as thrift.TTransport, this.protocolClass as unknown as new (t: thrift.TTransport) => thrift.TProtocol);
  }

  /**
   * The complete frame (u32 length + CALL message) of `method(args)` with this seqid, in a buffer
   * of its own. Arguments the generated writer cannot encode (e.g. a number where a string
   * belongs, an i32 out of range) are an EncodeError.
   */
  encodeCall<M extends RpcMethod>(method: M, seqid: number, args: RpcArgs<M>): Buffer {
    (this.client as unknown as GeneratedClient)._seqid = seqid;
    const send = (this.client as unknown as Record<string, (...a: unknown[]) => void>)[`send_${method}`];
    if (send === undefined) throw new Error(`no generated sender for ${method}`);
    try {
      send.apply(this.client, args);
    } catch (e) {
      // The generated sender has called the protocol's reset(): what it wrote so far is dropped
      // and cannot prefix the next request.
      throw new EncodeError(`${method}: cannot encode the request: ${e instanceof Error ? e.message : String(e)}`);
    }
    const frame = this.flushed;
    this.flushed = undefined;
    if (frame === undefined) throw new Error("generated sender did not flush a frame");
    return frame;
  }

  /**
   * Reads the message header of a reply frame (the bytes after the length prefix). The result
   * read after it holds views of `frame` (binary fields): the frame must not change while it is used.
   */
  readHeader(frame: Buffer): ReplyHeader {
    const input = new this.protocolClass(new TFramedTransport(frame));
    try {
      const { fname, mtype, rseqid } = input.readMessageBegin();
      return { name: fname, type: mtype, seqid: rseqid, input };
    } catch (e) {
      throw new ReplyError(`malformed reply header: ${describeReadFailure(e)}`, { cause: e });
    }
  }

  /** Reads the reply body with the generated *_result class of the method. */
  readResult<M extends RpcMethod>(method: M, header: ReplyHeader): RpcResult<M> {
    const client = this.client as unknown as GeneratedClient & Record<string, unknown>;
    const recv = client[`recv_${method}`] as ((input: Protocol, mtype: number, rseqid: number) => void) | undefined;
    if (recv === undefined) throw new Error(`no generated receiver for ${method}`);
    if (header.type !== MessageType.REPLY && header.type !== MessageType.EXCEPTION) {
      throw new ReplyError(`${method}: message type ${header.type} is not a reply`);
    }
    let outcome: { error: unknown; result?: unknown } | undefined;
    client._reqs[header.seqid] = (error, result) => {
      outcome = { error, result };
    };
    try {
      recv.call(client, header.input, header.type, header.seqid);
    } catch (e) {
      throw new ReplyError(`${method}: malformed reply: ${describeReadFailure(e)}`, { cause: e });
    } finally {
      delete client._reqs[header.seqid];
    }
    if (outcome === undefined) throw new ReplyError(`${method}: the generated receiver gave no result`);
    if (outcome.error != null) throw new ReplyError(`${method}: ${describeReplyError(header.type, outcome.error)}`);
    return outcome.result as RpcResult<M>;
  }
}

/**
 * What the generated readers threw, for a ReplyError's message (the error itself is its cause).
 * They recurse once per nested struct, list, set or map, so a reply nested deeper than the call
 * stack allows (a forged or corrupt one: IoTDB's replies nest a few levels) ends in V8's stack
 * overflow RangeError. It is caught like any other failure: the reader's state is thrown away
 * with the frame, and the catch runs back at this shallow frame, with the stack unwound. That is
 * reliable and free, so replies are not pre-scanned for their depth.
 */
function describeReadFailure(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return "nested too deep for the reader (its call stack ran out)";
  return e instanceof Error ? e.message : String(e);
}

/** An EXCEPTION message's error is the TApplicationException the generated receiver read; else its text. */
function describeReplyError(messageType: number, error: unknown): string {
  if (messageType === MessageType.EXCEPTION && error instanceof Error) {
    const type = (error as { type?: number }).type;
    return `server raised a Thrift application exception (type ${type}): ${error.message}`;
  }
  return typeof error === "string" ? error : String(error);
}
