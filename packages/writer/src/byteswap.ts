import { endianness } from "node:os";

/** True on little-endian hosts, where typed arrays must be byte-swapped to become big-endian. */
export const HOST_IS_LITTLE_ENDIAN = endianness() === "LE";

// Copy + native swap beats a DataView loop for typed-array columns (bench cases `column-*`):
// the copy is memcpy and Node's swap32/swap64 run in C++ over the whole range.

/** Reverses the byte order of each 4-byte word in buf[start, start+n). */
export function swap32InPlace(buf: Buffer, start: number, n: number): void {
  if (HOST_IS_LITTLE_ENDIAN && n > 0) buf.subarray(start, start + n).swap32();
}

/** Reverses the byte order of each 8-byte word in buf[start, start+n). */
export function swap64InPlace(buf: Buffer, start: number, n: number): void {
  if (HOST_IS_LITTLE_ENDIAN && n > 0) buf.subarray(start, start + n).swap64();
}
