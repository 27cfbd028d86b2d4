// Bounds that keep a forged TsBlock from making the decoder allocate without limit. Flat
// columns are bounded by their bytes; RLE and DICTIONARY expand a few bytes into many values, so
// every value the decoder materializes is charged to one budget per TsBlock.
import type { Reader } from "@zerowire/writer";
import { DecodeError } from "../errors.js";
import { ColumnEncoding } from "./encoding.js";

/** Default cap on decoded values per TsBlock: positionCount × (valueColumnCount + 1), plus
 *  dictionary entries. A server TsBlock holds at most 1000 rows by default. */
export const DEFAULT_MAX_CELLS = 1 << 24;

/** RLE and DICTIONARY may wrap another encoding; tsfile never nests them deeper than this. */
export const MAX_ENCODING_NESTING = 4;

export class CellBudget {
  constructor(private left: number) {}

  /** Takes n cells from the budget, or throws naming the offset of the count that asked. */
  charge(n: number, offset: number, what: string): void {
    if (n > this.left) {
      throw new DecodeError(`${what} would exceed the decoder's cell limit (maxCells)`, offset);
    }
    this.left -= n;
  }
}

/** Reads the inner encoding byte of an RLE or DICTIONARY column at nesting `depth` (0 for a
 *  column whose own encoding is RLE/DICTIONARY); refuses one more level past the limit. */
export function readInnerEncoding(r: Reader, depth: number, what: string): number {
  const at = r.pos;
  const encoding = r.u8(what);
  if ((encoding === ColumnEncoding.RLE || encoding === ColumnEncoding.DICTIONARY) && depth + 1 >= MAX_ENCODING_NESTING) {
    throw new DecodeError(`RLE/DICTIONARY nested more than ${MAX_ENCODING_NESTING} levels deep`, at);
  }
  return encoding;
}
