// The errors a caller can act on: the server refused (IoTDBError, with its status code), the
// connection is gone (ConnectionError), the server did not answer in time (TimeoutError), an
// option was bad (OptionError). Bad data is the codec's EncodeError (re-exported), thrown before
// anything is sent.
//
// Every error class the client raises has a stable `code` that names it across copies of the
// package (ESM and CJS both loaded, where `instanceof` fails): a string, except IoTDBError and its
// QueryTimeoutError, whose `code` is the server's TSStatusCode (a number, compared with
// StatusCode.*), as a server error's code in postgres.js is the server's own. A subclass has its
// own code; `instanceof` still answers for its base (a PoolClosedError is a ConnectionError, a
// PoolTimeoutError a TimeoutError). Plain inheritance only: a class has one base, so the server's
// QueryTimeoutError is an IoTDBError (the server answered, with a status), not a TimeoutError
// (the client's own clock ran out: a reply, a connect, a pool's wait).
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
  constructor(
    readonly status: Status,
    context?: string,
  ) {
    super(`${context ? `${context}: ` : ""}${describeStatus(status)}`);
    this.code = status.code;
    this.subStatus = status.subStatus ?? [];
  }
}

/** The connection could not be made, broke, or was closed; the request's outcome is unknown. */
export class ConnectionError extends Error {
  override readonly name: string = "ConnectionError";
  readonly code: string = "ERR_IOTDB_CONNECTION";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The client's own clock ran out: no reply within requestTimeoutMs (the connection it was on has
 * been closed), open() not done within connectTimeoutMs, or (a PoolTimeoutError) no pooled
 * session free within waitTimeoutMs. A query the server ended for its timeout is the server's
 * answer, a QueryTimeoutError (an IoTDBError).
 */
export class TimeoutError extends Error {
  override readonly name: string = "TimeoutError";
  readonly code: string = "ERR_IOTDB_TIMEOUT";
  constructor(
    message: string,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The server ended a query for its timeout (status 712 or 720; the query's queryTimeoutMs).
 * An IoTDBError with its status (`code` is 712 or 720). The session and its connection stay usable.
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

/**
 * @internal A request timed out, by the client's clock (TimeoutError) or the server's
 * (QueryTimeoutError): session failover and the pool treat both as a DataNode that may be hung.
 */
export function timedOut(error: unknown): error is TimeoutError | QueryTimeoutError {
  return error instanceof TimeoutError || error instanceof QueryTimeoutError;
}

/**
 * A bad option: a constructor's (Session, TableSession, the pools, pool.writer()), a call's
 * options object (`{ fetchSize }`, `{ signal }`, `{ timeoutMs }`), or a setter of an option
 * (setFetchSize, setTimeZone, ...). `option` names it; the message names it, the value and what
 * is accepted. A RangeError, as most of these checks threw before there was one class (code that
 * caught RangeError still does).
 */
export class OptionError extends RangeError {
  override readonly name = "OptionError";
  readonly code = "ERR_IOTDB_OPTION";
  constructor(
    /** The option, as its key is spelled (`"fetchSize"`, `"nodeUrls"`, `"signal"`). */
    readonly option: string,
    message: string,
  ) {
    super(message);
  }
}

/** A SessionDataSet used after close() or read a second time. */
export class DataSetError extends Error {
  override readonly name = "DataSetError";
  readonly code = "ERR_IOTDB_DATA_SET";
}

function describeStatus(status: Status): string {
  const own = `${status.code}${status.message ? `: ${status.message}` : ""}`;
  const failed = (status.subStatus ?? []).filter((s) => s.code !== 200 && s.code !== 400);
  if (failed.length === 0) return own;
  const shown = failed.slice(0, 3).map((s) => `${s.code}${s.message ? `: ${s.message}` : ""}`);
  const more = failed.length > 3 ? `; and ${failed.length - 3} more` : "";
  return `${own} [${shown.join("; ")}${more}]`;
}
