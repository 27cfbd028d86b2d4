// Decodes a TEXT column: to strings (TEXT, STRING) or to Buffer views into the input (BLOB,
// never decoded as text). Null positions hold "" or an empty Buffer.
import { constants } from "node:buffer";
import { type Reader, utf8Slice } from "@zerowire/writer";
import { DecodeError } from "../errors.js";
import { readIds } from "./dictionary-ids.js";
import { ColumnEncoding, encodingName } from "./encoding.js";
import { type CellBudget, readInnerEncoding, reservePositions } from "./limits.js";
import { readNullFlags } from "./null-flags.js";
import { presized } from "../presized.js";

export interface BinaryValues {
  values: string[] | Buffer[];
  mask: Uint8Array | undefined;
}

const EMPTY = Buffer.alloc(0);
const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

export function readBinaryColumn(
  r: Reader,
  encoding: number,
  asText: boolean,
  count: number,
  budget: CellBudget,
  depth: number,
): BinaryValues {
  switch (encoding) {
    case ColumnEncoding.BINARY_ARRAY: {
      const { mask, nullCount } = readNullFlags(r, count);
      // Every present value has a 4-byte length: bound the count before allocating for it.
      r.need((count - nullCount) * 4, "value lengths");
      return { values: asText ? readStrings(r, count, mask) : readBlobs(r, count, mask), mask };
    }
    case ColumnEncoding.RLE:
      return readRunLength(r, asText, count, budget, depth);
    case ColumnEncoding.DICTIONARY:
      return readDictionary(r, asText, count, budget, depth);
  }
  throw new DecodeError(`encoding ${encodingName(encoding)} cannot hold TEXT values`, r.pos);
}

/**
 * Offset just past the `i32 length + bytes` value at `pos` of `r.buf` (`view` is r.view), checked against the input.
 */
function valueEnd(r: Reader, view: DataView, pos: number, position: number): number {
  const left = r.buf.length - pos;
  if (left < 4) throw new DecodeError(`value length at position ${position} needs 4 bytes, ${left} left`, pos);
  const len = view.getInt32(pos);
  if (len < 0) throw new DecodeError(`negative value length ${len} at position ${position}`, pos);
  if (len > left - 4) throw new DecodeError(`value at position ${position} needs ${len} bytes, ${left - 4} left`, pos);
  return pos + 4 + len;
}

function readStrings(r: Reader, count: number, mask: Uint8Array | undefined): string[] {
  // First pass: check every length; the values and their prefixes span [start, end).
  const start = r.pos;
  const view = r.view;
  let end = start;
  for (let i = 0; i < count; i++) {
    if (mask !== undefined && mask[i] === 1) continue;
    const from = end;
    end = valueEnd(r, view, from, i);
    if (end - from - 4 > MAX_STRING_LENGTH) {
      throw new DecodeError(`value at position ${i} has ${end - from - 4} bytes, more than a JS string can hold`, from);
    }
  }
  // One native decode of the whole span is much cheaper than one per short value. When the span
  // decodes to as many chars as it has bytes and holds no U+FFFD, every byte was ASCII (a valid
  // multi-byte sequence gives fewer chars, an invalid byte gives U+FFFD), so byte offsets are
  // char offsets and each value is a substring. Otherwise (or for a span too long for one
  // string) decode value by value.
  const span = end - start <= MAX_STRING_LENGTH ? utf8Slice(r.buf, start, end) : "";
  const ascii = span.length === end - start && span.indexOf("\ufffd") === -1;
  const out = presized<string>(count);
  let pos = start;
  for (let i = 0; i < count; i++) {
    if (mask !== undefined && mask[i] === 1) {
      out[i] = "";
      continue;
    }
    const from = pos + 4;
    pos = from + view.getInt32(pos);
    out[i] = ascii ? span.substring(from - start, pos - start) : utf8Slice(r.buf, from, pos);
  }
  r.pos = end;
  return out;
}

function readBlobs(r: Reader, count: number, mask: Uint8Array | undefined): Buffer[] {
  const out = presized<Buffer>(count);
  const view = r.view;
  let pos = r.pos;
  for (let i = 0; i < count; i++) {
    if (mask !== undefined && mask[i] === 1) {
      out[i] = EMPTY;
      continue;
    }
    const end = valueEnd(r, view, pos, i);
    out[i] = r.buf.subarray(pos + 4, end);
    pos = end;
  }
  r.pos = pos;
  return out;
}

function readRunLength(r: Reader, asText: boolean, count: number, budget: CellBudget, depth: number): BinaryValues {
  const inner = readBinaryColumn(r, readInnerEncoding(r, depth, "RLE inner encoding"), asText, 1, budget, depth + 1);
  const value = inner.values[0]!;
  const values = (asText ? new Array<string>(count) : new Array<Buffer>(count)).fill(value as never);
  const mask = inner.mask !== undefined && count > 0 ? new Uint8Array(count).fill(1) : undefined;
  return { values, mask };
}

function readDictionary(r: Reader, asText: boolean, count: number, budget: CellBudget, depth: number): BinaryValues {
  const inner = readInnerEncoding(r, depth, "dictionary encoding");
  const sizeAt = r.pos;
  const size = r.i32be("dictionary size");
  if (size < 0) throw new DecodeError(`negative dictionary size ${size}`, sizeAt);
  reservePositions(r, inner, size, budget, sizeAt, `dictionary size ${size}`);
  const dict = readBinaryColumn(r, inner, asText, size, budget, depth + 1);
  const ids = readIds(r, count, size);
  const values: (string | Buffer)[] = [];
  for (let i = 0; i < count; i++) values.push(dict.values[ids[i]!]!);
  let mask: Uint8Array | undefined;
  if (dict.mask !== undefined) {
    mask = new Uint8Array(count);
    let any = 0;
    for (let i = 0; i < count; i++) any |= mask[i] = dict.mask[ids[i]!]!;
    if (any === 0) mask = undefined;
  }
  return { values: values as string[] | Buffer[], mask };
}
