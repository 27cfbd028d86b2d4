// Decodes a column of fixed-width values (BOOLEAN, INT32/DATE, INT64/TIMESTAMP, FLOAT, DOUBLE)
// into a slab region, with 0 at null positions. Values stay big-endian here: every move below is
// of whole 4- or 8-byte values, and the slab swaps the whole block to host order at the end.
import type { Reader } from "@zerowire/writer";
import { DecodeError } from "../errors.js";
import { packedLength, unpackFlags } from "./bits.js";
import { readIds } from "./dictionary-ids.js";
import { ColumnEncoding, encodingName } from "./encoding.js";
import { type CellBudget, readInnerEncoding, reservePositions } from "./limits.js";
import { readNullFlags } from "./null-flags.js";
import { representationWidth, type Representation } from "./representation.js";
import { Slab } from "./slab.js";

export type FixedRepresentation = Exclude<Representation, "text" | "bytes">;

/**
 * Reads one column body with `encoding` holding `count` positions into `slab` at byte offset
 * `at` (a region reserved for max(count, 1) values). Returns the null mask, or undefined when no
 * position is null.
 */
export function readFixedColumn(
  r: Reader,
  encoding: number,
  rep: FixedRepresentation,
  count: number,
  slab: Slab,
  at: number,
  budget: CellBudget,
  depth: number,
): Uint8Array | undefined {
  switch (encoding) {
    case ColumnEncoding.BYTE_ARRAY:
      if (rep !== "bool") break;
      return readBooleans(r, count, slab, at);
    case ColumnEncoding.INT32_ARRAY:
      if (rep !== "i32" && rep !== "f32") break;
      return readWords(r, count, slab, at, 4);
    case ColumnEncoding.INT64_ARRAY:
      if (rep !== "i64" && rep !== "f64") break;
      return readWords(r, count, slab, at, 8);
    case ColumnEncoding.RLE:
      return readRunLength(r, rep, count, slab, at, budget, depth);
    case ColumnEncoding.DICTIONARY:
      return readDictionary(r, rep, count, slab, at, budget, depth);
  }
  throw new DecodeError(`encoding ${encodingName(encoding)} cannot hold ${rep} values`, r.pos);
}

function readBooleans(r: Reader, count: number, slab: Slab, at: number): Uint8Array | undefined {
  const { mask } = readNullFlags(r, count);
  // Values are packed for every position, nulls included.
  const n = packedLength(count);
  r.need(n, "boolean values");
  unpackFlags(r.buf, r.pos, count, slab.bytes, at);
  r.pos += n;
  if (mask !== undefined) {
    for (let i = 0; i < count; i++) if (mask[i] === 1) slab.bytes[at + i] = 0;
  }
  return mask;
}

/** INT32_ARRAY / INT64_ARRAY: values only for non-null positions. */
function readWords(r: Reader, count: number, slab: Slab, at: number, width: 4 | 8): Uint8Array | undefined {
  const { mask, nullCount } = readNullFlags(r, count);
  const present = count - nullCount;
  const n = present * width;
  r.need(n, `${width === 4 ? "int32" : "int64"} values`);
  // Copy the present values to the END of the region; then a forward pass spreads them to their
  // positions. The pass never overwrites a value it has yet to move: the source index of
  // position i is (nullCount + rank) ≥ i.
  const tail = at + nullCount * width;
  r.buf.copy(slab.bytes, tail, r.pos, r.pos + n);
  r.pos += n;
  if (mask !== undefined) spread(slab.words, at >>> 2, tail >>> 2, count, width >>> 2, mask);
  return mask;
}

function spread(
  words: Int32Array,
  base: number,
  from: number,
  count: number,
  wordsPer: number,
  mask: Uint8Array,
): void {
  let src = from;
  if (wordsPer === 1) {
    for (let i = 0; i < count; i++) {
      if (mask[i] === 1) words[base + i] = 0;
      else words[base + i] = words[src++]!;
    }
    return;
  }
  for (let i = 0; i < count; i++) {
    const d = base + 2 * i;
    if (mask[i] === 1) {
      words[d] = 0;
      words[d + 1] = 0;
    } else {
      words[d] = words[src]!;
      words[d + 1] = words[src + 1]!;
      src += 2;
    }
  }
}

/** RLE: u8 inner encoding, then a one-position column repeated `count` times. */
function readRunLength(
  r: Reader,
  rep: FixedRepresentation,
  count: number,
  slab: Slab,
  at: number,
  budget: CellBudget,
  depth: number,
): Uint8Array | undefined {
  const inner = readInnerEncoding(r, depth, "RLE inner encoding");
  const innerMask = readFixedColumn(r, inner, rep, 1, slab, at, budget, depth + 1);
  const width = representationWidth(rep);
  // Doubling copies: log2(count) memmoves instead of count writes.
  const total = count * width;
  for (let filled = width; filled < total; filled *= 2) {
    slab.bytes.copyWithin(at + filled, at, at + Math.min(filled, total - filled));
  }
  return innerMask !== undefined && count > 0 ? new Uint8Array(count).fill(1) : undefined;
}

/** DICTIONARY: u8 inner encoding, i32 dictSize, the dictionary column, i32 idCount (= count), i32 ids. */
function readDictionary(
  r: Reader,
  rep: FixedRepresentation,
  count: number,
  slab: Slab,
  at: number,
  budget: CellBudget,
  depth: number,
): Uint8Array | undefined {
  const inner = readInnerEncoding(r, depth, "dictionary encoding");
  const sizeAt = r.pos;
  const size = r.i32be("dictionary size");
  if (size < 0) throw new DecodeError(`negative dictionary size ${size}`, sizeAt);
  reservePositions(r, inner, size, budget, sizeAt, `dictionary size ${size}`);
  const width = representationWidth(rep);
  const dict = Slab.single(size, width);
  const dictMask = readFixedColumn(r, inner, rep, size, dict, 0, budget, depth + 1);
  const ids = readIds(r, count, size);
  let mask: Uint8Array | undefined;
  if (dictMask !== undefined) {
    mask = new Uint8Array(count);
    let any = 0;
    for (let i = 0; i < count; i++) any |= mask[i] = dictMask[ids[i]!]!;
    if (any === 0) mask = undefined;
  }
  if (width === 1) {
    for (let i = 0; i < count; i++) slab.bytes[at + i] = dict.bytes[ids[i]!]!;
  } else if (width === 4) {
    const base = at >>> 2;
    for (let i = 0; i < count; i++) slab.words[base + i] = dict.words[ids[i]!]!;
  } else {
    const base = at >>> 2;
    for (let i = 0; i < count; i++) {
      const s = 2 * ids[i]!;
      slab.words[base + 2 * i] = dict.words[s]!;
      slab.words[base + 2 * i + 1] = dict.words[s + 1]!;
    }
  }
  return mask;
}
