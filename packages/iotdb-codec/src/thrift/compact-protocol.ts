import type { Writer } from "@zerowire/writer";
import { javaString } from "../java-string.js";
import type { ThriftMessageType, ThriftWriter } from "./protocol.js";
import { ThriftType } from "./protocol.js";

const PROTOCOL_ID = 0x82;
const VERSION = 1;
const TYPE_SHIFT = 5;
const BOOLEAN_TRUE = 1;
const BOOLEAN_FALSE = 2;

/** Compact type nibble for each TType this package writes. */
function compactType(t: ThriftType): number {
  switch (t) {
    case ThriftType.BOOL:
      return BOOLEAN_TRUE;
    case ThriftType.BYTE:
      return 3;
    case ThriftType.I32:
      return 5;
    case ThriftType.I64:
      return 6;
    case ThriftType.STRING:
      return 8; // BINARY
    case ThriftType.STRUCT:
      return 12;
    case ThriftType.LIST:
      return 9;
  }
}

/** Bytes an unsigned LEB128 varint of a uint32 takes. */
function varint32Size(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}

function putVarint32(buf: Uint8Array, pos: number, v: number): void {
  while (v > 0x7f) {
    buf[pos++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  buf[pos] = v;
}

/** TCompactProtocol: zigzag varint integers, field-id deltas, bool values folded into field headers. */
export class CompactProtocolWriter implements ThriftWriter {
  private lastFieldId = 0;
  private readonly fieldIdStack: number[] = [];
  /** Varint prefix sizes guessed by binaryBegin, innermost last. */
  private readonly prefixGuesses: number[] = [];

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
    this.header(compactType(type), id);
  }

  boolField(id: number, value: boolean): void {
    this.header(value ? BOOLEAN_TRUE : BOOLEAN_FALSE, id);
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
    const t = compactType(elemType);
    if (size <= 14) {
      this.out.u8((size << 4) | t);
    } else {
      this.out.u8(0xf0 | t);
      this.out.uvarint32(size);
    }
  }

  binaryBegin(estimatedLength: number): number {
    const guess = varint32Size(estimatedLength);
    this.prefixGuesses.push(guess);
    return this.out.reserve(guess);
  }

  binaryEnd(mark: number): void {
    const out = this.out;
    const guess = this.prefixGuesses.pop()!;
    const bodyStart = mark + guess;
    const length = out.pos - bodyStart;
    const actual = varint32Size(length);
    if (actual !== guess) {
      // Wrong guess: move the body so the prefix fits (a memmove, rare for real estimates).
      if (actual > guess) out.ensure(actual - guess);
      out.buf.copyWithin(mark + actual, bodyStart, out.pos);
      out.pos += actual - guess;
    }
    putVarint32(out.buf, mark, length);
  }
}
