// A bounded pool of one kind of resource (the sessions of one DataNode): at most maxSize exist
// (idle, borrowed, or being opened or checked); callers beyond that wait in FIFO order for up to
// waitTimeoutMs. An idle item is health-checked before reuse when it idled checkAfterIdleMs or
// more, or when its last use failed unexpectedly; one that fails the check, or is broken, is
// destroyed and never handed out again; a check that timed out fails its caller with the
// TimeoutError rather than making it wait on the same silent server again. reap() closes items
// idle for maxIdleMs (POOL_MAX_IDLE_TIME).
import { abortError } from "../abort.js";
import { ConnectionError, timedOut } from "../errors.js";
import { PoolTimeoutError } from "./pool-errors.js";

export interface ResourceHooks<T> {
  /** Opens a new item; a rejection goes to the caller that needed it. */
  create(): Promise<T>;
  destroy(item: T): Promise<void>;
  /** Health check before reuse; a rejection means the item is discarded. */
  check(item: T): Promise<void>;
  /** True once the item can no longer be used (e.g. its connection broke). */
  isBroken(item: T): boolean;
}

export interface ResourceLimits {
  maxSize: number;
  waitTimeoutMs: number;
  maxIdleMs: number;
  checkAfterIdleMs: number;
}

export interface ResourceStats {
  /** Every item: idle + borrowed + opening. */
  size: number;
  idle: number;
  borrowed: number;
  /** Being opened or health-checked. */
  opening: number;
  /** Callers waiting for an item. */
  waiting: number;
}

/** How an item comes back: fine, to be checked before reuse, or to be destroyed. */
export type ReleaseState = "ok" | "suspect" | "discard";

interface IdleItem<T> {
  item: T;
  since: number;
  suspect: boolean;
}

interface Waiter<T> {
  resolve(item: T): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

export class ResourcePool<T> {
  /** Oldest first; reuse takes the most recently returned, so the others can idle out. */
  private readonly idle: IdleItem<T>[] = [];
  private readonly borrowed = new Set<T>();
  private readonly waiters: Waiter<T>[] = [];
  /** Creates, checks and destroys under way; close() waits for them. */
  private readonly work = new Set<Promise<unknown>>();
  private opening = 0;
  private closed = false;
  private onDrained: (() => void) | undefined;

  constructor(
    private readonly hooks: ResourceHooks<T>,
    private readonly limits: ResourceLimits,
    private readonly label: string,
  ) {}

  get size(): number {
    return this.idle.length + this.borrowed.size + this.opening;
  }

  stats(): ResourceStats {
    return {
      size: this.size,
      idle: this.idle.length,
      borrowed: this.borrowed.size,
      opening: this.opening,
      waiting: this.waiters.length,
    };
  }

