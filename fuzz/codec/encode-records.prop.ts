// Property: on random records (nulls, all-null records, every type), our per-record value
// buffers and TSInsertRecordsReq (binary and compact) equal the naive reference encoder's.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  encodeRecordValues,
  insertRecordsCall,
  writeCallRequest,
  type Cell,
  type InsertRecord,
} from "@zerowire/iotdb-codec";
import { checkProperty } from "../writer/check-property.js";
import { records } from "./arbitraries.js";
import { refRecordIsSent, refRecordsReq, refRecordValues, type RefRecord } from "./reference-encoder.js";

const RUNS = 4_000;
const SESSION_ID = -3n;

const ours = (r: RefRecord): InsertRecord => ({
  deviceId: r.deviceId,
  time: r.time,
  measurements: r.measurements,
  types: r.types as InsertRecord["types"],
  values: r.values as Cell[],
});

test(`records = naive reference: value buffers and requests (${RUNS} cases)`, () => {
  checkProperty("records vs reference", records, RUNS, ({ aligned, records }) => {
    for (const r of records) {
      assert.is(encodeRecordValues(ours(r)).toString("hex"), refRecordValues(r).toString("hex"));
    }
    const call = insertRecordsCall(records.map(ours), { aligned });
    assert.is(call.needsSending, records.some(refRecordIsSent));
    for (const protocol of ["binary", "compact"] as const) {
      const w = new Writer();
      writeCallRequest(w, call, { sessionId: SESSION_ID, protocol });
      assert.is(
        Buffer.from(w.peek()).toString("hex"),
        refRecordsReq(records, aligned, SESSION_ID, protocol).toString("hex"),
        protocol,
      );
    }
  });
});

test.run();
