// @zerowire/thrift against the `thrift` package, both driving the same Thrift-generated code (the
// test IDL's Echo service, packages/thrift/test/idl/everything.thrift, whose InsertTabletLike,
// FetchResultsLike and OpenSessionLike* structs have the ids and types of IoTDB's
// TSInsertTabletReq, TSFetchResultsResp and TSOpenSessionReq/Resp). Both sides run the generated
// client's send_<method> (the call, framed, to the flush callback) and recv_<method> (a reply
// frame through the generated result reader), TBinaryProtocol (IoTDB's default). Case names are
// read by tooling: keep them.
//
// `read-fetch-5x64k` times the reply the IoTDB client reads most, a query's next batch, decoded on
// the client's own path (its hand-written fetchResultsV2 reader, iotdb-client/src/thrift/
// fetch-reply.ts) against the generated result struct on the `thrift` package, as a thrift-npm
// driver's recv_fetchResultsV2 decodes it; `-generated` is the same reply through the generated
// code on both sides, as above.
//
// Our output frames come from a BufferPool and go back to it in the flush callback, where a
// driver releases them after the socket write; `-unpooled` shows the same without a pool.
import thrift from "thrift";
import Int64 from "node-int64";
import { BufferPool } from "@zerowire/writer";
import { TBinaryProtocol, TFramedTransport } from "@zerowire/thrift";
import { Echo, everythingTypes as types } from "@zerowire/thrift/test-support";
import {
  IClientRPCService_fetchResultsV2_result as FetchResultsV2Result,
  readReplyHead,
  structReply,
  TSFetchResultsResp,
  TSStatus,
} from "@zerowire/iotdb-client/test-support";
import { assertSameBytes } from "../lib/check.js";
import { seededRandom } from "../lib/data.js";
import { defineSuite, type BenchCase } from "../lib/suite.js";

/** 2330 rows x 10 eight-byte columns + timestamps: a 205 KB insertTablet request. */
const TABLET_ROWS = 2330;
const TABLET_COLUMNS = 10;
const BLOCK_BYTES = 64 * 1024;
const BLOCKS = 5;

type Sent = (frame: Buffer) => void;
interface GeneratedClient {
  _seqid: number;
  _reqs: Record<number, (error: unknown, result?: unknown) => void>;
  [method: string]: unknown;
}

export default defineSuite({
  name: "thrift",
  cases: () => [
    writeCase("write-insert-tablet-205k", new BufferPool(), 5),
    writeCase("write-insert-tablet-205k-unpooled", undefined, undefined),
    readCase(),
    readGeneratedCase(),
    smallCallCase(),
  ],
});

/** A generated client on our transport (frames to `sent`, released right after). */
function oursClient(sent: Sent, pool: BufferPool | undefined): GeneratedClient {
  const transport = new TFramedTransport(
    undefined,
    (frame, _seqid, owned) => {
      sent(frame);
      owned.release();
    },
    pool === undefined ? {} : { pool },
  );
  return new Echo.Client(transport as never, TBinaryProtocol as never) as unknown as GeneratedClient;
}

/** A generated client on the `thrift` package's TFramedTransport and TBinaryProtocol. */
function thriftClient(sent: Sent): GeneratedClient {
  const transport = new (thrift.TFramedTransport as unknown as new (b: undefined, f: Sent) => unknown)(undefined, sent);
  return new Echo.Client(transport as never, thrift.TBinaryProtocol as never) as unknown as GeneratedClient;
}

/** Runs the generated send_<method> with seqid 1 (no promise, no pending request). */
function send(client: GeneratedClient, method: string, arg: unknown): void {
  client._seqid = 1;
  (client[`send_${method}`] as (a: unknown) => void).call(client, arg);
}

/** Runs the generated recv_<method> over a reply frame body and returns its result. */
function receive(
  client: GeneratedClient,
  method: string,
  input: { readMessageBegin(): { mtype: number; rseqid: number } },
): unknown {
  let result: unknown;
  const { mtype, rseqid } = input.readMessageBegin();
  client._reqs[rseqid] = (error, value) => {
    if (error) throw error;
    result = value;
  };
  (client[`recv_${method}`] as (i: unknown, m: number, s: number) => void).call(client, input, mtype, rseqid);
  return result;
}

