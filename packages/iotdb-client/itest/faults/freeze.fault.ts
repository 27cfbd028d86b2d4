// Fault 2: the DataNode is frozen (SIGSTOP: its sockets stay open and nothing answers, as in a long
// GC pause) while 4 writers insert through a SessionPool with a 2 s request and connect timeout and
// 2 more sessions idle, then resumed (SIGCONT). Run twice:
// - groupCommitMaxInFlight Infinity, so every call is its own request on its own session: every
//   call issued while it is frozen fails with a TimeoutError of its own request within the timeout
//   (+ a margin), whether it met a borrowed session, an idle one (health-checked first) or had to
//   open one;
// - the default in-flight limit (2), where calls past the limit wait in the pool's insert queue
//   first: every call that met the frozen DataNode settles within the queue's bound plus one
//   request (waitTimeoutMs + requestTimeoutMs + a margin), failed with a TimeoutError (a
//   PoolTimeoutError when it was never sent) or acknowledged after SIGCONT.
// Both: after SIGCONT the same pool writes again; no call is left pending; every acknowledged
// request's points are stored (time windows per request, windowed-writers.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PoolTimeoutError, type PoolOptions, SessionPool, TimeoutError } from "../../src/index.js";
import {
  countByName,
  createFaultDatabase,
  faultServer,
  latency,
  openCheckSession,
  poolOptions,
  sleep,
  summary,
  type TrackedCall,
} from "./fault-env.js";
import { type Req, WindowedWriters } from "./windowed-writers.js";

const server = faultServer();
const WRITERS = 4;
const ROWS = 100;
const TIMEOUT_MS = 2_000;
/** Time for a timer to fire and a settled promise to reach the test on a busy machine. */
const MARGIN_MS = 500;
const FROZEN_MS = 7_000;
const ACKS_AFTER_RESUME = 5;

let paused = false;

test.after(() => {
  if (paused) server.handle.resumeDataNode(0);
});

/** What one freeze did to the calls of a pool made with `extra`. */
interface FreezeRun {
  pausedAt: number;
  resumedAt: number;
  /** Issued while frozen, early enough that the freeze outlasted their timeout. */
  issuedFrozen: TrackedCall<Req>[];
  inFlightAtPause: TrackedCall<Req>[];
  ackedAfterResume: number[];
  firstAckMs: number;
  pending: number;
  stored: Awaited<ReturnType<WindowedWriters["checkStored"]>>;
  failed: TrackedCall<Req>[];
  poolStats: string;
}

async function freeze(db: string, extra: Partial<PoolOptions<never>>): Promise<FreezeRun> {
  await createFaultDatabase(server, db);
  const pool = new SessionPool(
    poolOptions(server, {
      maxSize: WRITERS + 2,
      minSize: WRITERS + 2,
      requestTimeoutMs: TIMEOUT_MS,
      connectTimeoutMs: TIMEOUT_MS,
      ...extra,
    }),
  );
  await pool.open();
  const writers = new WindowedWriters(pool, db, WRITERS, ROWS, 0);
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
    const issuedFrozen = calls.calls.filter(
      (c) => c.startedAt >= pausedAt && c.startedAt + TIMEOUT_MS + MARGIN_MS < resumedAt,
    );
    const inFlightAtPause = calls.calls.filter((c) => c.startedAt < pausedAt && c.settledAt! > pausedAt + MARGIN_MS);
    for (const c of issuedFrozen)
      console.log(
        `    issued frozen: ${c.ok ? `acknowledged after ${latency(c)} ms` : `${(c.error as Error).name} after ${latency(c)} ms: ${(c.error as Error).message}`}`,
      );
    const session = await openCheckSession(server);
    const stored = await writers.checkStored(session).finally(() => session.close());
    return {
      pausedAt,
      resumedAt,
      issuedFrozen,
      inFlightAtPause,
      ackedAfterResume,
      firstAckMs,
      pending: calls.pending().length,
      stored,
      failed: calls.calls.filter((c) => !c.ok),
      poolStats: JSON.stringify(pool.stats().endpoints[0]),
    };
  } finally {
    await writers.stop();
    await pool.close();
  }
}

/** The checks both runs share: the writers met the freeze, recovered, left nothing pending. */
function assertRecovered(r: FreezeRun): void {
  assert.ok(
    r.issuedFrozen.length >= WRITERS,
    `every writer issued calls while the DataNode was frozen (${r.issuedFrozen.length})`,
  );
  assert.ok(
    r.ackedAfterResume.every((n) => n >= ACKS_AFTER_RESUME),
    `every writer got ${ACKS_AFTER_RESUME} acknowledgements after SIGCONT (${r.ackedAfterResume.join(",")})`,
  );
  assert.is(r.pending, 0, "no call is pending");
}

