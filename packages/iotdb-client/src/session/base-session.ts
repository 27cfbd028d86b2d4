// What the tree Session and the TableSession share: opening a session on one connection exactly
// as the Java client does, reopening it after the connection broke, sending the codec's insert
// frames, and running statements and queries. A pool can open one against any endpoint, watch
// it with onBroken(), and route inserts per device through the insert methods' returned status.
import { BufferPool, Writer } from "@zerowire/writer";
import {
  type Float32Mode,
  type InsertCall,
  type Int64Mode,
  type RecordsCallOptions,
  writeCallFrame,
} from "@zerowire/iotdb-codec";
import type Int64 from "node-int64";
import { abortable, abortError, type CallOptions, signalOf } from "../abort.js";
import { Connection } from "../connection.js";
import {
  insertChannel,
  type IoTDBTraceAttributes,
  type IoTDBTraceContext,
  noteBlocks,
  openChannel,
  type OperationChannel,
  operationAttributes,
  queryChannel,
} from "../diagnostics.js";
import { SessionDataSet } from "../dataset/session-data-set.js";
import { ConnectionError, EncodeError, TimeoutError, timedOut, type EndPoint, type Status } from "../errors.js";
import {
  TSCloseOperationReq,
  TSCloseSessionReq,
  TSExecuteStatementReq,
  TSProtocolVersion,
  TSSetTimeZoneReq,
  type TSExecuteStatementResp,
} from "../gen/client_types.js";
import { verifyStatus } from "../status.js";
import { fromInt64, toInt64 } from "../thrift/int64.js";
import type { RpcArgs, RpcMethod, RpcResult } from "../thrift/rpc-signatures.js";
import { checkedReadModes } from "../options.js";
import { openSessionRequest } from "./open-request.js";
import type { StatementOperations } from "./operations.js";
import {
  checkedFetchSize,
  checkedQueryTimeout,
  checkedZoneId,
  resolveSessionOptions,
  type ResolvedSessionOptions,
  type SessionCredentials,
  type SessionOptions,
  type SqlDialect,
} from "./session-options.js";

/**
 * Per-query settings; each defaults to the session's. `signal` aborts the query call and, unless
 * a read of the data set gives its own, the data set's fetches (see CallOptions).
 */
export interface QueryOptions<M extends Int64Mode = Int64Mode> extends CallOptions {
  fetchSize?: number;
  /** Server-side query timeout in ms (0 = none). */
  queryTimeoutMs?: number;
  int64?: M;
  /** FLOAT values: "exact" (the float32's value) or "shortest" (the shortest decimal that reads back as it). */
  float32?: Float32Mode;
}

export type TimestampPrecision = "ms" | "us" | "ns";

type QueryMethod =
  | "executeQueryStatementV2"
  | "executeRawDataQueryV2"
  | "executeLastDataQueryV2"
  | "executeAggregationQueryV2"
  | "executeFastLastDataQueryForOnePrefixPath"
  | "executeFastLastDataQueryForOneDeviceV2";

interface OpenState {
  connection: Connection;
  sessionId: Int64;
  /** sessionId as the codec takes it. */
  sessionIdValue: bigint;
  statementId: Int64;
  timestampPrecision: TimestampPrecision;
  /** What the codec's insert calls are made with: the value size guard, the Date time unit, records-to-tablets. */
  insertOptions: RecordsCallOptions;
}

/** Insert frames are built in pooled buffers shared by every session of the process (unless given a framePool). */
export const framePool = new BufferPool();

/** Extra client-side wait beyond the server's query timeout, so the server's own timeout error arrives first. */
const QUERY_TIMEOUT_MARGIN_MS = 10_000;

/**
 * M: how INT64/TIMESTAMP values come back ("bigint" unless the options say int64: "number"); it types rows and data
 * sets.
 */
