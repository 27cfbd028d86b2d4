// The reply every insert gets, read by hand: a REPLY message named after the call whose result
// struct is {0: TSStatus}, in either protocol, straight into a Status. The generated reader built
// a transport, a protocol, a result object and a TSStatus per reply and then toStatus copied it;
// this reads the fields once, through @zerowire/thrift/wire's field reader (the bytes the stock
// protocols read, so both readers agree on every byte). It accepts only the well-formed shape the
// server sends (the fields of TSStatus and TEndPoint with their types, nesting up to MAX_DEPTH)
// and answers undefined for anything else (an EXCEPTION, another name, an unknown field, a missing
// required field, bytes the field reader refuses), so the generated reader handles it exactly as
// before, errors included. A fetchResultsV2 reply's body is read by hand the same way
// (fetch-reply.ts; fetch-reply-binary.ts in the binary protocol), from the same head. In the
// binary protocol the head itself is read from the bytes (binaryReplyHead), its name compared
// with the method rather than decoded, and a field reader is made only for a status.
import { BinaryFieldReader, CompactFieldReader, MessageType, TType, type FieldReader } from "@zerowire/thrift/wire";
import { Reader, ReadError } from "@zerowire/writer";
import type { Status } from "../errors.js";
import type { TSFetchResultsResp } from "../gen/client_types.js";
import { readFetchResult, UNUSUAL as UNUSUAL_FETCH } from "./fetch-reply.js";
import { readBinaryFetchResult } from "./fetch-reply-binary.js";
import { i32 } from "./frame-bytes.js";
import type { WireProtocol } from "./rpc-codec.js";

/** Sub-statuses nest one level in practice; deeper is left to the generated reader. */
const MAX_DEPTH = 8;

/** Why a read stopped: the frame is not the plain shape (not an error: the generated reader takes over). */
const UNUSUAL = Symbol("unusual");

/** A reply frame whose message header was read: its seqid, and its body still to read. */
export interface ReplyHead {
  readonly seqid: number;
  /** The status, when the frame is a plain reply to `method`; else undefined. */
  status(method: string): Status | undefined;
  /**
   * The TSFetchResultsResp, when the frame is a plain reply to `method` (fetchResultsV2); else
   * undefined. Its TsBlocks are views of the frame.
   */
  fetchResults(method: string): TSFetchResultsResp | undefined;
}

/**
 * The head of a reply frame (the bytes after the length prefix) in `protocol` (a resolved one:
 * RpcCodec#protocol), or undefined if it is not a REPLY header.
 */
export function readReplyHead(frame: Buffer, protocol: WireProtocol): ReplyHead | undefined {
  if (protocol === "binary") return binaryReplyHead(frame);
  const p = new CompactFieldReader(new Reader(frame));
  try {
    const { fname, mtype, rseqid } = p.messageBegin();
    return mtype === MessageType.REPLY ? new FieldReaderHead(p, fname, rseqid) : undefined;
  } catch (e) {
    if (e instanceof ReadError) return undefined;
    throw e;
  }
}

/**
 * The binary protocol's strict header (the version word 0x8001, the type, an i32-prefixed name,
 * the seqid: what the server sends), read straight from the bytes, its name left undecoded until
 * a reader compares it (bench case `read-fetch-5x64k`: decoding it and a field reader for it cost
 * a good part of a reply). Anything else (the old header without the version word, another
 * message type, a short frame) is left to the generated reader.
 */
function binaryReplyHead(frame: Buffer): BinaryHead | undefined {
  const length = frame.length;
  if (length < 12 || frame[0] !== 0x80 || frame[1] !== 0x01 || frame[3] !== MessageType.REPLY) return undefined;
  const nameLength = i32(frame, 4);
  if (nameLength < 0 || nameLength > length - 12) return undefined;
  return new BinaryHead(frame, nameLength, i32(frame, 8 + nameLength));
}

/** A reply head whose body the hand-written readers read, if it names their method. */
abstract class HandReadHead implements ReplyHead {
  abstract readonly seqid: number;
  /** Whether the reply's name is `method`. */
  protected abstract named(method: string): boolean;
  /** The field reader at the start of the body (the result struct); one per head. */
  protected abstract get p(): FieldReader;
  /** The body as a TSFetchResultsResp (fetch-reply.ts); throws UNUSUAL_FETCH or a ReadError. */
  protected abstract fetchResult(): TSFetchResultsResp;

