// Expected bytes for the encoder tests, built from docs/iotdb-wire-format.md with Buffer's own writers
// (never with the encoder under test), as hex strings.

export const hex = (...parts: string[]): string => parts.join("").replace(/\s+/g, "");

export function i32(v: number): string {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b.toString("hex");
}

export function i64(v: bigint): string {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return b.toString("hex");
}

export function f32(v: number): string {
  const b = Buffer.alloc(4);
  b.writeFloatBE(v);
  return b.toString("hex");
}

export function f64(v: number): string {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return b.toString("hex");
}

/** i32 byte length + bytes (UTF-8 for strings). */
export function text(v: string | Uint8Array): string {
  const bytes = typeof v === "string" ? Buffer.from(v, "utf8") : Buffer.from(v);
  return i32(bytes.length) + bytes.toString("hex");
}

/** A bitmap-section entry: 00, or 01 + floor(n/8)+1 bytes LSB-first (1 = null) with the given padding bit. */
export function bitmap(nulls: readonly boolean[], padding: 0 | 1): string {
  if (!nulls.some(Boolean)) return "00";
  const n = nulls.length;
  const out = Buffer.alloc((n >> 3) + 1);
  for (let i = 0; i < out.length * 8; i++) {
    const bit = i < n ? nulls[i] : padding === 1;
    if (bit) out[i >> 3] = out[i >> 3]! | (1 << (i % 8));
  }
  return "01" + out.toString("hex");
}

export const toHex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.length).toString("hex");
