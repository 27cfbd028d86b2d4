// TBinaryProtocol read: a message header with the 0x8001 version word (or, unless strictRead,
// the old one with the name first), type byte + int16 id field headers, big-endian values,
// int32 lengths and sizes checked against the bytes left.
import type Int64 from "node-int64";
import type { Reader } from "@zerowire/writer";
import { ThriftDecodeError } from "./errors.js";
import type { FieldHeader, FieldReader, ListHeader, MapHeader, MessageHeader } from "./field-reader.js";
import { int64FromBytes } from "./int64-read.js";
import { readMethodName } from "./method-names.js";
import { FieldReaderBase } from "./reader-base.js";
import { isValueType, TType } from "./types.js";

const VERSION_1 = 0x80010000 | 0;
const VERSION_MASK = 0xffff0000 | 0;

export class BinaryFieldReader extends FieldReaderBase implements FieldReader {
  /** fieldBegin's result, reused. */
  private readonly field: FieldHeader = { fname: null, ftype: 0, fid: 0 };

  /**
   * @param r the bytes to read (one message, or a struct)
   * @param strictRead refuse a message header without the version word (default false)
   */
  constructor(
    r: Reader,
    private readonly strictRead = false,
  ) {
    super(r);
  }

  messageBegin(): MessageHeader {
    const r = this.r;
    const at = r.pos;
    const head = r.i32be("message header");
    if (head < 0) {
      if ((head & VERSION_MASK) !== VERSION_1) {
        throw new ThriftDecodeError(
          "message header",
          at,
          r.remaining,
          `bad version 0x${(head >>> 16).toString(16)} (expected 0x8001)`,
        );
      }
      const fname = this.methodName();
      return { fname, mtype: head & 0xff, rseqid: r.i32be("seqid") };
    }
    if (this.strictRead) {
      throw new ThriftDecodeError("message header", at, r.remaining, "no version header (strictRead)");
    }
    const fname = readMethodName(r, head);
    const mtype = r.u8("message type");
    return { fname, mtype, rseqid: r.i32be("seqid") };
  }
  structBegin(): void {}
  structEnd(): void {}
  fieldBegin(): FieldHeader {
    const r = this.r;
    const h = this.field;
    const ftype = r.u8("field type");
    if (ftype === TType.STOP) {
      h.ftype = ftype;
      h.fid = 0;
      return h;
    }
    if (!isValueType(ftype)) this.badType("field type", ftype);
    h.fid = r.i16be("field id");
    h.ftype = ftype;
    return h;
  }
  mapBegin(): MapHeader {
    const r = this.r;
    const ktype = r.u8("map key type");
    if (!isValueType(ktype)) this.badType("map key type", ktype);
    const vtype = r.u8("map value type");
    if (!isValueType(vtype)) this.badType("map value type", vtype);
    return { ktype, vtype, size: this.size("map size") };
  }
  listBegin(): ListHeader {
    const etype = this.r.u8("element type");
    if (!isValueType(etype)) this.badType("element type", etype);
    return { etype, size: this.size("element count") };
  }
  /** A zero byte is false, any other true (as the `thrift` package and C++ read it). */
  bool(): boolean {
    return this.r.u8("bool") !== 0;
  }
  i16(): number {
    return this.r.i16be("i16");
  }
  i32(): number {
    return this.r.i32be("i32");
  }
  i64(): Int64 {
    return int64FromBytes(this.r.bytes(8, "i64"));
  }
  double(): number {
    return this.r.f64be("double");
  }

  protected length(what: string): number {
    return this.r.i32be(what);
  }

  /**
   * A container size: an int32 that is not negative and not more than the bytes left (each element takes at least one).
   */
  private size(what: string): number {
    const r = this.r;
    const at = r.pos;
    const size = r.i32be(what);
    if (size < 0 || size > r.remaining) {
      throw new ThriftDecodeError(
        what,
        at,
        r.remaining,
        size < 0 ? `negative size ${size}` : `${size} elements cannot fit the ${r.remaining} bytes left`,
      );
    }
    return size;
  }

  /** Throws for an invalid type code just read (one byte ago). */
  private badType(what: string, code: number): never {
    const r = this.r;
    throw new ThriftDecodeError(what, r.pos - 1, r.remaining + 1, `unknown type code ${code}`);
  }
}
