// Records: the per-record value buffer (type byte + value), and the Java Session's null handling
// (null values dropped with their measurement and type; all-null records dropped with their
// device and time; nothing to send when nothing is left). Expected bytes are built by hand.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  encodeRecordValues,
  insertRecordCall,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  writeCallRequest,
  type InsertCall,
} from "../src/index.js";
import { f32, f64, hex, i32, i64, text, toHex } from "./encode-bytes.js";

const req = (call: InsertCall): string => {
  const w = new Writer();
  writeCallRequest(w, call, { sessionId: 42 });
  return toHex(w.peek());
};

test("value buffer: type byte then value, for every type and JS input form", () => {
  const got = encodeRecordValues({
    time: 1,
    measurements: ["b", "i", "l", "l2", "f", "d", "t", "t2", "s", "bl", "dt", "dt2", "dt3", "ts"],
    types: [
      "BOOLEAN",
      "INT32",
      "INT64",
      "INT64",
      "FLOAT",
      "DOUBLE",
      "TEXT",
      "TEXT",
      "STRING",
      "BLOB",
      "DATE",
      "DATE",
      "DATE",
      "TIMESTAMP",
    ],
    values: [
      true,
      -1,
      2 ** 53 - 1,
      -(2n ** 63n),
      0.1,
      NaN,
      "\u{1F600}",
      Uint8Array.of(0xff),
      "",
      Uint8Array.of(),
      "2024-02-29",
      new Date(Date.UTC(1000, 0, 1)),
      99991231,
      -5,
    ],
  });
  assert.is(
    toHex(got),
    hex(
      "00 01",
      "01",
      i32(-1),
      "02",
      i64(2n ** 53n - 1n),
      "02",
      i64(-(2n ** 63n)),
      "03",
      f32(Math.fround(0.1)),
      "04 7ff8000000000000",
      "05",
      text("\u{1F600}"),
      "05",
      text(Uint8Array.of(0xff)),
      "0b",
      text(""),
      "0a",
      text(Uint8Array.of()),
      "09 0134d765",
      "09",
      i32(10000101),
      "09",
      i32(99991231),
      "08",
      i64(-5n),
    ),
  );
});

test("insertRecord: a null value is dropped with its measurement and type", () => {
  const call = insertRecordCall(
    {
      deviceId: "root.d",
      time: 7,
      measurements: ["a", "b", "c"],
      types: ["INT32", "FLOAT", "TEXT"],
      values: [1, null, "x"],
    },
    { aligned: true },
  );
  assert.is(call.needsSending, true);
  assert.is(
    req(call),
    hex(
      "0a0001",
      i64(42n),
      "0b0002",
      text("root.d"),
      "0f0003 0b 00000002",
      text("a"),
      text("c"),
      "0b0004 0000000b",
      "01",
      i32(1),
      "05",
      text("x"),
      "0a0005",
      i64(7n),
      "020006 01",
      "00",
    ),
  );
  assert.equal(
    toHex(encodeRecordValues({ time: 0, measurements: ["a", "b"], types: ["INT32", "INT32"], values: [undefined, 3] })),
    "01" + i32(3),
  );
});

test("all-null records are dropped with their device and time; nothing left means nothing to send", () => {
  const call = insertRecordsCall([
    { deviceId: "root.a", time: 1, measurements: ["x"], types: ["DOUBLE"], values: [null] },
    { deviceId: "root.b", time: 2, measurements: ["y"], types: ["DOUBLE"], values: [2.5] },
  ]);
  assert.is(call.needsSending, true);
  assert.is(
    req(call),
    hex(
      "0a0001",
      i64(42n),
      "0f0002 0b 00000001",
      text("root.b"),
      "0f0003 0f 00000001 0b 00000001",
      text("y"),
      "0f0004 0b 00000001 00000009 04",
      f64(2.5),
      "0f0005 0a 00000001",
      i64(2n),
      "020006 00",
      "00",
    ),
  );
  const allNull = { deviceId: "root.a", time: 1, measurements: ["x"], types: ["DOUBLE" as const], values: [null] };
  assert.is(insertRecordCall(allNull).needsSending, false);
  assert.is(insertRecordsCall([allNull, allNull]).needsSending, false);
  assert.is(insertRecordsCall([]).needsSending, false);
  assert.is(insertRecordsOfOneDeviceCall("root.a", [allNull]).needsSending, false);
});

test("insertRecordsOfOneDevice keeps equal times in their order", () => {
  const call = insertRecordsOfOneDeviceCall("root.d", [
    { time: 2, measurements: ["m"], types: ["INT32"], values: [0] },
    { time: 1, measurements: ["m"], types: ["INT32"], values: [1] },
    { time: 2, measurements: ["m"], types: ["INT32"], values: [2] },
    { time: 1, measurements: ["m"], types: ["INT32"], values: [3] },
  ]);
  const value = (v: number) => "00000005 01" + i32(v);
  assert.ok(req(call).includes(hex("0f0004 0b 00000004", value(1), value(3), value(0), value(2))));
  assert.ok(req(call).includes(hex("0f0005 0a 00000004", i64(1n), i64(1n), i64(2n), i64(2n))));
});

test("a record's first problem in measurement order is the one reported, also after records sharing its arrays", () => {
  const measurements = ["s0", "s1"];
  const types = ["INT32", "TEXT"] as const;
  const good = { deviceId: "root.sg.d1", time: 1, measurements, types, values: [1, "a"] };
  const messageOf = (records: unknown[]): string => {
    try {
      insertRecordsCall(records as never);
    } catch (e) {
      return (e as Error).message;
    }
    return "no error";
  };
  // A bad value (measurement 0) before a bad name (measurement 1): the value is reported.
  assert.match(
    messageOf([good, { ...good, measurements: ["s0", ""], values: ["x", "a"] }]),
    /^record 1 measurement "s0": expected an int32/,
  );
  // A bad name before a bad value.
  assert.match(
    messageOf([good, { ...good, measurements: ["", "s1"], values: [1, 2] }]),
    /^record 1: measurements\[0\] is empty/,
  );
  // A bad type name before a bad value; then records sharing good arrays with a bad value.
  assert.match(
    messageOf([good, { ...good, types: ["INT33", "TEXT"], values: [1, 2] }]),
    /"INT33" is not a sendable IoTDB type/,
  );
  assert.match(messageOf([good, good, { ...good, values: [1, 2] }]), /^record 2 measurement "s1": expected a string/);
});

test.run();
