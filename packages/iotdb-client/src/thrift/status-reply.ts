// The reply every insert gets, read by hand: a REPLY message named after the call whose result
// struct is {0: TSStatus}, in either protocol, straight into a Status. The generated reader built
// a transport, a protocol, a result object and a TSStatus per reply and then toStatus copied it;
// this reads the bytes once. It accepts only the well-formed shape the server sends (the fields
// of TSStatus and TEndPoint with their types, nesting up to MAX_DEPTH) and answers undefined for
// anything else (an EXCEPTION, another name, an unknown field, a missing required field, a
// truncated frame), so the generated reader handles it exactly as before, errors included.
import { CompactType, TType } from "@zerowire/thrift";
import type { Status } from "../errors.js";
import type { WireProtocol } from "./rpc-codec.js";

/** Sub-statuses nest one level in practice; deeper is left to the generated reader. */
const MAX_DEPTH = 8;

const REPLY_BINARY = 0x80010002 | 0; // strict version 1, message type REPLY
const COMPACT_PROTOCOL_ID = 0x82;
const COMPACT_REPLY = 0x41; // version 1, message type REPLY (2) << 5

/** Why a read stopped: the frame is not the plain shape (not an error: the generated reader takes over). */
const UNUSUAL = Symbol("unusual");

/** A reply frame whose message header was read: its seqid, and its body still to read. */
export interface ReplyHead {
  readonly seqid: number;
  /** The status, when the frame is a plain reply to `method` (an ASCII method name); else undefined. */
  status(method: string): Status | undefined;
}

/** The head of a reply frame (the bytes after the length prefix), or undefined if it is not a plain REPLY header. */
export function readReplyHead(frame: Buffer, protocol: WireProtocol): ReplyHead | undefined {
  const reader = protocol === "binary" ? new BinaryReader(frame) : new CompactReader(frame);
  try {
    reader.seqid = reader.header();
  } catch (e) {
    if (e === UNUSUAL) return undefined;
    throw e;
  }
  return reader;
}

abstract class StatusReader implements ReplyHead {
  seqid = 0;
  protected pos = 0;
  private nameStart = 0;
  private nameEnd = 0;

  constructor(protected readonly frame: Buffer) {}

  /** Reads the message header up to the body; returns the seqid. */
  abstract header(): number;
  /** The result struct {0: TSStatus}, then its stop. */
  abstract result(): Status;

  status(method: string): Status | undefined {
    if (!this.nameIs(method)) return undefined;
    try {
      return this.result();
    } catch (e) {
      if (e === UNUSUAL) return undefined;
      throw e;
    }
  }

  private nameIs(method: string): boolean {
    if (this.nameEnd - this.nameStart !== method.length) return false;
    for (let i = 0; i < method.length; i++) if (this.frame[this.nameStart + i] !== method.charCodeAt(i)) return false;
    return true;
  }

  protected name(length: number): void {
    this.nameStart = this.pos;
    this.nameEnd = this.skip(length);
  }

  protected byte(): number {
    if (this.pos >= this.frame.length) throw UNUSUAL;
    return this.frame[this.pos++]!;
  }

  /** Advances over n bytes; returns the end. */
  protected skip(n: number): number {
    if (n < 0 || this.pos + n > this.frame.length) throw UNUSUAL;
    return (this.pos += n);
  }

  protected utf8(length: number): string {
    const start = this.pos;
    return this.frame.toString("utf8", start, this.skip(length));
  }

  /** A Status in the shape toStatus gives a generated TSStatus: fields in its order, absent ones left out. */
  protected static status(
    code: number | undefined,
    message: string | undefined,
    subStatus: Status[] | undefined,
    redirectNode: Status["redirectNode"],
    needRetry: boolean | undefined,
  ): Status {
    if (code === undefined) throw UNUSUAL; // the generated reader leaves it null
    const status: Status = { code };
    if (message !== undefined) status.message = message;
    if (subStatus !== undefined) status.subStatus = subStatus;
    if (redirectNode !== undefined) status.redirectNode = redirectNode;
    if (needRetry !== undefined) status.needRetry = needRetry;
    return status;
  }
}

class BinaryReader extends StatusReader {
  header(): number {
    if (this.i32() !== REPLY_BINARY) throw UNUSUAL;
    this.name(this.i32());
    return this.i32();
  }

  result(): Status {
    if (this.byte() !== TType.STRUCT || this.i16() !== 0) throw UNUSUAL;
    const status = this.tsStatus(0);
    if (this.byte() !== 0) throw UNUSUAL;
    return status;
  }

