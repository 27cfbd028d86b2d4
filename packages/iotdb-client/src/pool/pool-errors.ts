// The pool's own failures: no session became free in time; the pool was closed before a call was
// sent. (A PoolClosedError is a ConnectionError, as a closed session's refusal is, so code that
// caught ConnectionError from a closed pool still does; unlike other ConnectionErrors, its outcome
// is known: nothing was written. A PoolTimeoutError is a TimeoutError, so one check catches every
// timeout of the client; unlike a reply's, nothing was sent.)
import { ConnectionError, TimeoutError } from "../errors.js";

/**
 * No session of the pool became free within waitTimeoutMs (for an insert in a group-commit queue:
 * counted from when it was queued); nothing was sent, unless the message says an earlier request
 * carrying the insert failed (then it is a retry that was not sent again).
 */
export class PoolTimeoutError extends TimeoutError {
  override readonly name = "PoolTimeoutError";
  override readonly code = "ERR_IOTDB_POOL_TIMEOUT";
  constructor(
    message: string,
    /** How long the call waited (its timeoutMs: the pool's waitTimeoutMs). */
    readonly waitedMs: number,
  ) {
    super(message, waitedMs);
  }
}

/**
 * The pool was closed before the call was sent (a call made after close(), or still waiting at close()'s deadline):
 * nothing of it was written.
 */
export class PoolClosedError extends ConnectionError {
  override readonly name = "PoolClosedError";
  override readonly code = "ERR_IOTDB_POOL_CLOSED";
  /** Always false: the call was never sent. */
  readonly sent = false;
}
