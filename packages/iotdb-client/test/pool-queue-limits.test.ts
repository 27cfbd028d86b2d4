// Where group commit meets the pool's other limits, against a fake DataNode: an insert waiting in
// a group-commit queue rejects with a PoolTimeoutError once it waited waitTimeoutMs (saying it was
// not sent), whenever the lease it waits behind started; a pool insert's `{ signal }` takes it out
// of the queue (nothing sent) or, once sent alone or merged, rejects its caller at once while the
// request completes for the others; and group-committed requests publish iotdb:pool:acquire and
// iotdb:retry as run()'s calls do, with one onRequestEnd per request.
import dc from "node:diagnostics_channel";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  AbortError,
  IOTDB_CHANNELS,
  OptionError,
  type IoTDBEventMessage,
  type IoTDBTraceContext,
  PoolTimeoutError,
  type PoolRequestEnd,
  SessionPool,
  TableSessionPool,
} from "../src/index.js";
import { base, breakFirst, FakeIoTDB, ok, record, rejection, until, url } from "./helpers/pool-fakes.js";

const at = (deviceId: string, time: number) => ({ ...record(deviceId), time });

/** Devices of every insert request the fake received, one string per request. */
function sent(fake: FakeIoTDB): string[] {
  return fake.received
    .filter((r) => r.method.startsWith("insert"))
    .map((r) => {
      const req = r.args[0] as { prefixPath?: string; prefixPaths?: string[] };
      return `${r.method} ${req.prefixPath ?? req.prefixPaths!.join(",")}`;
    });
}

/**
 * A pool of one session whose first insert (root.q.hold) the fake holds until `free()`; later
 * requests of `method` are held too while `holdMore` is set (release them with `freeMore()`).
 */
async function busyPool(options: { waitTimeoutMs?: number; groupCommit?: boolean } = {}) {
  const fake = await FakeIoTDB.start();
  const gates: (() => void)[] = [];
  let holdAll = true;
  const hold = () => (holdAll ? new Promise<void>((r) => gates.push(r)).then(() => ok()) : ok());
  fake.handler.insertRecord = hold;
  fake.handler.insertRecords = hold;
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1, ...options });
  const holding = pool.insertRecord(at("root.q.hold", 1));
  assert.ok(await until(() => gates.length === 1), "the held insert reached the fake");
  return {
    fake,
    pool,
    holding,
    /**
     * Answers every request held so far; later ones are held until the next call (or answered at once with
     * `stopHolding`).
     */
    free: (stopHolding = true) => {
      if (stopHolding) holdAll = false;
      for (const gate of gates.splice(0)) gate();
    },
    held: () => gates.length,
    close: async () => {
      holdAll = false;
      for (const gate of gates.splice(0)) gate();
      await pool.close();
      await fake.close();
    },
  };
}

test("an insert queued after the queue's lease started still rejects once it waited waitTimeoutMs: PoolTimeoutError, not sent", async () => {
  const { fake, pool, close } = await busyPool({ waitTimeoutMs: 300 });
  try {
    const first = rejection(pool.insertRecord(at("root.q.a", 1))); // starts the queue's lease (its timer: 300 ms)
    await new Promise((r) => setTimeout(r, 20));
    const made = performance.now();
    // Queued after the lease started: its timer does not cover it. Before the fix it waited for
    // the next lease (started at ~300 ms) to expire too: ~580 ms.
    const late = await rejection(pool.insertRecord(at("root.q.b", 2)));
    const waited = performance.now() - made;
    assert.instance(late, PoolTimeoutError);
    assert.match(late.message, "was not sent: nothing of it was written");
    assert.is((late as PoolTimeoutError).waitedMs, 300);
    assert.ok(
      waited >= 290 && waited < 450,
      `the late insert waited ${waited.toFixed(0)} ms, about waitTimeoutMs (300)`,
    );
    const early = await first;
    assert.instance(early, PoolTimeoutError);
    assert.match(early.message, "waited in the group-commit queue and was not sent");
    assert.equal(sent(fake), ["insertRecord root.q.hold"], "neither was sent");
    assert.is(pool.stats().endpoints[0]!.waiting, 0);
  } finally {
    await close();
  }
});

