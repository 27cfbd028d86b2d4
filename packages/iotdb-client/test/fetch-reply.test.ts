// The hand-written fetchResultsV2 reply reader (thrift/fetch-reply.ts) against the generated one:
// for random TSFetchResultsResp replies written by the Thrift runtime, in both protocols, it must
// take the fast path and give an object equal to the generated reader's (same classes, same
// fields in the same order, TsBlocks as views of the frame); for fields out of order, repeated or
// missing it must still read exactly what the generated reader reads; for shapes it does not read
// (unknown fields, other types, the old data sets, nested statuses) and damaged frames it must
// decline (undefined), never return something else. Then the Connection: a declined reply still
// resolves with the generated result, and a reply's blocks outlive the shared read buffer.
import fc from "fast-check";
import thrift from "thrift";
import Int64 from "node-int64";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Connection } from "../src/connection.js";
import { TEndPoint, TSFetchResultsReq, TSFetchResultsResp, TSQueryDataSet, TSStatus } from "../src/gen/client_types.js";
import { decodeReplies } from "../src/thrift/reply-decoding.js";
import { RpcCodec } from "../src/thrift/rpc-codec.js";
import { readReplyHead } from "../src/thrift/status-reply.js";
import { FakeServer } from "./helpers/fake-server.js";
import { damagedFrame, message, structReply } from "./helpers/replies.js";
import { assertBlockOutlivesSharedReads } from "./helpers/shared-read-buffer.js";

type Protocol = "binary" | "compact";
const PROTOCOLS: Protocol[] = ["binary", "compact"];
const METHOD = "fetchResultsV2";
const RUNS = { numRuns: 300, seed: 20261129 };
const T = thrift.Thrift.Type;

interface RespShape {
  status: { code: number; message?: string; needRetry?: boolean };
  hasResultSet: boolean;
  isAlign: boolean;
  queryResult?: Uint8Array[];
  moreData?: boolean;
}

const respShape: fc.Arbitrary<RespShape> = fc.record(
  {
    status: fc.record(
      {
        code: fc.oneof(fc.constantFrom(200, 301, 400), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })),
        message: fc.string({ unit: "grapheme" }),
        needRetry: fc.boolean(),
      },
      { requiredKeys: ["code"] },
    ),
    hasResultSet: fc.boolean(),
    isAlign: fc.boolean(),
    queryResult: fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 }),
    moreData: fc.boolean(),
  },
  { requiredKeys: ["status", "hasResultSet", "isAlign"] },
);

type Writable = { write(p: thrift.TProtocol): void };

function resp(shape: RespShape): TSFetchResultsResp {
  return new TSFetchResultsResp({
    ...shape,
    status: new TSStatus(shape.status),
    queryResult: shape.queryResult?.map((b) => Buffer.from(b)),
  });
}

/** A length-prefixed fetchResultsV2 REPLY frame, as the Thrift runtime writes it. */
function replyFrame(protocol: Protocol, shape: RespShape, seqid = 7): Buffer {
  return structReply(protocol, METHOD, seqid, resp(shape) as unknown as Writable);
}

/** A REPLY whose TSFetchResultsResp fields are written by `fields` (any order, any types). */
function handWritten(protocol: Protocol, fields: (p: thrift.TProtocol) => void, seqid = 7): Buffer {
  return message(protocol, METHOD, 2, seqid, (p) => {
    p.writeStructBegin("result");
    p.writeFieldBegin("success", T.STRUCT, 0);
    p.writeStructBegin("TSFetchResultsResp");
    fields(p);
    p.writeFieldStop();
    p.writeStructEnd();
    p.writeFieldEnd();
    p.writeFieldStop();
    p.writeStructEnd();
  });
}

/** Writes a generated struct (whose declarations leave out `write`) with the Thrift runtime. */
function writeTo(p: thrift.TProtocol, struct: object): void {
  (struct as Writable).write(p);
}

function field(p: thrift.TProtocol, type: thrift.Thrift.Type, id: number, value: () => void): void {
  p.writeFieldBegin("f", type, id);
  value();
  p.writeFieldEnd();
}

