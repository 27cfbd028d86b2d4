// What SessionPool and TableSessionPool share: sessions pooled per DataNode (one ResourcePool per
// endpoint), failover across nodeUrls, inserts sent where the server's redirect hints said their
// device lives, retries of calls whose connection broke, queries that hold their session until
// the data set closes, and counters and events that show where each request went. Inserts that
// find no idle session wait in a queue per DataNode and go out merged (group-commit.ts). close()
// drains: every call accepted before it is sent (or, past close({ timeoutMs }), rejected with a
// PoolClosedError saying it was not sent), and only then are the sessions closed.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import { attributeRefusal, isUnattributedRefusal } from "./refusal-attribution.js";
import { StatusCode } from "../status-codes.js";
import { abortable, abortError, type CallOptions, signalOf } from "../abort.js";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import { acquireChannel, operationAttributes, redirectChannel, retryChannel } from "../diagnostics.js";
import {
  ConnectionError,
  EncodeError,
  IoTDBError,
  OptionError,
  type QueryTimeoutError,
  type EndPoint,
  type Status,
  TimeoutError,
  timedOut,
} from "../errors.js";
import { booleanOption, shown } from "../options.js";
import type { BaseSession } from "../session/base-session.js";
import {
  checkedFetchSize,
  checkedQueryTimeout,
  SESSION_DEFAULTS,
  type SessionOptions,
  systemZoneId,
} from "../session/session-options.js";
import type { StatementOperations } from "../session/operations.js";
import { queryRedirectOf } from "../session/query-redirects.js";
import { type ConcurrentOptions, type ItemOutcome, runConcurrent } from "./concurrent.js";
import { EndpointHealth, endpointKey } from "./endpoints.js";
import { type MergeKind, type Member, memberStatuses, mergedItems, takeBatch } from "./group-commit.js";
import { defineMethod, forward, type OperationRoute, type OperationRoutes, optionsAt } from "./operation-routes.js";
import { PoolClosedError, PoolTimeoutError } from "./pool-errors.js";
import { type PoolOptions, type ResolvedPoolOptions, resolvePoolOptions } from "./pool-options.js";
import { redirectHints, type WrittenDevices } from "./redirect-hints.js";
import { type ReleaseState, ResourcePool, type ResourceStats } from "./resource-pool.js";
import { RouteCache } from "./route-cache.js";

/** One request the pool sent: where, what, and for which devices (inserts; the routed one first). */
export interface PoolRequest {
  endpoint: EndPoint;
  method: string;
  devices: readonly string[];
}

/** A request the pool sent, once it settled: how long it took and how it ended. */
export interface PoolRequestEnd extends PoolRequest {
  /**
   * From sending (the session in hand) to the outcome, in ms; a query's ends when its data set is there, not when it is
   * read.
   */
  durationMs: number;
  /** Why it failed (it may then be retried: a retry is another request); undefined when it succeeded. */
  error: unknown;
}

export interface EndpointStats extends ResourceStats {
  endpoint: EndPoint;
  /** Requests sent to this DataNode. */
  requests: number;
  /** Connection failures seen on it (open failed, connection broke, timeout). */
  failures: number;
  /** Marked down: tried only after the others. */
  down: boolean;
}

export interface PoolStats {
  endpoints: EndpointStats[];
  /** Device routes learned from redirect hints. */
  routes: number;
}

interface EndpointPool<S> {
  endpoint: EndPoint;
  sessions: ResourcePool<S>;
  requests: number;
  failures: number;
}

/** The inserts waiting for a session of one DataNode, and how many leases are being awaited for them. */
interface InsertQueue<S> {
  readonly waiting: Member<S>[];
  leasing: number;
  /** Inserts queued so far: a member's ticket, which tells the lease it waited for. */
  queued: number;
  /**
   * Rejects the inserts that waited waitTimeoutMs (each lease's own timer covers only those queued before it started).
   */
  expiry: NodeJS.Timeout | undefined;
  /** Insert requests sent to this DataNode and not yet settled (groupCommitMaxInFlight bounds them). */
  inFlight: number;
  /** Where the queue's leases go (the routed DataNode, or undefined for the default one). */
  target: EndPoint | undefined;
}

/** What close() takes. */
export interface PoolCloseOptions {
  /**
   * How long calls accepted before close() may still wait to be sent; after it, those not sent
   * yet reject with a PoolClosedError (nothing of them was written). Default: no deadline (each
   * call is still bounded by waitTimeoutMs and its request timeout).
   */
  timeoutMs?: number;
}

interface Lease<S> {
  session: S;
  endpoint: EndPoint;
  entry: EndpointPool<S>;
  release(error?: unknown): void;
}

interface Call<S, R> {
  method: string;
  devices?: readonly string[];
  /** Where the call should go (a routed insert), looked up again before each attempt. */
  target?: () => EndPoint | undefined;
  retry: boolean;
  /** Aborts the wait for a session (the op gets the signal through its own options). */
  signal?: AbortSignal;
  op(session: S): Promise<R>;
  /** Takes over giving the session back (a query: when its data set closes). */
  keep?(result: R, release: () => void): void;
}

/**
 * How every pool sends the statements: a query holds its session until its data set closes; a non-query runs on any
 * session, not retried.
 */
const STATEMENT_ROUTES: OperationRoutes<StatementOperations<Int64Mode>, BaseSession<Int64Mode>> = {
  executeQueryStatement: { via: "query", options: 1 },
  executeNonQueryStatement: { via: "any", options: 1 },
};

/** The statements every pool offers (documented in StatementOperations). */
// biome-ignore lint/correctness/noUnusedVariables: a merged declaration repeats the class's type parameters, S included
export interface BasePool<S extends BaseSession<Int64Mode>, M extends Int64Mode = "bigint">
  extends StatementOperations<M> {}