function report(label: string, r: FreezeRun): void {
  const latencies = r.issuedFrozen.map(latency);
  const met = r.inFlightAtPause.length + r.issuedFrozen.length;
  console.log(
    `  freeze (${label}): ${r.inFlightAtPause.length} calls in flight at SIGSTOP, ${r.issuedFrozen.length} issued while frozen; ` +
      `latencies of those issued while frozen ${Math.min(...latencies)}-${Math.max(...latencies)} ms (timeout ${TIMEOUT_MS} ms); ` +
      `all rejections ${JSON.stringify(countByName(r.failed.map((c) => c.error)))}; pool stats after: ${r.poolStats}`,
  );
  summary(
    `SIGSTOP/SIGCONT, ${label}`,
    `${met} calls met the frozen server (${r.inFlightAtPause.length} in flight, ${r.issuedFrozen.length} issued while frozen), ` +
      `rejections ${JSON.stringify(countByName(r.failed.map((c) => c.error)))}; ` +
      `issued-while-frozen latencies ${Math.min(...latencies)}-${Math.max(...latencies)} ms for a ${TIMEOUT_MS} ms timeout; ` +
      `same pool acknowledged again ${r.firstAckMs} ms after SIGCONT; ${r.stored.ackedPoints} points acknowledged, ${r.stored.storedPoints} stored ` +
      `(0 acknowledged lost; +${r.stored.rejectedAppliedPoints} from ${r.stored.rejectedApplied.length} timed-out calls the server applied after SIGCONT)`,
  );
}

test("SIGSTOP then SIGCONT, one request per call (groupCommitMaxInFlight Infinity): each call fails with its own TimeoutError within the timeout, the pool recovers, nothing acknowledged is lost", async () => {
  const r = await freeze(`root.zw_fault_freeze_${process.pid}_each`, {
    groupCommitMaxInFlight: Number.POSITIVE_INFINITY,
  });
  report("one request per call", r);
  const met = [...r.inFlightAtPause, ...r.issuedFrozen];
  assertRecovered(r);
  assert.equal(
    met
      .filter((c) => !(c.error instanceof TimeoutError) || c.error instanceof PoolTimeoutError)
      .map((c) => (c.ok ? "acknowledged" : String(c.error))),
    [],
    "every call that met the frozen DataNode failed with a TimeoutError (a reply's, not a pool wait's)",
  );
  for (const c of r.issuedFrozen)
    assert.ok(
      latency(c) >= TIMEOUT_MS - 50 && latency(c) <= TIMEOUT_MS + MARGIN_MS,
      `a call issued while frozen failed after ${latency(c)} ms`,
    );
  for (const c of r.inFlightAtPause)
    assert.ok(
      c.settledAt! - r.pausedAt <= TIMEOUT_MS + MARGIN_MS,
      `a call in flight at SIGSTOP failed ${c.settledAt! - r.pausedAt} ms after it`,
    );
});

test("SIGSTOP then SIGCONT, the default in-flight limit: every call settles within waitTimeoutMs + requestTimeoutMs, failed with a TimeoutError or acknowledged after SIGCONT; nothing acknowledged is lost", async () => {
  const r = await freeze(`root.zw_fault_freeze_${process.pid}_limit`, { waitTimeoutMs: TIMEOUT_MS });
  report("default in-flight limit", r);
  assertRecovered(r);
  const bound = TIMEOUT_MS + TIMEOUT_MS + MARGIN_MS;
  for (const c of [...r.inFlightAtPause, ...r.issuedFrozen]) {
    if (c.ok)
      assert.ok(c.settledAt! > r.resumedAt, `a call that met the frozen DataNode was acknowledged before SIGCONT`);
    else assert.instance(c.error, TimeoutError, `a call that met the frozen DataNode failed with ${String(c.error)}`);
    const from = Math.max(c.startedAt, r.pausedAt);
    assert.ok(
      c.settledAt! - from <= bound,
      `a call that met the frozen DataNode settled ${c.settledAt! - from} ms after it (bound ${bound} ms)`,
    );
  }
  assert.ok(
    r.issuedFrozen.some((c) => !c.ok),
    "some call issued while frozen failed (else the freeze was not met)",
  );
});

test.run();
