// Run from ESM in the temporary project the pack test installs the tarballs into.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { BufferPool, Reader, utf8Slice, utf8Write, Writer } from "@zerowire/writer";
import { EncodeError, encodeTabletBuffers } from "@zerowire/iotdb-codec";
import { HI_WORD, hiWord, LO_WORD, loWord } from "@zerowire/writer/seams";
import { prepareTablet } from "@zerowire/iotdb-codec/lower-level";
import { TBinaryProtocol, TFramedTransport } from "@zerowire/thrift";
import {
  BufferPool as ClientBufferPool,
  ConnectionError,
  OptionError,
  PoolTimeoutError,
  Session,
  TimeoutError,
  TSDataType,
} from "@zerowire/iotdb-client";

const require = createRequire(import.meta.url);
for (const name of ["@zerowire/writer", "@zerowire/thrift", "@zerowire/iotdb-codec", "@zerowire/iotdb-client"]) {
  assert.equal(require(`${name}/package.json`).version, process.env.ZW_EXPECTED_VERSION, `${name}/package.json`);
}

// writer: an int64 from a number and a string with a lone surrogate (U+FFFD, as Buffer.from), read back.
const w = new Writer();
w.i64be(1700000000000).strVarint("naïve 😀 \ud800");
const frame = w.finish();
assert.equal(Buffer.from(frame.bytes).toString("hex"), "0000018bcfe568000f6e61c3af766520f09f988020efbfbd");
const r = new Reader(frame.bytes);
assert.equal(r.i64beNumber(), 1700000000000);
assert.equal(r.strVarint(), "naïve 😀 \ufffd");
frame.release();
const scratch = Buffer.alloc(8);
assert.equal(utf8Write(scratch, "é\ud800", 1, 7), 5);
assert.equal(utf8Slice(scratch, 1, 6), "é\ufffd");

// thrift: a CALL message header in one frame (length backfilled), read back.
let called;
const out = new TBinaryProtocol(new TFramedTransport(undefined, (f) => (called = Buffer.from(f))));
out.writeMessageBegin("ping", 1, 7);
out.flush();
assert.equal(called.toString("hex"), "00000010" + "80010001" + "00000004" + "70696e67" + "00000007");
assert.deepEqual(
  { ...new TBinaryProtocol(new TFramedTransport(called.subarray(4))).readMessageBegin() },
  { fname: "ping", mtype: 1, rseqid: 7 },
);

// codec: an unsorted tablet, sorted by time, big-endian, bitmap section "00".
const { timestamps, values } = encodeTabletBuffers({
  schema: { model: "tree", target: "root.sg.d1", aligned: false, columns: [{ name: "s", type: "INT32" }] },
  timestamps: [2, 1],
  values: [Int32Array.of(7, 8)],
});
assert.equal(Buffer.from(timestamps).toString("hex"), "00000000000000010000000000000002");
assert.equal(Buffer.from(values).toString("hex"), "000000080000000700");

// subpaths: the writer's seams and the codec's lower level, whose EncodeError is the root's class.
assert.deepEqual([HI_WORD + LO_WORD, hiWord(-1), loWord(2 ** 32 + 5)], [1, -1, 5]);
assert.throws(
  () =>
    prepareTablet({
      schema: { model: "tree", target: "root.sg.d1", aligned: false, columns: [{ name: "s", type: "INT32" }] },
      timestamps: [1],
      values: [],
    }),
  EncodeError,
);

// client: one @zerowire/writer in the tree; a Session that is never opened refuses a query.
assert.equal(ClientBufferPool, BufferPool);
assert.equal(TSDataType.INT32, 1);
const session = new Session({ host: "127.0.0.1", port: 1 });
assert.equal(session.isOpen, false);
await assert.rejects(
  session.executeQueryStatement("select 1"),
  (e) => e instanceof ConnectionError && /not open/.test(e.message),
);
// Errors keep their class names and codes in the bundle; a bad option fails in the constructor.
assert.throws(
  () => new Session({ protocol: "Compact" }),
  (e) =>
    e instanceof OptionError && e.name === "OptionError" && e.code === "ERR_IOTDB_OPTION" && e.option === "protocol",
);
const waited = new PoolTimeoutError("x", 1);
assert.ok(
  waited instanceof TimeoutError && waited.name === "PoolTimeoutError" && waited.code === "ERR_IOTDB_POOL_TIMEOUT",
);
console.log("esm ok");
