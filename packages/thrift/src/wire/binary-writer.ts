// TBinaryProtocol's bytes: big-endian fixed-width integers, int32 length prefixes, a field header
// of type byte + int16 id, and (strict write, as Java and the `thrift` package write by default)
// the 0x8001 version word in the message header. Stateless apart from the Writer.
import type { Writer } from "@zerowire/writer";
import type { FieldWriter } from "./field-writer.js";
import { TType } from "./types.js";

export class BinaryFieldWriter implements FieldWriter {
  /**
   * @param out the Writer to append to (the stock protocol points it at its transport's frame)
   * @param strictWrite write the version word (default true); false writes the old header (name first)
   */
  constructor(
    public out: Writer,
    private readonly strictWrite = true,
  ) {}

  messageBegin(name: string, type: number, seqid: number): void {
    if (this.strictWrite) this.out.u16be(0x8001).u8(0).u8(type).strI32be(name).i32be(seqid);
    else this.out.strI32be(name).u8(type).i32be(seqid);
  }
  structBegin(): void {}
  structEnd(): void {}
  fieldBegin(type: number, id: number): void {
    this.out.u8(type).i16be(id);
  }
  boolField(id: number, value: boolean): void {
    this.out
      .u8(TType.BOOL)
      .i16be(id)
      .u8(value ? 1 : 0);
  }
  fieldStop(): void {
    this.out.u8(TType.STOP);
  }
  listBegin(elementType: number, size: number): void {
    this.out.u8(elementType).i32be(size);
  }
  mapBegin(keyType: number, valueType: number, size: number): void {
    this.out.u8(keyType).u8(valueType).i32be(size);
  }
  bool(value: boolean): void {
    this.out.u8(value ? 1 : 0);
  }
  byte(value: number): void {
    this.out.i8(value);
  }
  i16(value: number): void {
    this.out.i16be(value);
  }
  i32(value: number): void {
    this.out.i32be(value);
  }
  i64(value: bigint | number): void {
    this.out.i64be(value);
  }
  double(value: number): void {
    this.out.f64be(value);
  }
  string(value: string): void {
    this.out.strI32be(value);
  }
  binary(value: Uint8Array): void {
    this.out.i32be(value.length).bytes(value);
  }
  binaryBegin(_estimatedLength: number): number {
    return this.out.fork("i32be");
  }
  binaryEnd(mark: number): void {
    this.out.join(mark);
  }
  reset(): void {}
}
