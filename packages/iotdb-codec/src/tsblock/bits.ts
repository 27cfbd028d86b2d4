// TsBlock null flags and BOOLEAN values: ceil(n/8) bytes, MSB-first (position i is bit
// 0x80 >>> (i % 8) of byte i / 8). This is the opposite bit order of an insert tablet's BitMap.

/** Byte length of n packed flags. */
export function packedLength(n: number): number {
  return (n + 7) >>> 3;
}

/**
 * Unpacks n flags from src[srcAt..] into dst[dstAt..dstAt+n) as 0/1 bytes and returns how many
 * are 1. Bits past n in the last byte are ignored, as tsfile does.
 */
export function unpackFlags(src: Uint8Array, srcAt: number, n: number, dst: Uint8Array, dstAt: number): number {
  let ones = 0;
  const whole = n >>> 3;
  // Eight positions per source byte without an inner loop: this runs for every BOOLEAN value.
  for (let b = 0; b < whole; b++) {
    const v = src[srcAt + b]!;
    const d = dstAt + (b << 3);
    dst[d] = v >>> 7;
    dst[d + 1] = (v >>> 6) & 1;
    dst[d + 2] = (v >>> 5) & 1;
    dst[d + 3] = (v >>> 4) & 1;
    dst[d + 4] = (v >>> 3) & 1;
    dst[d + 5] = (v >>> 2) & 1;
    dst[d + 6] = (v >>> 1) & 1;
    dst[d + 7] = v & 1;
    ones += BIT_COUNT[v]!;
  }
  const rest = n & 7;
  if (rest > 0) {
    const v = src[srcAt + whole]!;
    const d = dstAt + (whole << 3);
    for (let i = 0; i < rest; i++) {
      const bit = (v >>> (7 - i)) & 1;
      dst[d + i] = bit;
      ones += bit;
    }
  }
  return ones;
}

const BIT_COUNT = new Uint8Array(256);
for (let i = 1; i < 256; i++) BIT_COUNT[i] = (i & 1) + BIT_COUNT[i >>> 1]!;