/** The hand reader's result for a length-prefixed frame (undefined: declined). */
function fast(frame: Buffer, protocol: Protocol, method = METHOD): TSFetchResultsResp | undefined {
  return readReplyHead(frame.subarray(4), protocol)?.fetchResults(method);
}

/** What the generated reader (RpcCodec, Connection's fallback) gives for the frame. */
function generated(frame: Buffer, protocol: Protocol): TSFetchResultsResp {
  return decodeReplies(frame, METHOD, { protocol }).results[0]!;
}

/** Equal as the data set sees it: classes, own keys in order, values; blocks as views of `frame`. */
function assertSameResult(ours: TSFetchResultsResp, theirs: TSFetchResultsResp, frame: Buffer): void {
  assert.is(Object.getPrototypeOf(ours), TSFetchResultsResp.prototype);
  assert.equal(Object.keys(ours), Object.keys(theirs));
  if (theirs.status !== null) {
    assert.is(Object.getPrototypeOf(ours.status), TSStatus.prototype);
    assert.equal(Object.keys(ours.status), Object.keys(theirs.status));
  }
  assert.equal(ours, theirs); // dequal: constructors and every value, Buffers byte for byte
  for (const block of ours.queryResult ?? []) {
    assert.ok(Buffer.isBuffer(block));
    assert.is(block.buffer, frame.buffer, "a view of the frame, as the generated reader's");
  }
}

