// Reply memory reuse (frame-reader.ts, SessionDataSet.blocks()): a large query reply is read into
// a buffer of its own, given back to the connection once its blocks are decoded, and the next
// large reply is read into it. Nothing a reader can still hold may see the next reply's bytes:
// rows and blocks (copies), BLOB values (views of the reply: never given back) and the reply
// object a tracing subscriber got (never given back). Replies come over TCP from the fake server,
// so each large one arrives in several reads and is assembled, as from a real server.
import dc from "node:diagnostics_channel";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { arrayBody, header, hex, i64, text, timeBody } from "../../iotdb-codec/test/decode-bytes.js";
import { TSExecuteStatementResp, TSFetchResultsResp } from "../src/gen/client_types.js";
import { type IoTDBTraceContext, type ResultBlock, type RowRecord, Session } from "../src/index.js";
import { FrameReader } from "../src/transport/frame-reader.js";
import { toInt64 } from "../src/thrift/int64.js";
import { type FakeIoTDB, ok, withFake } from "./helpers/fake-iotdb.js";

const ROWS = 12_000; // ~190 KB of INT64 block: several socket reads, and recyclable (64 KiB to 4 MiB)

/** A block of ROWS rows: times from `first`, one INT64 column of time * 3. */
function int64Block(first: number): Buffer {
  const times = Array.from({ length: ROWS }, (_, i) => BigInt(first + i));
  return hex(
    header([2], ROWS, [2, 2]),
    timeBody(times),
    arrayBody(
      times.map((t) => t * 3n),
      i64,
    ),
  );
}

/** A block of ROWS rows, one BLOB column: row i holds 8 bytes, each (first + i) & 0xff. */
function blobBlock(first: number): Buffer {
  const times = Array.from({ length: ROWS }, (_, i) => BigInt(first + i));
  const blobs = times.map((t) => Buffer.alloc(8, Number(t) & 0xff));
  return hex(header([5], ROWS, [2, 3]), timeBody(times), arrayBody(blobs, text));
}

const reply = (block: Buffer, type: string, moreData = false) =>
  new TSExecuteStatementResp({
    status: ok(),
    queryId: toInt64(7),
    columns: ["root.sg.d.s"],
    dataTypeList: [type],
    ignoreTimeStamp: false,
    queryResult: [block],
    moreData,
  });

/**
 * Counts the reply buffers made while `body` runs: Buffer.allocUnsafeSlow calls for more bytes than a
 * block holds (a reply frame holds a whole block and more; a decoded block's own memory is less).
 */
async function replyAllocations(body: () => Promise<void>): Promise<number> {
  const original = Buffer.allocUnsafeSlow;
  const blockBytes = Math.min(int64Block(0).length, blobBlock(0).length);
  let count = 0;
  Buffer.allocUnsafeSlow = (size: number) => {
    if (size > blockBytes) count++;
    return original(size);
  };
  try {
    await body();
  } finally {
    Buffer.allocUnsafeSlow = original;
  }
  return count;
}

/** Runs `body` on an open session against a fresh fake server that `serve` set up. */
async function withSession(serve: (fake: FakeIoTDB) => void, body: (session: Session) => Promise<void>): Promise<void> {
  await withFake(async (fake, options) => {
    serve(fake);
    const session = new Session(options);
    await session.open();
    try {
      await body(session);
    } finally {
      await session.close();
    }
  });
}

async function readRows(session: Session, sql: string): Promise<RowRecord[]> {
  const rows: RowRecord[] = [];
  for await (const row of await session.executeQueryStatement(sql)) rows.push(row);
  return rows;
}

test("FrameReader: a large frame's buffer, given back, takes the next large frame that fits; a larger one gets a new buffer", () => {
  const frames: Buffer[] = [];
  const reader = new FrameReader(16 * 1024 * 1024, (payload) => frames.push(payload));
  const frame = (length: number, fill: number) => {
    const bytes = Buffer.alloc(4 + length, fill);
    bytes.writeUInt32BE(length, 0);
    return bytes;
  };
  const push = (bytes: Buffer) => {
    for (let at = 0; at < bytes.length; at += 50_000) reader.push(bytes.subarray(at, at + 50_000));
  };
  push(frame(100_000, 1));
  const first = frames[0]!;
  reader.recycle(Buffer.alloc(300_000).buffer); // not one it handed out: ignored
  reader.recycle(first.subarray(10, 20).buffer);
  push(frame(90_000, 2));
  assert.is(frames[1]!.buffer, first.buffer, "the second frame is read into the first one's memory");
  assert.equal(frames[1], Buffer.alloc(90_000, 2), "and holds its own bytes");
  reader.recycle(frames[1]!.buffer);
  push(frame(150_000, 3));
  assert.is.not(frames[2]!.buffer, first.buffer, "too large for the spare: a new buffer");
  assert.equal(frames[2], Buffer.alloc(150_000, 3));
  push(frame(60_000, 4)); // under 64 KiB: never from the spare, never taken back
  assert.is.not(frames[3]!.buffer, first.buffer);
  reader.recycle(frames[3]!.buffer);
  push(frame(80_000, 5));
  assert.is(frames[4]!.buffer, first.buffer, "the spare kept");
});