  private tsStatus(depth: number): Status {
    if (depth > MAX_DEPTH) throw UNUSUAL;
    let code: number | undefined;
    let message: string | undefined;
    let subStatus: Status[] | undefined;
    let redirectNode: Status["redirectNode"];
    let needRetry: boolean | undefined;
    for (;;) {
      const type = this.byte();
      if (type === 0) break;
      const id = this.i16();
      if (id === 1 && type === TType.I32) code = this.i32();
      else if (id === 2 && type === TType.STRING) message = this.utf8(this.i32());
      else if (id === 3 && type === TType.LIST) {
        if (this.byte() !== TType.STRUCT) throw UNUSUAL;
        const size = this.i32();
        if (size < 0) throw UNUSUAL;
        subStatus = [];
        for (let i = 0; i < size; i++) subStatus.push(this.tsStatus(depth + 1));
      } else if (id === 4 && type === TType.STRUCT) redirectNode = this.endPoint();
      else if (id === 5 && type === TType.BOOL) needRetry = this.byte() !== 0;
      else throw UNUSUAL;
    }
    return StatusReader.status(code, message, subStatus, redirectNode, needRetry);
  }

  private endPoint(): { host: string; port: number } {
    let host: string | undefined;
    let port: number | undefined;
    for (;;) {
      const type = this.byte();
      if (type === 0) break;
      const id = this.i16();
      if (id === 1 && type === TType.STRING) host = this.utf8(this.i32());
      else if (id === 2 && type === TType.I32) port = this.i32();
      else throw UNUSUAL;
    }
    if (host === undefined || port === undefined) throw UNUSUAL;
    return { host, port };
  }

  private i16(): number {
    const at = this.pos;
    this.skip(2);
    return this.frame.readInt16BE(at);
  }

  private i32(): number {
    const at = this.pos;
    this.skip(4);
    return this.frame.readInt32BE(at);
  }
}

class CompactReader extends StatusReader {
  header(): number {
    if (this.byte() !== COMPACT_PROTOCOL_ID || this.byte() !== COMPACT_REPLY) throw UNUSUAL;
    const seqid = this.varint();
    if (seqid > 0x7fffffff) throw UNUSUAL;
    this.name(this.varint());
    return seqid;
  }

  result(): Status {
    // Field 0 cannot be written as a delta: its header is a full one (type byte, then zigzag id 0).
    if (this.byte() !== CompactType.STRUCT || this.varint() !== 0) throw UNUSUAL;
    const status = this.tsStatus(0);
    if (this.byte() !== 0) throw UNUSUAL;
    return status;
  }

  private tsStatus(depth: number): Status {
    if (depth > MAX_DEPTH) throw UNUSUAL;
    let code: number | undefined;
    let message: string | undefined;
    let subStatus: Status[] | undefined;
    let redirectNode: Status["redirectNode"];
    let needRetry: boolean | undefined;
    let lastId = 0;
    for (;;) {
      const head = this.byte();
      if (head === 0) break;
      const type = head & 0x0f;
      if (type === 0) throw UNUSUAL; // a STOP nibble with a field-id delta: not what a writer sends
      const id = (lastId = head >>> 4 === 0 ? this.zigzag(this.varint()) : lastId + (head >>> 4));
      if (id === 1 && type === CompactType.I32) code = this.zigzag(this.varint());
      else if (id === 2 && type === CompactType.BINARY) message = this.utf8(this.varint());
      else if (id === 3 && type === CompactType.LIST) {
        const sizeAndType = this.byte();
        if ((sizeAndType & 0x0f) !== CompactType.STRUCT) throw UNUSUAL;
        const size = sizeAndType >>> 4 === 15 ? this.varint() : sizeAndType >>> 4;
        subStatus = [];
        for (let i = 0; i < size; i++) subStatus.push(this.tsStatus(depth + 1));
      } else if (id === 4 && type === CompactType.STRUCT) redirectNode = this.endPoint();
      else if (id === 5 && (type === CompactType.BOOLEAN_TRUE || type === CompactType.BOOLEAN_FALSE)) needRetry = type === CompactType.BOOLEAN_TRUE;
      else throw UNUSUAL;
    }
    return StatusReader.status(code, message, subStatus, redirectNode, needRetry);
  }

  private endPoint(): { host: string; port: number } {
    let host: string | undefined;
    let port: number | undefined;
    let lastId = 0;
    for (;;) {
      const head = this.byte();
      if (head === 0) break;
      const type = head & 0x0f;
      if (type === 0) throw UNUSUAL; // a STOP nibble with a field-id delta: not what a writer sends
      const id = (lastId = head >>> 4 === 0 ? this.zigzag(this.varint()) : lastId + (head >>> 4));
      if (id === 1 && type === CompactType.BINARY) host = this.utf8(this.varint());
      else if (id === 2 && type === CompactType.I32) port = this.zigzag(this.varint());
      else throw UNUSUAL;
    }
    if (host === undefined || port === undefined) throw UNUSUAL;
    return { host, port };
  }

  /** An unsigned varint of at most 32 bits (5 bytes); longer or larger ones are left to the generated reader. */
  private varint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) {
        if (value > 0xffffffff) throw UNUSUAL;
        return value;
      }
    }
    throw UNUSUAL;
  }

  private zigzag(n: number): number {
    return (n >>> 1) ^ -(n & 1);
  }
}
