import { CompactType as CT, compactTypeOf } from "@zerowire/thrift";
import type { Writer } from "@zerowire/writer";
import { javaString } from "../java-string.js";
import type { ThriftMessageType, ThriftType, ThriftWriter } from "./protocol.js";

const PROTOCOL_ID = 0x82;
const VERSION = 1;
const TYPE_SHIFT = 5;

/** TCompactProtocol: zigzag varint integers, field-id deltas, bool values folded into field headers. */
export class CompactProtocolWriter implements ThriftWriter {
  private lastFieldId = 0;
  private readonly fieldIdStack: number[] = [];

  constructor(readonly out: Writer) {}

  messageBegin(name: string, type: ThriftMessageType, seqid: number): void {
    this.out.u8(PROTOCOL_ID);
    this.out.u8(VERSION | (type << TYPE_SHIFT));
    this.out.uvarint32(seqid >>> 0);
    this.string(name);
  }

  structBegin(): void {
    this.fieldIdStack.push(this.lastFieldId);
    this.lastFieldId = 0;
  }

  structEnd(): void {
    this.out.u8(0);
    this.lastFieldId = this.fieldIdStack.pop() ?? 0;
  }

  fieldBegin(type: ThriftType, id: number): void {
    this.header(compactTypeOf(type), id);
  }

  boolField(id: number, value: boolean): void {
    this.header(value ? CT.BOOLEAN_TRUE : CT.BOOLEAN_FALSE, id);
  }

  private header(typeNibble: number, id: number): void {
    const delta = id - this.lastFieldId;
    if (delta > 0 && delta <= 15) {
      this.out.u8((delta << 4) | typeNibble);
    } else {
      this.out.u8(typeNibble);
      this.out.zigzag32(id);
    }
    this.lastFieldId = id;
  }

  byte(v: number): void {
    this.out.i8(v);
  }

  i32(v: number): void {
    this.out.zigzag32(v);
  }

  i64(v: bigint | number): void {
    this.out.zigzag64(v);
  }

  string(s: string): void {
    this.out.strVarint(javaString(s));
  }

  binary(bytes: Uint8Array): void {
    this.out.uvarint32(bytes.length);
    this.out.bytes(bytes);
  }

  listBegin(elemType: ThriftType, size: number): void {
    const t = compactTypeOf(elemType);
    if (size <= 14) {
      this.out.u8((size << 4) | t);
    } else {
      this.out.u8(0xf0 | t);
      this.out.uvarint32(size);
    }
  }

  /** The varint prefix is sized from the estimate; a wrong guess moves the body once (Writer#join). */
  binaryBegin(estimatedLength: number): number {
    return this.out.fork("varint", estimatedLength);
  }

  binaryEnd(mark: number): void {
    this.out.join(mark);
  }
}
