// What a pool is created with, and its defaults. Session options (user, zone, timeouts, protocol,
// TLS, database, ...) apply to every session the pool opens: they are checked here, in the
// pool's constructor, by the session's own resolver, so a bad one fails before any session
// exists (options.ts says what an option is and how a bad one fails).
import type { Int64Mode } from "@zerowire/iotdb-codec";
import { type EndPoint, OptionError } from "../errors.js";
import { badOption, booleanOption, integerOption, resolveEndpoints } from "../options.js";
import { resolveSessionOptions, SESSION_DEFAULTS, type SessionOptions } from "../session/session-options.js";

/** S: the session class; M: the int64 mode, inferred from `int64` ("bigint" when left out). */
export interface PoolOptions<S = never, M extends Int64Mode = "bigint">
  extends Omit<SessionOptions<M>, "autoReconnect"> {
  /**
   * DataNodes as "host:port" or { host, port }. New sessions go to the first one not marked down;
   * the others are for failover. Default: [host:port].
   */
  nodeUrls?: readonly (string | EndPoint)[];
  /** Most sessions per DataNode (idle + borrowed). Default 5, as Java's SessionPool. */
  maxSize?: number;
  /** Sessions kept open to the current default DataNode even when idle. Default 0. */
  minSize?: number;
  /** How long a call waits for a free session before a PoolTimeoutError. Default 60,000 ms, as Java. */
  waitTimeoutMs?: number;
  /** An idle session is closed after this long (POOL_MAX_IDLE_TIME), minSize excepted. Default 60,000 ms. */
  maxIdleMs?: number;
  /** A session idle this long is pinged before reuse. Default 30,000 ms. */
  healthCheckAfterIdleMs?: number;
  /**
   * How long a DataNode that failed to connect or broke a connection is tried only after the others. Default 10,000 ms.
   */
  endpointDownMs?: number;
  /**
   * Retries of an insert or query whose connection broke or timed out (on another DataNode when
   * one is up) or that the server answered with needRetry. Default 3.
   */
  maxRetries?: number;
  /** Wait before retrying a needRetry answer. Default 500 ms, as Java. */
  retryIntervalMs?: number;
  /** Route inserts by the server's redirect hints. Default true. */
  enableRedirection?: boolean;
  /** Most device routes remembered. Default 100,000. */
  maxRoutes?: number;
  /** How long close() waits for borrowed sessions to come back before closing them. Default 10,000 ms. */
  closeGraceMs?: number;
  /**
   * Let the process exit while every session of the pool is idle (as pg's allowExitOnIdle): idle
   * sessions' sockets are unref'd, a borrowed one is ref'd. Default false: an open pool keeps
   * the process running until close().
   */
  allowExitOnIdle?: boolean;
  /**
   * Group commit: inserts that find every session busy wait per DataNode and go out merged, one
   * request per kind, when a session comes free (insertRecord(s) -> insertRecords,
   * insertTablet(s) -> insertTablets; aligned apart). An insert that finds an idle session is
   * sent at once. Each caller still gets its own outcome. Default true.
   */
  groupCommit?: boolean;
  /** Most values (rows x columns) in one merged request; an insert larger than this goes alone. Default 100,000. */
  groupCommitMaxPoints?: number;
  /**
   * Most insert requests in flight at once per DataNode: inserts past it wait (and merge) even when a
   * session is idle. A lone caller that awaits each insert never waits for it. Default 2 (measured
   * against other limits: the client README's "Group commit" table); `Infinity` sends every insert
   * that finds an idle session at once.
   */
  groupCommitMaxInFlight?: number;
  /**
   * A single call's insertRecords / insertTablets (and their aligned and string forms) of several
   * parts that the server refuses as a whole without saying which parts failed (507, no
   * sub-status; it stores the others) is sent again in halves on the same session until each
   * refused part stands alone, and rejects with a MULTIPLE_ERROR IoTDBError holding one status per
   * part (writes are idempotent, so parts sent twice are stored once). False: it rejects with the
   * server's refusal. Default true.
   */
  attributeRefusals?: boolean;
  /** Makes the (unopened) sessions; for tests and custom session classes. */
  createSession?: (options: SessionOptions<Int64Mode>) => S;
}

