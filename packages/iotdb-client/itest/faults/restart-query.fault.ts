// Fault 3: the DataNode is restarted while two 250,000-row results stream with fetchSize 1000: one
// from a SessionPool, one from a plain Session. Both readers stop after 20,000 rows, the DataNode is
// stopped (SIGTERM), then both read on. Checked: each data set fails with a ConnectionError (not a
// hang, not a silent end), after delivering only rows in order; its resources are freed (the pool's
// session is discarded and nothing is borrowed; no socket or timer is left: counted with
// process.getActiveResourcesInfo() against a baseline); after the DataNode is back, the same pool
// and the same session run the query again, whole.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, type Session, type SessionDataSet, SessionPool } from "../../src/index.js";
import { faultServer, openCheckSession, poolOptions, summary } from "./fault-env.js";

const server = faultServer();
const DB = `root.zw_fault_query_${process.pid}`;
const DEVICE = `${DB}.d`;
const ROWS = 250_000;
const PER_TABLET = 10_000;
const FETCH_SIZE = 1_000;
const READ_BEFORE_STOP = 20_000;
/** A reader that neither gets a row nor an error for this long is hung. */
const HANG_MS = 30_000;
const QUERY = `select s from ${DEVICE}`;

let stopped = false;

test.before(async () => {
  const session = await openCheckSession(server);
  try {
    await session.createDatabase(DB);
    for (let start = 0; start < ROWS; start += PER_TABLET) {
      const times = BigInt64Array.from({ length: PER_TABLET }, (_, i) => BigInt(start + i));
      await session.insertTablet({
        schema: { target: DEVICE, columns: [{ name: "s", type: "INT64" }] },
        timestamps: times,
        values: [times],
      });
    }
  } finally {
    await session.close();
  }
});

test.after(async () => {
  if (stopped) await server.handle.startDataNode(0);
});

/** Sockets and timers alive in this process, by kind. */
function resources(): { sockets: number; timers: number } {
  const info = process.getActiveResourcesInfo();
  return {
    sockets: info.filter((r) => r === "TCPSocketWrap").length,
    timers: info.filter((r) => r === "Timeout").length,
  };
}

interface Reader {
  readonly rows: number;
  readonly inOrder: boolean;
  /** Resolves when the reader got READ_BEFORE_STOP rows. */
  paused: Promise<void>;
  /** Lets it read on. */
  resume(): void;
  /** The error the read ended with (undefined: it ended normally), and when. */
  done: Promise<{ error: unknown; at: number }>;
}

function read(dataSet: SessionDataSet): Reader {
  let pause!: () => void;
  let resume!: () => void;
  const paused = new Promise<void>((r) => (pause = r));
  const resumed = new Promise<void>((r) => (resume = r));
  const progress = { rows: 0, inOrder: true };
  const done = (async () => {
    try {
      for await (const row of dataSet) {
        const expected = BigInt(progress.rows);
        if (row.timestamp !== expected || row.fields[0] !== expected) progress.inOrder = false;
        progress.rows++;
        if (progress.rows === READ_BEFORE_STOP) {
          pause();
          await resumed;
        }
      }
      return { error: undefined, at: Date.now() };
    } catch (error) {
      return { error, at: Date.now() };
    } finally {
      pause();
    }
  })();
  return {
    get rows() {
      return progress.rows;
    },
    get inOrder() {
      return progress.inOrder;
    },
    paused,
    resume,
    done,
  };
}

