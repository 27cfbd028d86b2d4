// The client's operations on node:diagnostics_channel, for tracing and metrics without a
// dependency: tracing channels (start / end / asyncStart / asyncEnd / error, one context object
// per operation) for iotdb:open, iotdb:query, iotdb:fetch, iotdb:insert and iotdb:pool:acquire,
// and plain channels for two instants, iotdb:redirect and iotdb:retry. Names under "iotdb:", as
// undici, mysql2 and node-mssql name theirs. A context's `attributes` are OpenTelemetry's database
// semantic-convention attributes, ready for span.setAttributes().
//
// Cost policy: an operation checks `active` (a few property reads) and builds no context and no
// closure when nobody subscribes; the operation then runs exactly as without tracing (bench/client
// quick mode, before/after). diagnostics_channel.tracingChannel exists from Node 18.19 and 19.9;
// on an older Node (the client claims >= 18) the channels are never active and nothing is traced.
import dc from "node:diagnostics_channel";
import type { EndPoint } from "./errors.js";
import { IoTDBError } from "./errors.js";

/**
 * The channel names; subscribe with `diagnostics_channel.tracingChannel(name).subscribe({...})` (or `.channel(name)`
 * for the two events).
 */
export const IOTDB_CHANNELS = {
  /**
   * Tracing channel: a session opened on one DataNode (connect, TLS, openSession, requestStatementId), each attempt of
   * nodeUrls.
   */
  open: "iotdb:open",
  /** Tracing channel: a query's execute RPC (its first batch of rows comes with the reply). */
  query: "iotdb:query",
  /** Tracing channel: one fetchResultsV2 of a query's next batch. */
  fetch: "iotdb:fetch",
  /** Tracing channel: one insert RPC (its frame written, sent, answered; the input's validation comes before). */
  insert: "iotdb:insert",
  /** Tracing channel: a pool call waiting for a session (an idle one, or one opened for it). */
  poolAcquire: "iotdb:pool:acquire",
  /** Channel (an instant): a pool learned where a device lives from a redirect hint. */
  redirect: "iotdb:redirect",
  /** Channel (an instant): a pool call failed and is tried again. */
  retry: "iotdb:retry",
} as const;

/**
 * OpenTelemetry database semantic-convention attributes of an operation (and iotdb.* ones where the conventions have
 * none).
 */
export type IoTDBTraceAttributes = {
  "db.system.name": "iotdb";
  /** The client method or RPC, e.g. "executeQueryStatement", "insertTablet", "openSession", "fetchResults". */
  "db.operation.name": string;
  "server.address": string;
  "server.port": number;
  /** The session's database, when it has one. */
  "db.namespace"?: string;
  /** The SQL of a query (raw, last and aggregation queries have none). */
  "db.query.text"?: string;
  /** Rows in the batch the reply carried (query, fetch). */
  "db.response.returned_rows"?: number;
  /** The IoTDB status code of a refusal (IoTDBError). */
  "db.response.status_code"?: string;
  /** The error's class name when the operation failed. */
  "error.type"?: string;
  /** Bytes of the request frame (inserts). */
  "iotdb.request.bytes"?: number;
  /** Rows the insert carries: a tablet's rows (all tablets' for insertTablets), or its records. */
  "iotdb.request.rows"?: number;
  /**
   * Values the insert carries: rows × field columns for tablets (null cells included: a tablet
   * sends them as placeholders), the non-null values for records (nulls are dropped before sending).
   */
  "iotdb.request.points"?: number;
  /** Bytes of the TsBlocks the reply carried (query, fetch). */
  "iotdb.response.bytes"?: number;
};

/**
 * What a subscriber of an iotdb: tracing channel gets: the same object at start, end, asyncStart,
 * asyncEnd and error. Attributes known only from the reply (rows, bytes) are set by asyncEnd;
 * `error` (and attributes "error.type", "db.response.status_code") by the error event.
 */
export interface IoTDBTraceContext {
  readonly attributes: IoTDBTraceAttributes;
  /** Set by diagnostics_channel when the operation resolved. */
  result?: unknown;
  /** Set by diagnostics_channel when the operation failed. */
  error?: unknown;
}

