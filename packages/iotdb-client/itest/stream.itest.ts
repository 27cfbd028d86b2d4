// A 200,000-row result streamed with a small fetchSize: every row arrives once, in time order,
// and the INT64 sum (beyond 2^53) is exact; the same result as typed columns agrees.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Session } from "../src/index.js";
import { Connection } from "../src/connection.js";
import type { RpcMethod } from "../src/thrift/rpc-signatures.js";
import { openSession, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_stream")}`;
const DEVICE = `${DB}.d1`;
const ROWS = 200_000;
const PER_TABLET = 10_000;
const FIRST_TIME = 1_000_000n;

/** Row i: an INT64 up to ~2^45 (the total passes 2^53) and an INT32 that is null every 7th row. */
const int64At = (i: number) => BigInt(i) * 175_921_860_444n + (i % 2 === 0 ? 1n : -3n);
const int32At = (i: number) => (i % 7 === 0 ? null : (i * 31) % 100_000);

let session: Session;
let expectedSum = 0n;
let expectedInt32Count = 0;

test.before(
  setup(async () => {
    session = await openSession({ fetchSize: 1000 });
    await session.deleteDatabase(DB).catch(() => {});
    await session.createDatabase(DB);
    for (let start = 0; start < ROWS; start += PER_TABLET) {
      const timestamps = new BigInt64Array(PER_TABLET);
      const big = new BigInt64Array(PER_TABLET);
      const small = new Int32Array(PER_TABLET);
      const nulls = new Uint8Array(PER_TABLET);
      for (let r = 0; r < PER_TABLET; r++) {
        const i = start + r;
        timestamps[r] = FIRST_TIME + BigInt(i);
        big[r] = int64At(i);
        expectedSum += big[r]!;
        const v = int32At(i);
        if (v === null) nulls[r] = 1;
        else {
          small[r] = v;
          expectedInt32Count++;
        }
      }
      await session.insertTablet({
        schema: {
          target: DEVICE,
          columns: [
            { name: "big", type: "INT64" },
            { name: "small", type: "INT32" },
          ],
        },
        timestamps,
        values: [big, small],
        nulls: [undefined, nulls],
      });
    }
  }),
);

test.after(async () => {
  if (session === undefined) return; // before() failed and said why
  await session.deleteDatabase(DB);
  await session.close();
});

test(`${ROWS} rows stream with fetchSize 1000: counted, ordered and summed exactly`, async () => {
  assert.ok(expectedSum > 2n ** 53n, "the sum needs more than a double's precision");
  const dataSet = await session.executeQueryStatement(`select big, small from ${DEVICE}`);
  let count = 0;
  let sum = 0n;
  let smallCount = 0;
  let previous = FIRST_TIME - 1n;
  for await (const row of dataSet) {
    const time = row.timestamp as bigint;
    if (time !== previous + 1n) assert.unreachable(`row ${count}: time ${time} after ${previous}`);
    previous = time;
    sum += row.fields[0] as bigint;
    const small = row.fields[1];
    if (small !== int32At(count))
      assert.unreachable(`row ${count}: small = ${String(small)}, expected ${String(int32At(count))}`);
    if (small !== null) smallCount++;
    count++;
  }
  assert.is(count, ROWS);
  assert.is(sum, expectedSum);
  assert.is(smallCount, expectedInt32Count);
});

test("the rows are fetched in batches of about fetchSize rows, one fetchResultsV2 each", async () => {
  // The server fills a batch with whole TsBlocks (up to ~4k rows here) until it holds fetchSize rows.
  const fetchSizes: number[] = [];
  const call = Connection.prototype.call;
  Connection.prototype.call = function (this: Connection, method: RpcMethod, args: never, timeoutMs?: number) {
    if (method === "fetchResultsV2") fetchSizes.push((args[0] as { fetchSize: number }).fetchSize);
    return call.call(this, method, args, timeoutMs);
  } as typeof call;
  try {
    const batches = async (fetchSize: number) => {
      fetchSizes.length = 0;
      let blocks = 0;
      let rows = 0;
      for await (const block of (
        await session.executeQueryStatement(`select big from ${DEVICE}`, { fetchSize })
      ).blocks()) {
        blocks++;
        rows += block.rowCount;
      }
      assert.is(rows, ROWS);
      assert.ok(fetchSizes.every((n) => n === fetchSize));
      return { fetches: fetchSizes.length, blocks };
    };
    const small = await batches(1000);
    assert.is(small.fetches, small.blocks - 1, "one TsBlock per batch");
    assert.ok(small.fetches >= 40, `${small.fetches} fetches`);
    const large = await batches(100_000);
    assert.ok(large.fetches <= 2, `${large.fetches} fetches with fetchSize 100000`);
  } finally {
    Connection.prototype.call = call;
  }
});

test("the same result as typed columns (toColumnar) and through the server's own count/sum", async () => {
  const columnar = await (
    await session.executeQueryStatement(`select big, small from ${DEVICE}`, { fetchSize: 5000 })
  ).toColumnar();
  assert.is(columnar.rowCount, ROWS);
  const big = columnar.columns[1]!.values as BigInt64Array;
  assert.instance(big, BigInt64Array);
  let sum = 0n;
  for (const v of big) sum += v;
  assert.is(sum, expectedSum);
  const nulls = columnar.columns[2]!.nulls!;
  assert.is(
    nulls.reduce((n, v) => n + v, 0),
    ROWS - expectedInt32Count,
  );
  const [agg] = await (await session.executeQueryStatement(`select count(big), count(small) from ${DEVICE}`)).toRows();
  assert.equal(agg!.fields, [BigInt(ROWS), BigInt(expectedInt32Count)]);
});

test("raw data query and aggregation query over the same data", async () => {
  const raw = await (
    await session.executeRawDataQuery([`${DEVICE}.big`], FIRST_TIME + 100n, FIRST_TIME + 110n)
  ).toRows();
  assert.equal(
    raw.map((r) => [r.timestamp, r.fields[0]]),
    Array.from({ length: 10 }, (_, k) => [FIRST_TIME + 100n + BigInt(k), int64At(100 + k)]),
  );
  const [agg] = await (
    await session.executeAggregationQuery([`${DEVICE}.big`, `${DEVICE}.small`], ["COUNT", "MAX_VALUE"])
  ).toRows();
  let maxSmall = -1;
  for (let i = 0; i < ROWS; i++) maxSmall = Math.max(maxSmall, int32At(i) ?? -1);
  assert.equal(agg!.fields, [BigInt(ROWS), maxSmall]);
  const last = await (await session.executeLastDataQuery([`${DEVICE}.big`])).toRows();
  assert.is(last.length, 1);
  assert.is(last[0]!.timestamp, FIRST_TIME + BigInt(ROWS - 1));
  assert.equal(last[0]!.fields.slice(0, 2), [`${DEVICE}.big`, String(int64At(ROWS - 1))]);
});

test("deleteData removes exactly the points up to the given time", async () => {
  await session.deleteData(`${DEVICE}.big`, FIRST_TIME + 9n);
  const [agg] = await (await session.executeQueryStatement(`select count(big) from ${DEVICE}`)).toRows();
  assert.equal(agg!.fields, [BigInt(ROWS - 10)]);
});

test.run();