/** Serves execute replies of int64Block(100_000), int64Block(200_000), ... in turn. */
const serveInt64 = (fake: FakeIoTDB) => {
  let first = 0;
  fake.handler.executeQueryStatementV2 = () => reply(int64Block((first += 100_000)), "INT64");
};

test("a large reply's memory is reused by the next one; the rows and blocks read from the first stay as they were", async () => {
  await withSession(serveInt64, async (session) => {
    let rows: RowRecord[] = [];
    let kept: ResultBlock | undefined;
    assert.is(
      await replyAllocations(async () => {
        rows = await readRows(session, "select s from root.sg.d");
      }),
      1,
      "the first large reply gets a buffer",
    );
    const reuse = await replyAllocations(async () => {
      for await (const block of (await session.executeQueryStatement("select s from root.sg.d")).blocks()) kept = block;
      await readRows(session, "select s from root.sg.d");
    });
    assert.is(reuse, 0, "the later ones are read into it");
    assert.is(rows.length, ROWS);
    rows.forEach((row, i) => {
      if (row.timestamp !== BigInt(100_000 + i) || row.fields[0] !== BigInt(100_000 + i) * 3n)
        assert.unreachable(`row ${i} changed: ${row.timestamp} ${row.fields[0]}`);
    });
    assert.equal(
      kept!.columns.map((c) => c.name),
      ["Time", "root.sg.d.s"],
    );
    const time = kept!.columns[0]!.values as BigInt64Array;
    const values = kept!.columns[1]!.values as BigInt64Array;
    for (let i = 0; i < ROWS; i++) {
      if (time[i] !== BigInt(200_000 + i) || values[i] !== BigInt(200_000 + i) * 3n)
        assert.unreachable(`block row ${i} changed after the next reply: ${time[i]} ${values[i]}`);
    }
  });
});

test("fetched batches are given back too: a result of an execute reply and two fetch replies reads right, and the next one reuses their memory", async () => {
  let first = 0;
  let fetches = 0;
  const serve = (fake: FakeIoTDB) => {
    fake.handler.executeQueryStatementV2 = () => {
      fetches = 0;
      return reply(int64Block((first += 100_000)), "INT64", true);
    };
    fake.handler.fetchResultsV2 = () =>
      new TSFetchResultsResp({
        status: ok(),
        hasResultSet: true,
        isAlign: true,
        queryResult: [int64Block(first + ROWS * ++fetches)],
        moreData: fetches < 2,
      });
  };
  const check = (rows: RowRecord[], from: number) => {
    assert.is(rows.length, 3 * ROWS);
    rows.forEach((row, i) => {
      if (row.timestamp !== BigInt(from + i) || row.fields[0] !== BigInt(from + i) * 3n)
        assert.unreachable(`row ${i}: ${row.timestamp} ${row.fields[0]}`);
    });
  };
  await withSession(serve, async (session) => {
    let rows: RowRecord[] = [];
    const made = await replyAllocations(async () => {
      rows = await readRows(session, "select s from root.sg.d");
    });
    assert.ok(made >= 1 && made <= 3, `the first result's three replies take 1 to 3 buffers (${made})`);
    const again = await replyAllocations(async () => {
      check(await readRows(session, "select s from root.sg.d"), 200_000);
    });
    assert.is(again, 0, "the next result's replies are read into given-back memory");
    check(rows, 100_000);
  });
});

test("a BLOB result's reply memory is never reused: its values (views of it) outlive the next large reply", async () => {
  const serve = (fake: FakeIoTDB) => {
    let call = 0;
    fake.handler.executeQueryStatementV2 = () =>
      ++call === 1 ? reply(blobBlock(1), "BLOB") : reply(int64Block(500_000), "INT64");
  };
  await withSession(serve, async (session) => {
    const blobs = (await readRows(session, "select blob")).map((row) => row.fields[0] as Buffer);
    const later = await replyAllocations(async () => {
      await readRows(session, "select int64");
    });
    blobs.forEach((blob, i) => {
      if (!blob.equals(Buffer.alloc(8, (1 + i) & 0xff)))
        assert.unreachable(`BLOB ${i} changed: ${blob.toString("hex")}`);
    });
    assert.is(later, 1, "the next large reply got a buffer of its own");
  });
});

test("a reply a tracing subscriber got is never reused: the reply object it keeps outlives the next large reply", async () => {
  const results: unknown[] = [];
  const channel = dc.tracingChannel<unknown, IoTDBTraceContext>("iotdb:query");
  const handlers = {
    start() {},
    end() {},
    asyncStart() {},
    asyncEnd(context: IoTDBTraceContext) {
      results.push(context.result);
    },
    error() {},
  };
  await withSession(serveInt64, async (session) => {
    channel.subscribe(handlers);
    try {
      await readRows(session, "select s from root.sg.d");
    } finally {
      channel.unsubscribe(handlers);
    }
    assert.is(results.length, 1, "the subscriber got the reply");
    const kept = (results[0] as TSExecuteStatementResp).queryResult![0]!;
    const later = await replyAllocations(async () => {
      await readRows(session, "select s from root.sg.d");
    });
    assert.equal(Buffer.from(kept), int64Block(100_000), "the traced reply's block is as received");
    assert.is(later, 1, "the next large reply got a buffer of its own");
  });
});

test.run();
