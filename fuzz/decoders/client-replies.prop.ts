// Fuzz of @zerowire/iotdb-client's reply decoding (reply-decoding.ts: FrameReader, RpcCodec over
// the generated readers, and SessionDataSet's ResultSetDecoder for query replies): the Java
// server's captured replies (binary) and their compact re-encodings, every payload truncation
// (with its length prefix fixed) and single-byte mutations (length prefix included); random
// frames; structure-aware frames with forged sizes and unknown types; deeply nested replies.
// Every input decodes, waits for more bytes, or throws the client's typed error, within MAX_MS
// and its memory bound.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { assertNoFailures, checkStructured, finish, realBytesPresent } from "./campaign.js";
import { mutations, truncations } from "./byte-sources.js";
import { replyThroughConnection } from "./connection-path.js";
import { Fuzzer, hexOf } from "./harness.js";
import { Prng } from "./prng.js";
import { decodeReplyBytes, type ReplyContext, type RpcMethod } from "./reply-decoding.js";
import { binaryReplies, compactReplies, type FuzzReply } from "./reply-frames.js";
import { ENGINE_ERROR, replyTarget } from "./reply-target.js";
import { MAX_MS, scaled, SEED } from "./settings.js";
import { sharedVectors } from "./shared-vectors.js";
import { nestedStatusReply, structuredReply } from "./thrift-arbitraries.js";
import { recordTotal } from "./totals.js";

const RANDOM_INPUTS = scaled(6_000);
const STRUCTURED_CASES = scaled(4_000);
const NESTING_DEPTHS = [1, 10, 100, 1_000, 30_000];
const MIN_INPUTS = RANDOM_INPUTS + STRUCTURED_CASES + (sharedVectors().present.replies ? 15_000 : 0);

const fuzzer = new Fuzzer(replyTarget);
const binary = binaryReplies(sharedVectors().replies);
const compact = compactReplies(binary);
const METHODS: RpcMethod[] = [
  "executeQueryStatementV2",
  "fetchResultsV2",
  "openSession",
  "requestStatementId",
  "insertTablet",
  "closeOperation",
];

test("the captured replies decode in both protocols to the same results", () => {
  if (!realBytesPresent("captured replies, binary vs compact", "replies")) return;
  binary.forEach((b, i) => {
    const c = compact[i]!;
    const [fromBinary] = decodeReplyBytes(b.frame, b).results;
    const [fromCompact] = decodeReplyBytes(c.frame, c).results;
    assert.equal(
      JSON.stringify(fromCompact, int64AsText),
      JSON.stringify(fromBinary, int64AsText),
      `${b.label}: compact vs binary`,
    );
  });
  console.log(
    `  ${binary.length} distinct reply frames (${new Set(binary.map((b) => b.method)).size} methods), each also in compact`,
  );
});

test("client replies: every payload truncation and single-byte mutations of the captured replies, both protocols", () => {
  if (!realBytesPresent("client reply truncations and mutations", "replies")) return;
  for (const reply of [...binary, ...compact]) fuzzReply(reply);
  assertNoFailures(fuzzer);
});

test(`client replies: ${RANDOM_INPUTS} random frames`, () => {
  const rng = new Prng(SEED ^ 0xc11e);
  for (let i = 0; i < RANDOM_INPUTS; i++) {
    const method = rng.pick(METHODS);
    const protocol = i % 2 === 0 ? "binary" : "compact";
    fuzzer.run("random", `random #${i} (${method}, ${protocol}, seed ${SEED})`, randomFrame(rng, method, protocol), {
      method,
      protocol,
    });
  }
  assertNoFailures(fuzzer);
});

test(`client replies: ${STRUCTURED_CASES} structured binary replies (random fields, forged sizes, unknown types)`, () => {
  checkStructured(fuzzer, "client replies", structuredReply(METHODS), STRUCTURED_CASES, ({ method, frame }) => {
    fuzzer.runOrThrow("structured", `structured ${method} reply`, frame, { method, protocol: "binary" });
  });
  assertNoFailures(fuzzer);
});

test(`client replies: TSStatus nested ${NESTING_DEPTHS.join(", ")} levels deep, both protocols`, () => {
  for (const protocol of ["binary", "compact"] as const) {
    // The builder's bytes are right: a shallow one decodes to exactly its depth.
    const [shallow] = decodeReplyBytes(nestedStatusReply(protocol, 10), { method: "insertTablet", protocol }).results;
    assert.is(depthOf(shallow), 10, `${protocol}: 10 levels`);
    for (const depth of NESTING_DEPTHS) {
      fuzzer.run("structured", `TSStatus nested ${depth} deep (${protocol})`, nestedStatusReply(protocol, depth), {
        method: "insertTablet",
        protocol,
      });
    }
  }
  assertNoFailures(fuzzer);
});

