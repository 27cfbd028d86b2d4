// The hand-written insert reply reader (thrift/status-reply.ts) against the generated one: for
// random TSStatus trees written by the Thrift runtime, in both protocols, it must take the fast
// path and give exactly toStatus() of what the generated reader gives; for damaged frames it may
// decline (undefined), but whatever it returns must equal the generated reader's result. Then the
// Connection: a reply the fast path declines still resolves sendInsert with the generated result.
import fc from "fast-check";
import thrift from "thrift";
import { TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Connection } from "../src/connection.js";
import { OptionError } from "../src/errors.js";
import { decodeReplies } from "../src/thrift/reply-decoding.js";
import { TEndPoint, TSStatus } from "../src/gen/client_types.js";
import { toStatus } from "../src/status.js";
import { readReplyHead } from "../src/thrift/status-reply.js";
import { RpcCodec, type WireProtocol } from "../src/thrift/rpc-codec.js";
import { FakeServer } from "./helpers/fake-server.js";
import { damagedFrame, message, structReply } from "./helpers/replies.js";

type Protocol = "binary" | "compact";
const PROTOCOLS: Protocol[] = ["binary", "compact"];
const RUNS = { numRuns: 400, seed: 20261122 };

interface StatusShape {
  code: number;
  message?: string;
  subStatus?: StatusShape[];
  redirectNode?: { ip: string; port: number };
  needRetry?: boolean;
}

const statusTree: fc.Arbitrary<StatusShape> = fc.letrec<{ status: StatusShape }>((tie) => ({
  status: fc.record(
    {
      code: fc.oneof(fc.constantFrom(200, 302, 400, 500, 507), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })),
      message: fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })),
      subStatus: fc.array(tie("status"), { maxLength: 3, depthIdentifier: "sub" }),
      redirectNode: fc.record({
        ip: fc.oneof(fc.constantFrom("127.0.0.1", "0.0.0.0", ""), fc.string()),
        port: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      }),
      needRetry: fc.boolean(),
    },
    { requiredKeys: ["code"] },
  ),
})).status;

function tsStatus(shape: StatusShape): TSStatus {
  return new TSStatus({
    code: shape.code,
    message: shape.message,
    subStatus: shape.subStatus?.map(tsStatus),
    redirectNode: shape.redirectNode && new TEndPoint(shape.redirectNode),
    needRetry: shape.needRetry,
  });
}

/** The length-prefixed insertTablet REPLY frame the Thrift runtime writes for `shape`. */
function replyFrame(protocol: Protocol, shape: StatusShape, seqid: number): Buffer {
  return structReply(
    protocol,
    "insertTablet",
    seqid,
    tsStatus(shape) as unknown as { write(p: thrift.TProtocol): void },
  );
}

/** What Connection's generated path resolves an insert with: toStatus of the generated result. */
function generated(frame: Buffer, protocol: Protocol) {
  return toStatus(decodeReplies(frame, "insertTablet", { protocol }).results[0]!);
}

for (const protocol of PROTOCOLS) {
  test(`${protocol}: every well-formed status reply is read by hand, equal to the generated reader's`, () => {
    fc.assert(
      fc.property(statusTree, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (shape, seqid) => {
        const frame = replyFrame(protocol, shape, seqid);
        const head = readReplyHead(frame.subarray(4), protocol);
        assert.ok(head, "header read");
        assert.is(head.seqid, seqid);
        const fast = head.status("insertTablet");
        assert.ok(fast, "took the fast path");
        assert.equal(fast, generated(frame, protocol));
        assert.is(
          readReplyHead(frame.subarray(4), protocol)!.status("insertTablets"),
          undefined,
          "another method's name is declined",
        );
      }),
      RUNS,
    );
  });

  test(`${protocol}: a damaged reply is declined or read exactly as the generated reader reads it`, () => {
    const damaged = fc
      .tuple(
        statusTree,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }),
        fc.nat(),
      )
      .map(([shape, seqid, flips, cut]) => damagedFrame(replyFrame(protocol, shape, seqid), flips, cut));
    let read = 0;
    fc.assert(
      fc.property(damaged, (frame) => {
        const head = readReplyHead(frame.subarray(4), protocol);
        const fast = head?.status("insertTablet");
        if (fast === undefined) return;
        read++;
        assert.equal(fast, generated(frame, protocol));
        assert.is(head!.seqid, seqidOf(frame, protocol));
      }),
      { ...RUNS, numRuns: 2000 },
    );
    assert.ok(read > 0, "some damaged replies were still read by hand (a flip inside a message or code)");
  });
}

/** The seqid as the generated reader's protocol (Connection's) reads the header. */
function seqidOf(frame: Buffer, protocol: Protocol): number {
  const transport = new TFramedTransport(frame.subarray(4));
  const input = protocol === "compact" ? new TCompactProtocol(transport) : new TBinaryProtocol(transport);
  return input.readMessageBegin().rseqid;
}

