// Cancellation by AbortSignal, as Node's own APIs do it: an aborted call rejects with an
// AbortError (name "AbortError", code "ABORT_ERR", cause = signal.reason). What an abort can
// undo: a request not yet sent is never sent; a request already written to the connection cannot
// be taken back (one Thrift connection carries the session's requests in order, and the server
// answers each), so the caller stops waiting at once while the reply is still read in the
// background and dropped (a query's result is closed on the server when it arrives): the session
// stays usable. Such a request is still bounded by requestTimeoutMs like any other.
import { OptionError } from "./errors.js";

/** The `signal` option of every call that can wait. */
export interface CallOptions {
  /** Aborting rejects the call with an AbortError (see the README's "Cancelling a call"). */
  signal?: AbortSignal;
}

/** A call given up because its AbortSignal was aborted; `cause` is the signal's reason. */
export class AbortError extends Error {
  override readonly name = "AbortError";
  readonly code = "ABORT_ERR";
  constructor(message = "The operation was aborted", options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The AbortError of `what` for an aborted signal. */
export function abortError(signal: AbortSignal, what: string): AbortError {
  return new AbortError(`${what} was aborted`, { cause: signal.reason });
}

/** The signal of call options, checked to be an AbortSignal (or absent). */
export function signalOf(options: CallOptions | undefined, what: string): AbortSignal | undefined {
  const signal = options?.signal;
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  throw new OptionError(
    "signal",
    `${what}: options.signal must be an AbortSignal, got ${signal === null ? "null" : typeof signal}`,
  );
}

const ignore = (): void => {};

/**
 * `work` as the caller sees it under `signal`: settles as `work` does, unless the signal aborts
 * first; then it rejects with an AbortError at once, and `late` gets work's result whenever it
 * arrives (to release what it holds); work's failure is then dropped.
 */
export function abortable<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  what: string,
  late: (result: T) => void = ignore,
): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.then(late, ignore);
    return Promise.reject(abortError(signal, what));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      work.then(late, ignore);
      reject(abortError(signal, what));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (result) => {
        signal.removeEventListener("abort", onAbort);
        resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
