// kind "sessionCalls": a sequence of Java Session calls and every frame the Java client wrote
// for each. Per protocol, a fresh Session (zone UTC; autoConvertRecords as the vector's
// `autoConvert`, default on) opens against the fake DataNode (same handshake, so the same
// seqids) and makes the same calls through our API (session-call-table.ts); each call's frames
// must equal Java's byte for byte. A vector with a call we do not implement fails, naming it.
import { Session } from "@zerowire/iotdb-client";
import { startFakeDataNode, type Protocol } from "./fake-datanode.js";
import { sessionCallReplayers } from "./session-call-table.js";
import { compareHex, compareValue, type CheckResult, type Vector } from "./vector.js";

interface JavaCall {
  method: string;
  args: Record<string, unknown>;
}

interface JavaFrames {
  method: string;
  frames: { method: string; seqid: number; hex: string }[];
}

export async function checkSessionCalls(vector: Vector): Promise<CheckResult> {
  const result: CheckResult = { passed: [], failures: [] };
  const calls: JavaCall[] = vector.input.calls;
  const missing = [...new Set(calls.map((c) => c.method).filter((m) => sessionCallReplayers[m] === undefined))];
  if (missing.length > 0) {
    result.failures.push({
      check: "calls",
      message: `unimplemented session call(s) in the replay: ${missing.join(", ")} (nothing replayed)`,
    });
    return result;
  }
  for (const protocol of ["binary", "compact"] as const) await replay(vector, protocol, result);
  return result;
}

async function replay(vector: Vector, protocol: Protocol, result: CheckResult): Promise<void> {
  const calls: JavaCall[] = vector.input.calls;
  const expected: JavaFrames[] = vector.output[protocol];
  const server = await startFakeDataNode(protocol);
  const session = new Session({
    port: server.port,
    zoneId: "UTC",
    protocol,
    autoConvertRecords: vector.input.autoConvert ?? true,
    connectTimeoutMs: 5000,
    requestTimeoutMs: 5000,
  });
  try {
    await session.open();
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const label = `${protocol} call ${i} ${call.method}`;
      const before = server.calls.length;
      try {
        await sessionCallReplayers[call.method]!(session, call.args);
      } catch (err) {
        result.failures.push({ check: label, message: `threw ${(err as Error)?.stack ?? err}` });
        continue;
      }
      const frames = server.calls.slice(before);
      const javaFrames = expected[i]?.frames ?? [];
      compareValue(
        result,
        `${label}: methods and seqids`,
        frames.map((f) => `${f.method}#${f.seqid}`),
        javaFrames.map((f) => `${f.method}#${f.seqid}`),
      );
      javaFrames.forEach((jf, k) => {
        if (frames[k] !== undefined) compareHex(result, `${label} frame ${k} (${jf.method})`, frames[k]!.frame, jf.hex);
      });
    }
  } catch (err) {
    result.failures.push({ check: `${protocol} session`, message: `threw ${(err as Error)?.stack ?? err}` });
  } finally {
    await session.close().catch(() => {});
    await server.close();
  }
}