function insertTablet(): unknown {
  const rng = seededRandom(13);
  const values = Buffer.allocUnsafe(TABLET_ROWS * TABLET_COLUMNS * 8);
  for (let i = 0; i < values.length; i += 8) values.writeDoubleBE(rng() * 1000, i);
  const timestamps = Buffer.allocUnsafe(TABLET_ROWS * 8);
  for (let i = 0; i < TABLET_ROWS; i++) timestamps.writeBigInt64BE(1_700_000_000_000n + BigInt(i), i * 8);
  return new types.InsertTabletLike({
    sessionId: new Int64(0x1234, 0x5678),
    prefixPath: "root.bench.device_0001",
    measurements: Array.from({ length: TABLET_COLUMNS }, (_, i) => `s${i}`),
    values,
    timestamps,
    types: Array.from({ length: TABLET_COLUMNS }, () => 4),
    size: TABLET_ROWS,
    isAligned: false,
    writeToTable: false,
  });
}

/** Encoding one 205 KB insertTablet call into a frame. */
function writeCase(name: string, pool: BufferPool | undefined, target: number | undefined): BenchCase {
  const request = insertTablet();
  let oursFrame: Buffer | undefined;
  let thriftFrame: Buffer | undefined;
  const ours = oursClient((f) => (oursFrame = f), pool);
  const theirs = thriftClient((f) => (thriftFrame = f));
  return {
    name,
    target,
    ours: () => send(ours, "insertTablet", request),
    baseline: { name: "thrift", fn: () => send(theirs, "insertTablet", request) },
    check: () => {
      let copy: Buffer | undefined;
      const checked = oursClient((f) => (copy = Buffer.from(f)), pool);
      send(checked, "insertTablet", request);
      send(theirs, "insertTablet", request);
      if (copy!.length < 200_000 || copy!.length > 210_000)
        throw new Error(`${name}: frame is ${copy!.length} bytes, not ~205 KB`);
      assertSameBytes(name, copy!, thriftFrame!);
      void oursFrame;
    },
  };
}

/** A reply frame body (after the length), as the `thrift` package's processor side writes it. */
function replyFrame(method: string, result: unknown): Buffer {
  let frame: Buffer | undefined;
  const transport = new (thrift.TFramedTransport as unknown as new (b: undefined, f: Sent) => { flush(): void })(
    undefined,
    (f) => (frame = f),
  );
  const output = new thrift.TBinaryProtocol(transport as never);
  output.writeMessageBegin(method, thrift.Thrift.MessageType.REPLY, 1);
  output.writeStructBegin("result");
  output.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
  (result as { write(o: unknown): void }).write(output);
  output.writeFieldEnd();
  output.writeFieldStop();
  output.writeStructEnd();
  output.writeMessageEnd();
  transport.flush();
  return frame!.subarray(4);
}

/** Five 64 KB TsBlocks of seeded random bytes. */
function tsBlocks(): Buffer[] {
  const rng = seededRandom(7);
  return Array.from({ length: BLOCKS }, () =>
    Buffer.from(Array.from({ length: BLOCK_BYTES }, () => Math.floor(rng() * 256))),
  );
}

/**
 * Reading a fetchResultsV2 reply with five 64 KB TsBlocks (a list<binary>) from its frame body
 * into the client's TSFetchResultsResp: ours as the client's Connection reads it (the message
 * header, then its hand-written reader), the baseline as a driver on the `thrift` package does
 * (its protocol, then the generated result struct, as the generated recv_fetchResultsV2). Neither
 * side's bookkeeping of requests in flight is timed.
 */
function readCase(): BenchCase {
  const blocks = tsBlocks();
  const success = new TSFetchResultsResp({
    status: new TSStatus({ code: 200 }),
    hasResultSet: true,
    isAlign: true,
    queryResult: blocks,
    moreData: true,
  });
  const frame = structReply("binary", "fetchResultsV2", 1, success as never).subarray(4);
  const readOurs = () => readReplyHead(frame, "binary")?.fetchResults("fetchResultsV2");
  const readThrift = () => {
    const input = new thrift.TBinaryProtocol(
      new (thrift.TFramedTransport as unknown as new (b: Buffer) => never)(frame),
    );
    input.readMessageBegin();
    const result = new FetchResultsV2Result();
    result.read(input);
    input.readMessageEnd();
    return result.success as TSFetchResultsResp;
  };
  return {
    name: "read-fetch-5x64k",
    target: 3,
    ours: readOurs,
    baseline: { name: "thrift", fn: readThrift },
    check: () => {
      const a = readOurs();
      const b = readThrift();
      if (!(a instanceof TSFetchResultsResp)) throw new Error("read-fetch-5x64k: not read by the client's reader");
      if (a.queryResult?.length !== BLOCKS || a.moreData !== true || a.status.code !== 200)
        throw new Error("read-fetch-5x64k: wrong reply read");
      a.queryResult.forEach((block, i) => {
        assertSameBytes(`read-fetch-5x64k block ${i}`, block, b.queryResult![i]!);
        assertSameBytes(`read-fetch-5x64k block ${i} (sent)`, block, blocks[i]!);
      });
    },
  };
}

