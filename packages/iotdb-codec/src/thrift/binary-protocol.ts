import { TType as T } from "@zerowire/thrift";
import type { Writer } from "@zerowire/writer";
import { javaString } from "../java-string.js";
import type { ThriftMessageType, ThriftType, ThriftWriter } from "./protocol.js";

const VERSION_1 = 0x80010000 | 0;

/** TBinaryProtocol with strict write: big-endian fixed-size integers, i32 length prefixes. */
export class BinaryProtocolWriter implements ThriftWriter {
  constructor(readonly out: Writer) {}

  messageBegin(name: string, type: ThriftMessageType, seqid: number): void {
    this.out.i32be(VERSION_1 | type);
    this.string(name);
    this.out.i32be(seqid);
  }

  structBegin(): void {}

  structEnd(): void {
    this.out.u8(0);
  }

  fieldBegin(type: ThriftType, id: number): void {
    this.out.u8(type);
    this.out.i16be(id);
  }

  boolField(id: number, value: boolean): void {
    this.fieldBegin(T.BOOL, id);
    this.out.u8(value ? 1 : 0);
  }

  byte(v: number): void {
    this.out.i8(v);
  }

  i32(v: number): void {
    this.out.i32be(v);
  }

  i64(v: bigint | number): void {
    this.out.i64be(v);
  }

  string(s: string): void {
    this.out.strI32be(javaString(s));
  }

  binary(bytes: Uint8Array): void {
    this.out.i32be(bytes.length);
    this.out.bytes(bytes);
  }

  listBegin(elemType: ThriftType, size: number): void {
    this.out.u8(elemType);
    this.out.i32be(size);
  }

  binaryBegin(): number {
    return this.out.fork("i32be");
  }

  binaryEnd(mark: number): void {
    this.out.join(mark);
  }
}
