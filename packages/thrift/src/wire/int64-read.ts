// i64 values read as node-int64's Int64 (what the `thrift` package returns, so code written
// against it keeps working), each in 8 bytes of its own.
import type { Reader } from "@zerowire/writer";
import Int64 from "node-int64";

/**
 * 8 bytes of their own for an Int64. Not Buffer.allocUnsafe / Buffer.from: those cut small buffers
 * from Node's shared 8 KiB slab, and an Int64 kept for a session's life (its session id) would
 * then show whatever else the slab holds (a TLS passphrase, a request with a password) to
 * util.inspect with showHidden.
 */
function ownEightBytes(): Buffer {
  return Buffer.alloc(8);
}

/** A new Int64 holding a copy of 8 big-endian bytes (the frame may be reused; the Int64 is mutable). */
export function int64FromBytes(bytes: Buffer): Int64 {
  const copy = ownEightBytes();
  bytes.copy(copy, 0, 0, 8);
  return new Int64(copy);
}

/** A new Int64 of a zigzag varint read from `r` (no BigInt on the way). */
export function int64FromZigzag(r: Reader, what: string): Int64 {
  const bytes = ownEightBytes();
  r.zigzag64BE(bytes, 0, what);
  return new Int64(bytes);
}
