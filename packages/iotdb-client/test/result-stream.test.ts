// dataSet.stream() against the fake server: rows (or blocks) through pipeline() in order; a batch
// is fetched only as the consumer reads (backpressure); the query is closed when the stream ends,
// is destroyed or fails; an abort destroys it with an AbortError. And the data set's reads stop
// with a ConnectionError once session.close() closed the connection mid-read.
import { pipeline } from "node:stream/promises";
import { Transform, Writable } from "node:stream";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSExecuteStatementResp, TSFetchResultsResp, TSStatus } from "../src/gen/client_types.js";
import { toInt64 } from "../src/thrift/int64.js";
import { AbortError, ConnectionError, IoTDBError, type ResultBlock, type RowRecord, Session } from "../src/index.js";
import { type FakeIoTDB, ok, withFake } from "./helpers/fake-iotdb.js";

// Two rows (times 1, 2; INT64 values 10, 20): the first TsBlock of vector 055.
const TWO_ROW_BLOCK = Buffer.from(
  "0000000102000000020202000000000000000001000000000000000200000000000000000a0000000000000014",
  "hex",
);
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

/** A result of 1 + `fetches` batches of the two-row block. */
function serveBatches(fake: FakeIoTDB, fetches: number): void {
  fake.handler.executeQueryStatementV2 = () =>
    new TSExecuteStatementResp({
      status: ok(),
      queryId: toInt64(5),
      columns: ["root.sg.d.s"],
      dataTypeList: ["INT64"],
      ignoreTimeStamp: false,
      queryResult: [TWO_ROW_BLOCK],
      moreData: fetches > 0,
    });
  fake.handler.fetchResultsV2 = () => {
    const n = fake.calls("fetchResultsV2").length;
    return new TSFetchResultsResp({
      status: ok(),
      hasResultSet: true,
      isAlign: true,
      queryResult: [TWO_ROW_BLOCK],
      moreData: n < fetches,
    });
  };
}

test("pipeline(dataSet.stream(), transform, sink): every row in order, then the query is closed", async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 3);
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s from root.sg.d");
    const seen: string[] = [];
    await pipeline(
      dataSet.stream(),
      new Transform({
        objectMode: true,
        transform: (row: RowRecord, _enc, done) => done(null, `${row.timestamp}:${row.fields[0]}`),
      }),
      new Writable({ objectMode: true, write: (line: string, _enc, done) => (seen.push(line), done()) }),
    );
    assert.equal(seen, ["1:10", "2:20", "1:10", "2:20", "1:10", "2:20", "1:10", "2:20"]);
    assert.is(fake.calls("fetchResultsV2").length, 3);
    assert.is(fake.calls("closeOperation").length, 1);
    await session.close();
  });
});

test("backpressure: a batch is fetched only as the consumer reads", async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 10);
    const session = new Session(options);
    await session.open();
    const stream = (await session.executeQueryStatement("select s from root.sg.d")).stream({ highWaterMark: 1 });
    await tick(50);
    assert.is(fake.calls("fetchResultsV2").length, 0, "nothing fetched before anyone reads");
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await tick(50);
    // The first batch is being read: at most the one batch ahead of it has been asked for.
    assert.ok(fake.calls("fetchResultsV2").length <= 1, `fetched ${fake.calls("fetchResultsV2").length}`);
    // negative control: reading everything fetches every batch
    let rows = 1;
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) rows++;
    assert.is(rows, 22);
    assert.is(fake.calls("fetchResultsV2").length, 10);
    await session.close();
  });
});

test("destroying the stream mid-way closes the query and fetches no more", async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 10);
    const session = new Session(options);
    await session.open();
    const stream = (await session.executeQueryStatement("select s from root.sg.d")).stream({ highWaterMark: 1 });
    for await (const _row of stream) break; // destroys the stream
    await tick(50);
    assert.is(fake.calls("closeOperation").length, 1);
    assert.ok(fake.calls("fetchResultsV2").length <= 1);
    await session.close();
  });
});

test('as: "blocks" gives ResultBlocks (typed columns)', async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 1);
    const session = new Session(options);
    await session.open();
    const blocks: ResultBlock[] = [];
    for await (const block of (await session.executeQueryStatement("select s from root.sg.d")).stream({ as: "blocks" }))
      blocks.push(block as ResultBlock);
    assert.is(blocks.length, 2);
    assert.equal([...(blocks[1]!.columns[1]!.values as BigInt64Array)], [10n, 20n]);
    await session.close();
  });
});

test("a failed fetch fails the stream with its error; an abort destroys it with an AbortError", async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 2);
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: new TSStatus({ code: 301, message: "boom" }),
        hasResultSet: false,
        isAlign: true,
      });
    const session = new Session(options);
    await session.open();
    const failing = (await session.executeQueryStatement("select s from root.sg.d")).stream();
    const error = await pipeline(failing, new Writable({ objectMode: true, write: (_r, _e, done) => done() })).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, IoTDBError);
    assert.is(fake.calls("closeOperation").length, 1);

    serveBatches(fake, 2);
    const controller = new AbortController();
    const paused = (
      await session.executeQueryStatement("select s from root.sg.d", { signal: controller.signal })
    ).stream();
    const destroyed = new Promise<unknown>((resolve) => paused.on("error", resolve));
    controller.abort(new Error("stop")); // nobody reads: the stream is destroyed anyway
    const abort = await destroyed;
    assert.instance(abort, AbortError);
    await tick();
    assert.is(
      fake.calls("closeOperation").length,
      2,
      "the query of a stream destroyed before its first read is closed too",
    );
    assert.is(((abort as AbortError).cause as Error).message, "stop");
    await session.close();
  });
});

test("session.close() mid-read: the data set stops with a ConnectionError instead of handing out its buffered rows", async () => {
  await withFake(async (fake, options) => {
    serveBatches(fake, 0);
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s from root.sg.d");
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const row of dataSet) {
        seen.push(row.fields[0]);
        await session.close();
      }
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.equal(seen, [10n], "the buffered second row is not handed out");
    assert.instance(error, ConnectionError);
    assert.match((error as Error).message, "the rows not yet read are lost");

    const again = new Session(options);
    await again.open();
    const it = (await again.executeQueryStatement("select s from root.sg.d")).iterator();
    assert.ok(await it.next());
    await again.close();
    assert.not.ok(it.nextInBlock());
    await it.next().then(
      () => assert.unreachable("the cursor must fail"),
      (e: unknown) => assert.instance(e, ConnectionError),
    );
  });
});

test.run();
