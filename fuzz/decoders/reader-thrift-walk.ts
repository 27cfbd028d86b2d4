// Real uses of the Reader for the fuzz: a generic walk over a framed Thrift message in the binary
// protocol (fixed-width ints, i32-prefixed strings) or the compact one (varints, zigzag,
// varint-prefixed strings, little-endian doubles), visiting every value without a schema. The
// Reader throws ReadError when the bytes end early; the walk itself throws WalkError for what is
// not Thrift (an unknown type code, a negative size, nesting beyond 64 levels).
import type { Reader } from "@zerowire/writer";

export class WalkError extends Error {
  override readonly name = "WalkError";
}

const MAX_DEPTH = 64;

/** Walks one binary-protocol frame; returns the values read (strings as Buffer views). */
export function walkBinary(r: Reader): unknown[] {
  const out: unknown[] = [];
  out.push(r.u32be("frame length"));
  const version = r.i32be("message version");
  if ((version & 0xffff0000) !== (0x80010000 | 0)) throw new WalkError(`bad version ${version}`);
  out.push(r.bytesI32be("message name"), r.i32be("seqid"));
  binaryStruct(r, out, 0);
  return out;
}

function binaryStruct(r: Reader, out: unknown[], depth: number): void {
  if (depth > MAX_DEPTH) throw new WalkError("nested too deep");
  for (;;) {
    const type = r.u8("field type");
    if (type === 0) return;
    out.push(r.i16be("field id"));
    binaryValue(r, type, out, depth + 1);
  }
}

function binaryValue(r: Reader, type: number, out: unknown[], depth: number): void {
  switch (type) {
    case 2:
    case 3:
      out.push(r.u8());
      return;
    case 4:
      out.push(r.f64be());
      return;
    case 6:
      out.push(r.i16be());
      return;
    case 8:
      out.push(r.i32be());
      return;
    case 10:
      out.push(r.i64be());
      return;
    case 11:
      out.push(r.bytesI32be("binary"));
      return;
    case 12:
      binaryStruct(r, out, depth);
      return;
    case 13: {
      const k = r.u8("map key type");
      const v = r.u8("map value type");
      const n = binarySize(r);
      for (let i = 0; i < n; i++) {
        binaryValue(r, k, out, depth + 1);
        binaryValue(r, v, out, depth + 1);
      }
      return;
    }
    case 14:
    case 15: {
      const e = r.u8("element type");
      const n = binarySize(r);
      for (let i = 0; i < n; i++) binaryValue(r, e, out, depth + 1);
      return;
    }
    default:
      throw new WalkError(`unknown type ${type}`);
  }
}

function binarySize(r: Reader): number {
  const n = r.i32be("size");
  if (n < 0) throw new WalkError(`negative size ${n}`);
  return n;
}

/** Walks one compact-protocol frame; returns the values read. */
export function walkCompact(r: Reader): unknown[] {
  const out: unknown[] = [];
  out.push(r.u32be("frame length"));
  if (r.u8("protocol id") !== 0x82) throw new WalkError("not compact");
  out.push(r.u8("version and type"), r.uvarint32("seqid"), r.bytesVarint("message name"));
  compactStruct(r, out, 0);
  return out;
}

function compactStruct(r: Reader, out: unknown[], depth: number): void {
  if (depth > MAX_DEPTH) throw new WalkError("nested too deep");
  for (;;) {
    const head = r.u8("field header");
    const type = head & 0x0f;
    if (type === 0) return;
    // A delta of 0 means the field id follows as a zigzag varint.
    out.push(head >> 4 === 0 ? r.zigzag32("field id") : head >> 4);
    compactValue(r, type, out, depth + 1);
  }
}

function compactValue(r: Reader, type: number, out: unknown[], depth: number): void {
  switch (type) {
    case 1:
    case 2:
      out.push(type === 1);
      return;
    case 3:
      out.push(r.i8());
      return;
    case 4:
    case 5:
      out.push(r.zigzag32());
      return;
    case 6:
      out.push(r.zigzag64());
      return;
    case 7:
      out.push(r.f64le());
      return;
    case 8:
      out.push(r.bytesVarint("binary"));
      return;
    case 9:
    case 10: {
      const head = r.u8("list header");
      const n = head >> 4 === 15 ? r.uvarint32("list size") : head >> 4;
      for (let i = 0; i < n; i++) compactElement(r, head & 0x0f, out, depth + 1);
      return;
    }
    case 11: {
      const n = r.uvarint32("map size");
      if (n === 0) return;
      const kv = r.u8("map types");
      for (let i = 0; i < n; i++) {
        compactElement(r, kv >> 4, out, depth + 1);
        compactElement(r, kv & 0x0f, out, depth + 1);
      }
      return;
    }
    case 12:
      compactStruct(r, out, depth);
      return;
    default:
      throw new WalkError(`unknown type ${type}`);
  }
}

/** A list element or map entry part: unlike a field, a boolean there takes a byte (so every
 *  element takes at least one byte, and a forged size cannot make the walk spin). */
function compactElement(r: Reader, type: number, out: unknown[], depth: number): void {
  if (type === 1 || type === 2) out.push(r.u8("bool element"));
  else compactValue(r, type, out, depth);
}
