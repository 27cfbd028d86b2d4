// The pool's own failure: no session became free in time. (A closed pool fails calls with a
// ConnectionError, as a closed session does.)

/** No session of the pool became free within waitTimeoutMs; nothing was sent. */
export class PoolTimeoutError extends Error {
  override readonly name = "PoolTimeoutError";
  constructor(
    message: string,
    readonly waitedMs: number,
  ) {
    super(message);
  }
}
