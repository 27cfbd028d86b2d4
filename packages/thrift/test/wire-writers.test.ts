// The field writers of @zerowire/thrift/wire on their own (the IoTDB codec writes its insert
// requests with them): message headers, field headers (short and long compact forms), list and
// map headers, zigzag integers and the in-place binary with a backfilled (binary) or
// guessed-and-shifted (compact) length prefix. Expected bytes follow the Thrift specs.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import { BinaryFieldWriter, CompactFieldWriter, MessageType, TType as T, type FieldWriter } from "../src/wire/index.js";
import { hex } from "./helpers.js";

function bytesOf(make: (w: Writer) => FieldWriter, write: (p: FieldWriter) => void): string {
  const w = new Writer();
  write(make(w));
  return hex(w.peek());
}
const binary = (write: (p: FieldWriter) => void) => bytesOf((w) => new BinaryFieldWriter(w), write);
const compact = (write: (p: FieldWriter) => void) => bytesOf((w) => new CompactFieldWriter(w), write);

test("message headers: strict binary and compact (seqid as an unsigned varint)", () => {
  assert.is(
    binary((p) => p.messageBegin("ab", MessageType.CALL, 7)),
    "80010001" + "00000002" + "6162" + "00000007",
  );
  assert.is(
    compact((p) => p.messageBegin("ab", MessageType.CALL, 300)),
    "82" + "21" + "ac02" + "02" + "6162",
  );
  assert.is(
    compact((p) => p.messageBegin("", MessageType.ONEWAY, -1)),
    "82" + "81" + "ffffffff0f" + "00",
  );
});

test("compact field headers: deltas 1..15 in one byte, otherwise type then zigzag id; per-struct ids", () => {
  const fields = (p: FieldWriter) => {
    p.structBegin();
    p.fieldBegin(T.I32, 1);
    p.i32(-1);
    p.fieldBegin(T.I32, 16); // delta 15: short form
    p.i32(1);
    p.fieldBegin(T.I32, 40); // delta 24: long form
    p.i32(0);
    p.fieldBegin(T.STRUCT, 41);
    p.structBegin(); // ids restart inside the nested struct
    p.boolField(1, true);
    p.boolField(2, false);
    p.fieldStop();
    p.structEnd();
    p.boolField(3, true); // back to the outer struct: 3 is below 41, long form
    p.fieldStop();
    p.structEnd();
  };
  assert.is(
    compact(fields),
    "15" + "01" + "f5" + "02" + "05" + "50" + "00" + "1c" + "11" + "12" + "00" + "01" + "06" + "00",
  );
  assert.is(
    binary(fields),
    "080001ffffffff" +
      "08001000000001" +
      "08002800000000" +
      "0c0029" +
      "02000101" +
      "02000200" +
      "00" +
      "02000301" +
      "00",
  );
});

test("list headers: compact size ≤ 14 in the type byte, 15+ as 0xf? + varint", () => {
  assert.is(
    compact((p) => p.listBegin(T.STRING, 14)),
    "e8",
  );
  assert.is(
    compact((p) => p.listBegin(T.I64, 15)),
    "f60f",
  );
  assert.is(
    compact((p) => p.listBegin(T.BYTE, 200)),
    "f3c801",
  );
  assert.is(
    compact((p) => p.listBegin(T.LIST, 0)),
    "09",
  );
  assert.is(
    binary((p) => p.listBegin(T.I32, 200)),
    "08000000c8",
  );
});

test("map headers: compact empty as one zero byte, else varint size + key/value nibbles; binary types + i32", () => {
  assert.is(
    compact((p) => p.mapBegin(T.STRING, T.I64, 0)),
    "00",
  );
  assert.is(
    compact((p) => p.mapBegin(T.STRING, T.I64, 300)),
    "ac02" + "86",
  );
  assert.is(
    binary((p) => p.mapBegin(T.STRING, T.I64, 2)),
    "0b0a00000002",
  );
});

test("integers: compact zigzag varints, binary big-endian", () => {
  assert.is(
    compact((p) => {
      p.i32(-2147483648);
      p.i64(-(2n ** 63n));
      p.i64(42);
      p.byte(-1);
    }),
    "ffffffff0f" + "ffffffffffffffffff01" + "54" + "ff",
  );
  assert.is(
    binary((p) => {
      p.i32(-2);
      p.i64(2n ** 63n - 1n);
      p.byte(-1);
    }),
    "fffffffe" + "7fffffffffffffff" + "ff",
  );
});

test("i16, double and element bools: compact zigzag, little-endian, 1/2; binary big-endian, 1/0", () => {
  assert.is(
    compact((p) => {
      p.i16(-3);
      p.double(1);
      p.bool(true);
      p.bool(false);
    }),
    "05" + "000000000000f03f" + "01" + "02",
  );
  assert.is(
    binary((p) => {
      p.i16(-3);
      p.double(1);
      p.bool(true);
      p.bool(false);
    }),
    "fffd" + "3ff0000000000000" + "01" + "00",
  );
  assert.throws(
    () => compact((p) => p.i16(40000)),
    (e: unknown) => e instanceof RangeError && /40000 is not a valid int16/.test(e.message),
  );
});

test("strings and binaries: UTF-8 with an i32 or varint length", () => {
  assert.is(
    binary((p) => {
      p.string("\u00e9");
      p.binary(Uint8Array.of(1, 2));
    }),
    "00000002c3a9" + "000000020102",
  );
  assert.is(
    compact((p) => {
      p.string("\u00e9");
      p.binary(Uint8Array.of(1, 2));
    }),
    "02c3a9" + "020102",
  );
});

test("in-place binary: binary backfills i32; compact shifts the body when the guessed prefix size was wrong", () => {
  const body = (n: number) => (p: FieldWriter, estimate: number) => {
    p.out.u8(0xee);
    const mark = p.binaryBegin(estimate);
    for (let i = 0; i < n; i++) p.out.u8(i & 0xff);
    p.binaryEnd(mark);
    p.out.u8(0xdd);
  };
  const payload = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i & 0xff)).toString("hex");
  for (const [n, estimate] of [
    [5, 5],
    [5, 1000],
    [200, 10],
    [200, 200],
    [20000, 3],
    [0, 70000],
  ] as const) {
    const varint =
      n < 0x80
        ? n.toString(16).padStart(2, "0")
        : n < 0x4000
          ? Buffer.from([(n & 0x7f) | 0x80, n >> 7]).toString("hex")
          : Buffer.from([(n & 0x7f) | 0x80, ((n >> 7) & 0x7f) | 0x80, n >> 14]).toString("hex");
    assert.is(
      compact((p) => body(n)(p, estimate)),
      "ee" + varint + payload(n) + "dd",
      `compact n=${n} estimate=${estimate}`,
    );
    assert.is(
      binary((p) => body(n)(p, estimate)),
      "ee" + n.toString(16).padStart(8, "0") + payload(n) + "dd",
      `binary n=${n}`,
    );
  }
});

test.run();
