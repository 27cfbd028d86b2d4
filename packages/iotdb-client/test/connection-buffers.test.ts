// Buffer lifetimes on the connection's hot path: replies read into the process's shared read
// buffer must not be seen through it once the next read overwrites it, and a prebuilt request
// frame is released only once the socket has taken all of it.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EncodeError, Session } from "../src/index.js";
import { Connection } from "../src/connection.js";
import { FrameReader } from "../src/transport/frame-reader.js";
import { decodeReplies } from "../src/thrift/reply-decoding.js";
import Int64 from "node-int64";
import { TSExecuteStatementReq, TSExecuteStatementResp, TSStatus } from "../src/gen/client_types.js";
import { FakeServer } from "./helpers/fake-server.js";
import { statusReply, structReply } from "./helpers/replies.js";
import { assertBlockOutlivesSharedReads } from "./helpers/shared-read-buffer.js";

test("a reply kept by the generated reader (binary fields) survives later reads into the shared read buffer", async () => {
  const block = Buffer.alloc(3000, 0xab);
  const method = "executeQueryStatementV2";
  const resp = new TSExecuteStatementResp({
    status: new TSStatus({ code: 200 }),
    queryResult: [block],
    moreData: false,
  });
  await assertBlockOutlivesSharedReads(
    method,
    block,
    (seqid) => structReply("binary", method, seqid, resp as unknown as Parameters<typeof structReply>[3]),
    async (a) => {
      const request = new TSExecuteStatementReq({
        sessionId: new Int64(1),
        statement: "select",
        statementId: new Int64(1),
      });
      return ((await a.call(method, [request])) as TSExecuteStatementResp).queryResult![0]!;
    },
  );
});

test("negative control: without a copy of its own, what the generated reader keeps changes with the frame's bytes", () => {
  // The reader reads binary fields as views of the frame (no copy), so the test above holds only
  // because Connection copies a frame that sits in the shared read buffer.
  const block = Buffer.alloc(3000, 0xab);
  const resp = new TSExecuteStatementResp({
    status: new TSStatus({ code: 200 }),
    queryResult: [block],
    moreData: false,
  });
  const bytes = structReply(
    "binary",
    "executeQueryStatementV2",
    1,
    resp as unknown as Parameters<typeof structReply>[3],
  );
  const [decoded] = decodeReplies(bytes, "executeQueryStatementV2").results;
  const kept = decoded!.queryResult![0]!;
  assert.equal(Buffer.from(kept), block, "as received");
  bytes.fill(0x5a);
  assert.not.equal(Buffer.from(kept), block, "a view of the frame: overwritten with it");
});

