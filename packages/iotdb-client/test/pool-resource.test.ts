// ResourcePool mechanics with plain fake items (no sockets): the size bound, FIFO waiting with a
// typed timeout, broken items never handed out, health checks before reuse, idle reaping, fill,
// and close.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, PoolTimeoutError } from "../src/index.js";
import { type ResourceLimits, ResourcePool } from "../src/pool/resource-pool.js";

interface Item {
  id: number;
  broken: boolean;
  checks: number;
  destroyed: boolean;
}

class Items {
  readonly made: Item[] = [];
  failNextCreate: Error | undefined;
  failChecks = false;
  createDelayMs = 0;

  hooks = {
    create: async (): Promise<Item> => {
      if (this.createDelayMs > 0) await sleep(this.createDelayMs);
      const failure = this.failNextCreate;
      this.failNextCreate = undefined;
      if (failure) throw failure;
      const item = { id: this.made.length + 1, broken: false, checks: 0, destroyed: false };
      this.made.push(item);
      return item;
    },
    destroy: async (item: Item) => {
      item.destroyed = true;
    },
    check: async (item: Item) => {
      item.checks++;
      if (this.failChecks) throw new ConnectionError("ping failed");
    },
    isBroken: (item: Item) => item.broken,
  };
}

const LIMITS: ResourceLimits = { maxSize: 2, waitTimeoutMs: 5_000, maxIdleMs: 60_000, checkAfterIdleMs: 60_000 };

function pool(items: Items, limits: Partial<ResourceLimits> = {}): ResourcePool<Item> {
  return new ResourcePool(items.hooks, { ...LIMITS, ...limits }, "test pool");
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function outcome<T>(p: Promise<T>): Promise<T | Error> {
  return p.then(
    (v) => v,
    (e: Error) => e,
  );
}

test("never more than maxSize items; a released item serves the waiters first-come first-served", async () => {
  const items = new Items();
  const p = pool(items);
  const a = await p.acquire();
  const b = await p.acquire();
  const order: string[] = [];
  const w1 = p.acquire().then((i) => (order.push(`w1:${i.id}`), i));
  const w2 = p.acquire().then((i) => (order.push(`w2:${i.id}`), i));
  const w3 = p.acquire().then((i) => (order.push(`w3:${i.id}`), i));
  await sleep(10);
  assert.equal(p.stats(), { size: 2, idle: 0, borrowed: 2, opening: 0, waiting: 3 });
  p.release(b);
  p.release(a);
  const [i1, i2] = await Promise.all([w1, w2]);
  assert.equal(order, ["w1:2", "w2:1"], "the first waiter gets the first item returned");
  p.release(i1);
  await w3;
  assert.equal(order[2], "w3:2");
  assert.is(items.made.length, 2, "no third item was ever made");
  p.release(i2);
  await p.close(100);
});

test("a wait longer than waitTimeoutMs fails with PoolTimeoutError, and the timed-out caller takes nothing later", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 1, waitTimeoutMs: 40 });
  const a = await p.acquire();
  const started = Date.now();
  const error = await outcome(p.acquire());
  assert.instance(error, PoolTimeoutError);
  assert.ok(Date.now() - started >= 35, "it waited about waitTimeoutMs");
  assert.is((error as PoolTimeoutError).waitedMs, 40);
  assert.is(p.stats().waiting, 0);
  p.release(a);
  assert.equal(p.stats(), { size: 1, idle: 1, borrowed: 0, opening: 0, waiting: 0 }, "the item idles, nobody holds it");
  assert.is(await p.acquire(), a);
  await p.close(100);
});

test("a broken item is destroyed, never handed out again, and its slot is refilled", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 1 });
  const a = await p.acquire();
  p.release(a);
  a.broken = true; // broke while idle
  const b = await p.acquire();
  assert.is.not(b, a);
  assert.ok(a.destroyed);
  b.broken = true; // broke while borrowed
  const waiting = p.acquire();
  p.release(b);
  const c = await waiting;
  assert.ok(b.destroyed);
  assert.is(c.id, 3);
  p.release(c, "discard");
  assert.ok(c.destroyed, "a discarded item is destroyed");
  assert.is(p.size, 0);
  await p.close(100);
});

