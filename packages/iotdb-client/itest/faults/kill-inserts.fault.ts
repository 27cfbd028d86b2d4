// Fault 1: the DataNode is killed (SIGKILL) while 16 writers stream tablets through a SessionPool,
// then restarted on the same data dir while the same pool keeps writing. Every request owns a time
// window (windowed-writers.ts), so what was stored is known request by request.
// Checked: every call settles (none pending), the calls in flight at the kill within the request
// timeout; every rejection is a ConnectionError/TimeoutError/IoTDBError; after the restart every
// acknowledged request's points are all there, nothing a call sent while the DataNode was gone is
// stored, and stored = acknowledged + rejected-but-applied (calls the server applied before it
// died but could not answer: the at-least-once ambiguity, counted and reported); the same pool
// writes again after the restart.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionPool } from "../../src/index.js";
import {
  countByName,
  createFaultDatabase,
  faultServer,
  isTyped,
  latency,
  openCheckSession,
  poolOptions,
  sleep,
  summary,
} from "./fault-env.js";
import { WindowedWriters } from "./windowed-writers.js";

const server = faultServer();
const DB = `root.zw_fault_kill_${process.pid}`;
const WRITERS = 16;
const ROWS = 100;
const REQUEST_TIMEOUT_MS = 5_000;
/** Time for a settled promise to reach the test on a busy machine. */
const MARGIN_MS = 1_000;
const WRITE_BEFORE_KILL_MS = 3_000;
const ACKS_AFTER_RESTART = 5;

let killed = false;

test.before(() => createFaultDatabase(server, DB));

test.after(async () => {
  if (killed) await server.handle.startDataNode(0);
});

test("SIGKILL under 16 concurrent writers: every call settles typed, every acknowledged point survives the restart", async () => {
  const pool = new SessionPool(poolOptions(server, { maxSize: WRITERS, requestTimeoutMs: REQUEST_TIMEOUT_MS }));
  const writers = new WindowedWriters(pool, DB, WRITERS, ROWS, 50);
  const calls = writers.tracker;
  try {
    writers.start();
    await sleep(WRITE_BEFORE_KILL_MS);
    const inFlightAtKill = calls.pending();
    const killAt = Date.now();
    killed = true;
    await server.handle.stopDataNode(0, "SIGKILL");
    const goneAt = Date.now();
    const stuck = await calls.settled(REQUEST_TIMEOUT_MS + MARGIN_MS);
    assert.equal(
      stuck.length,
      0,
      `${stuck.length} calls still pending ${REQUEST_TIMEOUT_MS + MARGIN_MS} ms after the kill`,
    );
    const inFlightSettledMs = Math.max(0, ...inFlightAtKill.map((c) => c.settledAt! - killAt));

    const restartBegan = Date.now();
    await server.handle.startDataNode(0);
    killed = false;
    const restartedAt = Date.now();
    const ackedAfterRestart = await writers.waitForAcks(restartedAt, ACKS_AFTER_RESTART, 30_000);
    await writers.stop();
    const firstAckMs =
      Math.min(...calls.calls.filter((c) => c.ok && c.startedAt > restartedAt).map((c) => c.settledAt!)) - restartedAt;

    assert.equal(calls.pending().length, 0, "no call is pending once the writers stopped");
    assert.ok(inFlightAtKill.length > 0, "calls were in flight when the DataNode was killed");
    const failed = calls.calls.filter((c) => !c.ok);
    assert.equal(
      failed.filter((c) => !isTyped(c.error)).map((c) => String(c.error)),
      [],
      "every rejection is a ConnectionError, TimeoutError or IoTDBError",
    );
    const maxRejectionMs = Math.max(0, ...failed.map(latency));
    assert.ok(maxRejectionMs <= REQUEST_TIMEOUT_MS + MARGIN_MS, `a rejected call took ${maxRejectionMs} ms`);
    assert.ok(
      ackedAfterRestart.every((n) => n >= ACKS_AFTER_RESTART),
      `every writer got ${ACKS_AFTER_RESTART} acknowledgements after the restart (${ackedAfterRestart.join(",")})`,
    );

    const session = await openCheckSession(server);
    const stored = await writers.checkStored(session).finally(() => session.close());
    const appliedWhileGone = stored.rejectedApplied.filter((c) => c.startedAt > goneAt && c.startedAt < restartBegan);
    assert.equal(appliedWhileGone.length, 0, "nothing a call sent while the DataNode was gone is stored");
    const kinds = countByName(failed.map((c) => c.error));
    const afterRestart = failed.filter((c) => c.startedAt >= restartedAt);
    console.log(
      `  kill -9: ${calls.calls.length} calls, ${calls.calls.length - failed.length} acknowledged, ${failed.length} rejected ${JSON.stringify(kinds)} ` +
        `(${failed.filter((c) => c.startedAt <= killAt).length} of them in flight at the kill, ${afterRestart.length} after the restart` +
        `${afterRestart.length > 0 ? `, first: ${String(afterRestart[0]!.error)}` : ""}); ` +
        `kill took ${goneAt - killAt} ms, restart ${restartedAt - restartBegan} ms; max acknowledged-call latency ${Math.max(...calls.calls.filter((c) => c.ok).map(latency))} ms`,
    );
    summary(
      "SIGKILL under 16 writers",
      `${stored.ackedPoints} points acknowledged, ${stored.storedPoints} stored (0 acknowledged lost; +${stored.rejectedAppliedPoints} from ${stored.rejectedApplied.length} ` +
        `rejected-but-applied calls); ${calls.calls.length} calls settled, 0 pending; ${failed.length} rejected, all typed ${JSON.stringify(kinds)}; ` +
        `the ${inFlightAtKill.length} in flight at the kill settled within ${inFlightSettledMs} ms; max rejection latency ${maxRejectionMs} ms; ` +
        `same pool acknowledged again ${firstAckMs} ms after the restart`,
    );
  } finally {
    await writers.stop();
    await pool.close();
  }
});

test.run();
