// A comparable form of a generated value: Int64 objects as their 8 bytes in hex, bytes as hex,
// numbers with -0 and NaN spelled out, strings as UTF-8 would carry them (a lone surrogate
// becomes U+FFFD on every encoder), object keys sorted. Shares no code with the protocols.
import Int64 from "node-int64";

export function normalize(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Int64) return `i64:${value.buffer.subarray(value.offset, value.offset + 8).toString("hex")}`;
  if (value instanceof Uint8Array) return `bin:${Buffer.from(value).toString("hex")}`;
  if (typeof value === "number") return Object.is(value, -0) ? "num:-0" : `num:${value}`;
  if (typeof value === "string") return `str:${Buffer.from(value, "utf8").toString("utf8")}`;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort())
      out[`${Buffer.from(k, "utf8").toString("utf8")}`] = normalize((value as Record<string, unknown>)[k]);
    return out;
  }
  throw new Error(`cannot normalize a ${typeof value}`);
}

/** The value with every bool inside a list or map replaced by false: what the `thrift`
 *  package's compact protocol reads for them (its readBool outside a field always gives false). */
export function asThriftCompactReadsIt<
  T extends { flags?: boolean[] | null; flagsById?: Record<string, boolean[]> | null },
>(value: T): unknown {
  const copy = normalize(value) as Record<string, unknown>;
  if (Array.isArray(copy.flags)) copy.flags = copy.flags.map(() => false);
  if (copy.flagsById && typeof copy.flagsById === "object") {
    for (const k of Object.keys(copy.flagsById)) {
      const list = (copy.flagsById as Record<string, boolean[]>)[k]!;
      (copy.flagsById as Record<string, boolean[]>)[k] = list.map(() => false);
    }
  }
  return copy;
}
