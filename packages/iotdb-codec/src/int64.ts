// int64 cells from JS: a safe-integer number or a bigint in the int64 range. Numbers are split
// into two 32-bit words instead of going through BigInt, which would allocate per value.

// The word splitting itself is the Writer's (hiWord / loWord / setInt64BE, HI_WORD / LO_WORD).
import { HI_WORD, LO_WORD, hiWord, loWord } from "@zerowire/writer/seams";
import { describeNumber, describeValue } from "./describe.js";

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

/**
 * Stores int64 cell `v` (a safe-integer number or an int64 bigint) as element i of `big`, whose
 * memory `words` also views. Numbers go in as two int32 words: BigInt(v) would allocate. Returns
 * false, storing nothing, when v is neither.
 */
export function storeInt64(big: BigInt64Array, words: Int32Array, i: number, v: unknown): boolean {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) return false;
    words[2 * i + HI_WORD] = hiWord(v);
    words[2 * i + LO_WORD] = loWord(v); // 0..2^32-1, wrapped to int32 by the store
    return true;
  }
  if (typeof v === "bigint" && BigInt.asIntN(64, v) === v) {
    big[i] = v;
    return true;
  }
  return false;
}
