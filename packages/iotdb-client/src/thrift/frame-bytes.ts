// Big-endian integers read straight from a frame's bytes, unchecked: the hand-written reply
// readers (status-reply.ts, fetch-reply-binary.ts) check the bounds before each read.

/** The i16 at `p`. */
export function i16(buf: Buffer, p: number): number {
  return ((buf[p]! << 24) | (buf[p + 1]! << 16)) >> 16;
}

/** The i32 at `p`. */
export function i32(buf: Buffer, p: number): number {
  return (buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!;
}
