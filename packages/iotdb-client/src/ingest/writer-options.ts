// What a batching writer is created with, and its defaults. Checked once, at pool.writer(): a
// bad option throws an OptionError naming it, before the writer exists (options.ts).
import { badOption, integerOption } from "../options.js";

export interface BatchWriterOptions {
  /**
   * Points (values: one per column of a row) per request: the buffer is sent once this many of
   * targets not in flight are waiting, and one request carries about this many. Default 50,000:
   * measured on the shared 2.0.1 server (100 devices x 10 DOUBLE sensors, 2 M points a round),
   * medians of 3 ABBA rounds on a 2-core machine at load ~20): from 10,000 (0.69 M points/s, 196
   * us of client CPU per 1,000 points) through 20,000 (1.09 M, 132) to 50,000 (1.43 M, 105). At
   * 100,000 throughput still rose (1.96 M, noisy) but CPU per point stayed flat (97), while the
   * points held and a batch's wait doubled: 50,000 is where the client's cost stops falling.
   */
  batchPoints?: number;
  /** Estimated request bytes that send the buffer too (strings counted by length). Default 4 MiB. */
  batchBytes?: number;
  /** Rows waiting longer than this are sent anyway; 0 = only by size and flush(). Default 1,000 ms. */
  flushIntervalMs?: number;
  /** Most requests of this writer in flight at once. Default 4. */
  maxInFlight?: number;
  /**
   * Past this many held points (buffered + in flight), write() returns false until 'drain'. Default 10 x batchPoints.
   */
  highWaterMark?: number;
  /**
   * A write that would hold more points than this throws a WriterFullError (nothing of it kept). Default 4 x
   * highWaterMark.
   */
  maxBufferedPoints?: number;
  /** Retries of a request that failed transiently (connection, timeout, a retryable status). Default 10. */
  maxRetries?: number;
  /** First retry delay; doubled per retry, with jitter (50-100% of it). Default 100 ms. */
  retryBaseMs?: number;
  /** Largest retry delay. Default 10,000 ms (10 retries with the defaults: about 40 s in all). */
  retryMaxMs?: number;
}

export type ResolvedWriterOptions = Required<BatchWriterOptions>;

export const WRITER_DEFAULTS = {
  batchPoints: 50_000,
  batchBytes: 4 * 1024 * 1024,
  flushIntervalMs: 1_000,
  maxInFlight: 4,
  maxRetries: 10,
  retryBaseMs: 100,
  retryMaxMs: 10_000,
} as const;

export function resolveWriterOptions(options: BatchWriterOptions = {}): ResolvedWriterOptions {
  if (options === null || typeof options !== "object") throw badOption("options", "an object", options);
  const o = { ...WRITER_DEFAULTS, ...definedOnly(options) };
  const batchPoints = integerOption("batchPoints", o.batchPoints, 1);
  const highWaterMark = integerOption("highWaterMark", options.highWaterMark ?? 10 * batchPoints, 1);
  const resolved: ResolvedWriterOptions = {
    batchPoints,
    batchBytes: integerOption("batchBytes", o.batchBytes, 1),
    flushIntervalMs: integerOption("flushIntervalMs", o.flushIntervalMs, 0),
    maxInFlight: integerOption("maxInFlight", o.maxInFlight, 1),
    highWaterMark,
    maxBufferedPoints: integerOption(
      "maxBufferedPoints",
      options.maxBufferedPoints ?? 4 * highWaterMark,
      highWaterMark,
    ),
    maxRetries: integerOption("maxRetries", o.maxRetries, 0),
    retryBaseMs: integerOption("retryBaseMs", o.retryBaseMs, 0),
    retryMaxMs: integerOption("retryMaxMs", o.retryMaxMs, 0),
  };
  return resolved;
}

function definedOnly(options: BatchWriterOptions): BatchWriterOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
}
