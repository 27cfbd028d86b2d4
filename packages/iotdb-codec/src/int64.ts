// int64 cells from JS: a safe-integer number or a bigint in the int64 range. Numbers are split
// into two 32-bit words instead of going through BigInt, which would allocate per value.

import { describeNumber, describeValue } from "./describe.js";

const TWO_32 = 4294967296;

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Index of the high / low int32 word of int64 element i in an Int32Array view: 2i + HI_WORD. */
export const HI_WORD = HOST_IS_LITTLE_ENDIAN ? 1 : 0;
export const LO_WORD = 1 - HI_WORD;

/** Why `v` is not an int64 cell, or undefined when it is one. */
export function int64Problem(v: unknown): string | undefined {
  if (typeof v === "number") {
    if (Number.isSafeInteger(v)) return undefined;
    return Number.isInteger(v)
      ? `${describeNumber(v)} is not a safe integer (pass a bigint for values beyond ±2^53-1)`
      : `${describeNumber(v)} is not an integer`;
  }
  // asIntN(64) is how optimized code compares a bigint to the int64 range cheapest (~2x a pair of comparisons).
  if (typeof v === "bigint") return BigInt.asIntN(64, v) === v ? undefined : `${v}n is outside the int64 range`;
  return `expected a bigint or an integer number, got ${describeValue(v)}`;
}

/** Writes a validated int64 cell big-endian at pos. */
export function putInt64(view: DataView, pos: number, v: number | bigint): void {
  if (typeof v === "number") {
    const hi = Math.floor(v / TWO_32);
    view.setInt32(pos, hi);
    view.setUint32(pos + 4, (v - hi * TWO_32) >>> 0);
  } else {
    view.setBigInt64(pos, v);
  }
}

/**
 * Stores int64 cell `v` (a safe-integer number or an int64 bigint) as element i of `big`, whose
 * memory `words` also views. Numbers go in as two int32 words: BigInt(v) would allocate. Returns
 * false, storing nothing, when v is neither.
 */
export function storeInt64(big: BigInt64Array, words: Int32Array, i: number, v: unknown): boolean {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) return false;
    const hi = Math.floor(v / TWO_32);
    words[2 * i + HI_WORD] = hi;
    words[2 * i + LO_WORD] = v - hi * TWO_32; // 0..2^32-1, wrapped to int32 by the store
    return true;
  }
  if (typeof v === "bigint" && BigInt.asIntN(64, v) === v) {
    big[i] = v;
    return true;
  }
  return false;
}
