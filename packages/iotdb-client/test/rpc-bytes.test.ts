// The client's RPCs on @zerowire/thrift against the `thrift` package they replaced: for every
// RPC the client makes (those src/gen carries), in both protocols, on random arguments (every
// field of every argument struct, each optional one set or not), the frame RpcCodec.encodeCall
// builds from the generated *_args struct is byte for byte the frame the generated Client's
// sender (test/gen, the compiler's full output) writes on the `thrift` package's protocol; and
// every method's reply, written by the `thrift` package, decodes (decodeReplies, Connection's
// path) equal to what the `thrift` package's protocol reads through the generated Client's
// receiver, and to the value written. The oracle is the `thrift` package's protocols and the
// generated Client; the arguments and replies come from the IDL text (helpers/idl-values.ts), so
// a method or field added there is covered.
import fc from "fast-check";
import thrift from "thrift";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { RpcMethod } from "../src/thrift/rpc-signatures.js";
import { decodeReplies } from "../src/thrift/reply-decoding.js";
import * as calls from "../src/gen/IClientRPCService_calls.js";
import { Client } from "./gen/IClientRPCService.js";
import { RpcCodec, type WireProtocol } from "../src/thrift/rpc-codec.js";
import { arbitraryOf, plain, readIdl, type IdlType } from "./helpers/idl-values.js";
import { message } from "./helpers/replies.js";

const PROTOCOLS: WireProtocol[] = ["binary", "compact"];
const RUNS = { numRuns: 40, seed: 20261125 };
const idl = readIdl();
/** The IDL's methods the client makes: src/gen carries their argument and result structs. */
const carried = idl.methods.filter((m) => `IClientRPCService_${m.name}_args` in calls);

/** What the test fixture's generated Client has at run time (beyond its .d.ts): the oracle drives it directly. */
type GeneratedClient = Record<string, (...a: unknown[]) => unknown> & {
  _seqid: number;
  _reqs: Record<number, (e: unknown, r?: unknown) => void>;
};

/** A `thrift` transport that collects what a generated sender writes. */
class Collector {
  chunks: Buffer[] = [];
  write(chunk: Buffer | string): void {
    this.chunks.push(Buffer.from(chunk));
  }
  setCurrSeqId(): void {}
  flush(): void {}
}

function thriftProtocol(protocol: WireProtocol): new (t: unknown) => thrift.TProtocol {
  return (protocol === "compact" ? thrift.TCompactProtocol : thrift.TBinaryProtocol) as unknown as new (
    t: unknown,
  ) => thrift.TProtocol;
}

/** The framed CALL the generated sender writes on the `thrift` package's protocol. */
function thriftCall(protocol: WireProtocol, method: string, seqid: number, args: unknown[]): Buffer {
  const collector = new Collector();
  const client = new Client(collector as never, thriftProtocol(protocol) as never) as unknown as GeneratedClient;
  client._seqid = seqid;
  client[`send_${method}`]!(...args);
  const body = Buffer.concat(collector.chunks);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
}

/** A reply frame's result as the `thrift` package's protocol reads it with the generated receiver. */
function thriftResult(protocol: WireProtocol, method: string, frame: Buffer): unknown {
  const input = new (thriftProtocol(protocol))(
    new (thrift.TFramedTransport as unknown as new (b: Buffer) => unknown)(frame.subarray(4)),
  );
  const { mtype, rseqid } = input.readMessageBegin();
  const client = new Client(new Collector() as never, thriftProtocol(protocol) as never) as unknown as GeneratedClient;
  let outcome: { error: unknown; result?: unknown } | undefined;
  client._reqs[rseqid] = (error, result) => (outcome = { error, result });
  client[`recv_${method}`]!(input, mtype, rseqid);
  if (outcome === undefined || outcome.error != null)
    throw new Error(`thrift read no result: ${String(outcome?.error)}`);
  return outcome.result;
}