for (const protocol of PROTOCOLS) {
  test(`${protocol}: every reply the server sends is read by hand, equal to the generated reader's`, () => {
    fc.assert(
      fc.property(respShape, (shape) => {
        const frame = replyFrame(protocol, shape);
        const ours = fast(frame, protocol);
        assert.ok(ours, "took the fast path");
        assertSameResult(ours, generated(frame, protocol), frame);
        assert.is(fast(frame, protocol, "fetchResults"), undefined, "a reply to another method is declined");
        assert.is(fast(frame, protocol, "fetchResultsV3"), undefined, "a name that differs in one byte is declined");
        assert.is(readReplyHead(frame.subarray(4), protocol)!.seqid, 7);
      }),
      RUNS,
    );
  });

  test(`${protocol}: fields out of order, repeated or missing are read as the generated reader reads them`, () => {
    const block = Buffer.from("tsblock");
    const frames = [
      // reversed order, a repeated bool (the last one wins) and a repeated list (so does it)
      handWritten(protocol, (p) => {
        field(p, T.BOOL, 7, () => p.writeBool(true));
        field(
          p,
          T.LIST,
          6,
          () => (p.writeListBegin(T.STRING, 1), p.writeBinary(Buffer.from("first")), p.writeListEnd()),
        );
        field(p, T.BOOL, 3, () => p.writeBool(false));
        field(p, T.BOOL, 2, () => p.writeBool(true));
        field(p, T.BOOL, 2, () => p.writeBool(false));
        field(
          p,
          T.LIST,
          6,
          () => (p.writeListBegin(T.STRING, 2), p.writeBinary(block), p.writeBinary(block), p.writeListEnd()),
        );
        field(p, T.STRUCT, 1, () => writeTo(p, new TSStatus({ code: 200, message: "ok" })));
      }),
      // only the status: every other field stays null
      handWritten(protocol, (p) => field(p, T.STRUCT, 1, () => writeTo(p, new TSStatus({ code: 200 })))),
      // no fields at all
      handWritten(protocol, () => {}),
      // an empty list
      handWritten(protocol, (p) => field(p, T.LIST, 6, () => (p.writeListBegin(T.STRING, 0), p.writeListEnd()))),
    ];
    for (const frame of frames) {
      const ours = fast(frame, protocol);
      assert.ok(ours, "took the fast path");
      assertSameResult(ours, generated(frame, protocol), frame);
    }
    const first = generated(frames[0]!, protocol);
    assert.is(first.hasResultSet, false, "the repeated field's last value");
    assert.equal(first.queryResult, [block, block], "the repeated list's last value");
    assert.is(generated(frames[1]!, protocol).queryResult, null);
  });

  test(`${protocol}: shapes the hand reader does not read are declined, and the generated reader reads them`, () => {
    const declined: [string, Buffer][] = [
      ["an unknown field", handWritten(protocol, (p) => field(p, T.I32, 9, () => p.writeI32(1)))],
      ["a known id with another type", handWritten(protocol, (p) => field(p, T.I32, 2, () => p.writeI32(1)))],
      [
        "the old queryDataSet",
        handWritten(protocol, (p) =>
          field(p, T.STRUCT, 4, () =>
            writeTo(p, new TSQueryDataSet({ time: Buffer.alloc(0), valueList: [], bitmapList: [] })),
          ),
        ),
      ],
      [
        "a status with a redirect",
        handWritten(protocol, (p) =>
          field(p, T.STRUCT, 1, () =>
            writeTo(p, new TSStatus({ code: 200, redirectNode: new TEndPoint({ ip: "10.0.0.1", port: 6667 }) })),
          ),
        ),
      ],
      [
        "a status with sub-statuses",
        handWritten(protocol, (p) =>
          field(p, T.STRUCT, 1, () =>
            writeTo(p, new TSStatus({ code: 302, subStatus: [new TSStatus({ code: 200 })] })),
          ),
        ),
      ],
      [
        "a result struct with another field after success",
        message(protocol, METHOD, 2, 7, (p) => {
          p.writeStructBegin("result");
          field(p, T.STRUCT, 0, () => writeTo(p, resp({ status: { code: 200 }, hasResultSet: true, isAlign: true })));
          field(p, T.I32, 1, () => p.writeI32(3));
          p.writeFieldStop();
          p.writeStructEnd();
        }),
      ],
    ];
    for (const [what, frame] of declined) {
      assert.is(fast(frame, protocol), undefined, what);
      assert.ok(generated(frame, protocol) instanceof TSFetchResultsResp, `${what}: the generated reader reads it`);
    }
    // The generated reader reads a list's elements as binary whatever its element type says: here
    // it fails, and declining keeps that error (Connection reports it as before).
    const i32List = handWritten(protocol, (p) =>
      field(p, T.LIST, 6, () => (p.writeListBegin(T.I32, 1), p.writeI32(5), p.writeListEnd())),
    );
    assert.is(fast(i32List, protocol), undefined, "a list of another element type");
    assert.throws(() => generated(i32List, protocol), /malformed reply/);
    const noSuccess = message(
      protocol,
      METHOD,
      2,
      7,
      (p) => (p.writeStructBegin("result"), p.writeFieldStop(), p.writeStructEnd()),
    );
    assert.is(fast(noSuccess, protocol), undefined, "a result without success");
    assert.throws(() => generated(noSuccess, protocol), /unknown result/, "which the generated path reports");
    const exception = message(protocol, METHOD, 3, 7, (p) =>
      new thrift.Thrift.TApplicationException(0, "boom").write(p),
    );
    assert.is(readReplyHead(exception.subarray(4), protocol), undefined, "an EXCEPTION message");
  });

  test(`${protocol}: a reply cut short at any byte is declined (no read past the frame's end)`, () => {
    const shape: RespShape = {
      status: { code: 200, message: "é ok", needRetry: false },
      hasResultSet: true,
      isAlign: true,
      queryResult: [Buffer.from("one"), Buffer.alloc(0), Buffer.from("three")],
      moreData: true,
    };
    const frame = replyFrame(protocol, shape);
    const body = frame.subarray(4);
    assert.ok(fast(frame, protocol), "the whole reply is read by hand");
    for (let keep = 0; keep < body.length; keep++) {
      // A copy of just the first `keep` bytes: nothing of the rest lies beyond its end.
      const cut = Buffer.from(body.subarray(0, keep));
      assert.is(readReplyHead(cut, protocol)?.fetchResults(METHOD), undefined, `cut to ${keep} bytes`);
    }
  });

  test(`${protocol}: a damaged reply is declined or read exactly as the generated reader reads it`, () => {
    const damaged = fc
      .tuple(
        respShape,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }),
        fc.nat(),
      )
      .map(([shape, flips, cut]) => damagedFrame(replyFrame(protocol, shape), flips, cut));
    let read = 0;
    fc.assert(
      fc.property(damaged, (frame) => {
        const ours = fast(frame, protocol);
        if (ours === undefined) return;
        read++;
        assertSameResult(ours, generated(frame, protocol), frame);
      }),
      { ...RUNS, numRuns: 2000 },
    );
    assert.ok(read > 0, "some damaged replies were still read by hand (a flip inside a block or a code)");
  });
}

