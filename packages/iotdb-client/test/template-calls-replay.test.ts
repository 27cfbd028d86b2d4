// The Java client's template and setTimeZone calls (the session-call vectors 015-017 of the repo's
// set vectors/java-2.0.5-calls, made by fuzz/java; CALLS_VECTORS_DIR replaces it) replayed through our Session and
// SessionPool against a capturing fake DataNode that answers as the vectors' peer did
// (sessionId 42, statementId 7, status 200, an empty template answer): every frame each call
// writes must equal Java's, method, seqid and bytes, in both protocols.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import thrift from "thrift";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSOpenSessionResp, TSQueryTemplateResp, TSStatus } from "../src/gen/client_types.js";
import { toInt64 } from "../src/thrift/int64.js";
import { Session, SessionPool } from "../src/index.js";
import { FakeServer, type ReceivedCall } from "./helpers/fake-server.js";
import { message, statusReply, structReply } from "./helpers/replies.js";
import { templateCallReplayers as templateCalls } from "../../../fuzz/vectors/session-call-table.js";
import { REPO_CALLS_SET } from "../../../fuzz/vectors/vector-sets.js";

type Protocol = "binary" | "compact";
interface CallsVector {
  name: string;
  input: { calls: { method: string; args: Record<string, unknown> }[] };
  output: Record<Protocol, { method: string; frames: { method: string; seqid: number; hex: string }[] }[]>;
}

const callsDir = process.env.CALLS_VECTORS_DIR
  ? resolve(import.meta.dirname, "../../..", process.env.CALLS_VECTORS_DIR)
  : REPO_CALLS_SET;
const FILES = ["015-template_lifecycle.json", "016-template_aligned.json", "017-set_time_zone.json"];

type Writable = { write(p: thrift.TProtocol): void };

/**
 * The vectors' peer: openSession → sessionId 42, requestStatementId → 7, querySchemaTemplate → empty, the rest → 200.
 */
function answer(protocol: Protocol, call: ReceivedCall): Buffer {
  switch (call.method) {
    case "openSession":
      return structReply(
        protocol,
        call.method,
        call.seqid,
        new TSOpenSessionResp({
          status: new TSStatus({ code: 200 }),
          serverProtocolVersion: 2,
          sessionId: toInt64(42),
        }) as unknown as Writable,
      );
    case "requestStatementId":
      return message(protocol, call.method, 2, call.seqid, (p) => {
        p.writeStructBegin("result");
        p.writeFieldBegin("success", thrift.Thrift.Type.I64, 0);
        p.writeI64(7);
        p.writeFieldEnd();
        p.writeFieldStop();
        p.writeStructEnd();
      });
    case "querySchemaTemplate":
      return structReply(
        protocol,
        call.method,
        call.seqid,
        new TSQueryTemplateResp({ status: new TSStatus({ code: 200 }), queryType: 0 }) as unknown as Writable,
      );
    default:
      return statusReply(protocol, call.method, call.seqid);
  }
}

async function replay(file: string, protocol: Protocol, via: "session" | "pool"): Promise<void> {
  const vector = JSON.parse(readFileSync(resolve(callsDir, file), "utf8")) as CallsVector;
  const server = await FakeServer.start((call, peer) => peer.send(answer(protocol, call)));
  const options = { host: "127.0.0.1", port: server.port, protocol, zoneId: "UTC" } as const;
  const target = via === "session" ? new Session(options) : new SessionPool({ ...options, maxSize: 1 });
  const problems: string[] = [];
  try {
    if (target instanceof Session) await target.open();
    const expected = vector.output[protocol];
    assert.is(expected.length, vector.input.calls.length, `${file}: one output per call`);
    for (const [i, call] of vector.input.calls.entries()) {
      const run = templateCalls[call.method];
      if (run === undefined) throw new Error(`${file}: no replay for ${call.method}`);
      const before = server.calls.length;
      // The table is typed by the built package (the vector checker runs it); this test passes the sources' classes.
      await run(target as never, call.args);
      const sent = server.calls
        .slice(before)
        .filter((c) => c.method !== "openSession" && c.method !== "requestStatementId");
      const want = expected[i]!.frames;
      const label = `${file} ${protocol} via ${via}, call ${i} ${call.method}`;
      if (sent.length !== want.length) problems.push(`${label}: ${sent.length} frames, Java ${want.length}`);
      want.forEach((w, j) => {
        const got = sent[j];
        if (got === undefined) return;
        if (got.method !== w.method || got.seqid !== w.seqid || got.frame.toString("hex") !== w.hex) {
          problems.push(
            `${label}: frame ${j} differs\n  ours ${got.method} ${got.seqid} ${got.frame.toString("hex")}\n  java ${w.method} ${w.seqid} ${w.hex}`,
          );
        }
      });
    }
  } finally {
    await target.close();
    await server.close();
  }
  assert.equal(problems, [], problems.join("\n"));
}

for (const file of FILES) {
  for (const protocol of ["binary", "compact"] as const) {
    test(`${file} (${protocol}): every frame equals Java's (Session)`, () => replay(file, protocol, "session"));
    test(`${file} (${protocol}): every frame equals Java's (SessionPool)`, () => replay(file, protocol, "pool"));
  }
}

test.run();
