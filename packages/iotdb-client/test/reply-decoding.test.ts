// decodeReplies (the reply path without a socket) and what Connection reports for a malformed
// reply: a TSStatus nested deeper than the generated readers' call stack allows is a ReplyError
// that says so and keeps the engine's RangeError as its cause, and a Connection's request fails
// with a ConnectionError whose cause is that ReplyError.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, FrameError, ReplyError } from "../src/index.js";
import { Connection } from "../src/connection.js";
import { decodeReplies } from "../src/thrift/reply-decoding.js";
import { FakeServer } from "./helpers/fake-server.js";
import { statusReply } from "./helpers/replies.js";

/** Far deeper than any call stack: the generated reader recurses per level. */
const TOO_DEEP = 30_000;

/** An insertTablet REPLY whose TSStatus holds one subStatus per level, `depth` levels deep,
 *  written by hand in the binary protocol (the generated writer would overflow too). */
function nestedStatusReply(depth: number, seqid = 1): Buffer {
  const name = Buffer.from("insertTablet");
  const head = Buffer.alloc(12 + name.length);
  head.writeUInt32BE(0x80010002, 0); // version 1, REPLY
  head.writeInt32BE(name.length, 4);
  name.copy(head, 8);
  head.writeInt32BE(seqid, 8 + name.length);
  // Per level: code (I32, id 1) = 0, then subStatus (LIST, id 3) of one STRUCT.
  const level = Buffer.from("08000100000000" + "0f0003" + "0c00000001", "hex");
  const body = Buffer.concat([
    Buffer.from("0c0000", "hex"), // result field 0 (success): STRUCT
    Buffer.alloc(level.length * depth, level),
    Buffer.from("0800010000000000", "hex"), // the innermost status: code, STOP
    Buffer.alloc(depth), // each level's STOP
    Buffer.of(0), // the result struct's STOP
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length + body.length);
  return Buffer.concat([length, head, body]);
}

function depthOf(status: { subStatus?: unknown[] | null }): number {
  let depth = 0;
  for (let s = status; s.subStatus?.length; s = s.subStatus[0] as typeof status) depth++;
  return depth;
}

test("decodeReplies: each frame's result; a frame cut short leaves it waiting", () => {
  const a = statusReply("binary", "testConnectionEmptyRPC", 1, 200, "a");
  const b = statusReply("binary", "testConnectionEmptyRPC", 2, 301, "b");
  const both = decodeReplies(Buffer.concat([a, b]), "testConnectionEmptyRPC");
  assert.equal(
    both.results.map((r) => [r.code, r.message]),
    [
      [200, "a"],
      [301, "b"],
    ],
  );
  assert.is(both.waiting, false);
  const cut = decodeReplies(Buffer.concat([a, b.subarray(0, 7)]), "testConnectionEmptyRPC");
  assert.is(cut.results.length, 1);
  assert.is(cut.waiting, true);
  const compact = decodeReplies(
    statusReply("compact", "testConnectionEmptyRPC", 1, 200, "c"),
    "testConnectionEmptyRPC",
    { protocol: "compact" },
  );
  assert.is(compact.results[0]!.message, "c");
});

test("decodeReplies: a reply to another method, a malformed body, an oversized frame", () => {
  const reply = statusReply("binary", "testConnectionEmptyRPC", 1);
  assert.throws(
    () => decodeReplies(reply, "closeSession"),
    (e: Error) => e instanceof ReplyError && e.message.includes("expected a reply to closeSession"),
  );
  const cut = Buffer.from(reply.subarray(0, reply.length - 3));
  cut.writeUInt32BE(cut.length - 4);
  assert.throws(
    () => decodeReplies(cut, "testConnectionEmptyRPC"),
    (e: Error) => e instanceof ReplyError && e.message.includes("malformed reply") && e.cause instanceof Error,
  );
  assert.throws(
    () => decodeReplies(reply, "testConnectionEmptyRPC", { maxFrameSize: 10 }),
    (e: Error) => e instanceof FrameError && e.message.includes("exceeds maxFrameSize 10"),
  );
});

test("a TSStatus nested too deep is a ReplyError saying so, with the stack overflow as its cause", () => {
  const [shallow] = decodeReplies(nestedStatusReply(50), "insertTablet").results;
  assert.is(depthOf(shallow!), 50, "the hand-built reply is right");
  let error: unknown;
  try {
    decodeReplies(nestedStatusReply(TOO_DEEP), "insertTablet");
  } catch (e) {
    error = e;
  }
  assert.instance(error, ReplyError);
  const e = error as ReplyError;
  assert.match(e.message, /^insertTablet: malformed reply: nested too deep/);
  assert.not.match(e.message, /Maximum call stack/, "the message is the client's, not the engine's");
  assert.instance(e.cause, RangeError);
  assert.match((e.cause as Error).message, /call stack/);
});

test("Connection: a reply nested too deep fails the request with a ConnectionError that keeps the cause chain", async () => {
  const server = await FakeServer.start((call, peer) => peer.send(nestedStatusReply(TOO_DEEP, call.seqid)));
  try {
    const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
    // A request without arguments, answered as if it were insertTablet.
    const seqid = conn.nextSeqid();
    const frame = callFrame("insertTablet", seqid);
    let error: unknown;
    await conn.send("insertTablet", seqid, { bytes: frame, release() {} }).catch((e: unknown) => (error = e));
    assert.instance(error, ConnectionError);
    const e = error as ConnectionError;
    assert.match(e.message, /insertTablet: malformed reply: nested too deep/);
    assert.instance(e.cause, ReplyError);
    assert.instance((e.cause as Error).cause, RangeError);
    assert.ok(conn.closed, "the stream's position is lost: the connection is given up");
  } finally {
    await server.close();
  }
});

/** A CALL frame of `method` with an empty args struct (binary protocol). */
function callFrame(method: string, seqid: number): Buffer {
  const name = Buffer.from(method);
  const body = Buffer.alloc(12 + name.length + 1);
  body.writeUInt32BE(0x80010001, 0);
  body.writeInt32BE(name.length, 4);
  name.copy(body, 8);
  body.writeInt32BE(seqid, 8 + name.length);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

test.run();
