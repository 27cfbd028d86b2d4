// The errors a caller can act on: the server refused (IoTDBError, with its status code), the
// connection is gone (ConnectionError), the server did not answer in time (TimeoutError). Bad
// input is the codec's EncodeError (re-exported), thrown before anything is sent.
export { EncodeError } from "@zerowire/iotdb-codec";

/** Where a DataNode can be reached; the server names one in a redirect hint. */
export interface EndPoint {
  host: string;
  port: number;
}

/** A TSStatus as the server sent it. */
export interface Status {
  code: number;
  message?: string;
  /** One status per item of a multi-device request (insertRecords, insertTablets). */
  subStatus?: Status[];
  /** The DataNode that holds the device (a redirect hint). */
  redirectNode?: EndPoint;
  needRetry?: boolean;
}

/** The server executed the request and refused it; `code` is its TSStatusCode. */
export class IoTDBError extends Error {
  override readonly name: string = "IoTDBError";
  readonly code: number;
  readonly subStatus: readonly Status[];
  constructor(readonly status: Status, context?: string) {
    super(`${context ? `${context}: ` : ""}${describeStatus(status)}`);
    this.code = status.code;
    this.subStatus = status.subStatus ?? [];
  }
}

/** The connection could not be made, broke, or was closed; the request's outcome is unknown. */
export class ConnectionError extends Error {
  override readonly name: string = "ConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * No answer within the configured time; the connection it was on has been closed. A query the
 * server itself ended for its timeout is a QueryTimeoutError, which is also an instance of this
 * class (`instanceof TimeoutError` holds for it), so one check catches both.
 */
export class TimeoutError extends Error {
  override readonly name: string = "TimeoutError";
  constructor(message: string, readonly timeoutMs: number, options?: { cause?: unknown }) {
    super(message, options);
  }

  /** Also true for a QueryTimeoutError (an IoTDBError: a class has one base class). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    return this === TimeoutError && value instanceof QueryTimeoutError;
  }
}

/**
 * The server ended a query for its timeout (status 712 or 720; the query's queryTimeoutMs).
 * An IoTDBError with its status, and `instanceof TimeoutError` as well. The session and its
 * connection stay usable.
 */
export class QueryTimeoutError extends IoTDBError {
  override readonly name: string = "QueryTimeoutError";
  /** The query's queryTimeoutMs (0 when the refused request was not a query). */
  readonly timeoutMs: number;
  constructor(status: Status, context?: string, timeoutMs = 0) {
    super(status, context);
    this.timeoutMs = timeoutMs;
  }
}

/** A SessionDataSet used after close() or read a second time. */
export class DataSetError extends Error {
  override readonly name = "DataSetError";
}

function describeStatus(status: Status): string {
  const own = `${status.code}${status.message ? `: ${status.message}` : ""}`;
  const failed = (status.subStatus ?? []).filter((s) => s.code !== 200 && s.code !== 400);
  if (failed.length === 0) return own;
  const shown = failed.slice(0, 3).map((s) => `${s.code}${s.message ? `: ${s.message}` : ""}`);
  const more = failed.length > 3 ? `; and ${failed.length - 3} more` : "";
  return `${own} [${shown.join("; ")}${more}]`;
}
