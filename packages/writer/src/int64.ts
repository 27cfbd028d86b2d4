import { describe } from "./errors.js";

// 64-bit integers from JS numbers are split into two 32-bit words instead of going through
// BigInt: `BigInt(n)` allocates a heap object per value, which is what makes int64 columns slow
// (bench case `int64-from-number`).

const TWO_32 = 4294967296;
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