test("client replies: counts", () => finish(fuzzer, MIN_INPUTS));

test("Connection (the public path): every payload truncation and mutation of the captured replies, and the nested replies, settle the request", async () => {
  const inputs: { label: string; bytes: Buffer; context: ReplyContext }[] = [];
  for (const reply of [...binary, ...compact]) {
    const context = { method: reply.method, protocol: reply.protocol };
    for (const d of truncations(reply.frame.subarray(4)))
      inputs.push({ label: `${reply.label} payload ${d.change}`, bytes: framed(d.bytes), context });
    for (const d of mutations(reply.frame, Infinity))
      inputs.push({ label: `${reply.label} ${d.change}`, bytes: Buffer.from(d.bytes), context });
  }
  for (const protocol of ["binary", "compact"] as const) {
    for (const depth of NESTING_DEPTHS)
      inputs.push({
        label: `TSStatus nested ${depth} deep (${protocol})`,
        bytes: nestedStatusReply(protocol, depth),
        context: { method: "insertTablet", protocol },
      });
  }
  const settled = new Map<string, number>();
  const problems: string[] = [];
  let maxMs = 0;
  for (const { label, bytes, context } of inputs) {
    let outcome = await replyThroughConnection(bytes, context);
    if (outcome.ms > MAX_MS) outcome = await replyThroughConnection(bytes, context); // a stall, or slow twice
    maxMs = Math.max(maxMs, outcome.ms);
    settled.set(outcome.settled, (settled.get(outcome.settled) ?? 0) + 1);
    const problem =
      outcome.settled !== "resolved" && outcome.settled !== "ConnectionError"
        ? `rejected with ${outcome.settled}: ${outcome.message}`
        : ENGINE_ERROR.test(outcome.message)
          ? `a ConnectionError that is a JS engine error: ${outcome.message}`
          : outcome.ms > MAX_MS
            ? `took ${outcome.ms.toFixed(1)} ms`
            : undefined;
    if (problem !== undefined && problems.length < 20)
      problems.push(`${label}: ${problem}\n    input: ${hexOf(bytes)}`);
  }
  console.log(
    `  Connection: ${inputs.length} inputs, settled ${JSON.stringify(Object.fromEntries(settled))}, max ${maxMs.toFixed(2)} ms`,
  );
  recordTotal("Connection (public path)", inputs.length);
  if (problems.length > 0) assert.unreachable(`Connection: failing inputs\n  ${problems.join("\n  ")}`);
});

/** Payload truncations (length prefix fixed to the shorter payload: the frame reader hands the
 *  decoder every one), then mutations of the whole frame, length prefix included. */
function fuzzReply(reply: FuzzReply): void {
  const context = { method: reply.method, protocol: reply.protocol };
  for (const d of truncations(reply.frame.subarray(4)))
    fuzzer.run("truncation", `${reply.label} payload ${d.change}`, framed(d.bytes), context);
  for (const d of mutations(reply.frame, Infinity))
    fuzzer.run("mutation", `${reply.label} ${d.change}`, d.bytes, context);
}

/** Random bytes, random bytes framed, or a valid message header for the method then noise. */
function randomFrame(rng: Prng, method: string, protocol: "binary" | "compact"): Buffer {
  const noise = rng.bytes(rng.below(80));
  switch (rng.below(3)) {
    case 0:
      return noise;
    case 1:
      return framed(noise);
    default: {
      const name = Buffer.from(method);
      const header =
        protocol === "binary"
          ? Buffer.concat([Buffer.from("80010002", "hex"), u32(name.length), name, u32(1)])
          : Buffer.concat([Buffer.from([0x82, 0x41, 0x01, name.length]), name]);
      return framed(Buffer.concat([header, noise]));
    }
  }
}

function framed(payload: Buffer): Buffer {
  return Buffer.concat([u32(payload.length), payload]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function depthOf(status: unknown): number {
  let depth = 0;
  let s = status as { subStatus?: unknown[] | null };
  while (s.subStatus?.length) {
    s = s.subStatus[0] as typeof s;
    depth++;
  }
  return depth;
}

/** node-int64 values compared by their bytes (they are views in binary, copies in compact). */
function int64AsText(_key: string, v: unknown): unknown {
  const int64 = v as { buffer?: unknown; offset?: number; toOctetString?: () => string };
  return typeof int64?.toOctetString === "function" ? int64.toOctetString() : v;
}

test.run();
