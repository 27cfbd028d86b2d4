// The protocol interface that Thrift-generated JavaScript calls (the `thrift` package's
// TProtocol: writeStructBegin/writeFieldBegin/.../readMessageBegin/readFieldBegin/skip), which
// both protocols implement, and the skip they share.
import { ThriftDecodeError } from "./errors.js";
import type { I64Input } from "./int64-value.js";
import type Int64 from "node-int64";
import { TType } from "./thrift-types.js";
import type { TFramedTransport } from "./framed-transport.js";
import type { Reader } from "@zerowire/writer";

export interface MessageHeader {
  fname: string;
  mtype: number;
  rseqid: number;
}
export interface FieldHeader {
  fname: null;
  ftype: number;
  fid: number;
}
export interface MapHeader {
  ktype: number;
  vtype: number;
  size: number;
}
export interface ListHeader {
  etype: number;
  size: number;
}

/** What generated code calls on a protocol. */
export interface ThriftProtocol {
  getTransport(): TFramedTransport;
  flush(): void;
  reset(): void;
  writeMessageBegin(name: string, type: number, seqid: number): void;
  writeMessageEnd(): void;
  writeStructBegin(name: string): void;
  writeStructEnd(): void;
  writeFieldBegin(name: string, type: number, id: number): void;
  writeFieldEnd(): void;
  writeFieldStop(): void;
  writeMapBegin(keyType: number, valueType: number, size: number): void;
  writeMapEnd(): void;
  writeListBegin(elementType: number, size: number): void;
  writeListEnd(): void;
  writeSetBegin(elementType: number, size: number): void;
  writeSetEnd(): void;
  writeBool(value: boolean): void;
  /** Numeric writes also take the decimal strings that generated code passes for map keys. */
  writeByte(value: number | string): void;
  writeI16(value: number | string): void;
  writeI32(value: number | string): void;
  writeI64(value: I64Input | string): void;
  writeDouble(value: number | string): void;
  writeString(value: string | Uint8Array): void;
  writeBinary(value: Uint8Array | string): void;
  writeUuid(value: string): void;
  readMessageBegin(): MessageHeader;
  readMessageEnd(): void;
  readStructBegin(): { fname: string };
  readStructEnd(): void;
  /** The header object may be reused by the next readFieldBegin: read its fields before reading on. */
  readFieldBegin(): FieldHeader;
  readFieldEnd(): void;
  readMapBegin(): MapHeader;
  readMapEnd(): void;
  readListBegin(): ListHeader;
  readListEnd(): void;
  readSetBegin(): ListHeader;
  readSetEnd(): void;
  readBool(): boolean;
  readByte(): number;
  readI16(): number;
  readI32(): number;
  readI64(): Int64;
  readDouble(): number;
  readString(): string;
  readBinary(): Buffer;
  readUuid(): string;
  skip(type: number): void;
}

/** How deep skip() follows nested values, as in the `thrift` package. */
export const MAX_SKIP_DEPTH = 64;

/**
 * Reads past one value of `type` through the protocol's own read methods (so the compact
 * protocol's field-id and bool state stays right). An unknown type, or nesting deeper than
 * MAX_SKIP_DEPTH, is a ThriftDecodeError at the reader's position.
 */
export function skipValue(p: ThriftProtocol, type: number, depth: number, r: Reader): void {
  if (depth > MAX_SKIP_DEPTH) {
    throw new ThriftDecodeError("skipped value", r.pos, r.remaining, `nested deeper than ${MAX_SKIP_DEPTH} levels`);
  }
  switch (type) {
    case TType.BOOL:
      p.readBool();
      return;
    case TType.BYTE:
      p.readByte();
      return;
    case TType.I16:
      p.readI16();
      return;
    case TType.I32:
      p.readI32();
      return;
    case TType.I64:
      p.readI64();
      return;
    case TType.DOUBLE:
      p.readDouble();
      return;
    case TType.STRING:
      p.readBinary();
      return;
    case TType.UUID:
      p.readUuid();
      return;
    case TType.STRUCT:
      p.readStructBegin();
      for (;;) {
        const ftype = p.readFieldBegin().ftype;
        if (ftype === TType.STOP) break;
        skipValue(p, ftype, depth + 1, r);
        p.readFieldEnd();
      }
      p.readStructEnd();
      return;
    case TType.MAP: {
      const { ktype, vtype, size } = p.readMapBegin();
      for (let i = 0; i < size; i++) {
        skipValue(p, ktype, depth + 1, r);
        skipValue(p, vtype, depth + 1, r);
      }
      p.readMapEnd();
      return;
    }
    case TType.SET:
    case TType.LIST: {
      const { etype, size } = type === TType.SET ? p.readSetBegin() : p.readListBegin();
      for (let i = 0; i < size; i++) skipValue(p, etype, depth + 1, r);
      if (type === TType.SET) p.readSetEnd();
      else p.readListEnd();
      return;
    }
    default:
      throw new ThriftDecodeError("skipped value", r.pos, r.remaining, `unknown type code ${type}`);
  }
}
