// The protocol interface that Thrift-generated JavaScript calls (the `thrift` package's
// TProtocol: writeStructBegin/writeFieldBegin/.../readMessageBegin/readFieldBegin/skip), which
// both protocols implement over the field-level writer and reader of ./wire.
import type { I64Input } from "./int64-value.js";
import type Int64 from "node-int64";
import type { TFramedTransport } from "./framed-transport.js";
import type { FieldHeader, ListHeader, MapHeader, MessageHeader } from "./wire/index.js";

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