/** A REPLY frame with `value` as the result's field 0, written by the `thrift` package. */
function replyFrame(protocol: WireProtocol, method: string, seqid: number, returns: IdlType, value: unknown): Buffer {
  return message(protocol, method, 2, seqid, (p) => {
    p.writeStructBegin("result");
    if (returns.kind === "base" && returns.name === "i64") {
      p.writeFieldBegin("success", thrift.Thrift.Type.I64, 0);
      p.writeI64(value as never);
    } else if (returns.kind === "named" && idl.structs.has(returns.name)) {
      p.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
      (value as { write(p: thrift.TProtocol): void }).write(p);
    } else {
      throw new Error(`${method}: a result of ${JSON.stringify(returns)} is not generated here`);
    }
    p.writeFieldEnd();
    p.writeFieldStop();
    p.writeStructEnd();
  });
}

test("the IDL read for these tests has the service's methods and their structs", () => {
  const names = idl.methods.map((m) => m.name);
  for (const m of [
    "openSession",
    "executeQueryStatementV2",
    "fetchResultsV2",
    "insertTablet",
    "createSchemaTemplate",
    "deleteTimeseries",
  ])
    assert.ok(names.includes(m), m);
  assert.ok(idl.structs.get("TSFetchResultsResp")!.some((f) => f.name === "queryResult" && f.type.kind === "list"));
});

test("src/gen carries the argument and result structs of every RPC the client makes and of no other", () => {
  const names = carried.map((m) => m.name);
  for (const m of [
    "openSession",
    "executeQueryStatementV2",
    "fetchResultsV2",
    "insertTablet",
    "createSchemaTemplate",
    "deleteTimeseries",
  ])
    assert.ok(names.includes(m), m);
  for (const m of names) {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: each RPC's struct is looked up by name
    assert.type(calls[`IClientRPCService_${m}_result` as keyof typeof calls], "function", `${m}: result struct`);
  }
  // Declared in the IDL (Java's session can send them) but never called by this client.
  const left = idl.methods.filter((m) => !names.includes(m.name)).map((m) => m.name);
  assert.equal(left.sort(), [
    "cancelOperation",
    "executeStatementV2",
    "getProperties",
    "getTimeZone",
    "testInsertTablet",
  ]);
});

for (const protocol of PROTOCOLS) {
  test(`${protocol}: every method's request frame is byte for byte the \`thrift\` package's`, () => {
    const codec = new RpcCodec(protocol);
    for (const method of carried) {
      const args = fc.tuple(...method.params.map((p) => arbitraryOf(idl, p.type, { anyStrings: true })));
      fc.assert(
        fc.property(args, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (values, seqid) => {
          const ours = codec.encodeCall(method.name as RpcMethod, seqid, values as never);
          const theirs = thriftCall(protocol, method.name, seqid, values);
          if (!ours.equals(theirs)) assert.is(ours.toString("hex"), theirs.toString("hex"), method.name);
        }),
        RUNS,
      );
    }
  });

  test(`${protocol}: every method's reply decodes equal to the \`thrift\` package's reading, and to the value written`, () => {
    for (const method of carried) {
      fc.assert(
        fc.property(
          arbitraryOf(idl, method.returns, { anyStrings: false }),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          (value, seqid) => {
            const frame = replyFrame(protocol, method.name, seqid, method.returns, value);
            const [ours] = decodeReplies(frame, method.name as RpcMethod, { protocol }).results;
            assert.equal(
              plain(ours),
              plain(thriftResult(protocol, method.name, frame)),
              `${method.name}: as the thrift package reads it`,
            );
            assert.equal(plain(ours), plain(value), `${method.name}: as written`);
          },
        ),
        RUNS,
      );
    }
  });
}

test("negative control: the comparison tells another seqid and the other protocol apart", () => {
  const method = idl.methods.find((m) => m.name === "openSession")!;
  const [value] = fc.sample(arbitraryOf(idl, method.params[0]!.type, { anyStrings: true }), { numRuns: 1, seed: 7 });
  const ours = new RpcCodec("binary").encodeCall("openSession", 1, [value] as never);
  assert.ok(ours.equals(thriftCall("binary", "openSession", 1, [value])));
  assert.not.ok(ours.equals(thriftCall("binary", "openSession", 2, [value])), "another seqid");
  assert.not.ok(
    new RpcCodec("compact").encodeCall("openSession", 1, [value] as never).equals(ours),
    "the other protocol",
  );
});

test.run();
