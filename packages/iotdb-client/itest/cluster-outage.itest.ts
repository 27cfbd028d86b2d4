// A server stopped mid-run with calls in flight: the DataNode hangs (SIGSTOP) while writers keep
// calling, so their calls are pending, then it is killed. A pool that can only reach that
// DataNode fails the pending calls fast with ConnectionError (not after the request timeout),
// fails every call during the outage fast too, and writes again, with no new pool, once the
// DataNode is back. Nothing acknowledged is lost: per device, acknowledged <= stored <= attempted
// (a call that failed may have been written before the connection broke).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, SessionPool } from "../src/index.js";
import { countPoints, openSessionAt, poolOptions, testCluster } from "./cluster-env.js";
import { setup, uniqueName } from "./env.js";

const cluster = testCluster("cluster-outage.itest.ts");
const DB = `root.${uniqueName("zw_outage")}`;
const WRITERS = 4;
const ROWS = 200;
const DEVICES = Array.from({ length: WRITERS }, (_, w) => `${DB}.w${w}`);
/** The DataNode that goes down; the checks read through another one. */
const VICTIM = 2;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Failure {
  startedAt: number;
  failedAt: number;
  error: unknown;
}

if (cluster !== undefined) {
  let stopped = false;

  test.before(
    setup(async () => {
      const session = await openSessionAt(cluster.nodes[0]!);
      try {
        await session.createDatabase(DB);
        // Its data region exists before the outage (regions cannot be created with a DataNode down).
        await session.insertRecord({
          deviceId: `${DB}.warm`,
          time: 0,
          measurements: ["s"],
          types: ["INT64"],
          values: [0n],
        });
      } finally {
        await session.close();
      }
    }),
  );

  test.after(async () => {
    if (stopped) await cluster.handle.startDataNode(VICTIM);
  });

  test("pending calls fail fast with ConnectionError, calls during the outage too, and the same pool writes again once the DataNode is back", async () => {
    // requestTimeoutMs 30 s: a pending call that failed within a second did not wait for it.
    const pool = new SessionPool(
      poolOptions({ nodeUrls: [cluster.urls[VICTIM]!], maxSize: WRITERS, enableRedirection: false }),
    );
    const acked = new Map(DEVICES.map((d) => [d, 0]));
    const attempted = new Map(DEVICES.map((d) => [d, 0]));
    const failures: Failure[] = [];
    let ackedSinceBack = 0;
    let backAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const writer = async (device: string) => {
      for (let batch = 0; !stop; batch++) {
        const times = BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(batch * ROWS + i));
        const startedAt = Date.now();
        attempted.set(device, attempted.get(device)! + ROWS);
        try {
          await pool.insertTablet({
            schema: { target: device, columns: [{ name: "s", type: "INT64" as const }] },
            timestamps: times,
            values: [times],
          });
          acked.set(device, acked.get(device)! + ROWS);
          if (startedAt > backAt) ackedSinceBack += ROWS;
        } catch (error) {
          failures.push({ startedAt, failedAt: Date.now(), error });
          await sleep(100);
        }
      }
    };
    try {
      const writers = DEVICES.map(writer);
      await sleep(2_000);
      const ackedBefore = [...acked.values()].reduce((a, b) => a + b, 0);
      stopped = true;
      cluster.handle.pauseDataNode(VICTIM);
      await sleep(1_000); // every writer is now waiting for an answer
      const stopAt = Date.now();
      await cluster.handle.stopDataNode(VICTIM, "SIGKILL");
      const downAt = Date.now();
      await sleep(1_500);
      const inOutage = failures.length;

      const restartAt = Date.now();
      await cluster.handle.startDataNode(VICTIM);
      stopped = false;
      backAt = Date.now();
      const deadline = Date.now() + 20_000;
      while (ackedSinceBack < WRITERS * ROWS * 3 && Date.now() < deadline) await sleep(100);
      stop = true;
      await Promise.all(writers);

      const pending = failures.filter((f) => f.startedAt < stopAt);
      const duringOutage = failures.filter((f) => f.startedAt >= downAt && f.startedAt < restartAt);
      console.log(
        `  outage: ${ackedBefore} points acknowledged before the stop; stop took ${downAt - stopAt} ms; ` +
          `${pending.length} pending calls failed, the last ${Math.max(...pending.map((f) => f.failedAt - stopAt))} ms after the kill; ` +
          `${duringOutage.length} calls during the outage failed in at most ${Math.max(...duringOutage.map((f) => f.failedAt - f.startedAt))} ms; ` +
          `back ${backAt - restartAt} ms after the restart began; ${ackedSinceBack} points acknowledged since`,
      );
      assert.ok(ackedBefore > 0, "writing had started");
      assert.ok(inOutage > 0, "calls failed while the DataNode was down");
      for (const f of failures)
        assert.instance(f.error, ConnectionError, `a failure during the outage: ${String(f.error)}`);
      assert.is(pending.length, WRITERS, "every writer had a call pending when the DataNode was killed");
      for (const f of pending)
        assert.ok(f.failedAt - stopAt < 1_000, `a pending call failed ${f.failedAt - stopAt} ms after the kill`);
      assert.ok(duringOutage.length > 0);
      for (const f of duringOutage)
        assert.ok(
          f.failedAt - f.startedAt < 1_000,
          `a call during the outage took ${f.failedAt - f.startedAt} ms to fail`,
        );
      assert.ok(
        ackedSinceBack >= WRITERS * ROWS * 3,
        `the pool wrote again after the restart (${ackedSinceBack} points)`,
      );
      assert.ok(pool.stats().endpoints[0]!.size <= WRITERS, "broken sessions were replaced, not added");

      const session = await openSessionAt(cluster.nodes[0]!);
      try {
        const counts = await countPoints(session, DEVICES);
        for (const d of DEVICES) {
          const stored = Number(counts.get(d));
          assert.ok(
            stored >= acked.get(d)! && stored <= attempted.get(d)!,
            `${d}: acknowledged ${acked.get(d)} <= stored ${stored} <= attempted ${attempted.get(d)}`,
          );
        }
      } finally {
        await session.close();
      }
    } finally {
      stop = true;
      await pool.close();
    }
  });
}

test.run();
