// TCompactProtocol read, as Java's TCompactProtocol reads: field ids as deltas from the struct's
// previous field (or a zigzag id after the type), a bool field's value in its header, zigzag
// varint integers, little-endian doubles, varint lengths and sizes checked against the bytes left.
import type Int64 from "node-int64";
import type { Reader } from "@zerowire/writer";
import { ThriftDecodeError } from "./errors.js";
import type { FieldHeader, FieldReader, ListHeader, MapHeader, MessageHeader } from "./field-reader.js";
import { int64FromZigzag } from "./int64-read.js";
import { FieldReaderBase } from "./reader-base.js";
import { CompactType as CT, TType } from "./types.js";

const PROTOCOL_ID = 0x82;
const VERSION = 1;

/** TType of each compact code (STOP excluded: -1). */
const TTYPE_OF_COMPACT: readonly number[] = [
  -1,
  TType.BOOL,
  TType.BOOL,
  TType.BYTE,
  TType.I16,
  TType.I32,
  TType.I64,
  TType.DOUBLE,
  TType.STRING,
  TType.LIST,
  TType.SET,
  TType.MAP,
  TType.STRUCT,
  TType.UUID,
];

const NO_BOOL = -1;

export class CompactFieldReader extends FieldReaderBase implements FieldReader {
  /** fieldBegin's result, reused. */
  private readonly field: FieldHeader = { fname: null, ftype: 0, fid: 0 };
  /** Id of the last field read in the current struct; the outer structs' on the stack. */
  private lastFieldId = 0;
  private readonly lastFieldIds: number[] = [];
  /** The value of a bool field whose header was read (0 or 1), or -1. */
  private pendingBool = NO_BOOL;

  constructor(r: Reader) {
    super(r);
  }

  messageBegin(): MessageHeader {
    const r = this.r;
    const at = r.pos;
    const id = r.u8("protocol id");
    if (id !== PROTOCOL_ID)
      throw new ThriftDecodeError(
        "protocol id",
        at,
        r.remaining + 1,
        `0x${id.toString(16)} is not the compact protocol's 0x82`,
      );
    const versionAndType = r.u8("version and type");
    if ((versionAndType & 0x1f) !== VERSION) {
      throw new ThriftDecodeError(
        "version and type",
        at + 1,
        r.remaining + 1,
        `version ${versionAndType & 0x1f} (expected ${VERSION})`,
      );
    }
    const rseqid = r.uvarint32("seqid") | 0;
    const fname = this.methodName();
    return { fname, mtype: versionAndType >>> 5, rseqid };
  }
  structBegin(): void {
    this.lastFieldIds.push(this.lastFieldId);
    this.lastFieldId = 0;
  }
  structEnd(): void {
    this.lastFieldId = this.lastFieldIds.pop() ?? 0;
  }
  fieldBegin(): FieldHeader {
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
    const fid = delta !== 0 ? this.lastFieldId + delta : this.i16();
    if (compactType === CT.BOOLEAN_TRUE || compactType === CT.BOOLEAN_FALSE)
      this.pendingBool = compactType === CT.BOOLEAN_TRUE ? 1 : 0;
    this.lastFieldId = fid;
    h.ftype = ftype;
    h.fid = fid;
    return h;
  }
  mapBegin(): MapHeader {
    const r = this.r;
    const size = this.size("map size");
    if (size === 0) return { ktype: TType.STOP, vtype: TType.STOP, size };
    const at = r.pos;
    const types = r.u8("map key and value types");
    return {
      ktype: this.ttypeOf(types >>> 4, "map key type", at),
      vtype: this.ttypeOf(types & 0x0f, "map value type", at),
      size,
    };
  }
  listBegin(): ListHeader {
    const r = this.r;
    const at = r.pos;
    const head = r.u8("list header");
    const etype = this.ttypeOf(head & 0x0f, "element type", at);
    const size = head >>> 4 === 15 ? this.size("element count") : head >>> 4;
    return { etype, size };
  }
  /** A bool field's value from its header; else one byte, true only when it is 1 (as Java reads it). */
  bool(): boolean {
    if (this.pendingBool !== NO_BOOL) {
      const value = this.pendingBool === 1;
      this.pendingBool = NO_BOOL;
      return value;
    }
    return this.r.u8("bool") === CT.BOOLEAN_TRUE;
  }
  i16(): number {
    const r = this.r;
    const at = r.pos;
    const value = r.zigzag32("i16");
    if ((value << 16) >> 16 !== value)
      throw new ThriftDecodeError("i16", at, r.remaining, `${value} does not fit an i16`);
    return value;
  }
  i32(): number {
    return this.r.zigzag32("i32");
  }
  i64(): Int64 {
    return int64FromZigzag(this.r, "i64");
  }
  double(): number {
    return this.r.f64le("double");
  }
  protected length(what: string): number {
    return this.r.uvarint32(what);
  }

  /** A varint container size that is an int32 and not more than the bytes left (each element takes at least one). */
  private size(what: string): number {
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
    if (ttype === -1)
      throw new ThriftDecodeError(
        what,
        at,
        this.r.remaining + (this.r.pos - at),
        `unknown compact type code ${compactType}`,
      );
    return ttype;
  }
}
