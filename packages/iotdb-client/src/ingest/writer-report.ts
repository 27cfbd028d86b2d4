// What a writer tells its caller: a failure of some rows, the outcome of close(), and the
// counters of metrics(). Rows and points: a row is one write(); a point is one value of it (a
// row of a target with n columns is n points, null values included: they take buffer room too).

/** Rows of one target that failed for good: not stored (a permanent refusal, or retries spent). */
export interface WriterFailure {
  /** The device (tree) or table. */
  target: string;
  /** The failed rows' times, as written. */
  times: readonly (number | bigint | Date)[];
  /** Why: an IoTDBError (e.g. code 507), an EncodeError, or the last transient error once retries were spent. */
  error: unknown;
}

export interface WriterCloseResult {
  /** Rows acknowledged by the server, over the writer's life. */
  written: number;
  /** Rows reported failed, over the writer's life. */
  failed: number;
  /**
   * Rows neither acknowledged nor failed when the close deadline hit: never sent, or in a request
   * whose answer had not come (those may or may not be stored). 0 when close() drained.
   */
  pending: number;
  /** The failures that happened while no 'failed' listener was attached (nobody saw them), in order. */
  unobservedFailures: WriterFailure[];
}

export interface WriterMetrics {
  /** Points buffered, not yet in a request. */
  buffered: number;
  /** Requests in flight (including those waiting to be retried). */
  inFlight: number;
  /** Points in those requests. */
  inFlightPoints: number;
  /** Rows acknowledged. */
  written: number;
  /** Retries of requests that failed transiently. */
  retried: number;
  /** Rows reported failed. */
  failed: number;
  /** Requests sent (first sends, retries and the single-target re-sends of a failed request). */
  requests: number;
  /** Average points per request sent. */
  pointsPerRequest: number;
}
