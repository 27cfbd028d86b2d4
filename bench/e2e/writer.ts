// What every writer (our client in this process, a worker process, the Java client, a group of
// workers) does: run a round as told and report what it measured.
import type { RoundMeasure } from "./round-measure.js";
import type { RoundSpan } from "./workload.js";

/**
 * How a round's tablets are sent:
 * - clients: each concurrent client writes its own devices, one insertTablet at a time (bound
 *   to one session for the round with ENABLE_DEVICE_SESSION_BINDING);
 * - batch: every tablet of a loop in one insertTablets call (tree model);
 * - parallel: every tablet of a loop as its own insert, at most CONCURRENCY under way (runConcurrent);
 * - executeConcurrent: the same through the pool's executeConcurrent, a session lent per tablet.
 */
/**
 * clients: each client its devices' tablets one at a time; batch, parallel, executeConcurrent:
 * every tablet of a loop together; records: every row of a loop as one insertRecords call (the
 * clients' defaults: auto-converted to tablets by both); recordsNoConvert: the same through our
 * pool with autoConvertRecords off (ours only).
 */
export type WriteMethod =
  | "clients"
  | "batch"
  | "parallel"
  | "executeConcurrent"
  | "records"
  | "recordsNoConvert"
  | RowMethod;

/**
 * Row arrival (producers handing the client one row at a time): rowsBatched: ours through the
 * batching writer, Java into a Tablet per device sent by insertTablets when full; rowRecord: each
 * row by the pool's insertRecord.
 */
export type RowMethod = "rowsBatched" | "rowRecord";

export interface RoundSpec {
  /** Timestamp of the round's first row, in TIMESTAMP_PRECISION units. */
  startTime: bigint;
  span: RoundSpan;
  method: WriteMethod;
  /** Most inserts under way at once (parallel, executeConcurrent). */
  concurrency: number;
}

export interface RoundProgress {
  /** Points stored so far in this round (successful ops). */
  points: number;
}

export interface Writer {
  round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure>;
  close(): Promise<void>;
}