test("a queued insert aborted: AbortError, taken out of the queue (never sent); the others go out", async () => {
  const { fake, pool, free, close } = await busyPool();
  try {
    const controller = new AbortController();
    const calls = [
      pool.insertRecord(at("root.q.a", 1)),
      pool.insertRecord(at("root.q.b", 2), { signal: controller.signal }),
      pool.insertRecord(at("root.q.c", 3)),
    ];
    const aborted = rejection(calls[1]!);
    controller.abort(new Error("stop"));
    const error = await aborted;
    assert.instance(error, AbortError);
    assert.is((error.cause as Error).message, "stop");
    assert.is(pool.stats().endpoints[0]!.waiting, 2, "only the two others wait");
    free();
    assert.equal(
      (await Promise.all([calls[0], calls[2]])).map((s) => s!.code),
      [200, 200],
    );
    assert.equal(
      sent(fake),
      ["insertRecord root.q.hold", "insertRecords root.q.a,root.q.c"],
      "the aborted insert was never sent",
    );
  } finally {
    await close();
  }
});

test("aborted once sent merged: the caller rejects at once, the merged request completes, the other callers resolve", async () => {
  const { fake, pool, free, held, close } = await busyPool();
  try {
    const controller = new AbortController();
    const mine = pool.insertRecord(at("root.q.b", 2), { signal: controller.signal });
    const others = [pool.insertRecord(at("root.q.a", 1)), pool.insertRecord(at("root.q.c", 3))];
    free(false); // the held insert answers; the merged request goes out and is held
    assert.ok(await until(() => held() === 1), "the merged request reached the fake");
    let error: unknown;
    mine.catch((e: unknown) => (error = e));
    controller.abort();
    assert.ok(
      await until(() => error !== undefined, 500),
      "the caller rejected while the merged request was still held",
    );
    assert.instance(error, AbortError);
    free();
    assert.equal(
      (await Promise.all(others)).map((s) => s.code),
      [200, 200],
    );
    assert.equal(
      sent(fake),
      ["insertRecord root.q.hold", "insertRecords root.q.b,root.q.a,root.q.c"],
      "one merged request, sent once",
    );
    assert.is((await pool.insertRecord(at("root.q.d", 4))).code, 200, "the session serves again");
  } finally {
    await close();
  }
});

test("aborted once sent alone, and with group commit off while waiting for a session: AbortError; already aborted: nothing sent", async () => {
  for (const groupCommit of [true, false]) {
    const { fake, pool, holding, free, close } = await busyPool({ groupCommit });
    try {
      const controller = new AbortController();
      // Group commit off: the insert waits for a session in the pool's line (run()).
      const waiting = pool.insertRecord(at("root.q.w", 2), { signal: controller.signal });
      controller.abort();
      assert.instance(await rejection(waiting), AbortError, `groupCommit ${groupCommit}: the waiting insert`);
      assert.instance(
        await rejection(pool.insertRecords([at("root.q.x", 3)], { signal: AbortSignal.abort() })),
        AbortError,
      );
      assert.instance(await rejection(pool.insertRecord(at("root.q.y", 3), { signal: 5 as never })), OptionError);
      free(false);
      await holding;
      const late = new AbortController();
      const alone = pool.insertRecord(at("root.q.z", 4), { signal: late.signal });
      assert.ok(await until(() => held() === 1), "sent alone and held");
      let error: unknown;
      alone.catch((e: unknown) => (error = e));
      late.abort();
      assert.ok(
        await until(() => error !== undefined, 500),
        `groupCommit ${groupCommit}: the caller rejected while its request was still held`,
      );
      assert.instance(error, AbortError, `groupCommit ${groupCommit}: aborted once sent`);
      free();
      assert.ok(await until(() => sent(fake).length === 2));
      assert.equal(
        sent(fake),
        ["insertRecord root.q.hold", "insertRecord root.q.z"],
        `groupCommit ${groupCommit}: only the held and the sent one`,
      );
      assert.is((await pool.insertRecord(at("root.q.d", 5))).code, 200, "the session serves again");
    } finally {
      await close();
    }
    function held() {
      return fake.received.filter((r) => r.method === "insertRecord").length - 1;
    }
  }
});

