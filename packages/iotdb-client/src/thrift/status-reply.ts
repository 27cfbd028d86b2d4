// The reply every insert gets, read by hand: a REPLY message named after the call whose result
// struct is {0: TSStatus}, in either protocol, straight into a Status. The generated reader built
// a transport, a protocol, a result object and a TSStatus per reply and then toStatus copied it;
// this reads the fields once, through @zerowire/thrift/wire's field reader (the bytes the stock
// protocols read, so both readers agree on every byte). It accepts only the well-formed shape the
// server sends (the fields of TSStatus and TEndPoint with their types, nesting up to MAX_DEPTH)
// and answers undefined for anything else (an EXCEPTION, another name, an unknown field, a missing
// required field, bytes the field reader refuses), so the generated reader handles it exactly as
// before, errors included.
import { BinaryFieldReader, CompactFieldReader, MessageType, TType, type FieldReader } from "@zerowire/thrift/wire";
import { Reader, ReadError } from "@zerowire/writer";
import type { Status } from "../errors.js";
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
}

/**
 * The head of a reply frame (the bytes after the length prefix) in `protocol` (a resolved one:
 * RpcCodec#protocol), or undefined if it is not a REPLY header.
 */
export function readReplyHead(frame: Buffer, protocol: WireProtocol): ReplyHead | undefined {
  const r = new Reader(frame);
  const p = protocol === "compact" ? new CompactFieldReader(r) : new BinaryFieldReader(r);
  try {
    const { fname, mtype, rseqid } = p.messageBegin();
    return mtype === MessageType.REPLY ? new StatusReply(p, fname, rseqid) : undefined;
  } catch (e) {
    if (e instanceof ReadError) return undefined;
    throw e;
  }
}

class StatusReply implements ReplyHead {
  constructor(
    private readonly p: FieldReader,
    private readonly method: string,
    readonly seqid: number,
  ) {}

  status(method: string): Status | undefined {
    if (method !== this.method) return undefined;
    try {
      return this.result();
    } catch (e) {
      if (e === UNUSUAL || e instanceof ReadError) return undefined;
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
