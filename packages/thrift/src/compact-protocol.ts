// TCompactProtocol: Thrift's compact protocol (zigzag varints, field-id deltas, bools folded
// into field headers, little-endian doubles), byte for byte what Java's TCompactProtocol writes,
// read and written directly through a TFramedTransport's Reader and Writer.
//
// Where the `thrift` package's JavaScript compact protocol departs from Java, this follows Java:
// a double is written as its IEEE 754 bits (the `thrift` package's hand-rolled encoder writes
// -0 as +0 and loses NaN payloads), and a bool inside a list, set or map reads back as written
// (the `thrift` package reads every one as false). Validation as in TBinaryProtocol.
import type Int64 from "node-int64";
import { ThriftDecodeError } from "./errors.js";
import type { TFramedTransport } from "./framed-transport.js";
import { int64Bytes, int64FromZigzag, int64ToWritable, type I64Input } from "./int64-value.js";
import { type FieldHeader, type ListHeader, type MapHeader, type MessageHeader, type ThriftProtocol } from "./protocol.js";
import { CompactType as CT, compactTypeOf as compactOf, TType } from "./thrift-types.js";
import { ProtocolBase } from "./protocol-base.js";
import { checkSize } from "./write-checks.js";
import { doubleKey, int64Key, integerKey } from "./map-keys.js";

const PROTOCOL_ID = 0x82;
const VERSION = 1;

/** TType of each compact code (STOP excluded: -1). */
const TTYPE_OF_COMPACT: readonly number[] = [
  -1, TType.BOOL, TType.BOOL, TType.BYTE, TType.I16, TType.I32, TType.I64, TType.DOUBLE, TType.STRING, TType.LIST, TType.SET, TType.MAP, TType.STRUCT, TType.UUID,
];

const NO_BOOL = -1;

export class TCompactProtocol extends ProtocolBase implements ThriftProtocol {
  /** readFieldBegin's result, reused (generated code reads it at once). */
  private readonly field: FieldHeader = { fname: null, ftype: 0, fid: 0 };
  /** Field id of the last field written or read in the current struct; outer structs' on the stack. */
  private lastFieldId = 0;
  private readonly lastFieldIds: number[] = [];
  /** A bool field whose header waits for its value (writing), or -1. */
  private pendingBoolFieldId = NO_BOOL;
  /** The value of a bool field whose header was read (0 or 1), or -1. */
  private pendingBoolValue = NO_BOOL;

  constructor(trans: TFramedTransport) {
    super(trans);
  }
  /** Drops the output written since the last flush, and the field state of the structs in it. */
  reset(): void {
    this.trans.discardOutput();
    this.lastFieldId = 0;
    this.lastFieldIds.length = 0;
    this.pendingBoolFieldId = NO_BOOL;
  }

  // ---- writing ----

