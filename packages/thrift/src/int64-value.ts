// i64 values as the generated code holds them. Reads return node-int64's Int64 (what the
// `thrift` package returns, so code written against it keeps working); writes take an Int64, a
// bigint, or a number that is a safe integer. Anything else (an unsafe number, which would be
// rounded, or a string, which the `thrift` package reads as hex in one protocol and decimal in
// the other) is a RangeError or TypeError naming the value.
import type { Reader } from "@zerowire/writer";
import Int64 from "node-int64";

/** Any value writeI64 accepts. */
export type I64Input = Int64 | bigint | number;

/** The 8 big-endian bytes of an Int64 object, or undefined when `v` is not one. */
export function int64Bytes(v: unknown): Buffer | undefined {
  if (v instanceof Int64 || (typeof v === "object" && v !== null && Buffer.isBuffer((v as Int64).buffer))) {
    const { buffer, offset } = v as Int64;
    const at = offset ?? 0;
    if (at + 8 > buffer.length) throw new RangeError("writeI64: the Int64's buffer holds fewer than 8 bytes at its offset");
    return buffer.subarray(at, at + 8);
  }
  return undefined;
}

/** An Int64 value as a number when it is a safe integer, else as a bigint: what the Writer takes. */
export function int64ToWritable(bytes: Buffer): number | bigint {
  const hi = bytes.readInt32BE(0);
  const lo = bytes.readUInt32BE(4);
  const n = hi * 4294967296 + lo; // rounded only when beyond 2^53, and then not a safe integer
  return Number.isSafeInteger(n) ? n : bytes.readBigInt64BE(0);
}

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
