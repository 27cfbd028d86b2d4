// Which failures of a writer's request are worth sending again, and when. Transient: the
// connection (ConnectionError, TimeoutError: the DataNode may be restarting), no free session in
// time (PoolTimeoutError), an answer with needRetry, and the statuses of a server that is busy or
// moving regions. Everything else (a type conflict 507, bad input EncodeError, no permission, ...)
// is permanent: sending it again would fail again. Delays grow by 2 per retry, with jitter so that
// writers that failed together do not come back together.
import { ConnectionError, IoTDBError, timedOut } from "../errors.js";
import { StatusCode } from "../status-codes.js";

/** Statuses a later attempt may get past: the server (or a region of it) is busy, starting or moving. */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([
  StatusCode.STORAGE_ENGINE_NOT_READY,
  StatusCode.WRITE_PROCESS_REJECT,
  StatusCode.INTERNAL_REQUEST_TIME_OUT,
  StatusCode.INTERNAL_REQUEST_RETRY_ERROR,
  StatusCode.PLAN_FAILED_NETWORK_PARTITION,
  StatusCode.CONSENSUS_NOT_INITIALIZED,
  StatusCode.REGION_LEADER_CHANGE_ERROR,
  StatusCode.NO_AVAILABLE_REGION_GROUP,
  StatusCode.CAN_NOT_CONNECT_DATANODE,
  StatusCode.NO_AVAILABLE_REPLICA,
]);

export function isTransient(error: unknown): boolean {
  if (error instanceof ConnectionError || timedOut(error)) return true;
  return error instanceof IoTDBError && (error.status.needRetry === true || TRANSIENT_CODES.has(error.code));
}

/** The wait before retry `attempt` (0 = the first): base x 2^attempt, at most max, then 50-100% of it. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(full * (0.5 + Math.random() / 2));
}
