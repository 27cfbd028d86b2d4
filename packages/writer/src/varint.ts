/** Bytes an unsigned LEB128 varint of a uint32 takes. */
export function varint32Size(v: number): number {
  if (v < 0x80) return 1;
  if (v < 0x4000) return 2;
  if (v < 0x200000) return 3;
  if (v < 0x10000000) return 4;
  return 5;
}

/** Writes a uint32 as LEB128 at pos; returns the new position. */
export function putVarint32(buf: Uint8Array, pos: number, v: number): number {
  while (v > 0x7f) {
    buf[pos++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  buf[pos++] = v;
  return pos;
}

/** Writes the 64-bit value (hi:lo, both as uint32) as LEB128 at pos; returns the new position. */
export function putVarint64(buf: Uint8Array, pos: number, lo: number, hi: number): number {
  // First the 28 bits that fit in lo alone, then the bits that straddle, then hi's remaining.
  while (hi !== 0 || lo > 0x7f) {
    buf[pos++] = (lo & 0x7f) | 0x80;
    lo = ((lo >>> 7) | (hi << 25)) >>> 0;
    hi >>>= 7;
  }
  buf[pos++] = lo;
  return pos;
}