export interface ResolvedPoolOptions {
  endpoints: EndPoint[];
  /** Options of every session, without host and port. */
  session: Omit<SessionOptions<Int64Mode>, "host" | "port">;
  maxSize: number;
  minSize: number;
  waitTimeoutMs: number;
  maxIdleMs: number;
  healthCheckAfterIdleMs: number;
  endpointDownMs: number;
  maxRetries: number;
  retryIntervalMs: number;
  enableRedirection: boolean;
  maxRoutes: number;
  closeGraceMs: number;
  allowExitOnIdle: boolean;
  groupCommit: boolean;
  groupCommitMaxPoints: number;
  groupCommitMaxInFlight: number;
  attributeRefusals: boolean;
}

export const POOL_DEFAULTS = {
  maxSize: 5,
  minSize: 0,
  waitTimeoutMs: 60_000,
  maxIdleMs: 60_000,
  healthCheckAfterIdleMs: 30_000,
  endpointDownMs: 10_000,
  maxRetries: 3,
  retryIntervalMs: 500,
  maxRoutes: 100_000,
  closeGraceMs: 10_000,
  groupCommitMaxPoints: 100_000,
  groupCommitMaxInFlight: 2,
} as const;

export function resolvePoolOptions<S>(options: PoolOptions<S, Int64Mode>): ResolvedPoolOptions {
  if (options === null || typeof options !== "object") throw badOption("options", "an object", options);
  const {
    nodeUrls,
    host,
    port,
    maxSize = POOL_DEFAULTS.maxSize,
    minSize = POOL_DEFAULTS.minSize,
    waitTimeoutMs = POOL_DEFAULTS.waitTimeoutMs,
    maxIdleMs = POOL_DEFAULTS.maxIdleMs,
    healthCheckAfterIdleMs = POOL_DEFAULTS.healthCheckAfterIdleMs,
    endpointDownMs = POOL_DEFAULTS.endpointDownMs,
    maxRetries = POOL_DEFAULTS.maxRetries,
    retryIntervalMs = POOL_DEFAULTS.retryIntervalMs,
    enableRedirection = true,
    maxRoutes = POOL_DEFAULTS.maxRoutes,
    closeGraceMs = POOL_DEFAULTS.closeGraceMs,
    allowExitOnIdle = false,
    groupCommit = true,
    groupCommitMaxPoints = POOL_DEFAULTS.groupCommitMaxPoints,
    groupCommitMaxInFlight,
    attributeRefusals = true,
    createSession,
    ...session
  } = options;
  const endpoints = resolveEndpoints(
    { nodeUrls, host, port },
    { host: SESSION_DEFAULTS.host, port: SESSION_DEFAULTS.port },
  );
  integerOption("maxSize", maxSize, 1);
  integerOption("minSize", minSize, 0);
  if (minSize > maxSize) throw new OptionError("minSize", `minSize (${minSize}) must not exceed maxSize (${maxSize})`);
  integerOption("maxRetries", maxRetries, 0);
  integerOption("maxRoutes", maxRoutes, 1);
  for (const [name, ms] of Object.entries({
    waitTimeoutMs,
    maxIdleMs,
    healthCheckAfterIdleMs,
    endpointDownMs,
    retryIntervalMs,
    closeGraceMs,
  }))
    integerOption(name, ms, 0);
  booleanOption("enableRedirection", enableRedirection);
  booleanOption("allowExitOnIdle", allowExitOnIdle);
  booleanOption("groupCommit", groupCommit);
  integerOption("groupCommitMaxPoints", groupCommitMaxPoints, 1);
  if (groupCommitMaxInFlight !== undefined && groupCommitMaxInFlight !== Number.POSITIVE_INFINITY)
    integerOption("groupCommitMaxInFlight", groupCommitMaxInFlight, 1, undefined, "an integer >= 1, or Infinity");
  booleanOption("attributeRefusals", attributeRefusals);
  if (createSession !== undefined && typeof createSession !== "function")
    throw badOption("createSession", "a function", createSession);
  // Every session's options, checked once here as each session will check them (at the first endpoint).
  resolveSessionOptions({ ...session, ...endpoints[0] });
  return {
    endpoints,
    session,
    maxSize,
    minSize,
    waitTimeoutMs,
    maxIdleMs,
    healthCheckAfterIdleMs,
    endpointDownMs,
    maxRetries,
    retryIntervalMs,
    enableRedirection,
    maxRoutes,
    closeGraceMs,
    allowExitOnIdle,
    groupCommit,
    groupCommitMaxPoints,
    groupCommitMaxInFlight: groupCommitMaxInFlight ?? POOL_DEFAULTS.groupCommitMaxInFlight,
    attributeRefusals,
  };
}