export abstract class BaseSession<M extends Int64Mode = "bigint"> implements StatementOperations<M> {
  protected readonly options: ResolvedSessionOptions;
  // An ES private field: util.inspect (even with showHidden), JSON.stringify and property walks
  // never see it, so logging a session cannot show its password.
  readonly #credentials: SessionCredentials;
  private readonly writer: Writer;
  private readonly brokenListeners: ((error: ConnectionError) => void)[] = [];
  private state: OpenState | undefined;
  private reopening: Promise<OpenState> | undefined;
  private closedByUser = false;
  /** False after unref(): the session's connections do not keep the process running. */
  private keepsProcessAlive = true;
  /** The database the session is in: the option, then whatever `USE` switched to. */
  protected currentDatabase: string | undefined;
  /** Insert options before the session is open (no precision yet, so a Date time is refused). */
  private readonly unopenedInsertOptions: RecordsCallOptions;

  /** Made by Session and TableSession (`dialect`: their SQL dialect). */
  constructor(
    options: SessionOptions<M>,
    private readonly dialect: SqlDialect,
  ) {
    const { settings, credentials } = resolveSessionOptions(options);
    this.options = settings;
    this.#credentials = credentials;
    this.writer = new Writer({ pool: options.framePool ?? framePool });
    this.currentDatabase = this.options.database;
    this.unopenedInsertOptions = {
      maxValueBytes: this.options.maxValueBytes,
      autoConvertRecords: this.options.autoConvertRecords,
    };
  }

  /**
   * Connects and opens the session (openSession, then requestStatementId). A no-op when open.
   * Aborting `signal` closes the connection being opened (the session stays unopened) and rejects
   * with an AbortError.
   */
  async open(options?: CallOptions): Promise<void> {
    const signal = signalOf(options, "open");
    if (this.state !== undefined && !this.state.connection.closed) return;
    this.closedByUser = false;
    this.state = await this.connect(signal);
  }

  /**
   * Drops the current connection (without closeSession: it may be dead) and opens the session
   * again on a new one, in the current database. Data sets of the old connection end.
   */
  async reconnect(): Promise<void> {
    this.openState().connection.close();
    await this.reopen();
  }

  /** Closes the session on the server (closeSession) and the connection. Idempotent. */
  async close(): Promise<void> {
    this.closedByUser = true;
    const state = this.state;
    this.state = undefined;
    if (state === undefined || state.connection.closed) return;
    try {
      const status = await state.connection.call("closeSession", [
        new TSCloseSessionReq({ sessionId: state.sessionId }),
      ]);
      verifyStatus(status, "closeSession");
    } finally {
      state.connection.close();
    }
  }

  /**
   * True between a successful open() and close() while the connection is up. False once the
   * connection broke or was closed for a timeout: the next call then reopens the session
   * (autoReconnect, the default) or fails with a ConnectionError.
   */
  get isOpen(): boolean {
    return this.state !== undefined && !this.closedByUser && !this.state.connection.closed;
  }

  /** The endpoint this session talks to. */
  get endpoint(): EndPoint {
    return { host: this.options.host, port: this.options.port };
  }

  /** The database the session is in, if any. */
  get database(): string | undefined {
    return this.currentDatabase;
  }

  /** The server's id for this session (changes when the session is reopened). */
  get sessionId(): bigint {
    return this.openState().sessionIdValue;
  }

  /** "ms", "us" or "ns", from the openSession reply (timestamp_precision). */
  get timestampPrecision(): TimestampPrecision {
    return this.openState().timestampPrecision;
  }

  /** The session's time zone on the server: the zoneId sent at open, or the last setTimeZone. */
  get zoneId(): string {
    return this.options.zoneId;
  }

  /**
   * An open session keeps the Node process running (its socket does), until close(). unref()
   * lets the process exit while the session is open and idle, as net.Socket.unref() does; a
   * reopened connection stays unref'd. ref() undoes it. Pools do this with allowExitOnIdle.
   */
  unref(): void {
    this.keepsProcessAlive = false;
    this.state?.connection.keepProcessAlive(false);
  }

  /** Undoes unref(): the open session keeps the process running again. */
  ref(): void {
    this.keepsProcessAlive = true;
    this.state?.connection.keepProcessAlive(true);
  }

