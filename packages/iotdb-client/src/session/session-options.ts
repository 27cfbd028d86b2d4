// What a session is opened with, and the Java client's defaults.
import type tls from "node:tls";
import { DEFAULT_MAX_VALUE_BYTES, type Float32Mode, type Int64Mode } from "@zerowire/iotdb-codec";
import type { BufferPool } from "@zerowire/writer";
import { CONNECTION_DEFAULTS } from "../connection.js";
import type { EndPoint } from "../errors.js";
import { parseNodeUrl } from "../pool/endpoints.js";
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
   * Largest TEXT, STRING or BLOB value (or string-record value) sent, in bytes (UTF-8 bytes for a string): a larger one is
   * an EncodeError and nothing is sent. Default 16 MiB. IoTDB 2.0.1-beta jams on one huge value
   * (its write-ahead log waits forever for room): above ~34 MiB with a 2 GiB DataNode heap, and
   * proportionally less with a smaller heap. Raise it only for a server with a larger heap.
   */
  maxValueBytes?: number;
  /** Rows per fetched batch (default 5000, as Java). */
  fetchSize?: number;
  /** Server-side query timeout sent with each query (default 60,000 ms, as Java; 0 = none). */
  queryTimeoutMs?: number;
  /** INT64/TIMESTAMP values (and row times) as bigint (default) or number (throws rather than rounds). Types rows and data sets. */
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
export interface ResolvedSessionOptions extends Required<Omit<SessionOptions<Int64Mode>, "database" | "tls" | "password" | "framePool" | "nodeUrls">> {
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

/** A fetch size as a session takes it (option, setFetchSize): a positive int32, else a RangeError. */
export function checkedFetchSize(fetchSize: number): number {
  if (!Number.isInteger(fetchSize) || fetchSize <= 0 || fetchSize > 0x7fffffff) throw new RangeError(`fetchSize must be a positive int32, got ${fetchSize}`);
  return fetchSize;
}

/** A query timeout as a session takes it (option, setQueryTimeout): 0 (none) or a positive integer of ms, else a RangeError. */
export function checkedQueryTimeout(queryTimeoutMs: number): number {
  if (!Number.isSafeInteger(queryTimeoutMs) || queryTimeoutMs < 0) throw new RangeError(`queryTimeoutMs must be 0 or a positive integer, got ${queryTimeoutMs}`);
  return queryTimeoutMs;
}

export function resolveSessionOptions(options: SessionOptions<Int64Mode>): { settings: ResolvedSessionOptions; credentials: SessionCredentials } {
  const fetchSize = checkedFetchSize(options.fetchSize ?? SESSION_DEFAULTS.fetchSize);
  const queryTimeoutMs = checkedQueryTimeout(options.queryTimeoutMs ?? SESSION_DEFAULTS.queryTimeoutMs);
  const int64 = options.int64 ?? "bigint";
  const pool = options.framePool;
  if (pool !== undefined && (typeof pool?.acquire !== "function" || typeof pool.release !== "function")) throw new TypeError("framePool must be a BufferPool");
  if (int64 !== "bigint" && int64 !== "number") throw new RangeError(`int64 must be "bigint" or "number", got ${String(int64)}`);
  const autoConvertRecords = options.autoConvertRecords ?? true;
  if (typeof autoConvertRecords !== "boolean") throw new TypeError(`autoConvertRecords must be a boolean, got ${typeof autoConvertRecords}`);
  const float32 = options.float32 ?? "exact";
  if (float32 !== "exact" && float32 !== "shortest") throw new RangeError(`float32 must be "exact" or "shortest", got ${String(float32)}`);
  const maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  if (typeof maxValueBytes !== "number" || !(maxValueBytes > 0)) throw new RangeError(`maxValueBytes must be a positive number of bytes, got ${String(maxValueBytes)}`);
  const endpoints = sessionEndpoints(options);
  const settings: ResolvedSessionOptions = {
    host: endpoints[0]!.host,
    port: endpoints[0]!.port,
    endpoints,
    username: options.username ?? SESSION_DEFAULTS.username,
    zoneId: options.zoneId ?? systemZoneId(),
    database: options.database,
    protocol: options.protocol ?? CONNECTION_DEFAULTS.protocol,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECTION_DEFAULTS.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs,
    maxFrameSize: options.maxFrameSize ?? CONNECTION_DEFAULTS.maxFrameSize,
    maxRequestFrameSize: options.maxRequestFrameSize ?? CONNECTION_DEFAULTS.maxRequestFrameSize,
    maxValueBytes,
    fetchSize,
    queryTimeoutMs,
    int64,
    float32,
    autoReconnect: options.autoReconnect ?? true,
    autoConvertRecords,
  };
  return { settings, credentials: { password: options.password ?? SESSION_DEFAULTS.password, tls: options.tls } };
}

function sessionEndpoints(options: SessionOptions<Int64Mode>): readonly EndPoint[] {
  const { nodeUrls, host, port } = options;
  if (nodeUrls === undefined) return [{ host: host ?? SESSION_DEFAULTS.host, port: port ?? SESSION_DEFAULTS.port }];
  if (host !== undefined || port !== undefined) throw new RangeError("give either nodeUrls or host/port, not both");
  if (!Array.isArray(nodeUrls) || nodeUrls.length === 0) throw new RangeError("nodeUrls must be a non-empty array");
  return nodeUrls.map(parseNodeUrl);
}

/** This machine's IANA time zone, as Intl resolves it (TZ, then the system setting). */
export function systemZoneId(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