async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no outcome within ${ms} ms (hung)`)), ms)),
  );
  try {
    return await Promise.race([p, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function countRows(dataSet: SessionDataSet): Promise<number> {
  let rows = 0;
  for await (const block of dataSet.blocks()) rows += block.rowCount;
  return rows;
}

test("a DataNode restarted under two streaming results: both fail with ConnectionError, free their session and sockets; the pool and the session query again", async () => {
  const pool = new SessionPool(poolOptions(server, { maxSize: 2, requestTimeoutMs: 10_000, fetchSize: FETCH_SIZE }));
  let session: Session | undefined;
  try {
    session = await openCheckSession(server);
    // Warm both up, so the baseline holds the pool's idle session and the session's connection.
    assert.is(await countRows(await pool.executeQueryStatement(`select count(s) from ${DEVICE}`)), 1);
    assert.is(await countRows(await session.executeQueryStatement(`select count(s) from ${DEVICE}`)), 1);
    const baseline = resources();

    const fromPool = read(await pool.executeQueryStatement(QUERY));
    const fromSession = read(await session.executeQueryStatement(QUERY, { fetchSize: FETCH_SIZE }));
    await within(HANG_MS, "reading the first rows", Promise.all([fromPool.paused, fromSession.paused]));
    assert.is(pool.stats().endpoints[0]!.borrowed, 1, "the pool's query holds its session");
    const stopBegan = Date.now();
    stopped = true;
    await server.handle.stopDataNode(0, "SIGTERM");
    const stoppedAt = Date.now();
    fromPool.resume();
    fromSession.resume();
    const [poolEnd, sessionEnd] = await within(
      HANG_MS,
      "reading on after the stop",
      Promise.all([fromPool.done, fromSession.done]),
    );
    const afterFailure = resources();
    const statsAfterFailure = pool.stats().endpoints[0]!;

    for (const [name, reader, end] of [
      ["pool", fromPool, poolEnd],
      ["session", fromSession, sessionEnd],
    ] as const) {
      console.log(
        `  ${name}: ${reader.rows} of ${ROWS} rows, then ${String(end.error)} ${end.at - stoppedAt} ms after reading resumed`,
      );
      assert.instance(
        end.error,
        ConnectionError,
        `${name}: the read ends with a ConnectionError, not ${String(end.error)}`,
      );
      assert.ok(
        reader.rows >= READ_BEFORE_STOP && reader.rows < ROWS,
        `${name}: ${reader.rows} rows, fewer than the result's`,
      );
      assert.ok(reader.inOrder, `${name}: the rows delivered are the result's first ones, in order`);
    }
    console.log(
      `  resources: baseline ${JSON.stringify(baseline)}, after the failures ${JSON.stringify(afterFailure)}; pool ${JSON.stringify(statsAfterFailure)}`,
    );
    assert.equal(
      { borrowed: statsAfterFailure.borrowed, size: statsAfterFailure.size },
      { borrowed: 0, size: 0 },
      "the pool's session came back and, broken, was discarded",
    );
    assert.equal(
      afterFailure,
      { sockets: baseline.sockets - 2, timers: baseline.timers },
      "both connections are gone, and no timer is left",
    );

    const restartBegan = Date.now();
    await server.handle.startDataNode(0);
    stopped = false;
    const restartMs = Date.now() - restartBegan;
    const again = await within(HANG_MS, "the pool's new query", pool.executeQueryStatement(QUERY).then(countRows));
    const sessionAgain = await within(
      HANG_MS,
      "the session's new query",
      session.executeQueryStatement(QUERY, { fetchSize: FETCH_SIZE }).then(countRows),
    );
    assert.is(again, ROWS, "the same pool reads the whole result after the restart");
    assert.is(sessionAgain, ROWS, "the same session (reconnected) reads the whole result after the restart");
    const end = pool.stats().endpoints[0]!;
    assert.equal({ borrowed: end.borrowed, size: end.size }, { borrowed: 0, size: 1 }, "one new pooled session, idle");
    assert.is(
      resources().sockets,
      baseline.sockets,
      "as many sockets as before the fault: the pool's new session and the session's new connection",
    );
    summary(
      "restart while streaming",
      `pool and session readers stopped at ${READ_BEFORE_STOP} of ${ROWS} rows (fetchSize ${FETCH_SIZE}); after the DataNode stopped ` +
        `(SIGTERM, ${stoppedAt - stopBegan} ms) they read ${fromPool.rows} / ${fromSession.rows} rows, in order, then ConnectionError ` +
        `${poolEnd.at - stoppedAt} / ${sessionEnd.at - stoppedAt} ms later; session discarded (pool size 0, borrowed 0), ` +
        `sockets ${baseline.sockets} -> ${afterFailure.sockets}, timers ${baseline.timers} -> ${afterFailure.timers}; ` +
        `restart ${restartMs} ms, then the same pool and session read all ${ROWS} rows`,
    );
  } finally {
    await session?.close().catch(() => {});
    await pool.close();
  }
});

test.run();
