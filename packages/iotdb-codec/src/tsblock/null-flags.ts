import type { Reader } from "@zerowire/writer";
import { packedLength, unpackFlags } from "./bits.js";

export interface NullFlags {
  /** 1 = null, one byte per position; undefined when no position is null. */
  mask: Uint8Array | undefined;
  nullCount: number;
}

const NO_NULLS: NullFlags = { mask: undefined, nullCount: 0 };

/** Reads `u8 mayHaveNull` and, when it is not 0, ceil(count/8) MSB-first null flags. */
export function readNullFlags(r: Reader, count: number): NullFlags {
  if (r.u8("mayHaveNull") === 0) return NO_NULLS;
  const n = packedLength(count);
  r.need(n, "null flags"); // before allocating: the mask is bounded by the bytes present
  const mask = new Uint8Array(count);
  const nullCount = unpackFlags(r.buf, r.pos, count, mask, 0);
  r.pos += n;
  return nullCount === 0 ? NO_NULLS : { mask, nullCount };
}
