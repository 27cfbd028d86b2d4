// AbortSignal and streams against the real server, on a 400,000-row device: a long query (its
// whole result in the first reply) aborted while the server works on it rejects with an
// AbortError at once and leaves the session usable; a stream aborted mid-way stops, closes the
// query and leaves the session usable; a stream read to the end through pipeline() gives every
// row; session.close() mid-iteration stops the read with a ConnectionError.
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AbortError, ConnectionError, type RowRecord, type Session } from "../src/index.js";
import { openSession, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_abort")}`;
const DEVICE = `${DB}.d1`;
const ROWS = 400_000;
const PER_TABLET = 50_000;

let session: Session;

test.before(
  setup(async () => {
    session = await openSession();
    await session.deleteDatabase(DB).catch(() => {});
    await session.createDatabase(DB);
    for (let start = 0; start < ROWS; start += PER_TABLET) {
      const timestamps = new BigInt64Array(PER_TABLET);
      const values = new BigInt64Array(PER_TABLET);
      for (let i = 0; i < PER_TABLET; i++) {
        timestamps[i] = BigInt(start + i);
        values[i] = BigInt(start + i) * 3n;
      }
      await session.insertTablet({
        schema: { target: DEVICE, columns: [{ name: "v", type: "INT64" }] },
        timestamps,
        values: [values],
      });
    }
  }),
);

test.after(async () => {
  await session?.deleteDatabase(DB).catch(() => {});
  await session?.close();
});

test("a long query aborted while the server works on it: AbortError at once, then the session answers the next query", async () => {
  const controller = new AbortController();
  const started = performance.now();
  // The whole result in the execute reply: the server reads all 400,000 rows before it answers.
  const query = session.executeQueryStatement(`select v from ${DEVICE}`, {
    fetchSize: ROWS,
    signal: controller.signal,
  });
  setTimeout(() => controller.abort(new Error("enough")), 5);
  const error = await query.then(
    () => assert.unreachable("the server answered within 5 ms: the query is not long enough to abort"),
    (e: unknown) => e,
  );
  const abortedAfterMs = performance.now() - started;
  assert.instance(error, AbortError);
  assert.is(((error as AbortError).cause as Error).message, "enough");
  // The session is usable: the next query is answered (after the server finished the aborted one).
  const [row] = await (await session.executeQueryStatement(`select count(v) from ${DEVICE}`)).toRows();
  assert.is(row!.fields[0], BigInt(ROWS));
  const fullMs = performance.now() - started;
  console.log(
    `  aborted after ${abortedAfterMs.toFixed(0)} ms; the next query answered ${fullMs.toFixed(0)} ms after the start`,
  );
  assert.ok(abortedAfterMs < 1000, `the abort took ${abortedAfterMs} ms`);
});

test("a stream aborted mid-way: AbortError, the rows before it in order, the session usable", async () => {
  const controller = new AbortController();
  const dataSet = await session.executeQueryStatement(`select v from ${DEVICE}`, { fetchSize: 1000 });
  let seen = 0;
  const error = await pipeline(
    dataSet.stream({ signal: controller.signal, highWaterMark: 100 }),
    new Writable({
      objectMode: true,
      write: (row: RowRecord, _encoding, done) => {
        assert.is(row.timestamp, BigInt(seen));
        if (++seen === 3500) controller.abort(new Error("stop"));
        done();
      },
    }),
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, AbortError);
  assert.ok(seen >= 3500 && seen < ROWS, `read ${seen} rows`);
  await session.ping();
  // The data set was closed with the stream: reading it again is refused.
  await dataSet.toRows().then(
    () => assert.unreachable(),
    (e: unknown) => assert.match((e as Error).message, "closed"),
  );
});

test("pipeline(dataSet.stream(), sink) reads every row once, in order", async () => {
  const dataSet = await session.executeQueryStatement(`select v from ${DEVICE}`, { fetchSize: 5000 });
  let seen = 0;
  let sum = 0n;
  await pipeline(
    dataSet.stream(),
    new Writable({
      objectMode: true,
      highWaterMark: 16,
      write: (row: RowRecord, _encoding, done) => {
        if (row.timestamp !== BigInt(seen)) return done(new Error(`row ${seen} has time ${row.timestamp}`));
        seen++;
        sum += row.fields[0] as bigint;
        done();
      },
    }),
  );
  assert.is(seen, ROWS);
  assert.is(sum, (3n * BigInt(ROWS) * BigInt(ROWS - 1)) / 2n);
});

test("session.close() mid-iteration: the data set stops with a ConnectionError instead of yielding its buffered rows", async () => {
  const own = await openSession();
  const dataSet = await own.executeQueryStatement(`select v from ${DEVICE}`, { fetchSize: 10_000 });
  let seen = 0;
  const error = await (async () => {
    for await (const _row of dataSet) if (++seen === 10) await own.close();
  })().then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, ConnectionError);
  assert.is(seen, 10, "no buffered row after close()");
  assert.is(own.isOpen, false);
});

test.run();
