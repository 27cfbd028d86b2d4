// i64 values as generated code passes them to writeI64: an Int64 (node-int64, what the `thrift`
// package reads), a bigint, or a number that is a safe integer. Anything else (an unsafe number,
// which would be rounded, or a string, which the `thrift` package reads as hex in one protocol
// and decimal in the other) is a RangeError or TypeError naming the value. (Reads: wire/int64-read.ts.)
import Int64 from "node-int64";

/** Any value writeI64 accepts. */
export type I64Input = Int64 | bigint | number;

/** The 8 big-endian bytes of an Int64 object, or undefined when `v` is not one. */
export function int64Bytes(v: unknown): Buffer | undefined {
  if (v instanceof Int64 || (typeof v === "object" && v !== null && Buffer.isBuffer((v as Int64).buffer))) {
    const { buffer, offset } = v as Int64;
    const at = offset ?? 0;
    if (at + 8 > buffer.length)
      throw new RangeError("writeI64: the Int64's buffer holds fewer than 8 bytes at its offset");
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
