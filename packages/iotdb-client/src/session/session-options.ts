// What a session is opened with, and the Java client's defaults. resolveSessionOptions checks
// every option in the session's constructor (options.ts says what an option is and how a bad one
// fails); the pools run it on their session options in theirs.
import type tls from "node:tls";
import { DEFAULT_MAX_VALUE_BYTES, type Float32Mode, type Int64Mode } from "@zerowire/iotdb-codec";
import type { BufferPool } from "@zerowire/writer";
import { resolveConnectionOptions } from "../connection.js";
import { type EndPoint, OptionError } from "../errors.js";
import {
  badOption,
  booleanOption,
  FLOAT32_MODES,
  INT64_MODES,
  integerOption,
  oneOfOption,
  positiveOption,
  resolveEndpoints,
  stringOption,
} from "../options.js";
import type { WireProtocol } from "../thrift/rpc-codec.js";

/** The model a session speaks: Session opens "tree", TableSession "table" (openSession's sql_dialect). */
export type SqlDialect = "tree" | "table";

/** M: the int64 mode, inferred from `int64` ("bigint" when it is left out). */
export interface SessionOptions<M extends Int64Mode = "bigint"> {
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 6667. */
  port?: number;
  /**
   * DataNodes as "host:port" or { host, port }, instead of host/port (as Java's Session built with
   * node URLs): open() starts at a random one and tries the others in turn; a session whose
   * connection broke reopens the same way (autoReconnect), so it moves to a DataNode that is up.
   */
  nodeUrls?: readonly (string | EndPoint)[];
  /** Default "root". */
  username?: string;
  /** Default "root". */
  password?: string;
  /** The session's time zone (IANA name or offset); default: this machine's zone, as Java's ZoneId.systemDefault(). */
  zoneId?: string;
  /** Database sent as the session's "db" at open; also what `USE` sets in a TableSession. */
  database?: string;
  /** "binary" (default) or "compact" (the Java client's enableRPCCompression). */
  protocol?: WireProtocol;
  /** true, or Node TLS options, for a TLS connection. */
  tls?: boolean | tls.ConnectionOptions;
  /** Default 10,000 ms. */
  connectTimeoutMs?: number;
  /** Time allowed for each reply (default 60,000 ms); see also queryTimeoutMs. */
  requestTimeoutMs?: number;
  /** Largest reply frame accepted (default 64 MiB). */
  maxFrameSize?: number;
  /**
   * Largest request sent, in bytes: set it to the server's dn_thrift_max_frame_size (default
   * 512 MiB, as the server's). A larger request is refused with an EncodeError before anything is sent.
   */
  maxRequestFrameSize?: number;
  /**
   * Largest TEXT, STRING or BLOB value (or string-record value) sent, in bytes (UTF-8 bytes for a string): a larger one
   * is
   * an EncodeError and nothing is sent. Default 16 MiB. IoTDB 2.0.1-beta jams on one huge value
   * (its write-ahead log waits forever for room): above ~34 MiB with a 2 GiB DataNode heap, and
   * proportionally less with a smaller heap. Raise it only for a server with a larger heap.
   */
  maxValueBytes?: number;
  /** Rows per fetched batch (default 5000, as Java). */
  fetchSize?: number;
  /** Server-side query timeout sent with each query (default 60,000 ms, as Java; 0 = none). */
  queryTimeoutMs?: number;
  /**
   * INT64/TIMESTAMP values (and row times) as bigint (default) or number (throws rather than rounds). Types rows and
   * data sets.
   */
  int64?: M;
  /**
   * FLOAT values as read: "exact" (default) the float32's exact value (21.3f reads
   * 21.299999237060547), or "shortest" the shortest decimal that reads back as the same float32
   * (21.3, as the IoTDB CLI and Java's Float.toString show it).
   */
  float32?: Float32Mode;
  /** Reopen the session on the next call after its connection broke (default true). */
  autoReconnect?: boolean;
  /**
   * The Java Session's enableRecordsAutoConvertTablet (default true, as Java): typed
   * insertRecords of 40 or more records over at most half as many devices go as one insertTablets
   * request (one tablet per device), and insertRecordsOfOneDevice of 40 or more as one
   * insertTablet, unless a sampled record holds fewer than half of the measurements its device has
   * in the sample (Java samples 5% of the records at random; this decides as Java always does when
   * the sample cannot change Java's answer, else as Java most often does). False sends records as records.
   */
  autoConvertRecords?: boolean;
  /**
   * The BufferPool insert frames are built in; each frame's buffer goes back to it once the socket
   * took the bytes. Default: one pool shared by every session of the process. Give your own to
   * bound it (maxPerClass, maxRetainedBytes), to turn on its ownership checks (debug), or to read
   * its stats().
   */
  framePool?: BufferPool;
}