test("TableSessionPool.insert takes { signal }: already aborted, nothing is sent", async () => {
  const fake = await FakeIoTDB.start();
  const pool = new TableSessionPool({ ...base, nodeUrls: [url(fake)], database: "db1" });
  try {
    const tablet = {
      schema: {
        target: "t1",
        columns: [
          { name: "dev", type: "STRING" as const, category: "TAG" as const },
          { name: "v", type: "INT64" as const },
        ],
      },
      timestamps: [1],
      values: [["a"], [1n]],
    };
    assert.instance(await rejection(pool.insert(tablet, { signal: AbortSignal.abort() })), AbortError);
    assert.is((await pool.insert(tablet)).code, 200);
    assert.equal(fake.calls("insertTablet").length, 1, "only the insert without an aborted signal was sent");
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("group-committed requests: iotdb:pool:acquire for the queue's lease, one iotdb:retry per caller retried, one onRequestEnd per request", async () => {
  const { fake, pool, free, close } = await busyPool();
  const acquired: string[] = [];
  const retries: IoTDBEventMessage[] = [];
  const acquire = dc.tracingChannel<unknown, IoTDBTraceContext>(IOTDB_CHANNELS.poolAcquire);
  const none = () => {};
  const handlers = {
    start: none,
    end: none,
    asyncStart: none,
    error: none,
    asyncEnd: (c: IoTDBTraceContext) => void acquired.push(c.attributes["db.operation.name"]),
  };
  const onRetry = (m: unknown) => retries.push(m as IoTDBEventMessage);
  const ends: PoolRequestEnd[] = [];
  pool.onRequestEnd((e) => ends.push(e));
  acquire.subscribe(handlers);
  dc.subscribe(IOTDB_CHANNELS.retry, onRetry);
  try {
    breakFirst(fake, "insertRecords");
    const calls = [
      pool.insertRecord(at("root.q.a", 1)),
      pool.insertRecord(at("root.q.b", 2)),
      pool.insertRecord(at("root.q.c", 3)),
    ];
    free();
    assert.equal(
      (await Promise.all(calls)).map((s) => s.code),
      [200, 200, 200],
    );
    assert.equal(
      retries.map((r) => `${r.attributes["db.operation.name"]} ${r.attempt}`).sort(),
      ["insertRecord 0", "insertRecord 0", "insertRecord 0"],
      "one retry event per caller of the broken request",
    );
    assert.ok(retries.every((r) => r.error !== undefined && r.attributes["server.port"] === fake.port));
    assert.ok(
      acquired.length >= 2 && acquired.every((m) => m.startsWith("insert")),
      `acquires: ${acquired.join(", ")}`,
    );
    const requests = sent(fake);
    assert.equal(
      requests.slice(1),
      ["insertRecords root.q.a,root.q.b,root.q.c", "insertRecords root.q.a,root.q.b,root.q.c"],
      "merged, broken, merged again",
    );
    assert.is(
      ends.length,
      requests.length - 1,
      `one onRequestEnd per request sent after the listener was added: ${requests.join("; ")}`,
    );
    assert.ok(
      ends.some((e) => e.error !== undefined),
      "the broken request ended with its error",
    );
  } finally {
    acquire.unsubscribe(handlers);
    dc.unsubscribe(IOTDB_CHANNELS.retry, onRetry);
    await close();
  }
});

test.run();
