// TSStatus checks as the Java client makes them (RpcUtils.verifySuccess): 200 and 400
// (REDIRECTION_RECOMMEND, a hint that comes with a successful write) pass; 302 (MULTIPLE_ERROR,
// one sub-status per item) and every other code fail.
import type { TSStatus } from "./gen/client_types.js";
import { IoTDBError, QueryTimeoutError, type Status } from "./errors.js";
import { StatusCode } from "./status-codes.js";

/** The generated struct as a plain object without the generator's nulls. */
export function toStatus(s: TSStatus): Status {
  const status: Status = { code: s.code };
  if (s.message != null) status.message = s.message;
  if (s.subStatus != null) status.subStatus = s.subStatus.map(toStatus);
  if (s.redirectNode != null) status.redirectNode = { host: s.redirectNode.ip, port: s.redirectNode.port };
  if (s.needRetry != null) status.needRetry = s.needRetry;
  return status;
}

/** The status when it is a success (possibly carrying redirect hints), else an IoTDBError. */
export function verifyStatus(s: TSStatus, context: string, queryTimeoutMs?: number): Status {
  return checkStatus(toStatus(s), context, queryTimeoutMs);
}

/** verifyStatus of a status already read into a Status (an insert's reply). */
export function checkStatus(status: Status, context: string, queryTimeoutMs?: number): Status {
  const error = statusError(status, context, queryTimeoutMs);
  if (error !== undefined) throw error;
  return status;
}

/**
 * The IoTDBError a status stands for (a QueryTimeoutError for the server's query timeouts), or
 * undefined when it is a success (redirect hints included).
 */
export function statusError(status: Status, context: string, queryTimeoutMs?: number): IoTDBError | undefined {
  if (status.code === StatusCode.SUCCESS || status.code === StatusCode.REDIRECTION_RECOMMEND) return undefined;
  if (status.code === StatusCode.INTERNAL_REQUEST_TIME_OUT || status.code === StatusCode.QUERY_TIMEOUT)
    return new QueryTimeoutError(status, context, queryTimeoutMs);
  return new IoTDBError(status, context);
}
