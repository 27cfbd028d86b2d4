// kinds "insertRecords" and "insertRecord": per-record value buffers (nulls dropped), the request
// structs and the framed calls (sessionId 42, seqid 1), binary and compact. When the Java Session
// sent nothing (`sessionSentNothing`, the only output then), our call must not need sending.
import { encodeRecordValues, writeCallFrame, writeCallRequest } from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import { SEQID, SESSION_ID } from "./check-tablet.js";
import { vectorRecords, vectorRecordsCall, type RecordsInput } from "./vector-input.js";
import { compareHex, compareValue, type CheckResult, type Vector } from "./vector.js";

export function checkRecords(vector: Vector): CheckResult {
  const input = vector.input as RecordsInput;
  const out = vector.output;
  const result: CheckResult = { passed: [], failures: [] };
  const call = vectorRecordsCall(vector.kind, input);
  const javaSentNothing = out.sessionSentNothing === true;
  compareValue(result, "needsSending", call.needsSending, !javaSentNothing);
  if (javaSentNothing) return result;

  // The Session drops a record only when it had null values and dropping them left it empty (a
  // record without measurements is sent). This pairs Java's buffers with records, to say which
  // record's buffer differs; the request bytes below are the real comparison.
  const kept = vectorRecords(input).filter((r) => r.values.length === 0 || r.values.some((v) => v !== null));
  const expectedBuffers: string[] = out.valueBuffersHex;
  compareValue(result, "record count after dropping all-null records", kept.length, expectedBuffers.length);
  kept.forEach((record, i) => {
    if (expectedBuffers[i] !== undefined)
      compareHex(result, `valueBuffersHex[${i}]`, encodeRecordValues(record), expectedBuffers[i]!);
  });
  for (const protocol of ["binary", "compact"] as const) {
    const suffix = protocol === "binary" ? "Binary" : "Compact";
    const req = new Writer();
    writeCallRequest(req, call, { sessionId: SESSION_ID, protocol });
    compareHex(result, `req${suffix}Hex`, req.peek(), out[`req${suffix}Hex`]);
    const frame = new Writer();
    writeCallFrame(frame, call, { sessionId: SESSION_ID, seqid: SEQID, protocol });
    compareHex(result, `frame${suffix}Hex`, frame.peek(), out[`frame${suffix}Hex`]);
  }
  return result;
}
