// Records without measurements, against the Java client's frames (encode-java-records-bytes.ts).
// The Java Session filters nulls only where there are any: insertRecord(s) per record, so a record
// with no measurements is sent with an empty value buffer; insertRecordsOfOneDevice over the whole
// batch, so such a record is sent when the batch has no null and left out when it has one.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  insertRecordCall,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  writeCallFrame,
  type DeviceRecord,
  type InsertCall,
  type InsertRecord,
} from "../src/index.js";
import { JAVA_RECORDS } from "./encode-java-records-bytes.js";
import { toHex } from "./encode-bytes.js";

type Frame = keyof typeof JAVA_RECORDS;
type Name = { [K in Frame]: K extends `${infer N}.frameBinary` ? N : never }[Frame];

function assertJavaFrames(call: InsertCall, name: Name): void {
  assert.is(call.needsSending, true, `${name}: Java sent it`);
  for (const protocol of ["binary", "compact"] as const) {
    const w = new Writer();
    writeCallFrame(w, call, { sessionId: 42, seqid: 1, protocol });
    assert.is(
      toHex(w.peek()),
      JAVA_RECORDS[`${name}.frame${protocol === "binary" ? "Binary" : "Compact"}`],
      `${name} ${protocol}`,
    );
  }
}

const empty = (deviceId: string, time: number): InsertRecord => ({
  deviceId,
  time,
  measurements: [],
  types: [],
  values: [],
});
const allNull: InsertRecord = { deviceId: "root.p.e", time: 2, measurements: ["x"], types: ["INT32"], values: [null] };
const partlyNull: InsertRecord = {
  deviceId: "root.p.f",
  time: 3,
  measurements: ["a", "b"],
  types: ["INT32", "INT32"],
  values: [1, null],
};

test("insertRecord: a record without measurements is sent (empty value buffer), aligned or not", () => {
  assertJavaFrames(insertRecordCall(empty("root.p.d", 1)), "record_empty");
  assertJavaFrames(insertRecordCall(empty("root.p.d", 1), { aligned: true }), "aligned_record_empty");
  assert.is(insertRecordCall(allNull).needsSending, false);
});

test("insertRecords: records without measurements are kept, all-null ones dropped, per record", () => {
  assertJavaFrames(insertRecordsCall([empty("root.p.d", 1), allNull, partlyNull]), "records_empty_allnull_partial");
  assertJavaFrames(
    insertRecordsCall([empty("root.p.d", 1), empty("root.p.d", -5)], { aligned: true }),
    "aligned_records_only_empty",
  );
  assert.is(insertRecordsCall([]).needsSending, false);
  assert.is(insertRecordsCall([allNull]).needsSending, false);
});

test("insertRecordsOfOneDevice: the null check covers the whole batch", () => {
  const one = (time: number, values: (number | null)[]): DeviceRecord => ({
    time,
    measurements: ["a", "b"].slice(0, values.length),
    types: values.map(() => "INT32" as const),
    values,
  });
  // No null anywhere: nothing is filtered; the empty record is sent (sorted after time 1).
  assertJavaFrames(insertRecordsOfOneDeviceCall("root.p.d", [one(2, []), one(1, [1])]), "oneDevice_empty_kept");
  // A null somewhere: every record is filtered, and the empty one is left out with the all-null ones.
  assertJavaFrames(
    insertRecordsOfOneDeviceCall("root.p.d", [one(2, []), one(1, [1, null])]),
    "oneDevice_empty_dropped",
  );
  assertJavaFrames(
    insertRecordsOfOneDeviceCall("root.p.d", [one(1, [])], { aligned: true }),
    "alignedOneDevice_only_empty",
  );
  // An empty batch has no null either: Java sends it as it is.
  assertJavaFrames(insertRecordsOfOneDeviceCall("root.p.d", []), "oneDevice_none");
  assert.is(insertRecordsOfOneDeviceCall("root.p.d", [one(1, []), one(2, [null])]).needsSending, false);
});

test.run();
