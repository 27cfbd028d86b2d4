// runConcurrent: the concurrency bound, per-item outcomes in input order, stopOnError.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runConcurrent } from "../src/index.js";

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test("never more than `concurrency` operations under way, and all of them used", async () => {
  let running = 0;
  let most = 0;
  const items = Array.from({ length: 40 }, (_, i) => i);
  const outcomes = await runConcurrent(
    items,
    async (item) => {
      running++;
      most = Math.max(most, running);
      await sleep(1 + (item % 3)); // uneven durations: finishing order differs from input order
      running--;
      return item * 2;
    },
    { concurrency: 7 },
  );
  assert.is(most, 7);
  assert.equal(
    outcomes.map((o) => (o.status === "fulfilled" ? o.value : o.status)),
    items.map((i) => i * 2),
  );
  assert.equal(
    outcomes.map((o) => o.index),
    items,
  );
});

test("each failure is that item's outcome; the others still run", async () => {
  const outcomes = await runConcurrent(
    [1, 2, 3, 4, 5],
    async (n) => {
      if (n % 2 === 0) throw new Error(`bad ${n}`);
      return n;
    },
    { concurrency: 2 },
  );
  assert.equal(
    outcomes.map((o) => o.status),
    ["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"],
  );
  const second = outcomes[1]!;
  assert.ok(second.status === "rejected" && (second.reason as Error).message === "bad 2");
});

test("stopOnError: nothing starts after the first failure; items under way finish; the rest are skipped", async () => {
  const started: number[] = [];
  const outcomes = await runConcurrent(
    Array.from({ length: 10 }, (_, i) => i),
    async (n) => {
      started.push(n);
      if (n === 2) throw new Error("boom");
      await sleep(n === 1 ? 30 : 1); // 1 is still under way when 2 fails
      return n;
    },
    { concurrency: 2, stopOnError: true },
  );
  assert.equal(started, [0, 1, 2]);
  assert.equal(
    outcomes.map((o) => o.status),
    ["fulfilled", "fulfilled", "rejected", ...Array(7).fill("skipped")],
  );
});

test("a synchronous throw is an item failure; empty input; bad concurrency is a RangeError", async () => {
  const outcomes = await runConcurrent(
    [1],
    (() => {
      throw new TypeError("sync");
    }) as () => Promise<never>,
    { concurrency: 1 },
  );
  assert.is(outcomes[0]!.status, "rejected");
  assert.equal(await runConcurrent([], async () => 1, { concurrency: 3 }), []);
  for (const concurrency of [0, 1.5, -1, Number.NaN]) {
    try {
      await runConcurrent([1], async () => 1, { concurrency });
      assert.unreachable(`concurrency ${concurrency} accepted`);
    } catch (e) {
      assert.instance(e, RangeError);
    }
  }
});

test.run();
