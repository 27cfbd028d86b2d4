// Fault 2: the DataNode is frozen (SIGSTOP: its sockets stay open and nothing answers, as in a long
// GC pause) while 4 writers insert through a SessionPool with a 2 s request and connect timeout and
// 2 more sessions idle, then resumed (SIGCONT). Checked: every call issued while it is frozen fails
// with a TimeoutError within the timeout (+ a margin), whether it met a borrowed session, an idle
// one (health-checked first) or had to open one; after SIGCONT the same pool writes again; every
// acknowledged request's points are stored (time windows per request, windowed-writers.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PoolTimeoutError, SessionPool, TimeoutError } from "../../src/index.js";
import {
  countByName,
  createFaultDatabase,
  faultServer,
  latency,
  openCheckSession,
  poolOptions,
  sleep,
  summary,
} from "./fault-env.js";
import { WindowedWriters } from "./windowed-writers.js";

const server = faultServer();
const DB = `root.zw_fault_freeze_${process.pid}`;
const WRITERS = 4;
const ROWS = 100;
const TIMEOUT_MS = 2_000;
/** Time for a timer to fire and a settled promise to reach the test on a busy machine. */
const MARGIN_MS = 500;
const FROZEN_MS = 7_000;
const ACKS_AFTER_RESUME = 5;

let paused = false;

test.before(() => createFaultDatabase(server, DB));

test.after(() => {
  if (paused) server.handle.resumeDataNode(0);
});

test("SIGSTOP then SIGCONT: calls fail with TimeoutError within the timeout, the pool recovers, nothing acknowledged is lost", async () => {
  const pool = new SessionPool(
    poolOptions(server, {
      maxSize: WRITERS + 2,
      minSize: WRITERS + 2,
      requestTimeoutMs: TIMEOUT_MS,
      connectTimeoutMs: TIMEOUT_MS,
    }),
  );
  await pool.open();
  const writers = new WindowedWriters(pool, DB, WRITERS, ROWS, 0);
  const calls = writers.tracker;
  try {
    writers.start();
    await sleep(1_500);
    const pausedAt = Date.now();
    paused = true;
    server.handle.pauseDataNode(0);
    await sleep(FROZEN_MS);
    server.handle.resumeDataNode(0);
    paused = false;
    const resumedAt = Date.now();
    const ackedAfterResume = await writers.waitForAcks(resumedAt, ACKS_AFTER_RESUME, 20_000);
    await writers.stop();
    const firstAckMs =
      Math.min(...calls.calls.filter((c) => c.ok && c.startedAt > resumedAt).map((c) => c.settledAt!)) - resumedAt;

    // Issued while frozen, early enough that the freeze outlasted their timeout.
    const issuedFrozen = calls.calls.filter(
      (c) => c.startedAt >= pausedAt && c.startedAt + TIMEOUT_MS + MARGIN_MS < resumedAt,
    );
    const inFlightAtPause = calls.calls.filter((c) => c.startedAt < pausedAt && c.settledAt! > pausedAt + MARGIN_MS);
    const latencies = issuedFrozen.map(latency);
    for (const c of issuedFrozen)
      console.log(
        `    issued frozen: ${c.ok ? "acknowledged" : `${(c.error as Error).name} after ${latency(c)} ms: ${(c.error as Error).message}`}`,
      );
    const met = [...inFlightAtPause, ...issuedFrozen];
    assert.ok(
      issuedFrozen.length >= WRITERS,
      `every writer issued calls while the DataNode was frozen (${issuedFrozen.length})`,
    );
    assert.equal(
      met
        .filter((c) => !(c.error instanceof TimeoutError) || c.error instanceof PoolTimeoutError)
        .map((c) => (c.ok ? "acknowledged" : String(c.error))),
      [],
      "every call that met the frozen DataNode failed with a TimeoutError (a reply's, not a pool wait's)",
    );
    for (const c of issuedFrozen)
      assert.ok(
        latency(c) >= TIMEOUT_MS - 50 && latency(c) <= TIMEOUT_MS + MARGIN_MS,
        `a call issued while frozen failed after ${latency(c)} ms`,
      );
    for (const c of inFlightAtPause)
      assert.ok(
        c.settledAt! - pausedAt <= TIMEOUT_MS + MARGIN_MS,
        `a call in flight at SIGSTOP failed ${c.settledAt! - pausedAt} ms after it`,
      );
    assert.ok(
      ackedAfterResume.every((n) => n >= ACKS_AFTER_RESUME),
      `every writer got ${ACKS_AFTER_RESUME} acknowledgements after SIGCONT (${ackedAfterResume.join(",")})`,
    );
    assert.equal(calls.pending().length, 0, "no call is pending");

    const session = await openCheckSession(server);
    const stored = await writers.checkStored(session).finally(() => session.close());
    const failed = calls.calls.filter((c) => !c.ok);
    console.log(
      `  freeze: ${inFlightAtPause.length} calls in flight at SIGSTOP, ${issuedFrozen.length} issued while frozen; ` +
        `latencies of those issued while frozen ${Math.min(...latencies)}-${Math.max(...latencies)} ms (timeout ${TIMEOUT_MS} ms); ` +
        `all rejections ${JSON.stringify(countByName(failed.map((c) => c.error)))}; pool stats after: ${JSON.stringify(pool.stats().endpoints[0])}`,
    );
    summary(
      "SIGSTOP/SIGCONT",
      `${met.length} calls met the frozen server (${inFlightAtPause.length} in flight, ${issuedFrozen.length} issued while frozen), all TimeoutError; ` +
        `issued-while-frozen latencies ${Math.min(...latencies)}-${Math.max(...latencies)} ms for a ${TIMEOUT_MS} ms timeout; ` +
        `same pool acknowledged again ${firstAckMs} ms after SIGCONT; ${stored.ackedPoints} points acknowledged, ${stored.storedPoints} stored ` +
        `(0 acknowledged lost; +${stored.rejectedAppliedPoints} from ${stored.rejectedApplied.length} timed-out calls the server applied after SIGCONT)`,
    );
  } finally {
    await writers.stop();
    await pool.close();
  }
});

test.run();
