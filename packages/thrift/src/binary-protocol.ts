// TBinaryProtocol: Thrift's binary protocol (big-endian fixed-width integers, int32 lengths),
// byte for byte what the `thrift` package and Java's TBinaryProtocol write, read and written
// directly through a TFramedTransport's Reader and Writer.
//
// Writes check their values (an i32 out of range is a RangeError naming it, where the `thrift`
// package would wrap it silently); a failed write leaves the frame unusable, and the generated
// code then calls reset(), which drops it. Reads check every length and type code before using
// it: a read past the frame's end is a ReadError, invalid bytes a ThriftDecodeError, each
// naming what was read at which offset.
import type Int64 from "node-int64";
import { ThriftDecodeError } from "./errors.js";
import type { TFramedTransport } from "./framed-transport.js";
import { int64Bytes, int64FromBytes, type I64Input } from "./int64-value.js";
import { type FieldHeader, type ListHeader, type MapHeader, type MessageHeader, type ThriftProtocol } from "./protocol.js";
import { isValueType, TType } from "./thrift-types.js";
import { ProtocolBase } from "./protocol-base.js";
import { checkSize, checkValueType } from "./write-checks.js";
import { doubleKey, int64Key, integerKey } from "./map-keys.js";

const VERSION_1 = 0x80010000 | 0;
const VERSION_MASK = 0xffff0000 | 0;

export class TBinaryProtocol extends ProtocolBase implements ThriftProtocol {
  /** readFieldBegin's result, reused (generated code reads it at once). */
  private readonly field: FieldHeader = { fname: null, ftype: 0, fid: 0 };

  /**
   * @param trans the transport to read from and write to
   * @param strictRead reject messages without a version header (default false)
   * @param strictWrite write the version header (default true, as Java and the `thrift` package do)
   */
  constructor(
    trans: TFramedTransport,
    private readonly strictRead = false,
    private readonly strictWrite = true,
  ) {
    super(trans);
  }

  /** Drops the output written since the last flush. */
  reset(): void {
    this.trans.discardOutput();
  }

  // ---- writing ----

  writeMessageBegin(name: string, type: number, seqid: number): void {
    const w = this.trans.out;
    if (this.strictWrite) w.u16be(0x8001).u8(0).u8(type).strI32be(name).i32be(seqid);
    else w.strI32be(name).u8(type).i32be(seqid);
    this.trans.setCurrSeqId(seqid);
  }
  writeStructBegin(_name: string): void {}
  writeStructEnd(): void {}
  writeFieldBegin(_name: string, type: number, id: number): void {
    checkValueType(type);
    this.trans.out.u8(type).i16be(id);
  }
  writeFieldStop(): void {
    this.trans.out.u8(TType.STOP);
  }
  writeMapBegin(keyType: number, valueType: number, size: number): void {
    checkValueType(keyType);
    checkValueType(valueType);
    checkSize(size);
    this.trans.out.u8(keyType).u8(valueType).i32be(size);
  }
  writeListBegin(elementType: number, size: number): void {
    checkValueType(elementType);
    checkSize(size);
    this.trans.out.u8(elementType).i32be(size);
  }
  writeSetBegin(elementType: number, size: number): void {
    this.writeListBegin(elementType, size);
  }
  writeBool(value: boolean): void {
    this.trans.out.u8(value ? 1 : 0);
  }
  writeByte(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "byte");
    this.trans.out.i8(value);
  }
  writeI16(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "i16");
    this.trans.out.i16be(value);
  }
  writeI32(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "i32");
    this.trans.out.i32be(value);
  }
  /** An Int64 (its 8 bytes as they are), a bigint, or a safe-integer number. */
  writeI64(value: I64Input | string): void {
    if (typeof value === "string") value = int64Key(value);
    const bytes = int64Bytes(value);
    if (bytes !== undefined) this.trans.out.bytes(bytes);
    else this.trans.out.i64be(value as number | bigint);
  }
  writeDouble(value: number | string): void {
    if (typeof value === "string") value = doubleKey(value);
    this.trans.out.f64be(value);
  }

  protected putString(value: string): void {
    this.trans.out.strI32be(value);
  }
  protected putBytes(value: Uint8Array): void {
    this.trans.out.i32be(value.length).bytes(value);
  }
  protected readLength(what: string): number {
    return this.r.i32be(what);
  }

  // ---- reading ----

  readMessageBegin(): MessageHeader {
    const r = this.r;
    const at = r.pos;
    const head = r.i32be("message header");
    if (head < 0) {
      if ((head & VERSION_MASK) !== VERSION_1) {
        throw new ThriftDecodeError("message header", at, r.remaining, `bad version 0x${(head >>> 16).toString(16)} (expected 0x8001)`);
      }
      const fname = this.readMethodName();
      return { fname, mtype: head & 0xff, rseqid: r.i32be("seqid") };
    }
    if (this.strictRead) {
      throw new ThriftDecodeError("message header", at, r.remaining, "no version header (strictRead)");
    }
    const fname = r.utf8(head, "method name");
    const mtype = r.u8("message type");
    return { fname, mtype, rseqid: r.i32be("seqid") };
  }
  readStructBegin(): { fname: string } {
    return { fname: "" };
  }
  readStructEnd(): void {}
  readFieldBegin(): FieldHeader {
    const r = this.r;
    const h = this.field;
    const ftype = r.u8("field type");
    if (ftype === TType.STOP) {
      h.ftype = ftype;
      h.fid = 0;
      return h;
    }
    if (!isValueType(ftype)) this.badType("field type", ftype, 1);
    h.fid = r.i16be("field id");
    h.ftype = ftype;
    return h;
  }
  readMapBegin(): MapHeader {
    const r = this.r;
    const ktype = r.u8("map key type");
    if (!isValueType(ktype)) this.badType("map key type", ktype, 1);
    const vtype = r.u8("map value type");
    if (!isValueType(vtype)) this.badType("map value type", vtype, 1);
    return { ktype, vtype, size: this.readSize("map size") };
  }
  readListBegin(): ListHeader {
    const r = this.r;
    const etype = r.u8("element type");
    if (!isValueType(etype)) this.badType("element type", etype, 1);
    return { etype, size: this.readSize("element count") };
  }
  readSetBegin(): ListHeader {
    return this.readListBegin();
  }
  /** A zero byte is false, any other true (as the `thrift` package and C++ read it). */
  readBool(): boolean {
    return this.r.u8("bool") !== 0;
  }
  readByte(): number {
    return this.r.i8("byte");
  }
  readI16(): number {
    return this.r.i16be("i16");
  }
  readI32(): number {
    return this.r.i32be("i32");
  }
  /** A new Int64 (node-int64) holding a copy of the 8 bytes. */
  readI64(): Int64 {
    return int64FromBytes(this.r.bytes(8, "i64"));
  }
  readDouble(): number {
    return this.r.f64be("double");
  }

  /** A container size: an int32 that is not negative and not more than the bytes left (each element takes at least one). */
  private readSize(what: string): number {
    const r = this.r;
    const at = r.pos;
    const size = r.i32be(what);
    if (size < 0 || size > r.remaining) {
      throw new ThriftDecodeError(what, at, r.remaining, size < 0 ? `negative size ${size}` : `${size} elements cannot fit the ${r.remaining} bytes left`);
    }
    return size;
  }

  /** Throws for an invalid type code just read (`width` bytes ago). */
  private badType(what: string, code: number, width: number): never {
    const at = this.r.pos - width;
    throw new ThriftDecodeError(what, at, this.r.remaining + width, `unknown type code ${code}`);
  }
}