  status(method: string): Status | undefined {
    if (!this.named(method)) return undefined;
    try {
      return this.result();
    } catch (e) {
      if (e === UNUSUAL || e instanceof ReadError) return undefined;
      throw e;
    }
  }

  fetchResults(method: string): TSFetchResultsResp | undefined {
    if (!this.named(method)) return undefined;
    try {
      return this.fetchResult();
    } catch (e) {
      if (e === UNUSUAL_FETCH || e instanceof ReadError) return undefined;
      throw e;
    }
  }

  /** The result struct {0: TSStatus}, then its stop. */
  private result(): Status {
    const p = this.p;
    p.structBegin();
    const field = p.fieldBegin();
    if (field.ftype !== TType.STRUCT || field.fid !== 0) throw UNUSUAL;
    const status = this.tsStatus(0);
    if (p.fieldBegin().ftype !== TType.STOP) throw UNUSUAL;
    return status;
  }

  /** A Status in the shape toStatus gives a generated TSStatus: fields in its order, absent ones left out. */
  private tsStatus(depth: number): Status {
    if (depth > MAX_DEPTH) throw UNUSUAL;
    const p = this.p;
    let code: number | undefined;
    let message: string | undefined;
    let subStatus: Status[] | undefined;
    let redirectNode: Status["redirectNode"];
    let needRetry: boolean | undefined;
    p.structBegin();
    for (;;) {
      const { ftype: type, fid: id } = p.fieldBegin();
      if (type === TType.STOP) break;
      if (id === 1 && type === TType.I32) code = p.i32();
      else if (id === 2 && type === TType.STRING) message = p.string();
      else if (id === 3 && type === TType.LIST) {
        const { etype, size } = p.listBegin();
        if (etype !== TType.STRUCT) throw UNUSUAL;
        subStatus = [];
        for (let i = 0; i < size; i++) subStatus.push(this.tsStatus(depth + 1));
      } else if (id === 4 && type === TType.STRUCT) redirectNode = this.endPoint();
      else if (id === 5 && type === TType.BOOL) needRetry = p.bool();
      else throw UNUSUAL;
    }
    p.structEnd();
    if (code === undefined) throw UNUSUAL; // the generated reader leaves it null
    const status: Status = { code };
    if (message !== undefined) status.message = message;
    if (subStatus !== undefined) status.subStatus = subStatus;
    if (redirectNode !== undefined) status.redirectNode = redirectNode;
    if (needRetry !== undefined) status.needRetry = needRetry;
    return status;
  }

  private endPoint(): { host: string; port: number } {
    const p = this.p;
    let host: string | undefined;
    let port: number | undefined;
    p.structBegin();
    for (;;) {
      const { ftype: type, fid: id } = p.fieldBegin();
      if (type === TType.STOP) break;
      if (id === 1 && type === TType.STRING) host = p.string();
      else if (id === 2 && type === TType.I32) port = p.i32();
      else throw UNUSUAL;
    }
    p.structEnd();
    if (host === undefined || port === undefined) throw UNUSUAL;
    return { host, port };
  }
}

/** A head read by a field reader (the compact protocol): its name decoded. */
class FieldReaderHead extends HandReadHead {
  constructor(
    protected readonly p: FieldReader,
    private readonly method: string,
    readonly seqid: number,
  ) {
    super();
  }

  protected named(method: string): boolean {
    return method === this.method;
  }

  protected fetchResult(): TSFetchResultsResp {
    return readFetchResult(this.p);
  }
}

/** A binary protocol head (binaryReplyHead): the name at offset 8, the body after the seqid. */
class BinaryHead extends HandReadHead {
  private fieldReader: FieldReader | undefined = undefined;

  constructor(
    private readonly frame: Buffer,
    private readonly nameLength: number,
    readonly seqid: number,
  ) {
    super();
  }

  /** Compares the name's bytes with `method`, an ASCII name (any other char is a mismatch). */
  protected named(method: string): boolean {
    const n = this.nameLength;
    if (method.length !== n) return false;
    const frame = this.frame;
    for (let i = 0; i < n; i++) {
      const c = method.charCodeAt(i);
      if (c > 0x7f || c !== frame[8 + i]) return false;
    }
    return true;
  }

  protected get p(): FieldReader {
    return (this.fieldReader ??= new BinaryFieldReader(this.body()));
  }

  protected fetchResult(): TSFetchResultsResp {
    return readBinaryFetchResult(this.body());
  }

  private body(): Reader {
    const r = new Reader(this.frame);
    r.pos = 12 + this.nameLength;
    return r;
  }
}
