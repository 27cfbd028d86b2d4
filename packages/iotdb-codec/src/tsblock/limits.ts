// Bounds that keep a forged TsBlock from making the decoder allocate without limit or spend long
// on it. Every column body is checked to have bytes for each of its positions BEFORE anything is
// allocated for them (a position costs at least one bit, a dictionary id four bytes), so such
// content is bounded by the input's length. An RLE column is the exception: a few bytes stand for
// any number of positions, so the positions of RLE columns (and dictionaries with an RLE body)
// are charged to one budget per TsBlock, maxCells.
import type { Reader } from "@zerowire/writer";
import { DecodeError } from "../errors.js";
import { packedLength } from "./bits.js";
import { ColumnEncoding } from "./encoding.js";

/**
 * Default cap on the positions of RLE content per TsBlock (values not backed by input bytes).
 * A server TsBlock has at most max_tsblock_line_number rows (1000 by default; ~3,900 seen in
 * practice) and sends RLE for constant columns only (the table model's dummy time column, tag
 * and attribute columns, constants): 2^20 covers 1,048 such columns of 1000 rows, or 268 of
 * 3,900. A forged block at the cap decodes in ~1 ms (8 MiB of INT64) to ~5 ms (2^20 array slots
 * of one string, over 31 columns) on a busy 2-core machine.
 */
export const DEFAULT_MAX_CELLS = 1 << 20;

/** RLE and DICTIONARY may wrap another encoding; tsfile never nests them deeper than this. */
export const MAX_ENCODING_NESTING = 4;

export class CellBudget {
  constructor(private left: number) {}

  /** Takes n cells from the budget, or throws naming the offset of the count that asked. */
  charge(n: number, offset: number, what: string): void {
    if (n > this.left) {
      throw new DecodeError(`${what} would exceed the decoder's limit on RLE-expanded values (maxCells)`, offset);
    }
    this.left -= n;
  }
}

/** The fewest body bytes a column with `encoding` takes for `count` positions. */
export function leastColumnBytes(encoding: number, count: number): number {
  if (encoding === ColumnEncoding.RLE) return 2; // inner encoding + a 1-position body
  if (encoding === ColumnEncoding.DICTIONARY) return 10 + 4 * count; // encoding, size, a 1-byte body, idCount, ids
  return 1 + packedLength(count); // mayHaveNull + null flags (or packed values)
}

/**
 * Called before allocating for `count` positions of a nested column (a dictionary's entries):
 * RLE positions are charged to the budget, any other encoding must have its least bytes left.
 */
export function reservePositions(
  r: Reader,
  encoding: number,
  count: number,
  budget: CellBudget,
  offset: number,
  what: string,
): void {
  if (encoding === ColumnEncoding.RLE) {
    budget.charge(count, offset, what);
    return;
  }
  const least = leastColumnBytes(encoding, count);
  if (least > r.remaining)
    throw new DecodeError(`${what} needs at least ${least} bytes, ${r.remaining} follow`, offset);
}

/** Reads the inner encoding byte of an RLE or DICTIONARY column at nesting `depth` (0 for a
 *  column whose own encoding is RLE/DICTIONARY); refuses one more level past the limit. */
export function readInnerEncoding(r: Reader, depth: number, what: string): number {
  const at = r.pos;
  const encoding = r.u8(what);
  if (
    (encoding === ColumnEncoding.RLE || encoding === ColumnEncoding.DICTIONARY) &&
    depth + 1 >= MAX_ENCODING_NESTING
  ) {
    throw new DecodeError(`RLE/DICTIONARY nested more than ${MAX_ENCODING_NESTING} levels deep`, at);
  }
  return encoding;
}
