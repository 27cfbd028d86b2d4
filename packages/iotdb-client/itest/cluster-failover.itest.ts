// A pool keeps writing when a DataNode of the 3-DataNode cluster is killed (SIGKILL) under load:
// routes to it are dropped, its broken sessions discarded, calls in flight retried elsewhere,
// and every acknowledged point is there afterwards (count per device = points acknowledged).
// The cluster keeps every region on all three DataNodes with majority (Ratis) commits
// (cluster-env.ts), so no region becomes unavailable with one down, and the count is taken while
// it is still down. The DataNode is restarted at the end.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionPool } from "../src/index.js";
import { countPoints, keyOf, openSessionAt, poolOptions, testCluster } from "./cluster-env.js";
import { setup, uniqueName } from "./env.js";

const cluster = testCluster("cluster-failover.itest.ts");
const DATABASES = Array.from({ length: 4 }, (_, i) => `root.${uniqueName(`zw_failover_${i}`)}`);
const WRITERS = 8;
const ROWS = 100;
const DEVICES = Array.from({ length: WRITERS }, (_, w) => `${DATABASES[w % DATABASES.length]}.w${w}`);
const WARM_UP_MS = 2_000;
const WRITE_AFTER_KILL_MS = 6_000;
/** A writer retries its tablet until it is acknowledged, for at most this long. */
const GIVE_UP_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

if (cluster !== undefined) {
  let killed: number | undefined;

  test.before(
    setup(async () => {
      const started = Date.now();
      const session = await openSessionAt(cluster.nodes[0]!);
      try {
        for (const db of DATABASES) {
          await session.createDatabase(db);
          // Creates the database's data region now: regions cannot be created while a DataNode is down.
          await session.insertRecord({
            deviceId: `${db}.warm`,
            time: 0,
            measurements: ["s"],
            types: ["INT64"],
            values: [0n],
          });
        }
      } finally {
        await session.close();
      }
      console.log(
        `  failover: ${DATABASES.length} databases and their regions created in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }),
  );

  test.after(async () => {
    if (killed === undefined) return;
    const started = Date.now();
    await cluster.handle.startDataNode(killed);
    console.log(
      `  failover: DataNode ${cluster.urls[killed]} restarted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  test("writers keep going through a DataNode killed mid-run; every acknowledged point is stored", async () => {
    // The killed DataNode stays marked down for the whole test (the default mark is 10 s): once a
    // mark expires the pool may learn a surviving node's hint to it again, which that node may
    // give until the cluster has noticed the loss (our reading of one failure of this check in a
    // full run on a heavily loaded machine, not confirmed). With the mark held, "no route leads
    // to it" checks only what the pool decides.
    const pool = new SessionPool(poolOptions({ nodeUrls: cluster.urls, maxSize: 8, endpointDownMs: 120_000 }));
    const acked = new Map(DEVICES.map((d) => [d, 0]));
    const errors: string[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    let ackedAfterKill = 0;
    let stop = false;
    const writer = async (device: string) => {
      for (let batch = 0; !stop; batch++) {
        const times = BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(batch * ROWS + i));
        const tablet = {
          schema: { target: device, columns: [{ name: "s", type: "INT64" as const }] },
          timestamps: times,
          values: [times],
        };
        const deadline = Date.now() + GIVE_UP_MS;
        for (;;) {
          try {
            await pool.insertTablet(tablet);
            break;
          } catch (e) {
            errors.push(`${device}: ${(e as Error).name}: ${(e as Error).message}`);
            if (Date.now() > deadline)
              throw new Error(
                `${device}: batch ${batch} not acknowledged within ${GIVE_UP_MS} ms; last error: ${(e as Error).message}`,
                { cause: e },
              );
            await sleep(200);
          }
        }
        acked.set(device, acked.get(device)! + ROWS);
        if (Date.now() > killedAt) ackedAfterKill += ROWS;
      }
    };
    try {
      const writers = DEVICES.map(writer);
      await sleep(WARM_UP_MS);
      // The victim: the DataNode most devices are routed to (the default one if none is).
      const routed = DEVICES.map((d) => keyOf(pool.routeOf(d) ?? cluster.nodes[0]!));
      const victimKey = [...new Set(routed)].sort(
        (a, b) => routed.filter((k) => k === b).length - routed.filter((k) => k === a).length,
      )[0]!;
      killed = cluster.urls.indexOf(victimKey);
      const ackedBeforeKill = [...acked.values()].reduce((a, b) => a + b, 0);
      killedAt = Date.now();
      await cluster.handle.stopDataNode(killed, "SIGKILL");
      await sleep(WRITE_AFTER_KILL_MS);
      stop = true;
      await Promise.all(writers);
      const victim = pool.stats().endpoints.find((e) => keyOf(e.endpoint) === victimKey)!;
      console.log(
        `  failover: killed ${victimKey} (${routed.filter((k) => k === victimKey).length}/${WRITERS} devices routed there); ` +
          `acknowledged ${ackedBeforeKill} points before, ${ackedAfterKill} after; ${victim.failures} connection failures seen, ` +
          `${errors.length} errors reached the writers${errors.length ? `, first: ${errors[0]}` : ""}`,
      );
      assert.ok(ackedBeforeKill > 0, "writing had started");
      assert.ok(ackedAfterKill >= WRITERS * ROWS, `the pool kept writing after the kill (${ackedAfterKill} points)`);
      assert.ok(victim.failures > 0, "the pool saw the DataNode fail");
      assert.ok(
        DEVICES.every((d) => pool.routeOf(d) === undefined || keyOf(pool.routeOf(d)!) !== victimKey),
        "no route leads to the killed DataNode",
      );
      const counts = await pool.withSession((session) => countPoints(session, DEVICES));
      assert.equal(
        DEVICES.map((d) => counts.get(d)),
        DEVICES.map((d) => BigInt(acked.get(d)!)),
        "count per device = points acknowledged",
      );
    } finally {
      stop = true;
      await pool.close();
    }
  });
}

test.run();