  /**
   * An item for exclusive use until release(); waits in line when maxSize are out. Aborting `signal` leaves the line
   * with an AbortError.
   */
  acquire(signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(this.closedError());
    if (signal?.aborted === true) return Promise.reject(abortError(signal, `${this.label}: waiting for a session`));
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = { resolve, reject, settled: false, timer: undefined! };
      if (signal !== undefined) {
        const onAbort = () => this.leave(waiter, abortError(signal, `${this.label}: waiting for a session`));
        signal.addEventListener("abort", onAbort, { once: true });
        waiter.resolve = (item) => {
          signal.removeEventListener("abort", onAbort);
          resolve(item);
        };
        waiter.reject = (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        };
      }
      waiter.timer = setTimeout(() => this.expire(waiter), this.limits.waitTimeoutMs);
      this.waiters.push(waiter);
      this.dispatch();
    });
  }

  /**
   * An idle item handed out at once, when the next one is ready without a health check and nobody
   * waits before the caller; else undefined (acquire() then waits, checks or opens as usual). Spares
   * a busy pool the promise and wait timer of acquire() on every call.
   */
  tryAcquire(): T | undefined {
    if (this.closed || this.waiters.length > 0) return undefined;
    const entry = this.idle[this.idle.length - 1];
    if (
      entry === undefined ||
      entry.suspect ||
      Date.now() - entry.since >= this.limits.checkAfterIdleMs ||
      this.hooks.isBroken(entry.item)
    )
      return undefined;
    this.idle.pop();
    this.borrowed.add(entry.item);
    return entry.item;
  }

  /** Gives a borrowed item back; it goes to the first waiter, or idles. Releasing twice is a no-op. */
  release(item: T, state: ReleaseState = "ok"): void {
    if (!this.borrowed.delete(item)) return;
    if (this.closed || state === "discard" || this.hooks.isBroken(item)) this.destroy(item);
    else this.idle.push({ item, since: Date.now(), suspect: state === "suspect" });
    this.dispatch();
    if (this.borrowed.size === 0) this.onDrained?.();
  }

  /** Calls `fn` for every open item, idle or borrowed (a setting changed for all of them). */
  forEachOpen(fn: (item: T) => void): void {
    for (const entry of this.idle) fn(entry.item);
    for (const item of this.borrowed) fn(item);
  }

  /** Every idle item gets a health check before its next use (its endpoint just failed). */
  suspectIdle(): void {
    for (const entry of this.idle) entry.suspect = true;
  }

  /** Destroys broken idle items, and items idle for maxIdleMs or more while the pool holds more than `keep`. */
  reap(keep: number): void {
    const now = Date.now();
    for (let i = 0; i < this.idle.length; ) {
      const entry = this.idle[i]!;
      if (this.hooks.isBroken(entry.item) || (now - entry.since >= this.limits.maxIdleMs && this.size > keep)) {
        this.idle.splice(i, 1);
        this.destroy(entry.item);
      } else {
        i++;
      }
    }
  }

  /**
   * Opens idle items until the pool holds `count` (at most maxSize); rejects with the first failure, keeping what
   * opened.
   */
  async fill(count: number): Promise<void> {
    const missing = Math.min(count, this.limits.maxSize) - this.size;
    const opened = await Promise.allSettled(Array.from({ length: Math.max(0, missing) }, () => this.openIdle()));
    const failure = opened.find((r) => r.status === "rejected");
    if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
  }

  /**
   * Rejects the waiters, destroys idle items, waits up to graceMs for borrowed items to come back
   * (they are destroyed as they do), then destroys the rest. Resolves once all of it finished.
   */
  async close(graceMs: number): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) this.fail(waiter, this.closedError());
    for (const entry of this.idle.splice(0)) this.destroy(entry.item);
    if (this.borrowed.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.onDrained = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
    }
    for (const item of this.borrowed) this.destroy(item);
    this.borrowed.clear();
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  /** Serves waiters in order: an idle item (checked first when due), else a new one while below maxSize. */
  private dispatch(): void {
    while (this.waiters.length > 0 && !this.closed) {
      const entry = this.idle.pop();
      if (entry !== undefined) {
        if (this.hooks.isBroken(entry.item)) {
          this.destroy(entry.item);
          continue;
        }
        const waiter = this.waiters.shift()!;
        if (entry.suspect || Date.now() - entry.since >= this.limits.checkAfterIdleMs)
          this.checkFor(waiter, entry.item);
        else this.hand(waiter, entry.item);
      } else if (this.size < this.limits.maxSize) {
        this.openFor(this.waiters.shift()!);
      } else {
        break;
      }
    }
  }

  private hand(waiter: Waiter<T>, item: T): void {
    if (this.closed) {
      this.destroy(item);
      this.fail(waiter, this.closedError());
    } else if (waiter.settled) {
      // It timed out while its item was being opened or checked: the item serves the next one.
      this.idle.push({ item, since: Date.now(), suspect: false });
      this.dispatch();
    } else {
      waiter.settled = true;
      clearTimeout(waiter.timer);
      this.borrowed.add(item);
      waiter.resolve(item);
    }
  }

  private openFor(waiter: Waiter<T>): void {
    this.opening++;
    this.track(
      this.hooks.create().then(
        (item) => {
          this.opening--;
          this.hand(waiter, item);
        },
        (error: Error) => {
          this.opening--;
          this.fail(waiter, error);
          this.dispatch();
        },
      ),
    );
  }

  private checkFor(waiter: Waiter<T>, item: T): void {
    this.opening++;
    this.track(
      this.hooks.check(item).then(
        () => {
          this.opening--;
          this.hand(waiter, item);
        },
        (error: unknown) => {
          this.opening--;
          this.destroy(item);
          if (this.closed) {
            this.fail(waiter, this.closedError());
          } else if (timedOut(error)) {
            // The other side did not answer in time: another item (or a new one) would wait on it again.
            this.fail(waiter, error);
            this.dispatch();
          } else {
            // Still first in line: it gets the next idle item or a new one.
            if (!waiter.settled) this.waiters.unshift(waiter);
            this.dispatch();
          }
        },
      ),
    );
  }

  private async openIdle(): Promise<void> {
    this.opening++;
    let item: T;
    try {
      item = await this.track(this.hooks.create());
    } finally {
      this.opening--;
    }
    if (this.closed) this.destroy(item);
    else this.idle.push({ item, since: Date.now(), suspect: false });
    this.dispatch();
  }

  /**
   * A waiter gives up (aborted): out of the line; an item being opened or checked for it goes to the next waiter or
   * idles (hand()).
   */
  private leave(waiter: Waiter<T>, error: Error): void {
    if (waiter.settled) return;
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    this.fail(waiter, error);
  }

  private expire(waiter: Waiter<T>): void {
    if (waiter.settled) return;
    waiter.settled = true;
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    const ms = this.limits.waitTimeoutMs;
    waiter.reject(
      new PoolTimeoutError(
        `${this.label}: no session became free within ${ms} ms (maxSize ${this.limits.maxSize}, all in use)`,
        ms,
      ),
    );
  }

  private fail(waiter: Waiter<T>, error: Error): void {
    if (waiter.settled) return;
    waiter.settled = true;
    clearTimeout(waiter.timer);
    waiter.reject(error);
  }

  private destroy(item: T): void {
    this.track(this.hooks.destroy(item).catch(() => {}));
  }

  private track<P>(promise: Promise<P>): Promise<P> {
    this.work.add(promise);
    const untrack = () => this.work.delete(promise);
    promise.then(untrack, untrack);
    return promise;
  }

  private closedError(): ConnectionError {
    return new ConnectionError(`${this.label}: the pool is closed`);
  }
}
