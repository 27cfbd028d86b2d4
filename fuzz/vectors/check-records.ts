// kinds "insertRecords" and "insertRecord": per-record value buffers (nulls dropped), the request
// structs and the framed calls (sessionId 42, seqid 1), binary and compact.
import {
  encodeRecordValues,
  insertRecordCall,
  insertRecordsCall,
  writeCallFrame,
  writeCallRequest,
} from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import { SEQID, SESSION_ID } from "./check-tablet.js";
import { vectorRecords, type RecordsInput } from "./vector-input.js";
import { compareHex, compareValue, type CheckResult, type Vector } from "./vector.js";

export function checkRecords(vector: Vector): CheckResult {
  const input = vector.input as RecordsInput;
  const out = vector.output;
  const result: CheckResult = { passed: [], failures: [] };
  const records = vectorRecords(input);
  const kept = records.filter((r) => r.values.some((v) => v !== null));
  const expectedBuffers: string[] = out.valueBuffersHex;
  compareValue(result, "record count after dropping all-null records", kept.length, expectedBuffers.length);
  kept.forEach((record, i) => {
    if (expectedBuffers[i] !== undefined) compareHex(result, `valueBuffersHex[${i}]`, encodeRecordValues(record), expectedBuffers[i]!);
  });
  const options = { aligned: input.aligned };
  const call = vector.kind === "insertRecord" ? insertRecordCall(records[0]!, options) : insertRecordsCall(records, options);
  compareValue(result, "needsSending", call.needsSending, kept.length > 0);
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
