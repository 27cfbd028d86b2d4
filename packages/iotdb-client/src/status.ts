// TSStatus checks as the Java client makes them (RpcUtils.verifySuccess): 200 and 400
// (REDIRECTION_RECOMMEND, a hint that comes with a successful write) pass; 302 (MULTIPLE_ERROR,
// one sub-status per item) and every other code fail.
import type { TSStatus } from "./gen/client_types.js";
import { IoTDBError, type Status } from "./errors.js";

export const StatusCode = {
  SUCCESS: 200,
  MULTIPLE_ERROR: 302,
  REDIRECTION_RECOMMEND: 400,
} as const;

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
export function verifyStatus(s: TSStatus, context: string): Status {
  return checkStatus(toStatus(s), context);
}

/** verifyStatus of a status already read into a Status (an insert's reply). */
export function checkStatus(status: Status, context: string): Status {
  const error = statusError(status, context);
  if (error !== undefined) throw error;
  return status;
}

/** The IoTDBError a status stands for, or undefined when it is a success (redirect hints included). */
export function statusError(status: Status, context: string): IoTDBError | undefined {
  return status.code === StatusCode.SUCCESS || status.code === StatusCode.REDIRECTION_RECOMMEND ? undefined : new IoTDBError(status, context);
}
