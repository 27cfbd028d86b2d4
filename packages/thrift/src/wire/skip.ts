// Skipping a value of a known type through a FieldReader's own reads (so the compact encoding's
// field-id and bool state stays right), as the `thrift` package's skip does, to the same depth.
import { ThriftDecodeError } from "./errors.js";
import type { FieldReader } from "./field-reader.js";
import { TType } from "./types.js";

/** How deep skip() follows nested values, as in the `thrift` package. */
export const MAX_SKIP_DEPTH = 64;

/**
 * Reads past one value of `type`. An unknown type, or nesting deeper than MAX_SKIP_DEPTH, is a
 * ThriftDecodeError at the reader's position.
 */
export function skipValue(p: FieldReader, type: number, depth: number): void {
  const r = p.r;
  if (depth > MAX_SKIP_DEPTH) {
    throw new ThriftDecodeError("skipped value", r.pos, r.remaining, `nested deeper than ${MAX_SKIP_DEPTH} levels`);
  }
  switch (type) {
    case TType.BOOL:
      p.bool();
      return;
    case TType.BYTE:
      p.byte();
      return;
    case TType.I16:
      p.i16();
      return;
    case TType.I32:
      p.i32();
      return;
    case TType.I64:
      p.i64();
      return;
    case TType.DOUBLE:
      p.double();
      return;
    case TType.STRING:
      p.binary();
      return;
    case TType.UUID:
      p.uuid();
      return;
    case TType.STRUCT:
      p.structBegin();
      for (;;) {
        const ftype = p.fieldBegin().ftype;
        if (ftype === TType.STOP) break;
        skipValue(p, ftype, depth + 1);
      }
      p.structEnd();
      return;
    case TType.MAP: {
      const { ktype, vtype, size } = p.mapBegin();
      for (let i = 0; i < size; i++) {
        skipValue(p, ktype, depth + 1);
        skipValue(p, vtype, depth + 1);
      }
      return;
    }
    case TType.SET:
    case TType.LIST: {
      const { etype, size } = p.listBegin();
      for (let i = 0; i < size; i++) skipValue(p, etype, depth + 1);
      return;
    }
    default:
      throw new ThriftDecodeError("skipped value", r.pos, r.remaining, `unknown type code ${type}`);
  }
}
