// Control-path RPCs on @zerowire/thrift's protocols with the Thrift-generated structs: a call is
// the CALL message header and the method's generated *_args struct (`new X_args(params).write`),
// written straight into one framed buffer (its length backfilled on flush); a reply is its header
// and the generated *_result struct (`X_result.read`), reading the frame in place. That is what the
// generated Client's send_*/recv_* do, without the Client: src/gen carries only these structs
// (scripts/gen-thrift.sh), and nothing here touches generated code's private state. The hot-path
// inserts bypass this with the codec's prebuilt frames. What the generated code takes from the
// `thrift` package besides protocols (Thrift.Type, its exception classes) is
// src/thrift/generated-code-runtime.ts.
//
// Reading in place means binary fields (TsBlocks, ...) come out as views of the frame: the frame
// handed to readHeader must stay unchanged for as long as the result is used (Connection copies a
// frame that sits in a reused read buffer first). i64 fields are copied into their Int64s.
import { TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";
import { MessageType } from "@zerowire/thrift/wire";
import { EncodeError } from "../errors.js";
import * as calls from "../gen/IClientRPCService_calls.js";
import { Thrift } from "./generated-code-runtime.js";
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
  readonly code = "ERR_IOTDB_REPLY";
}

/** A method's generated argument and result structs, and its parameter names in IDL order. */
interface CallStructs {
  Args: calls.CallArgsClass;
  Result: calls.CallResultClass;
  params: string[];
}

const structsByMethod = new Map<RpcMethod, CallStructs>();

function structsOf(method: RpcMethod): CallStructs {
  let structs = structsByMethod.get(method);
  if (structs === undefined) {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the generated module is looked up by RPC name (once per method, cached)
    const Args = calls[`IClientRPCService_${method}_args`];
    // A generated struct's constructor sets each of its fields to null, in IDL order: the
    // parameter names, as the generated send_* passes its positional arguments.
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: as above
    structs = { Args, Result: calls[`IClientRPCService_${method}_result`], params: Object.keys(new Args()) };
    structsByMethod.set(method, structs);
  }
  return structs;
}

/** @internal Encodes calls and reads replies with the generated structs (used by Connection only). */
export class RpcCodec {
  private readonly protocolClass: new (
    trans: TFramedTransport,
  ) => Protocol;
  private readonly output: TFramedTransport;
  /** The frame the last call flushed, until encodeCall takes it. */
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
    this.output = new TFramedTransport(undefined, (frame) => (this.flushed = frame));
  }

  /**
   * The complete frame (u32 length + CALL message) of `method(args)` with this seqid, in a buffer
   * of its own. Arguments the generated writer cannot encode (e.g. a number where a string
   * belongs, an i32 out of range) are an EncodeError.
   */
  encodeCall<M extends RpcMethod>(method: M, seqid: number, args: RpcArgs<M>): Buffer {
    const { Args, params } = structsOf(method);
    const output = new this.protocolClass(this.output);
    try {
      const named: Record<string, unknown> = {};
      for (let i = 0; i < params.length; i++) named[params[i]!] = (args as readonly unknown[])[i];
      const body = new Args(named);
      output.writeMessageBegin(method, MessageType.CALL, seqid);
      body.write(output);
      output.writeMessageEnd();
      this.output.flush();
    } catch (e) {
      // What was written so far is dropped and cannot prefix the next request.
      output.reset();
      throw new EncodeError(`${method}: cannot encode the request: ${e instanceof Error ? e.message : String(e)}`);
    }
    const frame = this.flushed;
    this.flushed = undefined;
    if (frame === undefined) throw new Error("the framed transport did not flush a frame");
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

  /**
   * Reads the reply body: the generated *_result struct of the method, or on an EXCEPTION message
   * the TApplicationException the server raised (as the generated recv_* does).
   */
  readResult<M extends RpcMethod>(method: M, header: ReplyHeader): RpcResult<M> {
    if (header.type !== MessageType.REPLY && header.type !== MessageType.EXCEPTION) {
      throw new ReplyError(`${method}: message type ${header.type} is not a reply`);
    }
    const { input } = header;
    let body: InstanceType<typeof Thrift.TApplicationException> | calls.CallResult;
    try {
      body =
        header.type === MessageType.EXCEPTION ? new Thrift.TApplicationException() : new (structsOf(method).Result)();
      body.read(input);
      input.readMessageEnd();
    } catch (e) {
      throw new ReplyError(`${method}: malformed reply: ${describeReadFailure(e)}`, { cause: e });
    }
    if (body instanceof Thrift.TApplicationException) {
      throw new ReplyError(
        `${method}: server raised a Thrift application exception (type ${body.type}): ${body.message}`,
      );
    }
    if (body.success === null) throw new ReplyError(`${method}: ${method} failed: unknown result`);
    return body.success as RpcResult<M>;
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
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return "nested too deep for the reader (its call stack ran out)";
  return e instanceof Error ? e.message : String(e);
}
