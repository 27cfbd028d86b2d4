// What SessionPool and TableSessionPool share: sessions pooled per DataNode (one ResourcePool per
// endpoint), failover across nodeUrls, inserts sent where the server's redirect hints said their
// device lives, retries of calls whose connection broke, queries that hold their session until
// the data set closes, and counters and events that show where each request went.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import { acquireChannel, operationAttributes, redirectChannel, retryChannel } from "../diagnostics.js";
import { ConnectionError, EncodeError, IoTDBError, type EndPoint, type Status, TimeoutError } from "../errors.js";
import type { BaseSession, QueryOptions } from "../session/base-session.js";
import { checkedFetchSize, checkedQueryTimeout, SESSION_DEFAULTS, type SessionOptions, systemZoneId } from "../session/session-options.js";
import { queryRedirectOf } from "../session/query-redirects.js";
import { type ConcurrentOptions, type ItemOutcome, runConcurrent } from "./concurrent.js";
import { EndpointHealth, endpointKey } from "./endpoints.js";
import { PoolTimeoutError } from "./pool-errors.js";
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
  /** From sending (the session in hand) to the outcome, in ms; a query's ends when its data set is there, not when it is read. */
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
  op(session: S): Promise<R>;
  /** Takes over giving the session back (a query: when its data set closes). */
  keep?(result: R, release: () => void): void;
}

/** S: the session class; M: the int64 mode of its sessions, which types query results. */
export abstract class BasePool<S extends BaseSession<Int64Mode>, M extends Int64Mode = "bigint"> {
  protected readonly options: Omit<ResolvedPoolOptions, "session">;
  // The sessions' options hold the password and TLS options: kept in an ES private field, which
  // util.inspect (even with showHidden), JSON.stringify and property walks never see.
  readonly #sessionOptions: ResolvedPoolOptions["session"];
  private readonly createSession: (options: SessionOptions) => S;
  private readonly health: EndpointHealth;
  private readonly routes: RouteCache;
  private readonly pools = new Map<string, EndpointPool<S>>();
  private readonly broken = new WeakSet<S>();
  private readonly requestListeners: ((request: PoolRequest) => void)[] = [];
  private readonly requestEndListeners: ((request: PoolRequestEnd) => void)[] = [];
  private readonly maintenance: NodeJS.Timeout;
  private closing: Promise<void> | undefined;