test("a frame the socket cannot take at once is released only after it went out, then answered", async () => {
  const frameBytes = 32 * 1024 * 1024; // well past what the kernel buffers for one socket
  let serverSocket: net.Socket | undefined;
  const server = net.createServer((socket) => {
    serverSocket = socket;
    socket.pause(); // read nothing until told
    let received = 0;
    let head: Buffer | undefined;
    socket.on("data", (chunk: Buffer) => {
      head ??= Buffer.from(chunk.subarray(0, 64));
      received += chunk.length;
      if (received === frameBytes + 4) {
        const nameLength = head.readInt32BE(8);
        const seqid = head.readInt32BE(12 + nameLength);
        socket.write(statusReply("binary", "testConnectionEmptyRPC", seqid));
      }
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
  try {
    const conn = await Connection.open({ host: "127.0.0.1", port });
    const seqid = conn.nextSeqid();
    const frame = callFrame("testConnectionEmptyRPC", seqid, frameBytes);
    let released = 0;
    // Settled into a value, so that a failed assertion below leaves no unhandled rejection behind.
    const outcome = conn
      .send("testConnectionEmptyRPC", seqid, { bytes: frame, release: () => released++ })
      .catch((e: Error) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.is(released, 0, "released while the socket still held part of the frame");
    serverSocket!.resume();
    const status = await outcome;
    assert.not.instance(status, Error);
    assert.is((status as { code: number }).code, 200);
    assert.is(released, 1);
    conn.close();
  } finally {
    serverSocket?.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

test("a small frame taken by the socket at once is released before its reply arrives", async () => {
  let answer: (() => void) | undefined;
  const server = await FakeServer.start(
    (call, peer) => (answer = () => peer.send(statusReply("binary", call.method, call.seqid))),
  );
  try {
    const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
    const seqid = conn.nextSeqid();
    let released = 0;
    const reply = conn.send("testConnectionEmptyRPC", seqid, {
      bytes: callFrame("testConnectionEmptyRPC", seqid, 64),
      release: () => released++,
    });
    assert.is(released, 1, "released during send()");
    while (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
    answer();
    assert.is((await reply).code, 200);
    assert.is(released, 1);
    conn.close();
  } finally {
    await server.close();
  }
});

test("replies spread over socket reads are read straight into their frames: whole, in order, on two connections at once", async () => {
  // Each reply comes in three writes, 20 ms apart: the first read ends inside the frame, so the
  // next ones go into the rest of it (FrameReader.room()), counted here by a spy.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
  const text = (k: number) =>
    Array.from({ length: 700_000 }, (_, i) => String.fromCharCode(97 + ((i * k) % 26))).join("");
  const server = await FakeServer.start((call, peer) => {
    const bytes = statusReply("binary", call.method, call.seqid, 200, text(peer.connection));
    void (async () => {
      for (const [from, to] of [
        [0, 10],
        [10, 300_000],
        [300_000, bytes.length],
      ] as const) {
        peer.socket.write(bytes.subarray(from, to));
        await pause();
      }
    })();
  });
  const room = FrameReader.prototype.room;
  let directReads = 0;
  FrameReader.prototype.room = function (this: FrameReader) {
    const buffer = room.call(this);
    if (buffer !== undefined) directReads++;
    return buffer;
  };
  try {
    const a = await Connection.open({ host: "127.0.0.1", port: server.port });
    const b = await Connection.open({ host: "127.0.0.1", port: server.port });
    for (let round = 0; round < 2; round++) {
      const [ra, rb] = (await Promise.all([
        a.call("testConnectionEmptyRPC", []),
        b.call("testConnectionEmptyRPC", []),
      ])) as TSStatus[];
      assert.ok(ra!.message === text(1), `connection a, round ${round}`);
      assert.ok(rb!.message === text(2), `connection b, round ${round}`);
    }
    assert.ok(directReads >= 4, `reads into a frame: ${directReads}`);
    a.close();
    b.close();
  } finally {
    FrameReader.prototype.room = room;
    await server.close();
  }
});

test("insert methods reject (never throw) on bad input, on an open or unopened session", async () => {
  const session = new Session({ host: "127.0.0.1", port: 1 });
  const pending = session.insertTablet(null as never);
  assert.instance(pending, Promise);
  try {
    await pending;
    assert.unreachable("resolved");
  } catch (e) {
    assert.instance(e, EncodeError);
  }
  const records = session.insertRecords("not a list" as never);
  assert.instance(records, Promise);
  await records.then(
    () => assert.unreachable("resolved"),
    (e: unknown) => assert.instance(e, EncodeError),
  );
});

/** A CALL frame of `length` bytes after the prefix: header, then zero padding the server ignores. */
function callFrame(method: string, seqid: number, length: number): Buffer {
  const name = Buffer.from(method);
  const frame = Buffer.alloc(4 + length);
  frame.writeUInt32BE(length, 0);
  frame.writeUInt32BE(0x80010001, 4);
  frame.writeInt32BE(name.length, 8);
  name.copy(frame, 12);
  frame.writeInt32BE(seqid, 12 + name.length);
  return frame;
}

test.run();