/** The settings a session keeps in view (no password, no TLS options). */
export interface ResolvedSessionOptions
  extends Required<Omit<SessionOptions<Int64Mode>, "database" | "tls" | "password" | "framePool" | "nodeUrls">> {
  database: string | undefined;
  /** The DataNodes the session may open on: nodeUrls, else [host:port]. host/port name the current one. */
  endpoints: readonly EndPoint[];
}

/** What a session connects with and must never show: the password and the TLS options (keys, passphrases). */
export interface SessionCredentials {
  password: string;
  tls: SessionOptions["tls"];
}

export const SESSION_DEFAULTS = {
  host: "127.0.0.1",
  port: 6667,
  username: "root",
  password: "root",
  fetchSize: 5000,
  queryTimeoutMs: 60_000,
} as const;

/** A fetch size as a session takes it (option, setFetchSize, a query's option): a positive int32. */
export function checkedFetchSize(fetchSize: unknown): number {
  return integerOption("fetchSize", fetchSize, 1, 0x7fffffff, "a positive int32");
}

/**
 * A query timeout as a session takes it (option, setQueryTimeout, a query's option): 0 (none) or a positive integer of
 * ms.
 */
export function checkedQueryTimeout(queryTimeoutMs: unknown): number {
  return integerOption("queryTimeoutMs", queryTimeoutMs, 0, Number.MAX_SAFE_INTEGER, "0 or a positive integer");
}

/**
 * A time zone as a session takes it (option, setTimeZone): a non-empty string, sent as given (the server knows Java's
 * zone names).
 */
export function checkedZoneId(zoneId: unknown): string {
  return stringOption("zoneId", zoneId);
}

export function resolveSessionOptions(options: SessionOptions<Int64Mode>): {
  settings: ResolvedSessionOptions;
  credentials: SessionCredentials;
} {
  if (options === null || typeof options !== "object") throw badOption("options", "an object", options);
  const pool = options.framePool;
  if (pool !== undefined && (typeof pool?.acquire !== "function" || typeof pool.release !== "function"))
    throw badOption("framePool", "a BufferPool", pool);
  const endpoints = resolveEndpoints(options, { host: SESSION_DEFAULTS.host, port: SESSION_DEFAULTS.port });
  const settings: ResolvedSessionOptions = {
    host: endpoints[0]!.host,
    port: endpoints[0]!.port,
    endpoints,
    username: stringOption("username", options.username ?? SESSION_DEFAULTS.username, true),
    zoneId: options.zoneId === undefined ? systemZoneId() : checkedZoneId(options.zoneId),
    database: options.database === undefined ? undefined : stringOption("database", options.database, true),
    ...resolveConnectionOptions(options),
    maxValueBytes: positiveOption("maxValueBytes", options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES, "bytes"),
    fetchSize: checkedFetchSize(options.fetchSize ?? SESSION_DEFAULTS.fetchSize),
    queryTimeoutMs: checkedQueryTimeout(options.queryTimeoutMs ?? SESSION_DEFAULTS.queryTimeoutMs),
    int64: oneOfOption("int64", options.int64 ?? "bigint", INT64_MODES),
    float32: oneOfOption("float32", options.float32 ?? "exact", FLOAT32_MODES),
    autoReconnect: booleanOption("autoReconnect", options.autoReconnect ?? true),
    autoConvertRecords: booleanOption("autoConvertRecords", options.autoConvertRecords ?? true),
  };
  const tlsOption = options.tls;
  if (
    tlsOption !== undefined &&
    typeof tlsOption !== "boolean" &&
    (typeof tlsOption !== "object" || tlsOption === null)
  ) {
    throw badOption("tls", "true, false or Node TLS options (tls.connect's)", tlsOption);
  }
  const password = options.password ?? SESSION_DEFAULTS.password;
  // Not shown(password): a message never carries a password, even a mistyped one.
  if (typeof password !== "string")
    throw new OptionError("password", `password must be a string, got a ${typeof password}`);
  return { settings, credentials: { password, tls: tlsOption } };
}

/** This machine's IANA time zone, as Intl resolves it (TZ, then the system setting). */
export function systemZoneId(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
