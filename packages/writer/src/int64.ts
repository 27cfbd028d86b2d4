import { describe } from "./errors.js";
import { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";

// 64-bit integers from JS numbers are split into two 32-bit words instead of going through
// BigInt: `BigInt(n)` allocates a heap object per value, which is what makes int64 columns slow
// (bench case `int64-from-number`). The word helpers are public: encoders that fill int64 cells
// in place (the IoTDB codec) use these, so the splitting exists once.

const TWO_32 = 4294967296;
const MAX_SAFE_HI = 0x1fffff; // high word of Number.MAX_SAFE_INTEGER

/**
 * Index of the high / low int32 word of int64 element i in an Int32Array over a BigInt64Array's
 * memory (host byte order): the words of element i are `2 * i + HI_WORD` and `2 * i + LO_WORD`.
 */
export const HI_WORD = HOST_IS_LITTLE_ENDIAN ? 1 : 0;
export const LO_WORD = 1 - HI_WORD;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** High word (as a signed int32) of a safe integer's two's complement. */
export function hiWord(n: number): number {
  return Math.floor(n / TWO_32) | 0;
}

/** Low word (as uint32) of a safe integer's two's complement. */
export function loWord(n: number): number {
  return (n - Math.floor(n / TWO_32) * TWO_32) >>> 0;
}

/** Whether the int64 of words hi (signed int32) and lo (uint32) is a safe integer (|v| <= 2^53-1). */
export function isSafeInt64Words(hi: number, lo: number): boolean {
  return !(hi > MAX_SAFE_HI || hi < -MAX_SAFE_HI - 1 || (hi === -MAX_SAFE_HI - 1 && lo === 0));
}

/**
 * Stores `v` big-endian at `pos`: a safe-integer number as two words (no BigInt), a bigint
 * directly. Unchecked: the caller has validated v (a safe integer, or a bigint in the int64
 * range) and that 8 bytes at pos are inside the view.
 */
export function setInt64BE(view: DataView, pos: number, v: number | bigint): void {
  if (typeof v === "number") {
    const hi = Math.floor(v / TWO_32);
    view.setInt32(pos, hi);
    view.setUint32(pos + 4, (v - hi * TWO_32) >>> 0);
  } else {
    view.setBigInt64(pos, v);
  }
}

export function checkSafeInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`${what}: ${describe(n)} is not a safe integer (use a bigint for values beyond ±2^53-1)`);
  }
}

export function checkUnsignedSafeInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${what}: ${describe(n)} is not a non-negative safe integer`);
  }
}

export function checkInt64(n: bigint, what: string): void {
  if (n < INT64_MIN || n > INT64_MAX) throw new RangeError(`${what}: ${n}n is outside the int64 range`);
}

export function checkUint64(n: bigint, what: string): void {
  if (n < 0n || n > UINT64_MAX) throw new RangeError(`${what}: ${n}n is outside the uint64 range`);
}
