// TFramedTransport: output frames (length backfilled, seqid handed to the flush callback,
// reset() dropping a half-written message, buffers from a pool given back on release), and the
// receiver splitting a byte stream into frames however it is chunked.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool } from "@zerowire/writer";
import { TBinaryProtocol, TFramedTransport, ThriftDecodeError } from "@zerowire/thrift";

test("flush: one frame per message, length prefix = body bytes, the message's seqid", () => {
  const frames: Array<[string, number | undefined]> = [];
  const t = new TFramedTransport(undefined, (frame, seqid) => frames.push([frame.toString("hex"), seqid]));
  const p = new TBinaryProtocol(t);
  p.writeMessageBegin("a", 1, 9);
  p.writeMessageEnd();
  p.flush();
  p.writeI32(5);
  t.flush();
  assert.equal(frames, [
    ["0000000d" + "80010001" + "0000000161" + "00000009", 9],
    ["00000004" + "00000005", undefined],
  ]);
});

test("reset() (the generated code's output.reset() after a failed write) drops the half-written frame", () => {
  const frames: string[] = [];
  const t = new TFramedTransport(undefined, (frame) => frames.push(frame.toString("hex")));
  const p = new TBinaryProtocol(t);
  p.writeMessageBegin("a", 1, 1);
  assert.throws(
    () => p.writeI32(2 ** 40),
    (e: unknown) => e instanceof RangeError,
  );
  p.reset();
  p.writeByte(1);
  p.flush();
  assert.equal(frames, ["00000001" + "01"]);
});

test("with a pool, each frame's buffer goes back to it when the callback releases it", () => {
  const pool = new BufferPool();
  const t = new TFramedTransport(undefined, (_frame, _seqid, owned) => owned.release(), { pool });
  const p = new TBinaryProtocol(t);
  for (let i = 0; i < 3; i++) {
    p.writeString("x".repeat(3000));
    p.flush();
  }
  const stats = pool.stats();
  assert.is(stats.outstanding, 0);
  assert.ok(stats.hits >= 2, `later frames reuse the buffer (hits ${stats.hits})`);
});

test("receiver: frames split across chunks anywhere, several in one chunk, an empty frame", () => {
  const frames = [Buffer.from("0102", "hex"), Buffer.alloc(0), Buffer.from("ff".repeat(10), "hex")];
  const stream = Buffer.concat(frames.flatMap((f) => [Buffer.from([0, 0, 0, f.length]), f]));
  for (let cut = 0; cut <= stream.length; cut++) {
    for (let cut2 = cut; cut2 <= stream.length; cut2++) {
      const got: string[] = [];
      const feed = TFramedTransport.receiver((t) => got.push(t.read(t.reader.remaining).toString("hex")));
      feed(stream.subarray(0, cut));
      feed(stream.subarray(cut, cut2));
      feed(stream.subarray(cut2));
      assert.equal(
        got,
        frames.map((f) => f.toString("hex")),
        `cuts at ${cut}, ${cut2}`,
      );
    }
  }
});

test("receiver: a negative or oversized frame length is a ThriftDecodeError at the frame's stream offset", () => {
  const feed = TFramedTransport.receiver(() => {}, undefined, 100);
  feed(Buffer.from("0000000101", "hex"));
  try {
    feed(Buffer.from("00000065", "hex"));
    assert.unreachable("oversized frame accepted");
  } catch (e) {
    assert.instance(e, ThriftDecodeError);
    assert.is((e as ThriftDecodeError).offset, 5);
  }
  assert.throws(
    () => TFramedTransport.receiver(() => {})(Buffer.from("ffffffff", "hex")),
    (e: unknown) => e instanceof ThriftDecodeError,
  );
});

test.run();
