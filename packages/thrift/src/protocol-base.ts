// What TBinaryProtocol and TCompactProtocol share: the generated code's protocol interface
// (ThriftProtocol) over a field writer and a field reader of ./wire, which hold all of each
// encoding's bytes. This layer adds what generated code needs around them: the transport (its
// output frame, flush, the seqid for the flush callback), map keys that arrive as strings, i64s
// as Int64 objects, type-code and size checks on writes, and the *End methods that write nothing.
//
// Writes check their values (an i32 out of range is a RangeError naming it, where the `thrift`
// package would wrap it silently); a failed write leaves the frame unusable, and the generated
// code then calls reset(), which drops it. Reads check every length and type code before using
// it (./wire's readers): a read past the frame's end is a ReadError, invalid bytes a
// ThriftDecodeError, each naming what was read at which offset.
import type { Writer } from "@zerowire/writer";
import type Int64 from "node-int64";
import type { TFramedTransport } from "./framed-transport.js";
import { int64Bytes, int64ToWritable, type I64Input } from "./int64-value.js";
import { doubleKey, int64Key, integerKey } from "./map-keys.js";
import type { ThriftProtocol } from "./protocol.js";
import { uuidBytes } from "./uuid.js";
import type { FieldHeader, FieldReader, FieldWriter, ListHeader, MapHeader, MessageHeader } from "./wire/index.js";
import { checkSize, checkValueType } from "./write-checks.js";

/** A field writer's Writer until the first write sets it (see ProtocolBase#w). */
export const NO_OUTPUT = undefined as unknown as Writer;

export abstract class ProtocolBase<W extends FieldWriter = FieldWriter> implements ThriftProtocol {
  /**
   * @param trans the transport to read from and write to
   * @param fieldWriter writes into the transport's output frame (its `out` set on each write: see w)
   * @param fieldReader reads the transport's input frame
   */
  constructor(
    protected readonly trans: TFramedTransport,
    private readonly fieldWriter: W,
    protected readonly fieldReader: FieldReader,
  ) {}

  /**
   * The field writer, on the transport's current output frame: `trans.out` opens a new frame
   * when the last was flushed, so it is read on every write, as the protocols always have.
   */
  protected get w(): W {
    const w = this.fieldWriter;
    w.out = this.trans.out;
    return w;
  }

  getTransport(): TFramedTransport {
    return this.trans;
  }
  flush(): void {
    this.trans.flush();
  }
  /** Drops the output written since the last flush, and the struct nesting written into it. */
  reset(): void {
    this.trans.discardOutput();
    this.fieldWriter.reset();
  }

  // ---- writing ----

  writeMessageBegin(name: string, type: number, seqid: number): void {
    this.w.messageBegin(name, type, seqid);
    this.trans.setCurrSeqId(seqid);
  }
  writeMessageEnd(): void {}
  writeStructBegin(_name: string): void {
    this.fieldWriter.structBegin();
  }
  writeStructEnd(): void {
    this.fieldWriter.structEnd();
  }
  writeFieldBegin(_name: string, type: number, id: number): void {
    checkValueType(type);
    this.w.fieldBegin(type, id);
  }
  writeFieldEnd(): void {}
  writeFieldStop(): void {
    this.w.fieldStop();
  }
  writeMapBegin(keyType: number, valueType: number, size: number): void {
    checkValueType(keyType);
    checkValueType(valueType);
    checkSize(size);
    this.w.mapBegin(keyType, valueType, size);
  }
  writeMapEnd(): void {}
  writeListBegin(elementType: number, size: number): void {
    checkValueType(elementType);
    checkSize(size);
    this.w.listBegin(elementType, size);
  }
  writeListEnd(): void {}
  writeSetBegin(elementType: number, size: number): void {
    this.writeListBegin(elementType, size);
  }
  writeSetEnd(): void {}
  writeBool(value: boolean): void {
    this.w.bool(value);
  }
  writeByte(value: number | string): void {
    this.w.byte(typeof value === "string" ? integerKey(value, "byte") : value);
  }
  writeI16(value: number | string): void {
    this.w.i16(typeof value === "string" ? integerKey(value, "i16") : value);
  }
  writeI32(value: number | string): void {
    this.w.i32(typeof value === "string" ? integerKey(value, "i32") : value);
  }
  /** An Int64 (its value as it is), a bigint, or a safe-integer number. */
  writeI64(value: I64Input | string): void {
    if (typeof value === "string") value = int64Key(value);
    const bytes = int64Bytes(value);
    this.w.i64(bytes !== undefined ? int64ToWritable(bytes) : (value as number | bigint));
  }
  writeDouble(value: number | string): void {
    this.w.double(typeof value === "string" ? doubleKey(value) : value);
  }
  /** A string as UTF-8, or bytes as they are, after the length prefix. */
  writeString(value: string | Uint8Array): void {
    if (typeof value === "string") this.w.string(value);
    else this.w.binary(checkedBytes(value, "writeString"));
  }
  /** Bytes as they are (a string as Latin-1, as the `thrift` package does), after the length prefix. */
  writeBinary(value: Uint8Array | string): void {
    this.w.binary(typeof value === "string" ? Buffer.from(value, "latin1") : checkedBytes(value, "writeBinary"));
  }
  writeUuid(value: string): void {
    this.trans.out.bytes(uuidBytes(value));
  }

  // ---- reading ----

  readMessageBegin(): MessageHeader {
    return this.fieldReader.messageBegin();
  }
  readMessageEnd(): void {}
  readStructBegin(): { fname: string } {
    this.fieldReader.structBegin();
    return { fname: "" };
  }
  readStructEnd(): void {
    this.fieldReader.structEnd();
  }
  readFieldBegin(): FieldHeader {
    return this.fieldReader.fieldBegin();
  }
  readFieldEnd(): void {}
  readMapBegin(): MapHeader {
    return this.fieldReader.mapBegin();
  }
  readMapEnd(): void {}
  readListBegin(): ListHeader {
    return this.fieldReader.listBegin();
  }
  readListEnd(): void {}
  readSetBegin(): ListHeader {
    return this.fieldReader.listBegin();
  }
  readSetEnd(): void {}
  readBool(): boolean {
    return this.fieldReader.bool();
  }
  readByte(): number {
    return this.fieldReader.byte();
  }
  readI16(): number {
    return this.fieldReader.i16();
  }
  readI32(): number {
    return this.fieldReader.i32();
  }
  /** A new Int64 (node-int64) of its own. */
  readI64(): Int64 {
    return this.fieldReader.i64();
  }
  readDouble(): number {
    return this.fieldReader.double();
  }
  readString(): string {
    return this.fieldReader.string();
  }
  /** A view of the frame (no copy): valid as long as the frame's bytes are. */
  readBinary(): Buffer {
    return this.fieldReader.binary();
  }
  readUuid(): string {
    return this.fieldReader.uuid();
  }
  skip(type: number): void {
    this.fieldReader.skip(type);
  }
}

function checkedBytes(value: unknown, method: string): Uint8Array {
  if (!(value instanceof Uint8Array))
    throw new TypeError(`${method}: expected a string or Uint8Array, got ${typeof value}`);
  return value;
}