/** The same reply (the test IDL's FetchResultsLike) through the generated code on both sides. */
function readGeneratedCase(): BenchCase {
  const blocks = tsBlocks();
  const frame = replyFrame(
    "fetchResults",
    new types.FetchResultsLike({
      status: new types.StatusLike({ code: 200 }),
      hasResultSet: true,
      isAlign: true,
      queryResult: blocks,
      moreData: true,
    }),
  );
  const ours = oursClient(() => {}, undefined);
  const theirs = thriftClient(() => {});
  const readOurs = () => receive(ours, "fetchResults", new TBinaryProtocol(new TFramedTransport(frame)));
  const readThrift = () =>
    receive(
      theirs,
      "fetchResults",
      new thrift.TBinaryProtocol(new (thrift.TFramedTransport as unknown as new (b: Buffer) => never)(frame)),
    );
  return {
    name: "read-fetch-5x64k-generated",
    ours: readOurs,
    baseline: { name: "thrift", fn: readThrift },
    check: () => {
      const a = readOurs() as { queryResult: Buffer[]; moreData: boolean };
      const b = readThrift() as { queryResult: Buffer[]; moreData: boolean };
      if (a.queryResult.length !== BLOCKS || !a.moreData)
        throw new Error("read-fetch-5x64k-generated: wrong reply read");
      a.queryResult.forEach((block, i) =>
        assertSameBytes(`read-fetch-5x64k-generated block ${i}`, block, b.queryResult[i]!),
      );
    },
  };
}

/** Encoding an openSession call and decoding its reply. */
function smallCallCase(): BenchCase {
  const configuration = { version: "V_1_0", sql_dialect: "tree" };
  const request = new types.OpenSessionLikeReq({
    client_protocol: 2,
    zoneId: "Asia/Shanghai",
    username: "root",
    password: "root",
    configuration,
  });
  const reply = replyFrame(
    "openSession",
    new types.OpenSessionLikeResp({
      status: new types.StatusLike({ code: 200, message: "Login successfully" }),
      serverProtocolVersion: 2,
      sessionId: new Int64(42),
      configuration: { timestamp_precision: "ms", sql_dialect: "tree" },
    }),
  );
  let oursFrame: Buffer | undefined;
  let thriftFrame: Buffer | undefined;
  const ours = oursClient((f) => (oursFrame = f), new BufferPool());
  const theirs = thriftClient((f) => (thriftFrame = f));
  const runOurs = () => {
    send(ours, "openSession", request);
    return receive(ours, "openSession", new TBinaryProtocol(new TFramedTransport(reply)));
  };
  const runThrift = () => {
    send(theirs, "openSession", request);
    return receive(
      theirs,
      "openSession",
      new thrift.TBinaryProtocol(new (thrift.TFramedTransport as unknown as new (b: Buffer) => never)(reply)),
    );
  };
  return {
    name: "small-call-roundtrip",
    target: 3,
    ours: runOurs,
    baseline: { name: "thrift", fn: runThrift },
    check: () => {
      let copy: Buffer | undefined;
      send(
        oursClient((f) => (copy = Buffer.from(f)), undefined),
        "openSession",
        request,
      );
      const a = runOurs() as { sessionId: Int64 };
      const b = runThrift() as { sessionId: Int64 };
      assertSameBytes("small-call-roundtrip call", copy!, thriftFrame!);
      if (a.sessionId.toNumber() !== 42 || b.sessionId.toNumber() !== 42)
        throw new Error("small-call-roundtrip: wrong reply read");
      void oursFrame;
    },
  };
}
