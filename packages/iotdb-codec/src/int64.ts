// int64 cells from JS: a safe-integer number or a bigint in the int64 range. Numbers are split
// into two 32-bit words instead of going through BigInt, which would allocate per value.

import { describeNumber, describeValue } from "./describe.js";

const TWO_32 = 4294967296;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Why `v` is not an int64 cell, or undefined when it is one. */
export function int64Problem(v: unknown): string | undefined {
  if (typeof v === "number") {
    return Number.isSafeInteger(v)
      ? undefined
      : `${describeNumber(v)} is not a safe integer (pass a bigint for values beyond ±2^53-1)`;
  }
  if (typeof v === "bigint") return v >= INT64_MIN && v <= INT64_MAX ? undefined : `${v}n is outside the int64 range`;
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