test("negative control: the generated reader skips an unknown field, so a hand reader that read on past it would have to skip it too", () => {
  // The comparison above is only as good as the generated result it compares with: here the two
  // frames differ by an unknown field, and the generated reader gives the same object for both.
  for (const protocol of PROTOCOLS) {
    const plain = handWritten(protocol, (p) => field(p, T.BOOL, 7, () => p.writeBool(true)));
    const withUnknown = handWritten(protocol, (p) => {
      field(p, T.STRING, 12, () => p.writeString("later"));
      field(p, T.BOOL, 7, () => p.writeBool(true));
    });
    assert.equal(generated(withUnknown, protocol), generated(plain, protocol));
    assert.is(fast(withUnknown, protocol), undefined);
    assert.is(fast(plain, protocol)!.moreData, true);
  }
});

function fetchRequest(): TSFetchResultsReq {
  return new TSFetchResultsReq({
    sessionId: new Int64(1),
    statement: "select",
    fetchSize: 5000,
    queryId: new Int64(2),
    isAlign: true,
  });
}

test("Connection: a plain fetch reply is read by hand, a declined one by the generated reader, to equal results", async () => {
  const block = Buffer.alloc(2000, 0xcd);
  const shape: RespShape = {
    status: { code: 200 },
    hasResultSet: true,
    isAlign: true,
    queryResult: [block],
    moreData: true,
  };
  for (const protocol of PROTOCOLS) {
    let unusual = false;
    const server = await FakeServer.start((call, peer) =>
      peer.send(
        unusual
          ? // The same reply with an unknown field 9 first: the hand reader declines it.
            handWritten(
              protocol,
              (p) => {
                field(p, T.I32, 9, () => p.writeI32(1));
                field(p, T.STRUCT, 1, () => writeTo(p, new TSStatus({ code: 200 })));
                field(p, T.BOOL, 2, () => p.writeBool(true));
                field(p, T.BOOL, 3, () => p.writeBool(true));
                field(p, T.LIST, 6, () => (p.writeListBegin(T.STRING, 1), p.writeBinary(block), p.writeListEnd()));
                field(p, T.BOOL, 7, () => p.writeBool(true));
              },
              call.seqid,
            )
          : replyFrame(protocol, shape, call.seqid),
      ),
    );
    // Which reader ran: RpcCodec#readResult is the generated one (a spy for this test only).
    const readResult = RpcCodec.prototype.readResult;
    let generatedReads = 0;
    RpcCodec.prototype.readResult = function (this: RpcCodec, ...args: Parameters<RpcCodec["readResult"]>) {
      generatedReads++;
      return readResult.apply(this, args);
    } as RpcCodec["readResult"];
    try {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, protocol });
      const byHand = (await conn.call(METHOD, [fetchRequest()])) as TSFetchResultsResp;
      assert.is(generatedReads, 0, "the plain reply was read by hand");
      unusual = true;
      const byGenerated = (await conn.call(METHOD, [fetchRequest()])) as TSFetchResultsResp;
      assert.is(generatedReads, 1, "the declined reply was read by the generated reader");
      conn.close();
      assert.equal(byHand, byGenerated);
      assert.equal(Object.keys(byHand), Object.keys(byGenerated));
      assert.is(Object.getPrototypeOf(byHand), TSFetchResultsResp.prototype);
      assert.equal(byHand.queryResult, [block]);
      assert.is(byHand.moreData, true);
    } finally {
      RpcCodec.prototype.readResult = readResult;
      await server.close();
    }
  }
});

test("Connection: fetched blocks outlive the shared read buffer (a frame read within a chunk is copied)", async () => {
  const block = Buffer.alloc(3000, 0xab);
  const shape: RespShape = { status: { code: 200 }, hasResultSet: true, isAlign: true, queryResult: [block] };
  await assertBlockOutlivesSharedReads(
    METHOD,
    block,
    (seqid) => replyFrame("binary", shape, seqid),
    async (a) => ((await a.call(METHOD, [fetchRequest()])) as TSFetchResultsResp).queryResult![0]!,
  );
});
test.run();