  /**
   * Changes the session's time zone on the server (setTimeZone), then here: zoneId, getTimeZone()
   * and a reopened session use it. The zone goes to the server as given (Java's ZoneId names and
   * offsets); a zone the server refuses is an IoTDBError and changes nothing.
   */
  async setTimeZone(zoneId: string): Promise<void> {
    checkedZoneId(zoneId);
    const status = await this.rpc("setTimeZone", (s) => [
      new TSSetTimeZoneReq({ sessionId: s.sessionId, timeZone: zoneId }),
    ]);
    verifyStatus(status, "setTimeZone");
    this.options.zoneId = zoneId;
  }

  /** The session's time zone (Java's getTimeZone: no server call); the same as zoneId. */
  getTimeZone(): string {
    return this.options.zoneId;
  }

  /** Java's setFetchSize: rows per fetched batch of the queries run from now on (a positive int32). */
  setFetchSize(fetchSize: number): void {
    this.options.fetchSize = checkedFetchSize(fetchSize);
  }

  /** Java's getFetchSize: the session's rows per fetched batch. */
  getFetchSize(): number {
    return this.options.fetchSize;
  }

  /** Java's setQueryTimeout: the server-side timeout (ms, 0 = none) sent with the queries run from now on. */
  setQueryTimeout(timeoutMs: number): void {
    this.options.queryTimeoutMs = checkedQueryTimeout(timeoutMs);
  }

  /** Java's getQueryTimeout: the session's server-side query timeout in ms (0 = none). */
  getQueryTimeout(): number {
    return this.options.queryTimeoutMs;
  }

  /** Calls `listener` whenever the session's connection breaks (not on close()). */
  onBroken(listener: (error: ConnectionError) => void): void {
    this.brokenListeners.push(listener);
  }

  /** A round trip that touches nothing (testConnectionEmptyRPC): a health check. */
  async ping(): Promise<void> {
    const status = await this.rpc("testConnectionEmptyRPC", () => []);
    verifyStatus(status, "testConnectionEmptyRPC");
  }

  async executeNonQueryStatement(sql: string, options?: CallOptions): Promise<Status> {
    sqlText(sql, "executeNonQueryStatement");
    const signal = signalOf(options, "executeNonQueryStatement");
    const resp = await this.rpc(
      "executeUpdateStatementV2",
      (s) => [new TSExecuteStatementReq({ sessionId: s.sessionId, statement: sql, statementId: s.statementId })],
      undefined,
      signal,
    );
    const status = verifyStatus(resp.status, "executeNonQueryStatement");
    this.afterNonQuery(sql, resp);
    return status;
  }

  async executeQueryStatement<Q extends Int64Mode = M>(
    sql: string,
    options: QueryOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    sqlText(sql, "executeQueryStatement");
    return this.runQuery("executeQueryStatementV2", sql, options, (s, fetchSize, timeout) => [
      new TSExecuteStatementReq({
        sessionId: s.sessionId,
        statement: sql,
        statementId: s.statementId,
        fetchSize,
        timeout,
        enableRedirectQuery: true,
      }),
    ]);
  }

  /**
   * The options the codec's insert calls take: maxValueBytes, the server's precision for Date times,
   * autoConvertRecords.
   */
  protected get insertOptions(): RecordsCallOptions {
    return this.state?.insertOptions ?? this.unopenedInsertOptions;
  }

  /** @internal Hook for what a successful non-query changes in the session (TableSession tracks USE). */
  protected afterNonQuery(_sql: string, _resp: TSExecuteStatementResp): void {}

