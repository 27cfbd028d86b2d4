// The pool's own failures: no session became free in time; the pool was closed before a call was
// sent. (A PoolClosedError is a ConnectionError, as a closed session's refusal is, so code that
// caught ConnectionError from a closed pool still does; unlike other ConnectionErrors, its outcome
// is known: nothing was written.)
import { ConnectionError } from "../errors.js";

/**
 * No session of the pool became free within waitTimeoutMs (for an insert in a group-commit queue:
 * counted from when it was queued); nothing was sent, unless the message says an earlier request
 * carrying the insert failed (then it is a retry that was not sent again).
 */
export class PoolTimeoutError extends Error {
  override readonly name = "PoolTimeoutError";
  constructor(
    message: string,
    readonly waitedMs: number,
  ) {
    super(message);
  }
}

/** The pool was closed before the call was sent (a call made after close(), or still waiting at close()'s deadline): nothing of it was written. */
export class PoolClosedError extends ConnectionError {
  override readonly name = "PoolClosedError";
  /** Always false: the call was never sent. */
  readonly sent = false;
}