/** What iotdb:redirect and iotdb:retry publish. */
export interface IoTDBEventMessage {
  readonly attributes: IoTDBTraceAttributes;
  /** iotdb:redirect: the device whose route was learned. */
  readonly device?: string;
  /** iotdb:redirect: where the device's calls go from now on. */
  readonly target?: EndPoint;
  /** iotdb:retry: the attempt that failed (0 = the first). */
  readonly attempt?: number;
  /** iotdb:retry: why it failed. */
  readonly error?: unknown;
}

/** An operation's tracing channel, or nothing on a Node without tracingChannel. */
export class OperationChannel {
  private readonly channel: dc.TracingChannel<unknown, IoTDBTraceContext> | undefined;

  constructor(name: string) {
    this.channel =
      typeof dc.tracingChannel === "function" ? dc.tracingChannel<unknown, IoTDBTraceContext>(name) : undefined;
  }

  /** Someone subscribes (TracingChannel.hasSubscribers is Node 20.13+, so each event channel is asked). */
  get active(): boolean {
    const c = this.channel;
    return (
      c !== undefined &&
      (c.start.hasSubscribers ||
        c.end.hasSubscribers ||
        c.asyncStart.hasSubscribers ||
        c.asyncEnd.hasSubscribers ||
        c.error.hasSubscribers)
    );
  }

  /**
   * Runs `fn` as the traced operation (a synchronous throw becomes its rejection); `fn` may add reply attributes to the
   * context before it resolves.
   */
  trace<T>(context: IoTDBTraceContext, fn: (context: IoTDBTraceContext) => Promise<T>): Promise<T> {
    return this.channel!.tracePromise(async () => {
      try {
        return await fn(context);
      } catch (error) {
        throw noteError(context, error);
      }
    }, context);
  }
}

/** A plain channel for an instant. */
export class EventChannel {
  private readonly channel: dc.Channel;

  constructor(name: string) {
    this.channel = dc.channel(name);
  }

  get active(): boolean {
    return this.channel.hasSubscribers;
  }

  publish(message: IoTDBEventMessage): void {
    this.channel.publish(message);
  }
}

export const openChannel = new OperationChannel(IOTDB_CHANNELS.open);
export const queryChannel = new OperationChannel(IOTDB_CHANNELS.query);
export const fetchChannel = new OperationChannel(IOTDB_CHANNELS.fetch);
export const insertChannel = new OperationChannel(IOTDB_CHANNELS.insert);
export const acquireChannel = new OperationChannel(IOTDB_CHANNELS.poolAcquire);
export const redirectChannel = new EventChannel(IOTDB_CHANNELS.redirect);
export const retryChannel = new EventChannel(IOTDB_CHANNELS.retry);

/** The attributes every operation carries. */
export function operationAttributes(
  operation: string,
  endpoint: EndPoint,
  database: string | undefined,
): IoTDBTraceAttributes {
  const attributes: IoTDBTraceAttributes = {
    "db.system.name": "iotdb",
    "db.operation.name": operation,
    "server.address": endpoint.host,
    "server.port": endpoint.port,
  };
  if (database !== undefined) attributes["db.namespace"] = database;
  return attributes;
}

/**
 * Rows and bytes of a reply's TsBlocks: each block's position count is the i32 after its column count and type bytes.
 */
export function noteBlocks(context: IoTDBTraceContext, blocks: readonly Uint8Array[] | null | undefined): void {
  let rows = 0;
  let bytes = 0;
  for (const block of blocks ?? []) {
    bytes += block.length;
    if (block.length < 4) continue;
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    const at = 4 + view.getInt32(0);
    if (at >= 4 && at + 4 <= block.length) rows += view.getInt32(at);
  }
  context.attributes["db.response.returned_rows"] = rows;
  context.attributes["iotdb.response.bytes"] = bytes;
}

function noteError(context: IoTDBTraceContext, error: unknown): unknown {
  context.attributes["error.type"] = error instanceof Error ? error.name : typeof error;
  if (error instanceof IoTDBError) context.attributes["db.response.status_code"] = String(error.code);
  return error;
}
