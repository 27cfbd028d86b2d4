/** A read past the end of the input, or a length/varint that cannot be valid. */
export class ReadError extends Error {
  /** "ReadError"; typed as a string so that subclasses can name themselves. */
  override readonly name: string = "ReadError";
  constructor(
    /** What was being read, e.g. "int32" or "string length". */
    readonly what: string,
    /** Absolute offset in the input where the read started. */
    readonly offset: number,
    /** Bytes the read needed (0 when the problem is not a size). */
    readonly needed: number,
    /** Bytes that were left at that offset. */
    readonly available: number,
    detail?: string,
  ) {
    super(
      detail === undefined
        ? `cannot read ${what} at offset ${offset}: needs ${needed} byte(s), ${available} left`
        : `cannot read ${what} at offset ${offset}: ${detail}`,
    );
  }
}

/** Releasing a pooled buffer twice, or using bytes after they were released. */
export class OwnershipError extends Error {
  override readonly name = "OwnershipError";
}

/** Formats a value for an error message without throwing on bigint or symbol. */
export function describe(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (value === null || value === undefined) return String(value);
  if (typeof value === "object") return Object.prototype.toString.call(value);
  return String(value);
}