  /**
   * Builds an insert (`build` runs the codec's validation and may throw) and sends it; resolves
   * with the status (redirect hints included), rejects with what build threw, an IoTDBError or a
   * connection error. Not an async function: on an open connection it returns the connection's
   * own promise, the only one of the insert (bench/client insert-* cases: each promise and
   * microtask hop is paid per request).
   */
  protected sendInsert(build: () => InsertCall, options: CallOptions | undefined): Promise<Status> {
    try {
      if (options !== undefined) return this.sendInsertAbortable(build, options);
      const call = build();
      const open = this.state;
      if (!call.needsSending || open === undefined || open.connection.closed)
        return this.sendInsertWhenReady(call, undefined);
      return this.writeInsert(open, call);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /**
   * sendInsert with a signal: aborted before the request is written, nothing is sent; aborted
   * after, the outcome is unknown (the server may still store the rows) and the reply is dropped.
   */
  private sendInsertAbortable(build: () => InsertCall, options: CallOptions): Promise<Status> {
    const signal = signalOf(options, "insert");
    const call = build();
    if (signal?.aborted === true) return Promise.reject(abortError(signal, call.method));
    const open = this.state;
    if (!call.needsSending || open === undefined || open.connection.closed)
      return this.sendInsertWhenReady(call, signal);
    return abortable(this.writeInsert(open, call), signal, call.method);
  }

  /** sendInsert on a session that is not open or whose connection must be reopened first. */
  private async sendInsertWhenReady(call: InsertCall, signal: AbortSignal | undefined): Promise<Status> {
    if (!call.needsSending) {
      this.openState(); // still an error on a closed session
      return { code: 200 };
    }
    const state = await this.ready(signal);
    if (signal?.aborted === true) throw abortError(signal, call.method);
    return abortable(this.writeInsert(state, call), signal, call.method);
  }

  private writeInsert(state: OpenState, call: InsertCall): Promise<Status> {
    if (insertChannel.active)
      return this.traced(insertChannel, call.method, undefined, (context) =>
        this.writeInsertFrame(state, call, context.attributes),
      );
    return this.writeInsertFrame(state, call, undefined);
  }

  private writeInsertFrame(
    state: OpenState,
    call: InsertCall,
    traced: IoTDBTraceAttributes | undefined,
  ): Promise<Status> {
    const connection = state.connection;
    const seqid = connection.nextSeqid();
    // Written straight into a pooled buffer; the connection releases it once the socket took it.
    // In the connection's protocol: the one its replies are read in.
    writeCallFrame(this.writer, call, { sessionId: state.sessionIdValue, seqid, protocol: connection.protocol });
    const frame = this.writer.finish();
    if (traced !== undefined) {
      traced["iotdb.request.bytes"] = frame.bytes.length;
      traced["iotdb.request.rows"] = call.rows;
      traced["iotdb.request.points"] = call.points;
    }
    return connection.sendInsert(call.method, seqid, frame);
  }

  /**
   * `fn` as one operation of `channel` (its caller checked that the channel is active), on this session's endpoint and
   * database.
   */
  private traced<R>(
    channel: OperationChannel,
    operation: string,
    query: string | undefined,
    fn: (context: IoTDBTraceContext) => Promise<R>,
  ): Promise<R> {
    const attributes = operationAttributes(operation, this.endpoint, this.currentDatabase);
    if (query) attributes["db.query.text"] = query;
    return channel.trace({ attributes }, fn);
  }

  /**
   * @internal One query RPC; the data set keeps the connection and ids it ran with. onRedirect sees a redirect hint of
   * the reply's status.
   */
  protected async runQuery<R extends QueryMethod, Q extends Int64Mode>(
    method: R,
    statement: string,
    options: QueryOptions<Q>,
    args: (s: OpenState, fetchSize: number, queryTimeout: Int64) => RpcArgs<R>,
    onRedirect?: (dataSet: SessionDataSet<Q>, endpoint: EndPoint) => void,
  ): Promise<SessionDataSet<Q>> {
    const fetchSize = checkedFetchSize(options.fetchSize ?? this.options.fetchSize);
    const queryTimeoutMs = checkedQueryTimeout(options.queryTimeoutMs ?? this.options.queryTimeoutMs);
    checkedReadModes(options);
    const requestTimeoutMs = this.queryCallTimeout(queryTimeoutMs);
    const signal = signalOf(options, method);
    const state = await this.ready(signal);
    if (signal?.aborted === true) throw abortError(signal, method);
    const call = () =>
      state.connection.call(
        method,
        args(state, fetchSize, toInt64(queryTimeoutMs)),
        requestTimeoutMs,
      ) as Promise<TSExecuteStatementResp>;
    const replyTraced = queryChannel.active;
    const sent = replyTraced
      ? this.traced(queryChannel, method.replace(/V2$/, ""), statement, (context) =>
          call().then((r) => (noteBlocks(context, r.queryResult), r)),
        )
      : call();
    // Aborted after sending: the result the server opens meanwhile is closed when its reply comes.
    const resp = await abortable(sent, signal, method, (late) => closeLateQuery(state, late));
    const status = verifyStatus(resp.status, method, queryTimeoutMs);
    const dataSet = new SessionDataSet<Q>(
      {
        connection: state.connection,
        sessionId: state.sessionId,
        statementId: state.statementId,
        statement,
        fetchSize,
        queryTimeoutMs,
        requestTimeoutMs,
        int64: options.int64 ?? this.options.int64,
        float32: options.float32 ?? this.options.float32,
        zoneId: this.options.zoneId,
        timestampPrecision: state.timestampPrecision,
        signal,
        database: this.currentDatabase,
        replyTraced,
      },
      resp,
    );
    if (status.redirectNode !== undefined) onRedirect?.(dataSet, status.redirectNode);
    return dataSet;
  }

  /** @internal One RPC through the generated code with the current session's ids. */
  protected async rpc<M extends RpcMethod>(
    method: M,
    args: (s: OpenState) => RpcArgs<M>,
    timeoutMs?: number,
    signal?: AbortSignal,
  ): Promise<RpcResult<M>> {
    const state = await this.ready(signal);
    if (signal?.aborted === true) throw abortError(signal, method);
    return abortable(state.connection.call(method, args(state), timeoutMs), signal, method);
  }

  private queryCallTimeout(queryTimeoutMs: number): number {
    const base = this.options.requestTimeoutMs;
    return queryTimeoutMs > 0 ? Math.max(base, queryTimeoutMs + QUERY_TIMEOUT_MARGIN_MS) : base;
  }

  private openState(): OpenState {
    if (this.state === undefined)
      throw new ConnectionError(
        this.closedByUser ? "the session is closed" : "the session is not open; call open() first",
      );
    return this.state;
  }

  /**
   * The open session; reopens it first when its connection broke (autoReconnect). An abort stops the wait for the
   * reopen, not the reopen.
   */
  private async ready(signal?: AbortSignal): Promise<OpenState> {
    const state = this.openState();
    if (!state.connection.closed) return state;
    if (!this.options.autoReconnect)
      throw new ConnectionError(`the session's connection to ${this.options.host}:${this.options.port} is broken`);
    return abortable(this.reopen(), signal, "reopening the session");
  }

  /** Opens the session again on a new connection; concurrent callers share one attempt. */
  private async reopen(): Promise<OpenState> {
    this.reopening ??= this.connect().finally(() => (this.reopening = undefined));
    const reopened = await this.reopening;
    if (this.closedByUser) {
      reopened.connection.close();
      throw new ConnectionError("the session is closed");
    }
    this.state = reopened;
    return reopened;
  }

  /**
   * Opens the session on the current host/port or, with nodeUrls, as Java's SessionConnection does:
   * from a random DataNode on, each in turn, the first that opens becomes the current one. A
   * DataNode that cannot be reached (or does not answer in time) is passed over; a refusal (e.g.
   * a wrong password) ends the attempt. Each attempt (TCP, TLS handshake, openSession with the
   * database, requestStatementId) is bounded by connectTimeoutMs: each reply may take only what
   * is left of it.
   */
  private async connect(signal?: AbortSignal): Promise<OpenState> {
    const endpoints = this.options.endpoints;
    if (endpoints.length === 1) return this.connectTo(endpoints[0]!, signal);
    const first = Math.floor(Math.random() * endpoints.length);
    const failures: string[] = [];
    for (let i = 0; i < endpoints.length; i++) {
      const endpoint = endpoints[(first + i) % endpoints.length]!;
      try {
        const state = await this.connectTo(endpoint, signal);
        this.options.host = endpoint.host;
        this.options.port = endpoint.port;
        return state;
      } catch (error) {
        if (!(error instanceof ConnectionError || timedOut(error))) throw error;
        failures.push(`${endpoint.host}:${endpoint.port}: ${error.message}`);
      }
    }
    throw new ConnectionError(`no DataNode of nodeUrls could be reached (${failures.join("; ")})`);
  }

  private connectTo(endpoint: EndPoint, signal: AbortSignal | undefined): Promise<OpenState> {
    if (!openChannel.active) return this.openOn(endpoint, signal);
    const context = { attributes: operationAttributes("openSession", endpoint, this.currentDatabase) };
    return openChannel.trace(context, () => this.openOn(endpoint, signal));
  }

  private async openOn(endpoint: EndPoint, signal: AbortSignal | undefined): Promise<OpenState> {
    const o = this.options;
    const deadline = performance.now() + o.connectTimeoutMs;
    // Each reply waits at most requestTimeoutMs, and no longer than the open's deadline.
    const replyTimeout = () => Math.min(o.requestTimeoutMs, Math.max(1, Math.ceil(deadline - performance.now())));
    const connection = await Connection.open({
      host: endpoint.host,
      port: endpoint.port,
      tls: this.#credentials.tls,
      protocol: o.protocol,
      connectTimeoutMs: o.connectTimeoutMs,
      requestTimeoutMs: o.requestTimeoutMs,
      maxFrameSize: o.maxFrameSize,
      maxRequestFrameSize: o.maxRequestFrameSize,
      signal,
    });
    // An abort while opening closes the half-open connection: there is no session to keep yet.
    const onAbort = () => connection.close();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      if (signal?.aborted === true) throw abortError(signal, "open");
      const request = openSessionRequest({
        username: o.username,
        password: this.#credentials.password,
        zoneId: o.zoneId,
        sqlDialect: this.dialect,
        database: this.currentDatabase,
      });
      const resp = await connection.call("openSession", [request], replyTimeout());
      verifyStatus(resp.status, "openSession");
      if (resp.serverProtocolVersion === TSProtocolVersion.IOTDB_SERVICE_PROTOCOL_V1) {
        throw new ConnectionError(`the server speaks protocol V1 (IoTDB before 0.10); this client needs V3`);
      }
      if (resp.sessionId == null) throw new ConnectionError("openSession reply carries no sessionId");
      const sessionId = resp.sessionId;
      const statementId = await connection.call("requestStatementId", [sessionId], replyTimeout());
      connection.onClose((error) => {
        if (error !== undefined && this.state?.connection === connection)
          for (const l of this.brokenListeners) l(error);
      });
      const timestampPrecision = precisionOf(resp.configuration?.timestamp_precision);
      if (!this.keepsProcessAlive) connection.keepProcessAlive(false);
      const insertOptions = {
        maxValueBytes: o.maxValueBytes,
        timestampPrecision,
        autoConvertRecords: o.autoConvertRecords,
      };
      return {
        connection,
        sessionId,
        sessionIdValue: fromInt64(sessionId),
        statementId,
        timestampPrecision,
        insertOptions,
      };
    } catch (e) {
      connection.close();
      if (signal?.aborted === true) throw abortError(signal, `opening a session on ${endpoint.host}:${endpoint.port}`);
      if (e instanceof TimeoutError && performance.now() >= deadline - 1) {
        throw new TimeoutError(
          `opening a session on ${endpoint.host}:${endpoint.port}: not done within connectTimeoutMs ${o.connectTimeoutMs} ms (${e.message})`,
          o.connectTimeoutMs,
          { cause: e },
        );
      }
      throw e;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

/**
 * A query's reply that came after its caller aborted: its result is closed on the server, if the connection still
 * stands.
 */
function closeLateQuery(state: OpenState, resp: TSExecuteStatementResp): void {
  if (resp.queryId == null || state.connection.closed) return;
  const req = new TSCloseOperationReq({
    sessionId: state.sessionId,
    queryId: resp.queryId,
    statementId: state.statementId,
  });
  state.connection.call("closeOperation", [req]).catch(() => {});
}

/**
 * SQL goes to the server as written (an empty or malformed statement is the server's to refuse); only a non-string is
 * bad input here.
 */
function sqlText(sql: unknown, what: string): void {
  if (typeof sql !== "string")
    throw new EncodeError(`${what}: the SQL must be a string, got ${sql === null ? "null" : typeof sql}`);
}

function precisionOf(value: string | undefined): TimestampPrecision {
  return value === "us" || value === "ns" ? value : "ms";
}