  writeMessageBegin(name: string, type: number, seqid: number): void {
    if (!(Number.isInteger(type) && type >= 0 && type <= 7)) throw new RangeError(`message type ${type} does not fit 3 bits`);
    if ((seqid | 0) !== seqid) throw new RangeError(`seqid ${seqid} is not an int32`);
    this.trans.out.u8(PROTOCOL_ID).u8((type << 5) | VERSION).uvarint32(seqid >>> 0).strVarint(name);
    this.trans.setCurrSeqId(seqid);
  }
  writeStructBegin(_name: string): void {
    this.lastFieldIds.push(this.lastFieldId);
    this.lastFieldId = 0;
  }
  writeStructEnd(): void {
    this.lastFieldId = this.lastFieldIds.pop() ?? 0;
  }
  writeFieldBegin(_name: string, type: number, id: number): void {
    if (type === TType.BOOL) {
      if ((id << 16) >> 16 !== id) throw new RangeError(`field id ${id} is not an int16`);
      this.pendingBoolFieldId = id;
    } else {
      this.writeFieldHeader(compactOf(type), id);
    }
  }
  private writeFieldHeader(compactType: number, id: number): void {
    const delta = id - this.lastFieldId;
    if (delta > 0 && delta <= 15) this.trans.out.u8((delta << 4) | compactType);
    else {
      if ((id << 16) >> 16 !== id) throw new RangeError(`field id ${id} is not an int16`);
      this.trans.out.u8(compactType).zigzag32(id);
    }
    this.lastFieldId = id;
  }
  writeFieldStop(): void {
    this.trans.out.u8(CT.STOP);
  }
  writeMapBegin(keyType: number, valueType: number, size: number): void {
    const key = compactOf(keyType);
    const value = compactOf(valueType);
    checkSize(size);
    if (size === 0) this.trans.out.u8(0);
    else this.trans.out.uvarint32(size).u8((key << 4) | value);
  }
  writeListBegin(elementType: number, size: number): void {
    const element = compactOf(elementType);
    checkSize(size);
    if (size <= 14) this.trans.out.u8((size << 4) | element);
    else this.trans.out.u8(0xf0 | element).uvarint32(size);
  }
  writeSetBegin(elementType: number, size: number): void {
    this.writeListBegin(elementType, size);
  }
  /** In a field header when it is a field's value; else one byte, 1 (true) or 2 (false). */
  writeBool(value: boolean): void {
    const type = value ? CT.BOOLEAN_TRUE : CT.BOOLEAN_FALSE;
    if (this.pendingBoolFieldId !== NO_BOOL) {
      const id = this.pendingBoolFieldId;
      this.pendingBoolFieldId = NO_BOOL;
      this.writeFieldHeader(type, id);
    } else {
      this.trans.out.u8(type);
    }
  }
  writeByte(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "byte");
    this.trans.out.i8(value);
  }
  writeI16(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "i16");
    if ((value << 16) >> 16 !== value) throw new RangeError(`${value} is not a valid int16`);
    this.trans.out.zigzag32(value);
  }
  writeI32(value: number | string): void {
    if (typeof value === "string") value = integerKey(value, "i32");
    this.trans.out.zigzag32(value);
  }
  /** An Int64, a bigint, or a safe-integer number, as a zigzag varint. */
  writeI64(value: I64Input | string): void {
    if (typeof value === "string") value = int64Key(value);
    const bytes = int64Bytes(value);
    this.trans.out.zigzag64(bytes !== undefined ? int64ToWritable(bytes) : (value as number | bigint));
  }
  writeDouble(value: number | string): void {
    if (typeof value === "string") value = doubleKey(value);
    this.trans.out.f64le(value);
  }

  protected putString(value: string): void {
    this.trans.out.strVarint(value);
  }
  protected putBytes(value: Uint8Array): void {
    this.trans.out.uvarint32(value.length).bytes(value);
  }
  protected readLength(what: string): number {
    return this.r.uvarint32(what);
  }

  // ---- reading ----

  readMessageBegin(): MessageHeader {
    const r = this.r;
    const at = r.pos;
    const id = r.u8("protocol id");
    if (id !== PROTOCOL_ID) throw new ThriftDecodeError("protocol id", at, r.remaining + 1, `0x${id.toString(16)} is not the compact protocol's 0x82`);
    const versionAndType = r.u8("version and type");
    if ((versionAndType & 0x1f) !== VERSION) {
      throw new ThriftDecodeError("version and type", at + 1, r.remaining + 1, `version ${versionAndType & 0x1f} (expected ${VERSION})`);
    }
    const rseqid = r.uvarint32("seqid") | 0;
    const fname = this.readMethodName();
    return { fname, mtype: versionAndType >>> 5, rseqid };
  }
  readStructBegin(): { fname: string } {
    this.lastFieldIds.push(this.lastFieldId);
    this.lastFieldId = 0;
    return { fname: "" };
  }
  readStructEnd(): void {
    this.lastFieldId = this.lastFieldIds.pop() ?? 0;
  }
  readFieldBegin(): FieldHeader {
    const r = this.r;
    const at = r.pos;
    const head = r.u8("field header");
    const h = this.field;
    if (head === CT.STOP) {
      h.ftype = TType.STOP;
      h.fid = 0;
      return h;
    }
    const compactType = head & 0x0f;
    const ftype = this.ttypeOf(compactType, "field type", at);
    const delta = head >>> 4;
    const fid = delta !== 0 ? this.lastFieldId + delta : this.readI16();
    if (compactType === CT.BOOLEAN_TRUE || compactType === CT.BOOLEAN_FALSE) this.pendingBoolValue = compactType === CT.BOOLEAN_TRUE ? 1 : 0;
    this.lastFieldId = fid;
    h.ftype = ftype;
    h.fid = fid;
    return h;
  }
  readMapBegin(): MapHeader {
    const r = this.r;
    const size = this.readSize("map size");
    if (size === 0) return { ktype: TType.STOP, vtype: TType.STOP, size };
    const at = r.pos;
    const types = r.u8("map key and value types");
    return { ktype: this.ttypeOf(types >>> 4, "map key type", at), vtype: this.ttypeOf(types & 0x0f, "map value type", at), size };
  }
  readListBegin(): ListHeader {
    const r = this.r;
    const at = r.pos;
    const head = r.u8("list header");
    const etype = this.ttypeOf(head & 0x0f, "element type", at);
    const size = head >>> 4 === 15 ? this.readSize("element count") : head >>> 4;
    return { etype, size };
  }
  readSetBegin(): ListHeader {
    return this.readListBegin();
  }
  /** A bool field's value from its header; else one byte, true only when it is 1 (as Java reads it). */
  readBool(): boolean {
    if (this.pendingBoolValue !== NO_BOOL) {
      const value = this.pendingBoolValue === 1;
      this.pendingBoolValue = NO_BOOL;
      return value;
    }
    return this.r.u8("bool") === CT.BOOLEAN_TRUE;
  }
  readByte(): number {
    return this.r.i8("byte");
  }
  readI16(): number {
    const r = this.r;
    const at = r.pos;
    const value = r.zigzag32("i16");
    if ((value << 16) >> 16 !== value) throw new ThriftDecodeError("i16", at, r.remaining, `${value} does not fit an i16`);
    return value;
  }
  readI32(): number {
    return this.r.zigzag32("i32");
  }
  /** A new Int64 (node-int64). */
  readI64(): Int64 {
    return int64FromZigzag(this.r, "i64");
  }
  readDouble(): number {
    return this.r.f64le("double");
  }

  /** A varint container size that is an int32 and not more than the bytes left (each element takes at least one). */
  private readSize(what: string): number {
    const r = this.r;
    const at = r.pos;
    const size = r.uvarint32(what);
    if (size > 0x7fffffff || size > r.remaining) {
      throw new ThriftDecodeError(what, at, r.remaining, `${size} elements cannot fit the ${r.remaining} bytes left`);
    }
    return size;
  }

  private ttypeOf(compactType: number, what: string, at: number): number {
    const ttype = TTYPE_OF_COMPACT[compactType] ?? -1;
    if (ttype === -1) throw new ThriftDecodeError(what, at, this.r.remaining + (this.r.pos - at), `unknown compact type code ${compactType}`);
    return ttype;
  }
}

