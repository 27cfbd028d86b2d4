// DICTIONARY column ids: which dictionary entry each position takes.
import type { Reader } from "@zerowire/writer";
import { DecodeError } from "../errors.js";

/** i32 idCount then idCount × i32 ids, each checked to index a dictionary of `size` entries. */
export function readIds(r: Reader, count: number, size: number): Int32Array {
  const countAt = r.pos;
  const idCount = r.i32be("dictionary id count");
  if (idCount !== count) {
    throw new DecodeError(`dictionary has ${idCount} ids for ${count} positions`, countAt);
  }
  const idsAt = r.pos;
  const ids = r.i32ColumnBE(count, "dictionary ids");
  for (let i = 0; i < count; i++) {
    const id = ids[i]!;
    if (id < 0 || id >= size) {
      throw new DecodeError(`dictionary id ${id} at position ${i} is outside [0, ${size})`, idsAt + 4 * i);
    }
  }
  return ids;
}
