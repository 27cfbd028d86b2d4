// i64 fields of the generated code are node-int64 objects; the client speaks bigint.
import Int64 from "node-int64";

/** A bigint (or safe integer) as the Int64 the generated writers expect; wraps nothing silently. */
export function toInt64(v: bigint | number): Int64 {
  const buf = Buffer.allocUnsafe(8);
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new RangeError(`${v} is not a safe integer; pass a bigint`);
    v = BigInt(v);
  }
  if (v < -(2n ** 63n) || v >= 2n ** 63n) throw new RangeError(`${v}n is outside the int64 range`);
  buf.writeBigInt64BE(v);
  return new Int64(buf);
}

/** An Int64 the generated readers produced, as a bigint. */
export function fromInt64(v: Int64): bigint {
  return v.buffer.readBigInt64BE(v.offset ?? 0);
}
