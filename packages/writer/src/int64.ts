import { describe } from "./errors.js";
import { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";

// 64-bit integers from JS numbers are split into two 32-bit words instead of going through
// BigInt: `BigInt(n)` allocates a heap object per value, which is what makes int64 columns slow
// (bench case `int64-from-number`). The word helpers are public: encoders that fill int64 cells
// in place (the IoTDB codec) use these, so the splitting exists once.

// 2^32 and the bounds are literals in the functions below, not module constants: the bundler
// turns a module-level const into a `var`, which optimized code loads and type-checks per call,
// and divides by instead of multiplying by 2^-32 (bench case `int64-from-number-dataview`).

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
  return Math.floor(n / 4294967296) | 0;
}

/** Low word (as uint32) of a safe integer's two's complement. */
export function loWord(n: number): number {
  return n >>> 0; // ToUint32: n modulo 2^32, for negatives too
}

/** Whether the int64 of words hi (signed int32) and lo (uint32) is a safe integer (|v| <= 2^53-1). */
export function isSafeInt64Words(hi: number, lo: number): boolean {
  // 0x1fffff: the high word of Number.MAX_SAFE_INTEGER
  return !(hi > 0x1fffff || hi < -0x200000 || (hi === -0x200000 && lo === 0));
}

/**
 * Stores `v` big-endian at `pos`: a safe-integer number as two words (no BigInt), a bigint
 * directly. Unchecked: the caller has validated v (a safe integer, or a bigint in the int64
 * range) and that 8 bytes at pos are inside the view.
 */
export function setInt64BE(view: DataView, pos: number, v: number | bigint): void {
  if (typeof v === "number") {
    view.setInt32(pos, Math.floor(v / 4294967296));
    view.setUint32(pos + 4, v >>> 0);
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
