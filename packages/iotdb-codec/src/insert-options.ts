// What an insert call is made with beyond its data: the per-value size guard and the unit of
// Date times. The guard exists because IoTDB 2.0.1-beta jams on a single huge value: its WAL
// queue waits for memory it can never get (MemoryControlledWALEntryQueue.put), and every later
// write to that database hangs until the server restarts (a value above ~34 MiB on a DataNode
// with a 2 GiB heap; the budget is heap × 0.3 × 0.76 × 0.1). 16 MiB stays below that for
// DataNode heaps from 1 GiB up. The check is a length compare per string or byte cell.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";

export type TimestampPrecision = "ms" | "us" | "ns";

export interface InsertOptions {
  /**
   * Largest TEXT, STRING or BLOB value (or string-record value), in bytes (UTF-8 bytes for a string); a larger one is
   * an
   * EncodeError and nothing is written. Default DEFAULT_MAX_VALUE_BYTES (16 MiB).
   */
  maxValueBytes?: number;
  /** The server's timestamp precision: a Date time is converted to it. Without it a Date time is an EncodeError. */
  timestampPrecision?: TimestampPrecision;
}

/** 16 MiB: below the single-value size that jams an IoTDB 2.0.1-beta DataNode with a heap of 1 GiB or more. */
export const DEFAULT_MAX_VALUE_BYTES = 16 * 1024 * 1024;

/** The size limit of the options, checked. */
export function maxValueBytesOf(options: InsertOptions | undefined): number {
  const max = options?.maxValueBytes;
  if (max === undefined) return DEFAULT_MAX_VALUE_BYTES;
  if (typeof max !== "number" || !(max > 0))
    throw new EncodeError(`maxValueBytes must be a positive number of bytes, got ${describeValue(max)}`);
  return max;
}

/**
 * Why a string or byte value is over `max` bytes, or undefined. A string of n UTF-16 units has at
 * most 3n UTF-8 bytes, so only one longer than max/3 units is measured.
 */
export function valueSizeProblem(v: string | Uint8Array, max: number): string | undefined {
  if (typeof v === "string") {
    if (v.length * 3 <= max) return undefined;
    const bytes = Buffer.byteLength(v, "utf8");
    return bytes <= max
      ? undefined
      : `a string of ${bytes} UTF-8 bytes exceeds maxValueBytes ${max} (one huge value jams the server's write-ahead log; raise maxValueBytes if your server takes it)`;
  }
  return v.length <= max
    ? undefined
    : `a value of ${v.length} bytes exceeds maxValueBytes ${max} (one huge value jams the server's write-ahead log; raise maxValueBytes if your server takes it)`;
}

const FACTOR = { ms: 1n, us: 1_000n, ns: 1_000_000n } as const;

/** A Date time in the server's unit (a number for ms, a bigint for us and ns), or the problem as a string. */
export function dateTime(d: Date, precision: TimestampPrecision | undefined): number | bigint | { problem: string } {
  const ms = d.getTime();
  if (Number.isNaN(ms)) return { problem: "an invalid Date" };
  if (precision === undefined)
    return {
      problem: "a Date time needs the server's timestamp precision (a session passes its own; give timestampPrecision)",
    };
  return precision === "ms" ? ms : BigInt(ms) * FACTOR[precision];
}
