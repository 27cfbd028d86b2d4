// TCompactProtocol's bytes, as Java's TCompactProtocol writes them: zigzag varint integers, a
// field header of one byte (id delta 1..15 from the struct's previous field, and the type) or
// type byte + zigzag id, bool field values folded into the header, list sizes up to 14 in the
// header byte, little-endian doubles, varint length prefixes.
import type { Writer } from "@zerowire/writer";
import type { FieldWriter } from "./field-writer.js";
import { CompactType, compactTypeOf } from "./types.js";

const PROTOCOL_ID = 0x82;
const VERSION = 1;

export class CompactFieldWriter implements FieldWriter {
  /** Id of the last field written in the current struct; the outer structs' on the stack. */
  private lastFieldId = 0;
  private readonly lastFieldIds: number[] = [];

  /** @param out the Writer to append to (the stock protocol points it at its transport's frame) */
  constructor(public out: Writer) {}

  /** The message type takes 3 bits and the seqid is an int32 (a RangeError otherwise). */
  messageBegin(name: string, type: number, seqid: number): void {
    if (!(Number.isInteger(type) && type >= 0 && type <= 7))
      throw new RangeError(`message type ${type} does not fit 3 bits`);
    if ((seqid | 0) !== seqid) throw new RangeError(`seqid ${seqid} is not an int32`);
    this.out
      .u8(PROTOCOL_ID)
      .u8((type << 5) | VERSION)
      .uvarint32(seqid >>> 0)
      .strVarint(name);
  }
  structBegin(): void {
    this.lastFieldIds.push(this.lastFieldId);
    this.lastFieldId = 0;
  }
  structEnd(): void {
    this.lastFieldId = this.lastFieldIds.pop() ?? 0;
  }
  /** A RangeError for a type code that is not a value type, or a long-form id that is not an int16. */
  fieldBegin(type: number, id: number): void {
    this.header(compactTypeOf(type), id);
  }
  boolField(id: number, value: boolean): void {
    this.header(value ? CompactType.BOOLEAN_TRUE : CompactType.BOOLEAN_FALSE, id);
  }
  private header(compactType: number, id: number): void {
    const delta = id - this.lastFieldId;
    if (delta > 0 && delta <= 15) this.out.u8((delta << 4) | compactType);
    else {
      if ((id << 16) >> 16 !== id) throw new RangeError(`field id ${id} is not an int16`);
      this.out.u8(compactType).zigzag32(id);
    }
    this.lastFieldId = id;
  }
  fieldStop(): void {
    this.out.u8(CompactType.STOP);
  }
  listBegin(elementType: number, size: number): void {
    const element = compactTypeOf(elementType);
    if (size <= 14) this.out.u8((size << 4) | element);
    else this.out.u8(0xf0 | element).uvarint32(size);
  }
  mapBegin(keyType: number, valueType: number, size: number): void {
    const key = compactTypeOf(keyType);
    const value = compactTypeOf(valueType);
    if (size === 0) this.out.u8(0);
    else this.out.uvarint32(size).u8((key << 4) | value);
  }
  /** One byte: 1 (true) or 2 (false). */
  bool(value: boolean): void {
    this.out.u8(value ? CompactType.BOOLEAN_TRUE : CompactType.BOOLEAN_FALSE);
  }
  byte(value: number): void {
    this.out.i8(value);
  }
  /** A RangeError for a value that is not an int16 (the zigzag varint would take it). */
  i16(value: number): void {
    if ((value << 16) >> 16 !== value) throw new RangeError(`${value} is not a valid int16`);
    this.out.zigzag32(value);
  }
  i32(value: number): void {
    this.out.zigzag32(value);
  }
  i64(value: bigint | number): void {
    this.out.zigzag64(value);
  }
  double(value: number): void {
    this.out.f64le(value);
  }
  string(value: string): void {
    this.out.strVarint(value);
  }
  binary(value: Uint8Array): void {
    this.out.uvarint32(value.length).bytes(value);
  }
  /** The varint prefix is sized from the estimate; a wrong guess moves the body once (Writer#join). */
  binaryBegin(estimatedLength: number): number {
    return this.out.fork("varint", estimatedLength);
  }
  binaryEnd(mark: number): void {
    this.out.join(mark);
  }
  reset(): void {
    this.lastFieldId = 0;
    this.lastFieldIds.length = 0;
  }
}