/** S: the session class; M: the int64 mode of its sessions, which types query results. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the operations the class defines from its route table (session/operations.ts)
export abstract class BasePool<S extends BaseSession<Int64Mode>, M extends Int64Mode = "bigint"> {
  static {
    this.defineOperations(STATEMENT_ROUTES);
  }

  protected readonly options: Omit<ResolvedPoolOptions, "session">;
  // The sessions' options hold the password and TLS options: kept in an ES private field, which
  // util.inspect (even with showHidden), JSON.stringify and property walks never see.
  readonly #sessionOptions: ResolvedPoolOptions["session"];
  private readonly createSession: (options: SessionOptions<Int64Mode>) => S;
  private readonly health: EndpointHealth;
  private readonly routes: RouteCache;
  private readonly pools = new Map<string, EndpointPool<S>>();
  private readonly broken = new WeakSet<S>();
  private readonly requestListeners: ((request: PoolRequest) => void)[] = [];
  private readonly requestEndListeners: ((request: PoolRequestEnd) => void)[] = [];
  private readonly maintenance: NodeJS.Timeout;
  private closing: Promise<void> | undefined;
  /** Inserts waiting for a session, per DataNode (group commit). */
  private readonly queues = new Map<string, InsertQueue<S>>();
  /** Calls accepted and not settled yet: what close() waits for. */
  private unsettled = 0;
  private onSettled: (() => void) | undefined;
  /** Set when close()'s deadline passed: calls not sent yet fail with it. */
  private forced: PoolClosedError | undefined;

  constructor(options: PoolOptions<S, M>, createSession: (options: SessionOptions<Int64Mode>) => S) {
    const { session, ...poolSettings } = resolvePoolOptions(options);
    this.options = poolSettings;
    this.#sessionOptions = session;
    this.createSession = options.createSession ?? createSession;
    this.health = new EndpointHealth(this.options.endpointDownMs);
    this.routes = new RouteCache(this.options.maxRoutes);
    const every = Math.min(Math.max(this.options.maxIdleMs / 2, 10), 30_000);
    this.maintenance = setInterval(() => this.maintain(), every).unref();
  }

  /**
   * Optional: opens a session (failing when no DataNode can be reached) and then minSize sessions
   * to the default DataNode. Calls open sessions on demand anyway.
   */
  async open(): Promise<void> {
    if (this.closing !== undefined) throw closedPoolError();
    const lease = await this.lease(undefined);
    lease.release();
    if (this.options.minSize > 0) await this.poolAt(lease.endpoint).sessions.fill(this.options.minSize);
  }

  /**
   * Runs `fn` with a session of its own (exclusive until fn settles; do not keep it). Not retried.
   * A data set fn returns must be read or closed before fn resolves.
   */
  withSession<R>(fn: (session: S) => Promise<R>): Promise<R> {
    return this.run({ method: "withSession", retry: false, op: fn });
  }

  /**
   * `fn(session, item, index)` for every item, at most `concurrency` (default maxSize) at once, each
   * with a session borrowed for it; every item's outcome in input order.
   */
  executeConcurrent<T, R>(
    items: readonly T[],
    fn: (session: S, item: T, index: number) => Promise<R>,
    options: Partial<ConcurrentOptions> = {},
  ): Promise<ItemOutcome<R>[]> {
    const concurrency = options.concurrency ?? this.options.maxSize;
    return runConcurrent(items, (item, index) => this.withSession((s) => fn(s, item, index)), {
      concurrency,
      stopOnError: options.stopOnError,
    });
  }

  /**
   * Calls `listener` for every request the pool sends, with the DataNode it goes to, as it is sent (it must not throw).
   * Duration and outcome: onRequestEnd.
   */
  onRequest(listener: (request: PoolRequest) => void): void {
    this.requestListeners.push(listener);
  }

  /**
   * Calls `listener` for every request the pool sent once it settled: the onRequest fields, its duration and its error,
   * if any (it must not throw).
   */
  onRequestEnd(listener: (request: PoolRequestEnd) => void): void {
    this.requestEndListeners.push(listener);
  }

  /** Java's setFetchSize: rows per fetched batch for the queries of every session, open or opened later. */
  setFetchSize(fetchSize: number): void {
    this.#sessionOptions.fetchSize = checkedFetchSize(fetchSize);
    this.forEachSession((s) => s.setFetchSize(fetchSize));
  }

  /** Java's getFetchSize. */
  getFetchSize(): number {
    return this.#sessionOptions.fetchSize ?? SESSION_DEFAULTS.fetchSize;
  }

  /** Java's setQueryTimeout: the server-side query timeout (ms, 0 = none) of every session, open or opened later. */
  setQueryTimeout(timeoutMs: number): void {
    this.#sessionOptions.queryTimeoutMs = checkedQueryTimeout(timeoutMs);
    this.forEachSession((s) => s.setQueryTimeout(timeoutMs));
  }

  /** Java's getQueryTimeout (ms, 0 = none). */
  getQueryTimeout(): number {
    return this.#sessionOptions.queryTimeoutMs ?? SESSION_DEFAULTS.queryTimeoutMs;
  }

  /**
   * Java's setEnableRedirection: whether inserts (and last queries of one device) follow the
   * server's redirect hints. Turning it off sends every call to the default DataNode and learns
   * no routes; the routes already learned are kept for when it is turned on again.
   */
  setEnableRedirection(enabled: boolean): void {
    this.options.enableRedirection = booleanOption("enableRedirection", enabled);
  }

  /** Java's isEnableRedirection. */
  isEnableRedirection(): boolean {
    return this.options.enableRedirection;
  }

  /** Java's currentAvailableSize: idle sessions, over every DataNode. */
  currentAvailableSize(): number {
    let n = 0;
    for (const entry of this.pools.values()) n += entry.sessions.stats().idle;
    return n;
  }

  /** Java's currentOccupiedSize: sessions in use (by a call, an open data set or getSession()), over every DataNode. */
  currentOccupiedSize(): number {
    let n = 0;
    for (const entry of this.pools.values()) n += entry.sessions.stats().borrowed;
    return n;
  }

  /** Java's getMaxSize: the maxSize option (here a bound per DataNode). */
  getMaxSize(): number {
    return this.options.maxSize;
  }

  /**
   * A snapshot per DataNode (sessions idle, borrowed, opening, callers waiting, requests, failures, down) and the
   * number of device routes learned.
   */
  stats(): PoolStats {
    const endpoints = [...this.options.endpoints];
    for (const entry of this.pools.values())
      if (!endpoints.some((e) => endpointKey(e) === endpointKey(entry.endpoint))) endpoints.push(entry.endpoint);
    return {
      endpoints: endpoints.map((endpoint) => {
        const entry = this.pools.get(endpointKey(endpoint));
        const sessions = entry?.sessions.stats() ?? { size: 0, idle: 0, borrowed: 0, opening: 0, waiting: 0 };
        // Inserts waiting to go out merged count as waiting callers; the leases awaited for them do not.
        const queue = this.queues.get(endpointKey(endpoint));
        if (queue !== undefined)
          sessions.waiting = Math.max(0, sessions.waiting - queue.leasing) + queue.waiting.length;
        return {
          endpoint,
          ...sessions,
          requests: entry?.requests ?? 0,
          failures: entry?.failures ?? 0,
          down: this.health.isDown(endpoint),
        };
      }),
      routes: this.routes.size,
    };
  }

  /** Where inserts for `device` go (a device route learned from redirect hints), if anywhere in particular. */
  routeOf(device: string): EndPoint | undefined {
    return this.options.enableRedirection ? this.routes.get(device) : undefined;
  }

  /**
   * Drains, then closes: calls made from now on reject at once with a PoolClosedError; every call
   * made before (waiting inserts included) is still sent and settles as usual; then idle sessions
   * close, and borrowed ones (an open data set, getSession()) when they come back, or after
   * closeGraceMs. With `timeoutMs`, calls not sent by then reject with a PoolClosedError saying
   * so (nothing of them was written); those already sent finish. Closing twice returns the first close.
   */
  close(options: PoolCloseOptions = {}): Promise<void> {
    const timeoutMs = options?.timeoutMs;
    if (timeoutMs !== undefined && (typeof timeoutMs !== "number" || !(timeoutMs >= 0))) {
      return Promise.reject(
        new OptionError("timeoutMs", `close: timeoutMs must be a number >= 0, got ${shown(timeoutMs)}`),
      );
    }
    this.closing ??= (async () => {
      await this.settled(timeoutMs);
      if (this.unsettled > 0) this.abandonWaiting(timeoutMs!);
      clearInterval(this.maintenance);
      await Promise.all([...this.pools.values()].map((entry) => entry.sessions.close(this.options.closeGraceMs)));
    })();
    return this.closing;
  }

  /**
   * The time zone the pool's sessions open with: the zoneId option or the last setTimeZone, else this machine's zone.
   */
  protected get sessionZone(): string {
    return this.#sessionOptions.zoneId ?? systemZoneId();
  }

  /**
   * Sessions open with `zoneId` from now on; a session in another zone (opened before) is closed
   * instead of reused, so every session handed out later speaks the new zone.
   */
  protected changeSessionZone(zoneId: string): void {
    this.#sessionOptions.zoneId = zoneId;
  }

  /** Whether a session that comes back may serve again (TableSessionPool: still in the pool's database). */
  protected canReuse(_session: S): boolean {
    return true;
  }

  /**
   * A session of the pool for the caller alone until it calls `release` (errors, given, tell
   * whether the session may serve again). The default DataNode's, as for any call; counted as a
   * request of `method`.
   */
  protected async borrow(
    method: string,
    signal?: AbortSignal,
  ): Promise<{ session: S; release(error?: unknown): void }> {
    if (this.closing !== undefined) throw closedPoolError();
    const lease = this.idleLease(undefined) ?? (await this.lease(undefined, signal));
    this.count(lease, method, undefined);
    return { session: lease.session, release: (error?: unknown) => lease.release(error) };
  }

  /**
   * A last query of one device: sent to the device's route when there is one, and, if that
   * DataNode cannot be reached, retried on the others (the route forgotten), as Java's Session
   * falls back to its default connection; a redirect hint in the answer teaches the device's route.
   */
  protected queryRouted<Q extends Int64Mode>(
    method: string,
    device: string | undefined,
    op: (session: S) => Promise<SessionDataSet<Q>>,
  ): Promise<SessionDataSet<Q>> {
    return this.run({
      method,
      devices: device === undefined ? [] : [device],
      target: device === undefined ? undefined : () => this.routeOf(device),
      retry: true,
      op: async (session) => {
        const dataSet = await op(session);
        const hint = queryRedirectOf(dataSet);
        if (device !== undefined && hint !== undefined && this.options.enableRedirection && !this.health.isDown(hint))
          this.learnRoute(device, hint, method);
        return dataSet;
      },
      keep: (dataSet, release) => dataSet.onClose(release),
    });
  }

  /**
   * Gives the pool class (`this`) a method per route, named as the operation: it sends the
   * operation as the route says, calling the session's method of that name (operation-routes.ts).
   */
  protected static defineOperations<T extends BaseSession<Int64Mode>>(
    this: abstract new (
      ...args: never[]
    ) => BasePool<T, Int64Mode>,
    routes: Readonly<Record<string, OperationRoute<T, readonly unknown[]>>>,
  ): void {
    for (const [method, route] of Object.entries(routes)) {
      defineMethod(this.prototype, method, function (this: BasePool<T, Int64Mode>, ...args: unknown[]) {
        return this.send(method, route, args);
      });
    }
  }

  /**
   * A call on any session; not retried. `signal` aborts the wait for a session (the op gets it through its own
   * options).
   */
  protected call<R>(method: string, op: (session: S) => Promise<R>, signal?: AbortSignal): Promise<R> {
    return this.run({ method, retry: false, signal, op });
  }

  /**
   * A query: retried when its connection fails before the data set exists; the session is held until the data set
   * closes.
   */
  protected query<Q extends Int64Mode>(
    method: string,
    op: (session: S) => Promise<SessionDataSet<Q>>,
    signal?: AbortSignal,
  ): Promise<SessionDataSet<Q>> {
    return this.run({ method, retry: true, signal, op, keep: (dataSet, release) => dataSet.onClose(release) });
  }

  /**
   * An insert of one device (or, for a table tablet, routed by its first row's device): sent to
   * the device's route when there is one; the status's hints update the routes.
   */
  protected insertRouted<I>(
    method: string,
    devices: WrittenDevices | undefined,
    op: (session: S) => Promise<Status>,
    merge: { kind: MergeKind<S, I>; item: I } | undefined,
    options: CallOptions | undefined,
  ): Promise<Status> {
    let signal: AbortSignal | undefined;
    try {
      signal = signalOf(options, method);
    } catch (error) {
      return Promise.reject(error);
    }
    const first = devices !== undefined && devices.count > 0 ? devices.device(0) : undefined;
    const target = first === undefined ? undefined : () => this.routeOf(first);
    const learning = (session: S) => op(session).then((status) => this.learn(method, status, devices));
    // Input without a device is sent alone: the session refuses it as it would without a pool.
    if (merge === undefined || first === undefined || !this.options.groupCommit)
      return this.runAbortable({
        method,
        devices: first === undefined ? [] : [first],
        target,
        retry: true,
        signal,
        op: learning,
      });
    const { kind, item } = merge;
    const sent = kind.isSent(item) ? [first] : [];
    const touches = [kind.deviceOf(item) ?? first];
    return this.accept({
      method,
      op: learning,
      devices: sent,
      touches,
      target,
      signal,
      merge: { kind, items: [item], points: pointsOf(kind, item), single: true },
    });
  }

  /**
   * A multi-device insert: the items are split by their devices' routes and the parts sent at once
   * (one part when no route is known). Resolves with the status of the single part, or, when
   * split, 200/400 with one sub-status per item. If a part fails, the others may have been
   * written; the first failure is thrown once every part settled.
   */
  protected async insertGrouped<I>(
    method: string,
    items: readonly I[],
    kind: MergeKind<S, I>,
    options: CallOptions | undefined,
  ): Promise<Status> {
    const { deviceOf, isSent } = kind;
    const signal = signalOf(options, method);
    // Not an array: the session rejects it (EncodeError) before anything is sent.
    if (!Array.isArray(items)) return this.call(method, (session) => kind.send(session, items));
    const groups = this.groupByRoute(items, deviceOf);
    const parts = await Promise.allSettled(
      groups.map(({ target, indices }) => {
        const part = indices.map((i) => items[i]!);
        const sent = part.filter(isSent);
        const devices = sent.map((item) => deviceOf(item) ?? "");
        const routed = target === undefined ? undefined : () => target;
        const op = async (session: S) => {
          const status = await kind.send(session, part).catch((error: unknown) => {
            if (!isUnattributedRefusal(error, part.length)) return Promise.reject(error);
            if (this.options.attributeRefusals)
              return attributeRefusal(method, part, (some) => kind.send(session, some), isSent);
            return Promise.reject(partlyStored(error, method, part.length));
          });
          return this.learn(method, status, { count: sent.length, device: (i) => devices[i]! });
        };
        if (!this.options.groupCommit || part.some((item) => deviceOf(item) === undefined))
          return this.runAbortable({ method, devices, target: routed, retry: true, signal, op });
        const touches = [...new Set(part.map((item) => deviceOf(item)!))];
        const points = part.reduce((n, item) => n + pointsOf(kind, item), 0);
        return this.accept({
          method,
          devices,
          target: routed,
          op,
          touches,
          signal,
          merge: { kind, items: part, points, single: false },
        });
      }),
    );
    const failure = parts.find((p) => p.status === "rejected");
    if (failure !== undefined) throw callRefusal(method, items.length, groups, parts, failure.reason);
    const statuses = parts.map((p) => (p as PromiseFulfilledResult<Status>).value);
    if (statuses.length === 1) return statuses[0]!;
    return mergeParts(items, groups, statuses, isSent);
  }

  /** One operation sent as its route says (defineOperations). */
  private send(
    method: string,
    route: OperationRoute<S, readonly unknown[]>,
    args: readonly unknown[],
  ): Promise<unknown> {
    const all = <R>(session: S) => forward<R>(session, method, args);
    switch (route.via) {
      case "any":
        return this.call(method, all, optionsAt(args, route.options)?.signal);
      case "query":
        return this.query(method, all<SessionDataSet<Int64Mode>>, optionsAt(args, route.options)?.signal);
      case "device-query":
        return this.queryRouted(method, route.device(args), all<SessionDataSet<Int64Mode>>);
      case "insert": {
        const before = args.slice(0, route.options);
        return this.insertRouted(
          method,
          route.devices(args),
          (s) => forward<Status>(s, method, before),
          route.merge?.(args),
          optionsAt(args, route.options),
        );
      }
      case "split-insert":
        // Not an array: insertGrouped sends it as it is, for the session to refuse.
        return this.insertGrouped(method, args[0] as readonly unknown[], route.kind, optionsAt(args, 1));
    }
  }

  private groupByRoute<I>(
    items: readonly I[],
    deviceOf: (item: I) => string | undefined,
  ): { target: EndPoint | undefined; indices: number[] }[] {
    // Items without a usable route go to the default DataNode, together with those routed there.
    const home = endpointKey(this.health.order(this.options.endpoints)[0]!);
    const groups = new Map<string, { target: EndPoint | undefined; indices: number[] }>();
    for (let i = 0; i < items.length; i++) {
      const device = deviceOf(items[i]!);
      const target = device === undefined ? undefined : this.routeOf(device);
      const usable = target !== undefined && !this.health.isDown(target) ? target : undefined;
      const key = usable === undefined ? home : endpointKey(usable);
      let group = groups.get(key);
      if (group === undefined) groups.set(key, (group = { target: usable, indices: [] }));
      group.target ??= usable;
      group.indices.push(i);
    }
    return [...groups.values()];
  }

  private learn(method: string, status: Status, devices: WrittenDevices | undefined): Status {
    if (this.options.enableRedirection && devices !== undefined) {
      for (const [device, endpoint] of redirectHints(status, devices)) {
        // A hint naming a DataNode that just failed would only send the device back there.
        if (!this.health.isDown(endpoint)) this.learnRoute(device, endpoint, method);
      }
    }
    return status;
  }

  /**
   * Runs the call on a leased session, retrying where the call allows it (a call made after close() started is
   * refused).
   */
  private async run<R>(call: Call<S, R>): Promise<R> {
    if (this.closing !== undefined) throw closedPoolError();
    this.unsettled++;
    try {
      return await this.attempts(call);
    } finally {
      this.settle();
    }
  }

  /**
   * run() under the caller's signal: aborting while the call waits for a session leaves the line
   * (nothing sent); aborting once it was sent rejects the caller at once while the request completes.
   */
  private runAbortable<R>(call: Call<S, R>): Promise<R> {
    return abortable(this.run(call), call.signal, call.method);
  }

  private async attempts<R>(call: Call<S, R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const target = call.target?.();
      const lease = acquireChannel.active
        ? await this.tracedLease(call.method, target, call.signal)
        : (this.idleLease(target) ?? (await this.leaseUnlessForced(target, call.signal)));
      const started = this.requestEndListeners.length > 0 ? performance.now() : -1;
      let result: R;
      try {
        this.count(lease, call.method, call.devices);
        result = await call.op(lease.session);
      } catch (error) {
        if (started >= 0) this.ended(lease.endpoint, call.method, call.devices, started, error);
        lease.release(error);
        if (isUnreachable(error)) this.endpointFailed(lease.endpoint);
        if (!call.retry || attempt >= this.options.maxRetries || !this.mayRetry(error)) throw error;
        if (retryChannel.active)
          retryChannel.publish({
            attributes: operationAttributes(call.method, lease.endpoint, this.#sessionOptions.database),
            attempt,
            error,
          });
        // A broken connection is retried at once (on another DataNode when one is up); a
        // needRetry answer after the interval, as Java does.
        if (error instanceof IoTDBError) await sleep(this.options.retryIntervalMs);
        if (this.forced !== undefined) throw notSentAfter(this.forced, error);
        continue;
      }
      if (started >= 0) this.ended(lease.endpoint, call.method, call.devices, started, undefined);
      if (call.keep !== undefined) call.keep(result, () => lease.release());
      else lease.release();
      return result;
    }
  }

  /** Whether a call that failed with `error` is tried again (its attempts aside). */
  private mayRetry(error: unknown): boolean {
    if (this.forced !== undefined || !isRetryable(error)) return false;
    // A DataNode that did not answer in time is likely hung: trying it again would hold the
    // caller for another timeout, so a timed-out call is retried only while another DataNode is up.
    return !(requestTimedOut(error) && this.options.endpoints.every((e) => this.health.isDown(e)));
  }

  // ---- group commit (group-commit.ts says why and how) ---------------------

  /** A new insert that may merge: refused once close() started, else submitted and counted until it settles. */
  private accept(
    call: Omit<Member<S>, "attempt" | "ticket" | "queuedAt" | "sent" | "resolve" | "reject">,
  ): Promise<Status> {
    if (this.closing !== undefined) return Promise.reject(closedPoolError());
    const signal = call.signal;
    if (signal?.aborted === true) return Promise.reject(abortError(signal, call.method));
    this.unsettled++;
    let resolve!: (status: Status) => void;
    let reject!: (error: unknown) => void;
    const outcome = new Promise<Status>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Hot path (a lone caller's every insert): a literal of fixed shape, made outside the promise
    // executor. Spreading `call` into it inside the executor cost ~25 µs per call (bench/client/
    // pool-group-commit.ts, case lone-no-io: 30 µs against 4 µs with group commit off); now level.
    const member: Member<S> = {
      method: call.method,
      op: call.op,
      devices: call.devices,
      touches: call.touches,
      target: call.target,
      merge: call.merge,
      attempt: 0,
      ticket: 0,
      queuedAt: 0,
      sent: false,
      signal,
      resolve: (status) => {
        if (onAbort !== undefined) signal!.removeEventListener("abort", onAbort);
        this.settle();
        resolve(status);
      },
      reject: (error) => {
        if (onAbort !== undefined) signal!.removeEventListener("abort", onAbort);
        this.settle();
        reject(error);
      },
    };
    // Aborted while waiting in a queue: taken out, never sent. Aborted once sent (alone or merged):
    // the caller stops waiting; the request completes for the others and the member settles then.
    let onAbort: (() => void) | undefined;
    if (signal !== undefined) {
      onAbort = () => {
        const error = abortError(signal, call.method);
        if (this.unqueue(member)) member.reject(error);
        else reject(error);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    }
    this.submit(member);
    return outcome;
  }

  /**
   * Sends the insert at once when its DataNode has an idle session and no insert waits before
   * it (a lone caller's path: no timer, no delay); else it waits in the DataNode's queue.
   */
  private submit(member: Member<S>): void {
    if (this.forced !== undefined) return member.reject(this.forced);
    const { target, key } = this.queueOf(member);
    const queue = this.queueAt(key, target);
    if (queue.waiting.length === 0 && queue.inFlight < this.options.groupCommitMaxInFlight) {
      const lease = this.idleLease(target);
      if (lease !== undefined) {
        // The session was idle: its iotdb:pool:acquire ends at once (as tracedLease's idle case does).
        if (acquireChannel.active)
          void acquireChannel.trace(
            { attributes: operationAttributes(member.method, lease.endpoint, this.#sessionOptions.database) },
            async () => lease,
          );
        return void this.sendCounted(queue, lease, [member]);
      }
    }
    this.enqueue(member, target, key, false);
  }

  /**
   * Inserts sent before and to be sent again (a refused merged request's parts, a retry): first in
   * their queues, in the order given, ahead of inserts made since, so that no later insert of their
   * devices goes out before them.
   */
  private requeue(members: readonly Member<S>[]): void {
    for (let i = members.length - 1; i >= 0; i--) {
      const member = members[i]!;
      if (this.forced !== undefined) {
        member.reject(this.forced);
      } else if (member.signal?.aborted === true) {
        // Its caller gave up (and got its AbortError) while it was out: not sent again.
        member.reject(abortError(member.signal, member.method));
      } else {
        const { target, key } = this.queueOf(member);
        this.enqueue(member, target, key, true);
      }
    }
  }

  /** The DataNode an insert goes to (its route when usable, else the default one) and its queue's key. */
  private queueOf(member: Member<S>): { target: EndPoint | undefined; key: string } {
    const routed = member.target?.();
    const target = routed !== undefined && !this.health.isDown(routed) ? routed : undefined;
    return { target, key: endpointKey(target ?? this.health.order(this.options.endpoints)[0]!) };
  }

  private queueAt(key: string, target: EndPoint | undefined): InsertQueue<S> {
    let queue = this.queues.get(key);
    if (queue === undefined) {
      queue = { waiting: [], leasing: 0, queued: 0, expiry: undefined, inFlight: 0, target };
      this.queues.set(key, queue);
    }
    queue.target ??= target;
    return queue;
  }

  private enqueue(member: Member<S>, target: EndPoint | undefined, key: string, first: boolean): void {
    const queue = this.queueAt(key, target);
    member.ticket = queue.queued++;
    member.queuedAt = performance.now();
    queue.expiry ??= this.expireLater(queue, key, this.options.waitTimeoutMs);
    if (first) queue.waiting.unshift(member);
    else queue.waiting.push(member);
    // One lease is awaited per queue; more only while the DataNode's pool would open a session for
    // each at once (below maxSize), so a burst opens sessions as it would without group commit.
    const sessions = this.pools.get(key)?.sessions;
    if (
      this.mayLease(queue) &&
      (queue.leasing === 0 ||
        (queue.leasing < queue.waiting.length && sessions !== undefined && sessions.size < this.options.maxSize))
    ) {
      void this.leaseForQueue(queue, target);
    }
  }

  /** Whether the queue may wait for another session: its requests in flight and awaited leases are under the limit. */
  private mayLease(queue: InsertQueue<S>): boolean {
    return queue.inFlight + queue.leasing < this.options.groupCommitMaxInFlight;
  }

  /**
   * Sends a batch counted as in flight at its DataNode; when it settles, a queue that was held back by
   * groupCommitMaxInFlight waits for a session again.
   */
  private async sendCounted(queue: InsertQueue<S>, lease: Lease<S>, batch: Member<S>[]): Promise<void> {
    queue.inFlight++;
    try {
      await this.sendBatch(lease, batch);
    } finally {
      queue.inFlight--;
      if (queue.waiting.length > 0 && queue.leasing === 0 && this.mayLease(queue))
        void this.leaseForQueue(queue, queue.target);
    }
  }

  /** Waits for a session for the queue; when it comes, sends the first waiting insert with all that merge with it. */
  private async leaseForQueue(queue: InsertQueue<S>, target: EndPoint | undefined): Promise<void> {
    queue.leasing++;
    const before = queue.queued;
    let lease: Lease<S>;
    try {
      const method = queue.waiting[0]?.method ?? "insert";
      lease = acquireChannel.active ? await this.tracedLease(method, target) : await this.leaseUnlessForced(target);
    } catch (error) {
      queue.leasing--;
      // The wait failed (no DataNode reachable, waitTimeoutMs, the pool closed): as each of the
      // inserts that waited for it would have failed waiting alone. Later ones wait anew.
      for (let i = 0; i < queue.waiting.length; ) {
        const m = queue.waiting[i]!;
        if (m.ticket < before)
          queue.waiting
            .splice(i, 1)[0]!
            .reject(error instanceof PoolTimeoutError ? queueTimeout(m, error.message, error.waitedMs) : error);
        else i++;
      }
      if (queue.waiting.length > 0 && queue.leasing === 0 && this.mayLease(queue))
        void this.leaseForQueue(queue, target);
      return;
    }
    queue.leasing--;
    if (queue.waiting.length === 0) return lease.release();
    const batch = takeBatch(queue.waiting, this.options.groupCommitMaxPoints);
    const sent = this.sendCounted(queue, lease, batch);
    if (queue.waiting.length > 0 && queue.leasing === 0 && this.mayLease(queue)) void this.leaseForQueue(queue, target);
    await sent;
  }

  /**
   * A timer for the queue's oldest insert's deadline: then every insert that waited waitTimeoutMs
   * rejects with a PoolTimeoutError saying it was not sent, and the timer is set for the next one.
   * One timer per queue rather than per insert (the queue is the busy pool's hot path); unref'd,
   * as the leases awaited for the queue keep the process running while it has inserts.
   */
  private expireLater(queue: InsertQueue<S>, key: string, inMs: number): NodeJS.Timeout {
    return setTimeout(() => {
      queue.expiry = undefined;
      const ms = this.options.waitTimeoutMs;
      const now = performance.now();
      let next = Infinity;
      for (let i = 0; i < queue.waiting.length; ) {
        const m = queue.waiting[i]!;
        // Timers may fire a fraction of a ms before performance.now() reaches the deadline.
        if (m.queuedAt + ms <= now + 1) {
          queue.waiting.splice(i, 1);
          m.reject(
            queueTimeout(
              m,
              `pool of ${key}: no session became free within ${ms} ms (maxSize ${this.options.maxSize}, all in use)`,
              ms,
            ),
          );
        } else {
          next = Math.min(next, m.queuedAt + ms);
          i++;
        }
      }
      if (next !== Infinity) queue.expiry = this.expireLater(queue, key, next - now);
    }, inMs).unref();
  }

  /** Takes `member` out of the queue it waits in; false when it waits in none (sent, or between attempts). */
  private unqueue(member: Member<S>): boolean {
    for (const queue of this.queues.values()) {
      const i = queue.waiting.indexOf(member);
      if (i >= 0) {
        queue.waiting.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /** One request for the batch: its only insert's own, or the merged one; each member gets its own outcome. */
  private async sendBatch(lease: Lease<S>, batch: Member<S>[]): Promise<void> {
    const only = batch.length === 1 ? batch[0]! : undefined;
    const kind = batch[0]!.merge?.kind;
    const devices = only !== undefined ? only.devices : batch.flatMap((m) => m.devices);
    const items = only === undefined ? mergedItems(batch) : undefined;
    const method = only?.method ?? kind!.method;
    const started = this.requestEndListeners.length > 0 ? performance.now() : -1;
    let status: Status;
    for (const m of batch) m.sent = true;
    try {
      this.count(lease, method, devices);
      status = only !== undefined ? await only.op(lease.session) : await kind!.send(lease.session, items!);
    } catch (error) {
      if (started >= 0) this.ended(lease.endpoint, method, devices, started, error);
      lease.release(error);
      if (isUnreachable(error)) this.endpointFailed(lease.endpoint);
      if (only === undefined && !isRetryable(error)) {
        // Refused as a whole (the server names only its first failed part: docs/iotdb-wire-format.md §7.1), or refused
        // by the
        // codec before sending: each caller's part again, alone, for its own outcome.
        for (const m of batch) m.merge = undefined;
        this.requeue(batch);
      } else {
        void this.retryMembers(batch, error, lease.endpoint);
      }
      return;
    }
    if (started >= 0) this.ended(lease.endpoint, method, devices, started, undefined);
    lease.release();
    if (only !== undefined) return only.resolve(status);
    this.learn(
      kind!.method,
      status,
      kind!.written !== undefined ? kind!.written(items!) : { count: devices.length, device: (i) => devices[i]! },
    );
    const statuses = memberStatuses(batch, status);
    batch.forEach((m, i) => m.resolve(statuses[i]!));
  }

  /** The members of a request that failed: each tried again as run() would try a single call, else rejected. */
  private async retryMembers(batch: readonly Member<S>[], error: unknown, endpoint: EndPoint): Promise<void> {
    const again = batch.filter((m) => {
      if (m.attempt < this.options.maxRetries && this.mayRetry(error)) return true;
      m.reject(error);
      return false;
    });
    if (again.length === 0) return;
    for (const m of again) {
      // One iotdb:retry per caller tried again, as run() publishes one per call.
      if (retryChannel.active)
        retryChannel.publish({
          attributes: operationAttributes(m.method, endpoint, this.#sessionOptions.database),
          attempt: m.attempt,
          error,
        });
      m.attempt++;
    }
    if (error instanceof IoTDBError) await sleep(this.options.retryIntervalMs);
    if (this.forced !== undefined) for (const m of again) m.reject(notSentAfter(this.forced, error));
    else this.requeue(again);
  }

  /** A call accepted before close() settled. */
  private settle(): void {
    if (--this.unsettled === 0) this.onSettled?.();
  }

  /** Resolves when every accepted call settled, or after timeoutMs. */
  private async settled(timeoutMs: number | undefined): Promise<void> {
    if (this.unsettled === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.onSettled = resolve;
      if (timeoutMs !== undefined) timer = setTimeout(resolve, timeoutMs);
    });
    clearTimeout(timer);
    this.onSettled = undefined;
  }

  /**
   * close()'s deadline passed: inserts still waiting are rejected as not sent, and so is every call that waits for a
   * session from now on.
   */
  private abandonWaiting(timeoutMs: number): void {
    this.forced = new PoolClosedError(
      `the pool was closed before this call was sent (close() deadline of ${timeoutMs} ms passed): nothing of it was written`,
    );
    for (const queue of this.queues.values()) {
      clearTimeout(queue.expiry);
      queue.expiry = undefined;
      for (const m of queue.waiting.splice(0)) m.reject(this.forced);
    }
  }

  /** lease(), except that after close()'s deadline a failed wait says the call was not sent. */
  private async leaseUnlessForced(target: EndPoint | undefined, signal?: AbortSignal): Promise<Lease<S>> {
    if (this.forced !== undefined) throw this.forced;
    try {
      return await this.lease(target, signal);
    } catch (error) {
      if (this.forced !== undefined) throw this.forced;
      throw error;
    }
  }

  /** idleLease() or lease() as one iotdb:pool:acquire operation, on the DataNode the session came from. */
  private tracedLease(method: string, target: EndPoint | undefined, signal?: AbortSignal): Promise<Lease<S>> {
    const first =
      target !== undefined && !this.health.isDown(target) ? target : this.health.order(this.options.endpoints)[0]!;
    const context = { attributes: operationAttributes(method, first, this.#sessionOptions.database) };
    return acquireChannel.trace(context, async () => {
      const lease = this.idleLease(target) ?? (await this.leaseUnlessForced(target, signal));
      context.attributes["server.address"] = lease.endpoint.host;
      context.attributes["server.port"] = lease.endpoint.port;
      return lease;
    });
  }

  /** Tells the onRequestEnd listeners that a request sent at `started` (performance.now()) settled. */
  private ended(
    endpoint: EndPoint,
    method: string,
    devices: readonly string[] | undefined,
    started: number,
    error: unknown,
  ): void {
    const end: PoolRequestEnd = {
      endpoint,
      method,
      devices: devices ?? [],
      durationMs: performance.now() - started,
      error,
    };
    for (const listener of this.requestEndListeners) listener(end);
  }

  /** Sends `device`'s calls to `endpoint` from now on (iotdb:redirect tells subscribers). */
  private learnRoute(device: string, endpoint: EndPoint, method: string): void {
    this.routes.learn(device, endpoint);
    if (redirectChannel.active)
      redirectChannel.publish({
        attributes: operationAttributes(method, endpoint, this.#sessionOptions.database),
        device,
        target: endpoint,
      });
  }

  /**
   * lease() when the DataNode it would try first has a session ready at once (the busy pool's usual case), without
   * awaiting.
   */
  private idleLease(target: EndPoint | undefined): Lease<S> | undefined {
    if (this.forced !== undefined) return undefined;
    const endpoint =
      target !== undefined && !this.health.isDown(target) ? target : this.health.order(this.options.endpoints)[0]!;
    const entry = this.pools.get(endpointKey(endpoint));
    const session = entry?.sessions.tryAcquire();
    return session === undefined ? undefined : this.leaseOf(entry!, session, endpoint);
  }

  /**
   * A session at the target when it is given and not marked down, else at the first DataNode of
   * nodeUrls that can be reached (those marked down last). Fails fast with a ConnectionError when
   * none can be reached, or with a TimeoutError when none answered in time.
   */
  private async lease(target: EndPoint | undefined, signal?: AbortSignal): Promise<Lease<S>> {
    let candidates = this.health.order(this.options.endpoints);
    if (target !== undefined && !this.health.isDown(target)) {
      candidates = [target, ...candidates.filter((e) => endpointKey(e) !== endpointKey(target))];
    }
    const failures: string[] = [];
    const timeouts: (TimeoutError | QueryTimeoutError)[] = [];
    for (const endpoint of candidates) {
      if (this.forced !== undefined) throw this.forced;
      const entry = this.poolAt(endpoint);
      let session: S;
      try {
        session = await entry.sessions.acquire(signal);
      } catch (error) {
        if (!isUnreachable(error) || this.forced !== undefined) throw error;
        this.endpointFailed(endpoint);
        failures.push(`${endpointKey(endpoint)}: ${(error as Error).message}`);
        if (requestTimedOut(error)) timeouts.push(error);
        continue;
      }
      return this.leaseOf(entry, session, endpoint);
    }
    // Every DataNode tried was there but silent (e.g. frozen): the caller's timeout ran out, and says so.
    if (timeouts.length > 0 && timeouts.length === failures.length) {
      throw new TimeoutError(
        `no DataNode answered in time (${failures.join("; ")})`,
        Math.max(...timeouts.map((t) => t.timeoutMs)),
      );
    }
    throw new ConnectionError(`no DataNode could be reached (${failures.join("; ")})`);
  }

  /** A borrowed session; with allowExitOnIdle it keeps the process running until it is given back. */
  private leaseOf(entry: EndpointPool<S>, session: S, endpoint: EndPoint): Lease<S> {
    const exitOnIdle = this.options.allowExitOnIdle;
    if (exitOnIdle) session.ref();
    const release = (error?: unknown) => {
      if (exitOnIdle) session.unref();
      entry.sessions.release(session, releaseState(error));
    };
    return { session, endpoint, entry, release };
  }

  private poolAt(endpoint: EndPoint): EndpointPool<S> {
    const key = endpointKey(endpoint);
    let entry = this.pools.get(key);
    if (entry !== undefined) return entry;
    const o = this.options;
    const sessions = new ResourcePool<S>(
      {
        create: async () => {
          const options = { ...this.#sessionOptions, host: endpoint.host, port: endpoint.port, autoReconnect: false };
          const session = this.createSession(options);
          session.onBroken(() => this.broken.add(session));
          await session.open();
          if (this.options.allowExitOnIdle) session.unref();
          // Settings changed (setFetchSize, setQueryTimeout) while this session was opening.
          if (options.fetchSize !== this.#sessionOptions.fetchSize) session.setFetchSize(this.getFetchSize());
          if (options.queryTimeoutMs !== this.#sessionOptions.queryTimeoutMs)
            session.setQueryTimeout(this.getQueryTimeout());
          this.health.markUp(endpoint);
          return session;
        },
        destroy: (session) => session.close(),
        check: (session) => session.ping(),
        isBroken: (session) =>
          this.broken.has(session) || !session.isOpen || !this.canReuse(session) || this.inOldZone(session),
      },
      {
        maxSize: o.maxSize,
        waitTimeoutMs: o.waitTimeoutMs,
        maxIdleMs: o.maxIdleMs,
        checkAfterIdleMs: o.healthCheckAfterIdleMs,
      },
      `pool of ${key}`,
    );
    entry = { endpoint: { host: endpoint.host, port: endpoint.port }, sessions, requests: 0, failures: 0 };
    this.pools.set(key, entry);
    return entry;
  }

  /** The session was opened before changeSessionZone and is in another zone. */
  private inOldZone(session: S): boolean {
    const zone = this.#sessionOptions.zoneId;
    return zone !== undefined && session.zoneId !== zone;
  }

  private forEachSession(fn: (session: S) => void): void {
    for (const entry of this.pools.values()) entry.sessions.forEachOpen(fn);
  }

  private endpointFailed(endpoint: EndPoint): void {
    this.health.markDown(endpoint);
    this.routes.forget(endpoint);
    const entry = this.poolAt(endpoint);
    entry.failures++;
    entry.sessions.suspectIdle();
  }

  private count(lease: Lease<S>, method: string, devices: readonly string[] | undefined): void {
    lease.entry.requests++;
    if (this.requestListeners.length === 0) return;
    const request: PoolRequest = { endpoint: lease.endpoint, method, devices: devices ?? [] };
    for (const listener of this.requestListeners) listener(request);
  }

  /** Closes sessions idle too long (keeping minSize at the default DataNode) and opens missing minSize ones. */
  private maintain(): void {
    const home = this.health.order(this.options.endpoints)[0]!;
    const { minSize } = this.options;
    for (const [key, entry] of this.pools) entry.sessions.reap(key === endpointKey(home) ? minSize : 0);
    if (minSize === 0 || this.closing !== undefined) return;
    const entry = this.poolAt(home);
    if (entry.sessions.size < minSize) {
      entry.sessions.fill(minSize).catch((error: unknown) => {
        if (isUnreachable(error)) this.endpointFailed(entry.endpoint);
      });
    }
  }
}

/**
 * A request that timed out (by the client's clock or the server's), as opposed to a wait for a pooled session
 * (PoolTimeoutError).
 */
function requestTimedOut(error: unknown): error is TimeoutError | QueryTimeoutError {
  return timedOut(error) && !(error instanceof PoolTimeoutError);
}

/** The connection is gone or never came up: the DataNode may be down. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ConnectionError || requestTimedOut(error);
}

function isRetryable(error: unknown): boolean {
  return isUnreachable(error) || (error instanceof IoTDBError && error.status.needRetry === true);
}

/**
 * A refusal or bad input leaves the session fine; a lost connection ends it; anything else gets it checked before
 * reuse.
 */
function releaseState(error: unknown): ReleaseState {
  if (
    error === undefined ||
    error instanceof IoTDBError ||
    error instanceof EncodeError ||
    error instanceof RangeError ||
    error instanceof PoolTimeoutError
  )
    return "ok";
  return isUnreachable(error) ? "discard" : "suspect";
}

/**
 * A batch of one caller refused with no sub-status, not attributed (attributeRefusals false): the
 * server stored every part but the failed ones and named only the first (docs/iotdb-wire-format.md
 * §7.1), which the message says.
 */
function partlyStored(error: IoTDBError, method: string, items: number): IoTDBError {
  return new IoTDBError(
    error.status,
    `${method} of ${items} items refused as a whole, but the server stores all parts of a batch except those that fail and names only the first failure, ` +
      "so the other parts were most likely stored; attributeRefusals (the default) re-sends the parts to learn each one's outcome",
  );
}

/** What a queued insert that waited too long gets: the pool's wait timeout, saying whether it was sent. */
function queueTimeout(member: { method: string; sent: boolean }, reason: string, waitedMs: number): PoolTimeoutError {
  const outcome = member.sent
    ? "was not sent again (an earlier request carrying it failed, so it may have been written)"
    : "was not sent: nothing of it was written";
  return new PoolTimeoutError(
    `${reason}: this ${member.method} waited in the group-commit queue and ${outcome}`,
    waitedMs,
  );
}

/** What a call made after close() started gets. */
function closedPoolError(): PoolClosedError {
  return new PoolClosedError("the pool is closed (close() was called): this call was not sent");
}

/** A retry that close()'s deadline stopped: not sent again, and what the earlier attempt got. */
function notSentAfter(forced: PoolClosedError, error: unknown): PoolClosedError {
  return new PoolClosedError(
    `${forced.message}; an earlier attempt failed: ${(error as Error)?.message ?? String(error)}`,
    { cause: error },
  );
}

/** What an item counts toward the merged request's size cap; malformed input counts 1 (it fails alone anyway). */
function pointsOf<S, I>(kind: MergeKind<S, I>, item: I): number {
  try {
    const n = kind.points(item);
    return Number.isFinite(n) && n > 0 ? n : 1;
  } catch {
    return 1;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One status for a split insert: 400 when a part carried hints, one sub-status per input item. */
/**
 * The error of a call sent as several parts (one per DataNode) when some failed: when every failed
 * part was attributed (one status per item), one MULTIPLE_ERROR with a status per item of the
 * call; otherwise the first part's failure as it is.
 */
function callRefusal(
  method: string,
  count: number,
  groups: readonly { indices: readonly number[] }[],
  parts: readonly PromiseSettledResult<Status>[],
  first: unknown,
): unknown {
  if (groups.length === 1) return first;
  const subStatus: Status[] = new Array<Status>(count);
  for (let g = 0; g < groups.length; g++) {
    const part = parts[g]!;
    const indices = groups[g]!.indices;
    const statuses =
      part.status === "fulfilled"
        ? indices.map(() => part.value)
        : part.reason instanceof IoTDBError && part.reason.subStatus.length === indices.length
          ? part.reason.subStatus
          : undefined;
    if (statuses === undefined) return first;
    indices.forEach((i, j) => (subStatus[i] = statuses[j]!));
  }
  const refused = subStatus.filter((s) => s.code !== 200 && s.code !== 400).length;
  return new IoTDBError(
    { code: StatusCode.MULTIPLE_ERROR, message: `${refused} of ${count} items refused`, subStatus },
    `${method} sent as ${groups.length} parts (one per DataNode); subStatus: one status per item`,
  );
}

function mergeParts<I>(
  items: readonly I[],
  groups: readonly { indices: readonly number[] }[],
  statuses: readonly Status[],
  isSent: (item: I) => boolean,
): Status {
  const subStatus: Status[] = items.map(() => ({ code: 200 }));
  groups.forEach((group, g) => {
    const sentIndices = group.indices.filter((i) => isSent(items[i]!));
    const sub = statuses[g]!.subStatus;
    if (sub !== undefined && sub.length === sentIndices.length) sentIndices.forEach((i, j) => (subStatus[i] = sub[j]!));
  });
  return { code: statuses.some((s) => s.code === 400) ? 400 : 200, subStatus };
}