  constructor(options: PoolOptions<S, M>, createSession: (options: SessionOptions) => S) {
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

  /** Runs a query; its session goes back to the pool when the data set is closed (at the end of iteration, or by close()). */
  executeQueryStatement<Q extends Int64Mode = M>(sql: string, options?: QueryOptions<Q>): Promise<SessionDataSet<Q>> {
    return this.query("executeQueryStatement", (s) => s.executeQueryStatement(sql, options) as Promise<SessionDataSet<Q>>);
  }

  /** A statement that returns no rows; not retried. */
  executeNonQueryStatement(sql: string): Promise<Status> {
    return this.call("executeNonQueryStatement", (s) => s.executeNonQueryStatement(sql));
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
    return runConcurrent(items, (item, index) => this.withSession((s) => fn(s, item, index)), { concurrency, stopOnError: options.stopOnError });
  }

  /** Calls `listener` for every request the pool sends, with the DataNode it goes to, as it is sent (it must not throw). Duration and outcome: onRequestEnd. */
  onRequest(listener: (request: PoolRequest) => void): void {
    this.requestListeners.push(listener);
  }

  /** Calls `listener` for every request the pool sent once it settled: the onRequest fields, its duration and its error, if any (it must not throw). */
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
    if (typeof enabled !== "boolean") throw new RangeError(`enableRedirection must be a boolean, got ${String(enabled)}`);
    this.options.enableRedirection = enabled;
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

  stats(): PoolStats {
    const endpoints = [...this.options.endpoints];
    for (const entry of this.pools.values()) if (!endpoints.some((e) => endpointKey(e) === endpointKey(entry.endpoint))) endpoints.push(entry.endpoint);
    return {
      endpoints: endpoints.map((endpoint) => {
        const entry = this.pools.get(endpointKey(endpoint));
        const sessions = entry?.sessions.stats() ?? { size: 0, idle: 0, borrowed: 0, opening: 0, waiting: 0 };
        return { endpoint, ...sessions, requests: entry?.requests ?? 0, failures: entry?.failures ?? 0, down: this.health.isDown(endpoint) };
      }),
      routes: this.routes.size,
    };
  }

  /** Where inserts for `device` go (a device route learned from redirect hints), if anywhere in particular. */
  routeOf(device: string): EndPoint | undefined {
    return this.options.enableRedirection ? this.routes.get(device) : undefined;
  }

  /**
   * Stops handing out sessions: waiting calls fail with ConnectionError, idle sessions close, and
   * borrowed ones close when they come back (after closeGraceMs, they are closed anyway).
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.maintenance);
      await Promise.all([...this.pools.values()].map((entry) => entry.sessions.close(this.options.closeGraceMs)));
    })();
    return this.closing;
  }

  /** The time zone the pool's sessions open with: the zoneId option or the last setTimeZone, else this machine's zone. */
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
  protected async borrow(method: string): Promise<{ session: S; release(error?: unknown): void }> {
    const lease = this.idleLease(undefined) ?? (await this.lease(undefined));
    this.count(lease, method, undefined);
    return { session: lease.session, release: (error?: unknown) => lease.release(error) };
  }

  /**
   * A last query of one device: sent to the device's route when there is one, and, if that
   * DataNode cannot be reached, retried on the others (the route forgotten), as Java's Session
   * falls back to its default connection; a redirect hint in the answer teaches the device's route.
   */
  protected queryRouted<Q extends Int64Mode>(method: string, device: string | undefined, op: (session: S) => Promise<SessionDataSet<Q>>): Promise<SessionDataSet<Q>> {
    return this.run({
      method,
      devices: device === undefined ? [] : [device],
      target: device === undefined ? undefined : () => this.routeOf(device),
      retry: true,
      op: async (session) => {
        const dataSet = await op(session);
        const hint = queryRedirectOf(dataSet);
        if (device !== undefined && hint !== undefined && this.options.enableRedirection && !this.health.isDown(hint)) this.learnRoute(device, hint, method);
        return dataSet;
      },
      keep: (dataSet, release) => dataSet.onClose(release),
    });
  }

  /** A call on any session; not retried. */
  protected call<R>(method: string, op: (session: S) => Promise<R>): Promise<R> {
    return this.run({ method, retry: false, op });
  }

  /** A query: retried when its connection fails before the data set exists; the session is held until the data set closes. */
  protected query<Q extends Int64Mode>(method: string, op: (session: S) => Promise<SessionDataSet<Q>>): Promise<SessionDataSet<Q>> {
    return this.run({ method, retry: true, op, keep: (dataSet, release) => dataSet.onClose(release) });
  }

  /**
   * An insert of one device (or, for a table tablet, routed by its first row's device): sent to
   * the device's route when there is one; the status's hints update the routes.
   */
  protected insertRouted(method: string, devices: WrittenDevices | undefined, op: (session: S) => Promise<Status>): Promise<Status> {
    const first = devices !== undefined && devices.count > 0 ? devices.device(0) : undefined;
    return this.run({
      method,
      devices: first === undefined ? [] : [first],
      target: first === undefined ? undefined : () => this.routeOf(first),
      retry: true,
      op: (session) => op(session).then((status) => this.learn(method, status, devices)),
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
    deviceOf: (item: I) => string | undefined,
    isSent: (item: I) => boolean,
    send: (session: S, items: readonly I[]) => Promise<Status>,
  ): Promise<Status> {
    // Not an array: the session rejects it (EncodeError) before anything is sent.
    if (!Array.isArray(items)) return this.call(method, (session) => send(session, items));
    const groups = this.groupByRoute(items, deviceOf);
    const parts = await Promise.allSettled(
      groups.map(({ target, indices }) => {
        const part = indices.map((i) => items[i]!);
        const sent = part.filter(isSent);
        const devices = sent.map((item) => deviceOf(item) ?? "");
        return this.run({
          method,
          devices,
          target: target === undefined ? undefined : () => target,
          retry: true,
          op: async (session) => this.learn(method, await send(session, part), { count: sent.length, device: (i) => devices[i]! }),
        });
      }),
    );
    const failure = parts.find((p) => p.status === "rejected");
    if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
    const statuses = parts.map((p) => (p as PromiseFulfilledResult<Status>).value);
    if (statuses.length === 1) return statuses[0]!;
    return mergeParts(items, groups, statuses, isSent);
  }

  private groupByRoute<I>(items: readonly I[], deviceOf: (item: I) => string | undefined): { target: EndPoint | undefined; indices: number[] }[] {
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

  /** Runs the call on a leased session, retrying where the call allows it. */
  private async run<R>(call: Call<S, R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const target = call.target?.();
      const lease = acquireChannel.active ? await this.tracedLease(call.method, target) : (this.idleLease(target) ?? (await this.lease(target)));
      const started = this.requestEndListeners.length > 0 ? performance.now() : -1;
      let result: R;
      try {
        this.count(lease, call.method, call.devices);
        result = await call.op(lease.session);
      } catch (error) {
        if (started >= 0) this.ended(lease, call, started, error);
        lease.release(error);
        if (isUnreachable(error)) this.endpointFailed(lease.endpoint);
        if (!call.retry || attempt >= this.options.maxRetries || this.closing !== undefined || !isRetryable(error)) throw error;
        // A DataNode that did not answer in time is likely hung: trying it again would hold the
        // caller for another timeout, so a timed-out call is retried only while another DataNode is up.
        if (error instanceof TimeoutError && this.options.endpoints.every((e) => this.health.isDown(e))) throw error;
        if (retryChannel.active) retryChannel.publish({ attributes: operationAttributes(call.method, lease.endpoint, this.#sessionOptions.database), attempt, error });
        // A broken connection is retried at once (on another DataNode when one is up); a
        // needRetry answer after the interval, as Java does.
        if (error instanceof IoTDBError) await sleep(this.options.retryIntervalMs);
        continue;
      }
      if (started >= 0) this.ended(lease, call, started, undefined);
      if (call.keep !== undefined) call.keep(result, () => lease.release());
      else lease.release();
      return result;
    }
  }

  /** idleLease() or lease() as one iotdb:pool:acquire operation, on the DataNode the session came from. */
  private tracedLease(method: string, target: EndPoint | undefined): Promise<Lease<S>> {
    const first = target !== undefined && !this.health.isDown(target) ? target : this.health.order(this.options.endpoints)[0]!;
    const context = { attributes: operationAttributes(method, first, this.#sessionOptions.database) };
    return acquireChannel.trace(context, async () => {
      const lease = this.idleLease(target) ?? (await this.lease(target));
      context.attributes["server.address"] = lease.endpoint.host;
      context.attributes["server.port"] = lease.endpoint.port;
      return lease;
    });
  }

  private ended(lease: Lease<S>, call: Call<S, unknown>, started: number, error: unknown): void {
    const end: PoolRequestEnd = { endpoint: lease.endpoint, method: call.method, devices: call.devices ?? [], durationMs: performance.now() - started, error };
    for (const listener of this.requestEndListeners) listener(end);
  }

  /** Sends `device`'s calls to `endpoint` from now on (iotdb:redirect tells subscribers). */
  private learnRoute(device: string, endpoint: EndPoint, method: string): void {
    this.routes.learn(device, endpoint);
    if (redirectChannel.active) redirectChannel.publish({ attributes: operationAttributes(method, endpoint, this.#sessionOptions.database), device, target: endpoint });
  }

  /** lease() when the DataNode it would try first has a session ready at once (the busy pool's usual case), without awaiting. */
  private idleLease(target: EndPoint | undefined): Lease<S> | undefined {
    if (this.closing !== undefined) return undefined;
    const endpoint = target !== undefined && !this.health.isDown(target) ? target : this.health.order(this.options.endpoints)[0]!;
    const entry = this.pools.get(endpointKey(endpoint));
    const session = entry?.sessions.tryAcquire();
    return session === undefined ? undefined : this.leaseOf(entry!, session, endpoint);
  }

  /**
   * A session at the target when it is given and not marked down, else at the first DataNode of
   * nodeUrls that can be reached (those marked down last). Fails fast with a ConnectionError when
   * none can be reached, or with a TimeoutError when none answered in time.
   */
  private async lease(target: EndPoint | undefined): Promise<Lease<S>> {
    let candidates = this.health.order(this.options.endpoints);
    if (target !== undefined && !this.health.isDown(target)) {
      candidates = [target, ...candidates.filter((e) => endpointKey(e) !== endpointKey(target))];
    }
    const failures: string[] = [];
    const timeouts: TimeoutError[] = [];
    for (const endpoint of candidates) {
      if (this.closing !== undefined) throw new ConnectionError("the pool is closed");
      const entry = this.poolAt(endpoint);
      let session: S;
      try {
        session = await entry.sessions.acquire();
      } catch (error) {
        if (!isUnreachable(error) || this.closing !== undefined) throw error;
        this.endpointFailed(endpoint);
        failures.push(`${endpointKey(endpoint)}: ${(error as Error).message}`);
        if (error instanceof TimeoutError) timeouts.push(error);
        continue;
      }
      return this.leaseOf(entry, session, endpoint);
    }
    // Every DataNode tried was there but silent (e.g. frozen): the caller's timeout ran out, and says so.
    if (timeouts.length > 0 && timeouts.length === failures.length) {
      throw new TimeoutError(`no DataNode answered in time (${failures.join("; ")})`, Math.max(...timeouts.map((t) => t.timeoutMs)));
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
          if (options.queryTimeoutMs !== this.#sessionOptions.queryTimeoutMs) session.setQueryTimeout(this.getQueryTimeout());
          this.health.markUp(endpoint);
          return session;
        },
        destroy: (session) => session.close(),
        check: (session) => session.ping(),
        isBroken: (session) => this.broken.has(session) || !session.isOpen || !this.canReuse(session) || this.inOldZone(session),
      },
      { maxSize: o.maxSize, waitTimeoutMs: o.waitTimeoutMs, maxIdleMs: o.maxIdleMs, checkAfterIdleMs: o.healthCheckAfterIdleMs },
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



/** The connection is gone or never came up: the DataNode may be down. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ConnectionError || error instanceof TimeoutError;
}

function isRetryable(error: unknown): boolean {
  return isUnreachable(error) || (error instanceof IoTDBError && error.status.needRetry === true);
}

/** A refusal or bad input leaves the session fine; a lost connection ends it; anything else gets it checked before reuse. */
function releaseState(error: unknown): ReleaseState {
  if (error === undefined || error instanceof IoTDBError || error instanceof EncodeError || error instanceof RangeError || error instanceof PoolTimeoutError) return "ok";
  return isUnreachable(error) ? "discard" : "suspect";
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One status for a split insert: 400 when a part carried hints, one sub-status per input item. */
function mergeParts<I>(items: readonly I[], groups: readonly { indices: readonly number[] }[], statuses: readonly Status[], isSent: (item: I) => boolean): Status {
  const subStatus: Status[] = items.map(() => ({ code: 200 }));
  groups.forEach((group, g) => {
    const sentIndices = group.indices.filter((i) => isSent(items[i]!));
    const sub = statuses[g]!.subStatus;
    if (sub !== undefined && sub.length === sentIndices.length) sentIndices.forEach((i, j) => (subStatus[i] = sub[j]!));
  });
  return { code: statuses.some((s) => s.code === 400) ? 400 : 200, subStatus };
}
