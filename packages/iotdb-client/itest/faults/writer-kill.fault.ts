// Fault: the DataNode is killed (SIGKILL) while a batching writer ingests rows one at a time, then
// restarted on the same data dir while the producer keeps writing. The writer retries the
// requests that met the dead DataNode (its retry budget outlasts the restart). Checked after
// close(): nothing pending; every row is acknowledged or reported failed (written + failed =
// rows written); every row not reported failed is stored, time by time, per device; the writer
// did meet the fault (it retried); and rows of one device were stored without gaps.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionPool, type WriterFailure } from "../../src/index.js";
import { createFaultDatabase, faultServer, openCheckSession, poolOptions, sleep, summary } from "./fault-env.js";

const server = faultServer();
const DB = `root.zw_fault_writer_${process.pid}`;
const DEVICES = 20;
const SENSORS = 5;
/** Rows acknowledged before the kill, and rows the producer writes after the restart. */
const ACKED_BEFORE_KILL = 2_000;
const ROWS_AFTER_RESTART = 100;

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(20);
  return condition();
}

let killed = false;

test.before(() => createFaultDatabase(server, DB));

test.after(async () => {
  if (killed) await server.handle.startDataNode(0);
});

test("SIGKILL under a batching writer: after close() every row is stored or reported failed, none pending", async () => {
  const pool = new SessionPool(poolOptions(server, { maxSize: 4, requestTimeoutMs: 5_000 }));
  // Retries for about 80 s: enough for the DataNode's restart.
  const writer = pool.writer({
    batchPoints: 2_000,
    highWaterMark: 100_000,
    flushIntervalMs: 100,
    maxRetries: 30,
    retryBaseMs: 100,
    retryMaxMs: 3_000,
  });
  const failures: WriterFailure[] = [];
  writer.on("failed", (f) => failures.push(f));
  const devices = Array.from({ length: DEVICES }, (_, d) => `${DB}.d${d}`);
  for (const device of devices)
    writer.defineDevice(device, {
      measurements: Array.from({ length: SENSORS }, (_, s) => `s${s}`),
      types: Array(SENSORS).fill("INT64"),
    });
  let rows = 0;
  let producing = true;
  // Row r of every device at time r: the times written per device are 0..rows-1.
  const producer = (async () => {
    while (producing) {
      for (const device of devices)
        if (!writer.write(device, rows, [rows, rows, rows, rows, rows])) await writer.ready();
      rows++;
      if (rows % 50 === 0) await sleep(1);
    }
  })();
  try {
    assert.ok(
      await until(() => writer.metrics().written >= ACKED_BEFORE_KILL, 60_000),
      "rows were acknowledged before the kill",
    );
    killed = true;
    await server.handle.stopDataNode(0, "SIGKILL");
    const killedAtRow = rows;
    const restartBegan = Date.now();
    await server.handle.startDataNode(0);
    killed = false;
    const restartMs = Date.now() - restartBegan;
    const restartedAtRow = rows;
    assert.ok(
      await until(() => rows >= restartedAtRow + ROWS_AFTER_RESTART, 120_000),
      "the producer went on after the restart",
    );
    producing = false;
    await producer;
    const result = await writer.close({ timeoutMs: 120_000 });
    const metrics = writer.metrics();

    assert.is(result.pending, 0, "close() settled every row");
    assert.is(result.written + result.failed, rows * DEVICES, "every row acknowledged or reported failed");
    assert.is(
      failures.reduce((n, f) => n + f.times.length, 0),
      result.failed,
      "every failed row reached the 'failed' listener",
    );
    assert.ok(metrics.retried > 0, "the writer met the dead DataNode and retried");
    assert.ok(rows > killedAtRow, "rows were written after the kill");

    const failedTimes = new Map<string, Set<number>>();
    for (const f of failures)
      for (const t of f.times)
        (failedTimes.get(f.target) ?? failedTimes.set(f.target, new Set()).get(f.target)!).add(Number(t));
    const session = await openCheckSession(server);
    let missing = 0;
    let storedRows = 0;
    try {
      for (const device of devices) {
        const stored = new Set<number>();
        const dataSet = await session.executeQueryStatement(`select s0 from ${device}`);
        for await (const row of dataSet) stored.add(Number(row.timestamp));
        storedRows += stored.size;
        const failed = failedTimes.get(device) ?? new Set();
        for (let t = 0; t < rows; t++) if (!stored.has(t) && !failed.has(t)) missing++;
      }
    } finally {
      await session.close();
    }
    assert.is(missing, 0, `${missing} rows neither stored nor reported failed`);
    summary(
      "SIGKILL under a batching writer",
      `${rows * DEVICES} rows written (${rows} per device, ${DEVICES} devices), the kill at row ${killedAtRow}, the restart done at row ${restartedAtRow} (${restartMs} ms); ` +
        `close(): ${result.written} acknowledged, ${result.failed} failed, ${result.pending} pending; ${storedRows} stored, 0 missing; ` +
        `${metrics.requests} requests, ${metrics.retried} retries`,
    );
  } finally {
    producing = false;
    await producer;
    await writer.close({ timeoutMs: 1_000 });
    await pool.close();
  }
});

test.run();
