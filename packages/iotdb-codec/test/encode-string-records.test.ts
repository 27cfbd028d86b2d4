// String-valued records (TSInsertStringRecordReq, TSInsertStringRecordsReq,
// TSInsertStringRecordsOfOneDeviceReq): request bytes built by hand from client.thrift, the Java
// Session's null handling and sorting, and bad input. The byte-for-byte match with the Java
// client is the session-call vectors' (fuzz/vectors/check-session-calls.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  EncodeError,
  insertStringRecordCall,
  insertStringRecordsCall,
  insertStringRecordsOfOneDeviceCall,
  writeCallRequest,
  type InsertCall,
} from "../src/index.js";
import { hex, i64, text, toHex } from "./encode-bytes.js";

const req = (call: InsertCall): string => {
  const w = new Writer();
  writeCallRequest(w, call, { sessionId: 42 });
  return toHex(w.peek());
};
const stringList = (items: string[]) => hex("0b", i32hex(items.length), ...items.map(text));
const i32hex = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]).toString("hex");

test("insertStringRecord: fields 1-6 in order, values as a list of strings, isAligned written", () => {
  const call = insertStringRecordCall(
    { deviceId: "root.d", time: 7n, measurements: ["a", "b"], values: ["1.5", "héllo"] },
    { aligned: true },
  );
  assert.is(call.method, "insertStringRecord");
  assert.is(
    req(call),
    hex(
      "0a 0001",
      i64(42n),
      "0b 0002",
      text("root.d"),
      "0f 0003",
      stringList(["a", "b"]),
      "0f 0004",
      stringList(["1.5", "héllo"]),
      "0a 0005",
      i64(7n),
      "02 0006 01",
      "00",
    ),
  );
});

test("insertStringRecord: a null value is dropped with its measurement; all-null sends nothing; no measurements is sent", () => {
  const call = insertStringRecordCall({ deviceId: "root.d", time: 1, measurements: ["a", "b"], values: [null, "x"] });
  assert.is(
    req(call),
    hex(
      "0a 0001",
      i64(42n),
      "0b 0002",
      text("root.d"),
      "0f 0003",
      stringList(["b"]),
      "0f 0004",
      stringList(["x"]),
      "0a 0005",
      i64(1n),
      "02 0006 00",
      "00",
    ),
  );
  assert.is(
    insertStringRecordCall({ deviceId: "root.d", time: 1, measurements: ["a"], values: [undefined] }).needsSending,
    false,
  );
  assert.is(insertStringRecordCall({ deviceId: "root.d", time: 1, measurements: [], values: [] }).needsSending, true);
});

test("insertStringRecords: prefixPaths, list<list<string>> measurements and values, timestamps; all-null records left out", () => {
  const call = insertStringRecordsCall([
    { deviceId: "root.a", time: 3, measurements: ["m"], values: ["1"] },
    { deviceId: "root.b", time: 1, measurements: ["m"], values: [null] },
    { deviceId: "root.c", time: 2n, measurements: ["x", "y"], values: ["", "true"] },
  ]);
  assert.is(call.method, "insertStringRecords");
  assert.is(
    req(call),
    hex(
      "0a 0001",
      i64(42n),
      "0f 0002",
      stringList(["root.a", "root.c"]),
      "0f 0003 0f",
      i32hex(2),
      stringList(["m"]),
      stringList(["x", "y"]),
      "0f 0004 0f",
      i32hex(2),
      stringList(["1"]),
      stringList(["", "true"]),
      "0f 0005 0a",
      i32hex(2),
      i64(3n),
      i64(2n),
      "02 0006 00",
      "00",
    ),
  );
  assert.is(
    insertStringRecordsCall([{ deviceId: "root.b", time: 1, measurements: ["m"], values: [null] }]).needsSending,
    false,
  );
  assert.is(insertStringRecordsCall([]).needsSending, false);
});

test("insertStringRecordsOfOneDevice: stable sort by time; with a null anywhere, records left empty are dropped; an empty batch is sent", () => {
  const call = insertStringRecordsOfOneDeviceCall("root.o", [
    { time: 5, measurements: ["a"], values: ["5"] },
    { time: 1, measurements: ["a"], values: ["first"] },
    { time: 3, measurements: [], values: [] },
    { time: 1, measurements: ["b"], values: ["second"] },
    { time: 0, measurements: ["c"], values: [null] },
  ]);
  assert.is(
    req(call),
    hex(
      "0a 0001",
      i64(42n),
      "0b 0002",
      text("root.o"),
      "0f 0003 0f",
      i32hex(3),
      stringList(["a"]),
      stringList(["b"]),
      stringList(["a"]),
      "0f 0004 0f",
      i32hex(3),
      stringList(["first"]),
      stringList(["second"]),
      stringList(["5"]),
      "0f 0005 0a",
      i32hex(3),
      i64(1n),
      i64(1n),
      i64(5n),
      "02 0006 00",
      "00",
    ),
  );
  // Without a null the record without measurements stays.
  const kept = insertStringRecordsOfOneDeviceCall("root.o", [{ time: 3, measurements: [], values: [] }]);
  assert.ok(req(kept).includes(hex("0f 0003 0f", i32hex(1), "0b", i32hex(0))));
  assert.is(insertStringRecordsOfOneDeviceCall("root.o", []).needsSending, true);
  assert.is(
    insertStringRecordsOfOneDeviceCall("root.o", [{ time: 1, measurements: ["a"], values: [null] }]).needsSending,
    false,
  );
});

test("bad input: EncodeError naming the record and measurement, before anything is written", () => {
  const throws = (f: () => unknown, pattern: RegExp, row?: number, column?: string) => {
    try {
      f();
    } catch (e) {
      assert.instance(e, EncodeError);
      assert.match((e as Error).message, pattern);
      assert.is((e as EncodeError).row, row);
      assert.is((e as EncodeError).column, column);
      return;
    }
    assert.unreachable(`no error for ${pattern}`);
  };
  throws(
    () =>
      insertStringRecordCall({ deviceId: "root.d", time: 1, measurements: ["a"], values: [1 as unknown as string] }),
    /record 0 measurement "a": expected a string value, got/,
    0,
    "a",
  );
  throws(
    () =>
      insertStringRecordsCall([
        { deviceId: "root.d", time: 1, measurements: ["a"], values: ["1"] },
        { deviceId: "root.d", time: 2, measurements: ["a", "b"], values: ["1"] },
      ]),
    /record 1: 2 measurement\(s\) and 1 value\(s\) differ/,
    1,
  );
  throws(
    () => insertStringRecordsCall([{ deviceId: "", time: 1, measurements: [], values: [] }]),
    /record 0: deviceId is empty/,
    0,
  );
  throws(
    () => insertStringRecordsOfOneDeviceCall("root.d", [{ time: 1.5, measurements: [], values: [] }]),
    /record 0: time/,
    0,
  );
  throws(() => insertStringRecordsOfOneDeviceCall(5 as unknown as string, []), /deviceId must be a string/);
  throws(() => insertStringRecordsCall("x" as never), /expected an array of string records/);
});

test.run();