test("hand-written replies: shapes the fast path declines (exception, unknown field, missing code, deep nesting)", () => {
  for (const protocol of PROTOCOLS) {
    const exception = message(protocol, "insertTablet", 3, 5, (p) =>
      new thrift.Thrift.TApplicationException(0, "boom").write(p),
    );
    assert.is(readReplyHead(exception.subarray(4), protocol), undefined, "an EXCEPTION message");
    const unknownField = message(protocol, "insertTablet", 2, 5, (p) => {
      p.writeStructBegin("r");
      p.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
      p.writeStructBegin("TSStatus");
      p.writeFieldBegin("code", thrift.Thrift.Type.I32, 1);
      p.writeI32(200);
      p.writeFieldEnd();
      p.writeFieldBegin("later", thrift.Thrift.Type.I32, 9);
      p.writeI32(1);
      p.writeFieldEnd();
      p.writeFieldStop();
      p.writeStructEnd();
      p.writeFieldEnd();
      p.writeFieldStop();
      p.writeStructEnd();
    });
    assert.is(
      readReplyHead(unknownField.subarray(4), protocol)!.status("insertTablet"),
      undefined,
      "a field TSStatus does not have",
    );
    assert.equal(generated(unknownField, protocol), { code: 200 }, "the generated reader skips it");
    const noCode = message(protocol, "insertTablet", 2, 5, (p) => {
      p.writeStructBegin("r");
      p.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
      p.writeStructBegin("TSStatus");
      p.writeFieldStop();
      p.writeStructEnd();
      p.writeFieldEnd();
      p.writeFieldStop();
      p.writeStructEnd();
    });
    assert.is(
      readReplyHead(noCode.subarray(4), protocol)!.status("insertTablet"),
      undefined,
      "a status without its code",
    );
    let deep: StatusShape = { code: 200 };
    for (let i = 0; i < 12; i++) deep = { code: 302, subStatus: [deep] };
    const deepFrame = replyFrame(protocol, deep, 5);
    assert.is(
      readReplyHead(deepFrame.subarray(4), protocol)!.status("insertTablet"),
      undefined,
      "nested deeper than the fast path reads",
    );
  }
});

test("Connection.sendInsert: the fast path and the generated fallback resolve with the same Status", async () => {
  const shape: StatusShape = {
    code: 400,
    subStatus: [{ code: 200, redirectNode: { ip: "10.0.0.2", port: 6667 } }, { code: 200 }],
    message: "redirect",
  };
  for (const protocol of PROTOCOLS) {
    let withExtraField = false;
    const server = await FakeServer.start((call, peer) => {
      if (!withExtraField) return peer.send(replyFrame(protocol, shape, call.seqid));
      // The same status with a trailing field id 9 in the result struct: the fast path declines it.
      peer.send(
        message(protocol, "insertTablet", 2, call.seqid, (p) => {
          p.writeStructBegin("r");
          p.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
          (tsStatus(shape) as unknown as { write(p: thrift.TProtocol): void }).write(p);
          p.writeFieldEnd();
          p.writeFieldBegin("later", thrift.Thrift.Type.I32, 9);
          p.writeI32(1);
          p.writeFieldEnd();
          p.writeFieldStop();
          p.writeStructEnd();
        }),
      );
    });
    try {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, protocol });
      const call = (seqid: number) =>
        message(
          protocol,
          "insertTablet",
          1,
          seqid,
          (p) => (p.writeStructBegin("a"), p.writeFieldStop(), p.writeStructEnd()),
        );
      let released = 0;
      let seqid = conn.nextSeqid();
      const fast = await conn.sendInsert("insertTablet", seqid, { bytes: call(seqid), release: () => released++ });
      withExtraField = true;
      seqid = conn.nextSeqid();
      const fallback = await conn.sendInsert("insertTablet", seqid, { bytes: call(seqid), release: () => released++ });
      const expected = {
        code: 400,
        message: "redirect",
        subStatus: [{ code: 200, redirectNode: { host: "10.0.0.2", port: 6667 } }, { code: 200 }],
      };
      assert.equal(fast, expected);
      assert.equal(fallback, expected);
      assert.is(released, 2);
      conn.close();
    } finally {
      await server.close();
    }
  }
});

test('protocol: one resolved value for the RPC codec and the insert-reply reader; a Connection refuses anything but "binary" or "compact"', async () => {
  const frame = replyFrame("binary", { code: 200 }, 7);
  // RpcCodec takes anything but "compact" as binary; the reply reader reads the codec's protocol.
  const codec = new RpcCodec("Compact" as WireProtocol);
  assert.is(codec.readHeader(frame.subarray(4)).seqid, 7, "the RPC codec reads a binary reply");
  assert.is(codec.protocol, "binary");
  assert.equal(
    readReplyHead(frame.subarray(4), codec.protocol)?.status("insertTablet"),
    { code: 200 },
    "the reply reader reads it too",
  );
  // A Connection's protocol (for its insert frames and replies) is its codec's, and the option is checked exactly.
  const server = await FakeServer.start((call, peer) => peer.send(replyFrame("compact", { code: 200 }, call.seqid)));
  try {
    await Connection.open({ host: "127.0.0.1", port: server.port, protocol: "Compact" as WireProtocol }).then(
      () => assert.unreachable('"Compact" accepted'),
      (e: unknown) => assert.ok(e instanceof OptionError && e.option === "protocol", String(e)),
    );
    const conn = await Connection.open({ host: "127.0.0.1", port: server.port, protocol: "compact" });
    assert.is(conn.protocol, "compact");
    conn.close();
  } finally {
    await server.close();
  }
});

test.run();
