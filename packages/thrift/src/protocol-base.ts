// What TBinaryProtocol and TCompactProtocol share: the transport and its Reader, the methods
// that write or read nothing in either protocol, strings and binaries around a length prefix
// that each protocol writes and reads its own way, UUIDs, and skip.
import type { Reader } from "@zerowire/writer";
import type { TFramedTransport } from "./framed-transport.js";
import { skipValue, type ThriftProtocol } from "./protocol.js";
import { binaryAfter, stringAfter } from "./read-bytes.js";
import { uuidBytes, uuidString } from "./uuid.js";

export abstract class ProtocolBase {
  protected readonly r: Reader;

  constructor(protected readonly trans: TFramedTransport) {
    this.r = trans.reader;
  }

  /** Writes a string's UTF-8 bytes after the protocol's length prefix. */
  protected abstract putString(value: string): void;
  /** Writes bytes after the protocol's length prefix. */
  protected abstract putBytes(value: Uint8Array): void;
  /** Reads the protocol's length prefix (negative lengths are refused by the caller). */
  protected abstract readLength(what: string): number;

  getTransport(): TFramedTransport {
    return this.trans;
  }
  flush(): void {
    this.trans.flush();
  }

  writeMessageEnd(): void {}
  writeFieldEnd(): void {}
  writeMapEnd(): void {}
  writeListEnd(): void {}
  writeSetEnd(): void {}
  readMessageEnd(): void {}
  readFieldEnd(): void {}
  readMapEnd(): void {}
  readListEnd(): void {}
  readSetEnd(): void {}

  /** A string as UTF-8, or bytes as they are, after the length prefix. */
  writeString(value: string | Uint8Array): void {
    if (typeof value === "string") this.putString(value);
    else this.putBytes(checkedBytes(value, "writeString"));
  }
  /** Bytes as they are (a string as Latin-1, as the `thrift` package does), after the length prefix. */
  writeBinary(value: Uint8Array | string): void {
    this.putBytes(typeof value === "string" ? Buffer.from(value, "latin1") : checkedBytes(value, "writeBinary"));
  }
  writeUuid(value: string): void {
    this.trans.out.bytes(uuidBytes(value));
  }

  readString(): string {
    const r = this.r;
    const at = r.pos;
    return stringAfter(r, this.readLength("string length"), at);
  }
  /** A view of the frame (no copy): valid as long as the frame's bytes are. */
  readBinary(): Buffer {
    const r = this.r;
    const at = r.pos;
    return binaryAfter(r, this.readLength("binary length"), at);
  }
  readUuid(): string {
    return uuidString(this.r.bytes(16, "uuid"));
  }
  skip(type: number): void {
    skipValue(this as unknown as ThriftProtocol, type, 1, this.r); // each subclass implements ThriftProtocol
  }

  /** Reads the method name of a message header. */
  protected readMethodName(): string {
    const r = this.r;
    const at = r.pos;
    return stringAfter(r, this.readLength("method name length"), at, "method name");
  }
}

function checkedBytes(value: unknown, method: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${method}: expected a string or Uint8Array, got ${typeof value}`);
  return value;
}
