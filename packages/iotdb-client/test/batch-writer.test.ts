// The batching writer against a fake DataNode: when it sends (size, interval, flush), what one
// request carries (many devices, one per alignment; one table each), the order of one device's
// rows, backpressure ('drain', ready(), the hard limit), retries of transient failures, exact
// attribution of a permanent one, close() with and without a deadline, and the stream.
import { once } from "node:events";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSStatus } from "../src/gen/client_types.js";
import {
  EncodeError,
  type IoTDBError,
  SessionPool,
  TableSessionPool,
  type WriterFailure,
  WriterClosedError,
  WriterFullError,
  type WriterRow,
} from "../src/index.js";
import { base, FakeIoTDB, ok, sleep, until, url } from "./helpers/pool-fakes.js";
import { Gate, sentRequests, timesByDevice } from "./helpers/writer-fakes.js";

const TWO = { measurements: ["s1", "s2"], types: ["INT32", "DOUBLE"] } as const;

async function withPool(
  body: (pool: SessionPool, fake: FakeIoTDB) => Promise<void>,
  options: { attributeRefusals?: boolean } = {},
): Promise<void> {
  const fake = await FakeIoTDB.start();
  const pool = new SessionPool({ ...base, ...options, nodeUrls: [url(fake)] });
  try {
    await body(pool, fake);
  } finally {
    await pool.close();
    await fake.close();
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

test("flush by size: nothing is sent below batchPoints; reaching it sends the rows; flush() sends the rest", () =>
  withPool(async (pool, fake) => {
    const writer = pool.writer({ batchPoints: 20, flushIntervalMs: 0 }).defineDevice("root.w.d1", TWO);
    for (const t of range(0, 9)) writer.write("root.w.d1", t, [t, t / 2]);
    await sleep(50);
    assert.is(sentRequests(fake).length, 0, "18 points: below batchPoints, nothing sent");
    writer.write("root.w.d1", 9, [9, 4.5]);
    assert.ok(await until(() => sentRequests(fake).length === 1), "20 points: sent without flush()");
    writer.write("root.w.d1", 10, [10, 5]);
    await writer.flush();
    assert.equal(timesByDevice(fake).get("root.w.d1"), range(0, 11));
    assert.equal(
      sentRequests(fake).map((r) => r.devices[0]!.times.length),
      [10, 1],
    );
    const m = writer.metrics();
    assert.equal([m.written, m.requests, m.buffered, m.pointsPerRequest], [11, 2, 0, 11]);
    await writer.close();
  }));

test("flush by interval: rows are sent after flushIntervalMs without flush(); with 0 they wait", () =>
  withPool(async (pool, fake) => {
    const idle = pool.writer({ flushIntervalMs: 0 }).defineDevice("root.w.idle", TWO);
    idle.write("root.w.idle", 1, [1, 1]);
    const timed = pool.writer({ flushIntervalMs: 30 }).defineDevice("root.w.timed", TWO);
    timed.write("root.w.timed", 1, [1, 1]);
    assert.ok(await until(() => sentRequests(fake).length === 1, 1_000), "the interval sent the row");
    await sleep(100);
    assert.equal(
      sentRequests(fake).map((r) => r.devices.map((d) => d.device)),
      [["root.w.timed"]],
    );
    await Promise.all([idle.close(), timed.close()]);
    assert.equal(timesByDevice(fake).get("root.w.idle"), [1], "close() sent the idle writer's row");
  }));

test("the flushIntervalMs timer is unref'd (it does not keep the process alive) and cleared by close()", () =>
  withPool(async (pool) => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const writer = pool.writer({ flushIntervalMs: 60_000 });
    assert.is(timers(), before, "an unref'd timer is not an active resource");
    const interval = (writer as unknown as Record<string, NodeJS.Timeout & { _destroyed: boolean }>).timer!;
    assert.ok(
      interval !== undefined && !interval.hasRef() && !interval._destroyed,
      "the writer has its timer, unref'd",
    );
    await writer.close();
    assert.ok(interval._destroyed, "close() cleared it");
  }));

test("one flush = one insertTablets per alignment, with every device", () =>
  withPool(async (pool, fake) => {
    const writer = pool.writer({ flushIntervalMs: 0 });
    const plain = range(0, 50).map((i) => `root.w.p${i}`);
    const aligned = range(0, 3).map((i) => `root.w.a${i}`);
    for (const d of plain) writer.defineDevice(d, TWO);
    for (const d of aligned) writer.defineDevice(d, { ...TWO, aligned: true });
    for (const t of range(0, 4)) for (const d of [...plain, ...aligned]) writer.write(d, t, [t, null]);
    await writer.flush();
    const requests = sentRequests(fake);
    assert.equal(
      requests.map((r) => [r.method, r.aligned, r.devices.length]),
      [
        ["insertTablets", false, 50],
        ["insertTablets", true, 3],
      ],
    );
    for (const r of requests) for (const d of r.devices) assert.equal(d.times, [0, 1, 2, 3], d.device);
    await writer.close();
  }));

test("ordering: a device is in one request at a time; its later rows wait and arrive after, in order", () =>
  withPool(async (pool, fake) => {
    const gate = new Gate();
    fake.handler.insertTablets = async () => (await gate.pass(), ok());
    const writer = pool
      .writer({ batchPoints: 4, maxInFlight: 4, flushIntervalMs: 0 })
      .defineDevice("root.w.o1", TWO)
      .defineDevice("root.w.o2", TWO);
    writer.write("root.w.o1", 1, [1, 1]);
    writer.write("root.w.o1", 2, [2, 2]);
    assert.ok(await until(() => sentRequests(fake).length === 1));
    for (const t of range(3, 9)) writer.write("root.w.o1", t, [t, t]);
    writer.write("root.w.o2", 1, [1, 1]);
    await sleep(30);
    assert.is(
      sentRequests(fake).length,
      1,
      "o1's waiting rows do not count toward a batch: o2's 2 points alone are not sent",
    );
    writer.write("root.w.o2", 2, [2, 2]);
    assert.ok(await until(() => sentRequests(fake).length === 2), "another device is not held back");
    await sleep(50);
    assert.is(
      sentRequests(fake).length,
      2,
      "o1's next rows wait while its first request is in flight, with room for more",
    );
    assert.equal(writer.metrics().inFlight, 2);
    gate.open();
    await writer.flush();
    assert.equal(timesByDevice(fake).get("root.w.o1"), range(1, 9));
    assert.equal(timesByDevice(fake).get("root.w.o2"), [1, 2]);
    assert.equal(
      sentRequests(fake).map((r) => r.devices.map((d) => `${d.device} ${d.times.join()}`).join()),
      ["root.w.o1 1,2", "root.w.o2 1,2", "root.w.o1 3,4,5,6,7,8"],
    );
    await writer.close();
  }));

test("backpressure: false at the high-water mark, then 'drain' and ready(); past maxBufferedPoints a WriterFullError, nothing kept", () =>
  withPool(async (pool, fake) => {
    const gate = new Gate();
    fake.handler.insertTablets = async () => (await gate.pass(), ok());
    const writer = pool
      .writer({ batchPoints: 4, highWaterMark: 10, maxBufferedPoints: 12, flushIntervalMs: 0 })
      .defineDevice("root.w.b", TWO);
    const answers = range(0, 5).map((t) => writer.write("root.w.b", t, [t, t]));
    assert.equal(answers, [true, true, true, true, false], "the 5th row brings the held points to 10");
    let ready = false;
    void writer.ready().then(() => (ready = true));
    assert.is(writer.write("root.w.b", 5, [5, 5]), false, "still above the mark (12 points)");
    const full = (() => {
      try {
        writer.write("root.w.b", 6, [6, 6]);
      } catch (error) {
        return error;
      }
    })();
    assert.instance(full, WriterFullError);
    assert.is(writer.metrics().buffered + writer.metrics().inFlightPoints, 12, "the refused row was not kept");
    await sleep(30);
    assert.not.ok(ready, "ready() waits while the server holds the rows");
    const drained = once(writer, "drain");
    gate.open();
    await drained;
    await until(() => ready);
    assert.ok(ready);
    await writer.close();
    assert.equal(timesByDevice(fake).get("root.w.b"), range(0, 6));
  }));

test("transient failures are retried with backoff until written; when retries run out the rows are reported failed", () =>
  withPool(async (pool, fake) => {
    let refusals = 2;
    fake.handler.insertTablets = () => (refusals-- > 0 ? new TSStatus({ code: 606, message: "memory full" }) : ok());
    const writer = pool.writer({ retryBaseMs: 5, retryMaxMs: 20, flushIntervalMs: 0 }).defineDevice("root.w.r", TWO);
    const failures: WriterFailure[] = [];
    writer.on("failed", (f) => failures.push(f));
    writer.write("root.w.r", 1, [1, 1]);
    await writer.flush();
    let m = writer.metrics();
    assert.equal([m.written, m.retried, m.requests, m.failed, failures.length], [1, 2, 3, 0, 0]);

    fake.handler.insertTablets = () => new TSStatus({ code: 606, message: "memory full" });
    const started = Date.now();
    const limited = pool
      .writer({ maxRetries: 3, retryBaseMs: 20, retryMaxMs: 40, flushIntervalMs: 0 })
      .defineDevice("root.w.r", TWO);
    limited.on("failed", (f) => failures.push(f));
    limited.write("root.w.r", 2, [2, 2]);
    await limited.flush();
    // Waits of 10-20, 20-40, 20-40 ms: at least 50 ms in all.
    assert.ok(Date.now() - started >= 50, `gave up after ${Date.now() - started} ms`);
    m = limited.metrics();
    assert.equal([m.written, m.retried, m.requests, m.failed], [0, 3, 4, 1]);
    assert.equal(
      failures.map((f) => [f.target, f.times, (f.error as IoTDBError).code]),
      [["root.w.r", [2], 606]],
    );
    await Promise.all([writer.close(), limited.close()]);
  }));

for (const [how, attributeRefusals, requests] of [
  [
    "the pool's attribution says which one",
    true,
    ["root.w.f1,root.w.f2,root.w.f3", "root.w.f1", "root.w.f2,root.w.f3", "root.w.f2", "root.w.f3"],
  ],
  [
    "attribution off: each is sent again alone",
    false,
    ["root.w.f1,root.w.f2,root.w.f3", "root.w.f1", "root.w.f2", "root.w.f3"],
  ],
] as const) {
  test(`a permanent failure in one device of several (${how}): only that one is reported, with its rows' times`, () =>
    withPool(
      async (pool, fake) => {
        const conflict = () => new TSStatus({ code: 507, message: "data type of root.w.f2.s1 is not consistent" });
        fake.handler.insertTablets = (req: { prefixPaths: string[] }) =>
          req.prefixPaths.includes("root.w.f2") ? conflict() : ok();
        const writer = pool.writer({ flushIntervalMs: 0 });
        const failures: WriterFailure[] = [];
        writer.on("failed", (f) => failures.push(f));
        for (const d of ["root.w.f1", "root.w.f2", "root.w.f3"]) writer.defineDevice(d, TWO);
        for (const t of [10, 11, 12])
          for (const d of ["root.w.f1", "root.w.f2", "root.w.f3"]) writer.write(d, t, [t, t]);
        await writer.flush();
        assert.equal(
          sentRequests(fake).map((r) => r.devices.map((d) => d.device).join()),
          requests,
        );
        assert.equal(
          failures.map((f) => [f.target, f.times, (f.error as IoTDBError).code]),
          [["root.w.f2", [10, 11, 12], 507]],
        );
        const m = writer.metrics();
        assert.equal([m.written, m.failed, m.retried], [6, 3, 0], "a permanent failure is not retried");
        const result = await writer.close();
        assert.equal([result.written, result.failed, result.pending, result.unobservedFailures.length], [6, 3, 0, 0]);
      },
      { attributeRefusals },
    ));
}

test("no 'failed' listener: the failure is kept and close() returns it", () =>
  withPool(async (pool, fake) => {
    fake.handler.insertTablets = () => new TSStatus({ code: 507, message: "conflict" });
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on("warning", onWarning);
    try {
      const writer = pool.writer({ flushIntervalMs: 0 }).defineDevice("root.w.u", TWO);
      writer.write("root.w.u", 5, [5, 5]);
      const result = await writer.close();
      assert.equal([result.written, result.failed], [0, 1]);
      assert.equal(
        result.unobservedFailures.map((f) => [f.target, f.times]),
        [["root.w.u", [5]]],
      );
      await until(() => warnings.length > 0, 500);
      assert.match(warnings[0]?.message ?? "", "no 'failed' listener");
    } finally {
      process.off("warning", onWarning);
    }
  }));

test("close(): drains without a deadline; with one, counts what is unsettled as pending; writes after close throw", () =>
  withPool(async (pool, fake) => {
    const drained = pool.writer({ flushIntervalMs: 0 }).defineDevice("root.w.c1", TWO);
    for (const t of range(0, 5)) drained.write("root.w.c1", t, [t, t]);
    assert.equal(await drained.close(), { written: 5, failed: 0, pending: 0, unobservedFailures: [] });
    assert.throws(
      () => drained.write("root.w.c1", 9, [9, 9]),
      (e: unknown) => e instanceof WriterClosedError,
    );

    const gate = new Gate();
    fake.handler.insertTablets = async () => (await gate.pass(), ok());
    const stuck = pool.writer({ flushIntervalMs: 0, batchPoints: 4 }).defineDevice("root.w.c2", TWO);
    for (const t of range(0, 5)) stuck.write("root.w.c2", t, [t, t]);
    await until(() => sentRequests(fake).length === 2);
    const started = Date.now();
    const result = await stuck.close({ timeoutMs: 50 });
    assert.ok(Date.now() - started < 1_000);
    assert.equal(
      result,
      { written: 0, failed: 0, pending: 5, unobservedFailures: [] },
      "2 rows in flight, 3 waiting behind them",
    );
    assert.throws(
      () => stuck.write("root.w.c2", 9, [9, 9]),
      (e: unknown) => e instanceof WriterClosedError,
    );
    const flushed = stuck.flush();
    gate.open();
    await flushed;
    assert.is(
      sentRequests(fake).length,
      2,
      "after the deadline, the rows waiting behind the stuck requests were not sent",
    );
  }));

test("write() checks the row against the declared types: the error names target, column and row; nothing is kept", () =>
  withPool(async (pool, fake) => {
    const writer = pool.writer({ flushIntervalMs: 0 }).defineDevice("root.w.v", TWO);
    writer.write("root.w.v", 1, [1, 1.5]);
    const error = (() => {
      try {
        writer.write("root.w.v", 2, [2, "x"]);
      } catch (e) {
        return e as EncodeError;
      }
    })();
    assert.instance(error, EncodeError);
    assert.equal([error!.column, error!.row], ["s2", 1]);
    assert.match(error!.message, '"root.w.v", column "s2", row 1 (time 2): expected a number');
    assert.throws(() => writer.write("root.w.v", 3, [1.5, 1]), /column "s1", row 1 .*not an int32/);
    assert.throws(() => writer.write("root.w.v", 3, [1]), /row 1 .*expected 2 value/);
    assert.throws(() => writer.write("root.w.other", 3, [1, 1]), /"root.w.other" is not defined: call defineDevice/);
    assert.throws(
      () => writer.defineDevice("root.w.v", { ...TWO, aligned: true }),
      /already defined with another schema/,
    );
    assert.equal(writer.metrics().buffered, 2);
    await writer.flush();
    assert.equal(timesByDevice(fake).get("root.w.v"), [1], "only the good row was sent");
    await writer.close();
  }));

test("table writer: one tablet (one request) per table", async () => {
  const fake = await FakeIoTDB.start();
  const pool = new TableSessionPool({ ...base, nodeUrls: [url(fake)], database: "db1" });
  try {
    const writer = pool.writer({ flushIntervalMs: 0 });
    const def = { columns: ["dev", "v"], types: ["STRING", "DOUBLE"], categories: ["TAG", "FIELD"] } as const;
    writer.defineTable("t1", def).defineTable("t2", def);
    for (const t of range(0, 3)) {
      writer.write("t1", t, [`d${t}`, t]);
      writer.write("t2", t, ["d0", null]);
    }
    await writer.flush();
    const requests = sentRequests(fake);
    assert.equal(
      requests.map((r) => [r.method, r.devices[0]!.device, r.devices[0]!.times]),
      [
        ["insertTablet", "t1", [0, 1, 2]],
        ["insertTablet", "t2", [0, 1, 2]],
      ],
    );
    assert.ok(fake.calls("insertTablet").every((r) => (r.args[0] as { writeToTable?: boolean }).writeToTable === true));
    await writer.close();
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("stream(): pipeline(source, transform, writer.stream()) writes every row, waits on backpressure, and flushes at the end", () =>
  withPool(async (pool, fake) => {
    const gate = new Gate();
    fake.handler.insertTablets = async () => (await gate.pass(), ok());
    const writer = pool
      .writer({ flushIntervalMs: 0, batchPoints: 10, highWaterMark: 20 })
      .defineDevice("root.w.s", TWO);
    let produced = 0;
    const source = Readable.from(
      (function* () {
        for (const t of range(0, 200)) {
          produced++;
          yield { t };
        }
      })(),
    );
    const toRow = new Transform({
      objectMode: true,
      transform: ({ t }: { t: number }, _e, callback) =>
        callback(null, { target: "root.w.s", time: t, values: [t, t] } satisfies WriterRow),
    });
    const done = pipeline(source, toRow, writer.stream());
    await sleep(50);
    const held = writer.metrics().buffered + writer.metrics().inFlightPoints;
    assert.ok(held <= 22, `the writer holds ${held} points while the server does not answer`);
    assert.ok(produced < 200, `the source was paused (${produced} rows read)`);
    gate.open();
    await done;
    assert.equal(timesByDevice(fake).get("root.w.s"), range(0, 200), "every row sent once the stream finished");
    assert.is(writer.metrics().written, 200);

    const bad = pool.writer({ flushIntervalMs: 0 }).defineDevice("root.w.s", TWO);
    const failed = await pipeline(
      Readable.from([{ target: "root.w.s", time: 1, values: ["x", 1] }]),
      bad.stream(),
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(failed, EncodeError, "a bad row fails the pipeline");
    await Promise.all([writer.close(), bad.close()]);
  }));

test.run();