test("health checks: after checkAfterIdleMs idle, and after a suspect release; a failed check replaces the item", async () => {
  const items = new Items();
  const p = pool(items, { checkAfterIdleMs: 30 });
  const a = await p.acquire();
  p.release(a);
  assert.is(await p.acquire(), a);
  assert.is(a.checks, 0, "no check right after use");
  p.release(a);
  await sleep(50);
  assert.is(await p.acquire(), a);
  assert.is(a.checks, 1, "checked after idling checkAfterIdleMs");
  p.release(a, "suspect");
  assert.is(await p.acquire(), a);
  assert.is(a.checks, 2, "checked after a suspect release");
  p.release(a, "suspect");
  items.failChecks = true;
  const b = await p.acquire();
  assert.is.not(b, a, "the item that failed its check was replaced");
  assert.ok(a.destroyed);
  assert.is(b.checks, 0, "a new item is not checked");
  p.release(b);
  await p.close(100);
});

test("a failed create rejects only the caller that needed it and frees its slot", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 1 });
  items.failNextCreate = new ConnectionError("refused");
  const error = await outcome(p.acquire());
  assert.instance(error, ConnectionError);
  assert.is(p.size, 0);
  const a = await p.acquire();
  assert.is(a.id, 1);
  p.release(a);
  await p.close(100);
});

test("reap closes items idle for maxIdleMs but keeps `keep`; broken idle items go regardless", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 3, maxIdleMs: 30 });
  await p.fill(3);
  assert.equal(p.stats().idle, 3);
  p.reap(0);
  assert.is(p.size, 3, "not idle long enough yet");
  await sleep(50);
  p.reap(1);
  assert.is(p.size, 1, "reaped down to keep");
  assert.is(items.made.filter((i) => i.destroyed).length, 2);
  items.made.find((i) => !i.destroyed)!.broken = true;
  p.reap(1);
  assert.is(p.size, 0, "a broken item is reaped even below keep");
  await p.close(100);
});

test("reuse takes the most recently returned item, so a busy pool keeps using one and the others can idle out", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 3 });
  const [a, b, c] = [await p.acquire(), await p.acquire(), await p.acquire()];
  p.release(a);
  p.release(c);
  p.release(b);
  for (let i = 0; i < 3; i++) {
    const item = await p.acquire();
    assert.is(item, b);
    p.release(item);
  }
  await p.close(100);
});

test("fill opens up to the count (never past maxSize) and reports a failure", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 2 });
  await p.fill(5);
  assert.is(p.size, 2);
  const q = pool(items, { maxSize: 2 });
  items.failNextCreate = new ConnectionError("refused");
  const error = await outcome(q.fill(2));
  assert.instance(error, ConnectionError);
  assert.is(q.size, 1, "the item that did open stays");
  await p.close(100);
  await q.close(100);
});

test("close: waiters fail with ConnectionError, idle items close at once, borrowed ones when they come back", async () => {
  const items = new Items();
  const p = pool(items, { maxSize: 2 });
  const a = await p.acquire();
  const b = await p.acquire();
  p.release(b);
  const held = await p.acquire(); // b again
  const waiter = outcome(p.acquire());
  const closing = p.close(5_000);
  const error = await waiter;
  assert.instance(error, ConnectionError);
  assert.match((error as Error).message, "closed");
  let closed = false;
  void closing.then(() => (closed = true));
  await sleep(20);
  assert.not.ok(closed, "close waits for the borrowed items");
  p.release(a);
  p.release(held);
  await closing;
  assert.ok(a.destroyed && held.destroyed);
  assert.instance(await outcome(p.acquire()), ConnectionError);
});

test("close: a borrowed item still out after the grace period is closed anyway", async () => {
  const items = new Items();
  const p = pool(items);
  const a = await p.acquire();
  const started = Date.now();
  await p.close(40);
  assert.ok(Date.now() - started >= 35);
  assert.ok(a.destroyed);
  p.release(a); // late: ignored
  assert.is(p.size, 0);
});

test("a caller that times out while its item is being created leaves the item to the next caller", async () => {
  const items = new Items();
  items.createDelayMs = 60;
  const p = pool(items, { maxSize: 1, waitTimeoutMs: 20 });
  assert.instance(await outcome(p.acquire()), PoolTimeoutError);
  await sleep(80);
  assert.equal(p.stats(), { size: 1, idle: 1, borrowed: 0, opening: 0, waiting: 0 });
  items.createDelayMs = 0;
  const a = await p.acquire();
  assert.is(a.id, 1);
  assert.is(items.made.length, 1);
  p.release(a);
  await p.close(100);
});

test.run();
