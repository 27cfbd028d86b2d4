// TBinaryProtocol against hand-written bytes (the Thrift binary protocol spec and what Java's
// TBinaryProtocol writes): message headers strict and not, every value kind, the i64 map-key
// case the `thrift` package gets wrong, and each read error with its offset.
import { test } from "uvu";
import * as assert from "uvu/assert";
import Int64 from "node-int64";
import { ReadError, TBinaryProtocol, TFramedTransport, ThriftDecodeError, TType } from "@zerowire/thrift";
import { bytesOf, hex, readerOver, throwsAt } from "./helpers.js";

const writer = () => bytesOf((t) => new TBinaryProtocol(t));

test("strict message header: 0x8001, 0, type, name (int32 length + UTF-8), seqid", () => {
  const out = writer()((p) => p.writeMessageBegin("ping", 1, 7));
  assert.is(hex(out), "80010001" + "00000004" + "70696e67" + "00000007");
  const p = new TBinaryProtocol(readerOver(out));
  assert.equal(p.readMessageBegin(), { fname: "ping", mtype: 1, rseqid: 7 });
});

test("non-strict message header (strictWrite false): name, type byte, seqid; read back unless strictRead", () => {
  const out = bytesOf((t) => new TBinaryProtocol(t, false, false))((p) => p.writeMessageBegin("é", 2, -1));
  assert.is(hex(out), "00000002" + "c3a9" + "02" + "ffffffff");
  assert.equal(new TBinaryProtocol(readerOver(out)).readMessageBegin(), { fname: "é", mtype: 2, rseqid: -1 });
  throwsAt(
    () => new TBinaryProtocol(readerOver(out), true).readMessageBegin(),
    ThriftDecodeError,
    0,
    /no version header/,
  );
});

test("bad version is a ThriftDecodeError at offset 0", () => {
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("80020001", "hex"))).readMessageBegin(),
    ThriftDecodeError,
    0,
    /bad version 0x8002/,
  );
});

test("fields and values: type byte + i16 id, big-endian values, stop byte", () => {
  const out = writer()((p) => {
    p.writeStructBegin("S");
    p.writeFieldBegin("a", TType.BOOL, 1);
    p.writeBool(true);
    p.writeFieldBegin("b", TType.BYTE, 2);
    p.writeByte(-2);
    p.writeFieldBegin("c", TType.I16, 300);
    p.writeI16(-300);
    p.writeFieldBegin("d", TType.I64, -1);
    p.writeI64(new Int64(0x01020304, 0x05060708));
    p.writeFieldBegin("e", TType.DOUBLE, 5);
    p.writeDouble(-0);
    p.writeFieldBegin("f", TType.STRING, 6);
    p.writeBinary(Buffer.from([0xde, 0xad]));
    p.writeFieldStop();
    p.writeStructEnd();
  });
  assert.is(
    hex(out),
    "02000101" +
      "030002fe" +
      "06012cfed4" +
      "0affff0102030405060708" +
      "0400058000000000000000" +
      "0b000600000002dead" +
      "00",
  );
});

test("containers: map ktype vtype int32 size; list and set etype int32 size", () => {
  const out = writer()((p) => {
    p.writeMapBegin(TType.STRING, TType.I32, 1);
    p.writeString("k");
    p.writeI32(5);
    p.writeListBegin(TType.BOOL, 2);
    p.writeBool(true);
    p.writeBool(false);
    p.writeSetBegin(TType.I64, 0);
  });
  assert.is(hex(out), "0b08" + "00000001" + "000000016b" + "00000005" + "02" + "00000002" + "0100" + "0a" + "00000000");
});

test("numeric map keys arrive as decimal strings and are written as numbers (i64 keys as decimal, not hex)", () => {
  const out = writer()((p) => {
    p.writeI64("12");
    p.writeI64("-9223372036854775808");
    p.writeI32("-7");
    p.writeDouble("2.5");
  });
  assert.is(hex(out), "000000000000000c" + "8000000000000000" + "fffffff9" + "4004000000000000");
  assert.throws(
    () => writer()((p) => p.writeI64("0x12")),
    (e: unknown) => e instanceof TypeError,
  );
  assert.throws(
    () => writer()((p) => p.writeI32("1e3")),
    (e: unknown) => e instanceof TypeError,
  );
});

test("i64 from number, bigint and Int64 give the same bytes; an unsafe number is a RangeError", () => {
  const expected = "fffffffffffffffe";
  for (const v of [-2, -2n, new Int64(-2)]) assert.is(hex(writer()((p) => p.writeI64(v))), expected);
  assert.throws(
    () => writer()((p) => p.writeI64(2 ** 53)),
    (e: unknown) => e instanceof RangeError,
  );
});

test("out-of-range writes are RangeErrors (the thrift package wraps them silently)", () => {
  for (const f of [
    (p: TBinaryProtocol) => p.writeI32(2 ** 31),
    (p: TBinaryProtocol) => p.writeI16(40000),
    (p: TBinaryProtocol) => p.writeByte(200),
    (p: TBinaryProtocol) => p.writeFieldBegin("x", 99, 1),
    (p: TBinaryProtocol) => p.writeListBegin(TType.STOP, 1),
    (p: TBinaryProtocol) => p.writeMapBegin(TType.I32, TType.I32, -1),
  ]) {
    assert.throws(
      () => writer()(f),
      (e: unknown) => e instanceof RangeError,
    );
  }
});

test("readBinary is a view of the frame; readI64 is a copy", () => {
  const frame = Buffer.from("00000002abcd" + "0000000000000005", "hex");
  const p = new TBinaryProtocol(readerOver(frame));
  const blob = p.readBinary();
  const long = p.readI64();
  frame[4] = 0x11;
  frame[13] = 0x09;
  assert.is(hex(blob), "11cd");
  assert.is(long.toNumber(), 5);
});

test("truncated input: a ReadError naming what and where", () => {
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("0800", "hex"))).readFieldBegin(),
    ReadError,
    1,
    /field id/,
  );
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("00000005abcd", "hex"))).readString(),
    ReadError,
    4,
    /string/,
  );
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("fffffffe", "hex"))).readBinary(),
    ReadError,
    0,
    /negative length/,
  );
});

test("corrupt input: unknown type codes and impossible sizes are ThriftDecodeErrors at their offset", () => {
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("130001", "hex"))).readFieldBegin(),
    ThriftDecodeError,
    0,
    /unknown type code 19/,
  );
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("0b00000004616263", "hex"))).readListBegin(),
    ThriftDecodeError,
    1,
    /4 elements cannot fit the 3 bytes/,
  );
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("0b08ffffffff", "hex"))).readMapBegin(),
    ThriftDecodeError,
    2,
    /negative size -1/,
  );
  throwsAt(
    () => new TBinaryProtocol(readerOver(Buffer.from("0100000000", "hex"))).readListBegin(),
    ThriftDecodeError,
    0,
    /unknown type code 1/,
  );
});

test("skip: every type, and nesting past 64 levels is a ThriftDecodeError", () => {
  // struct { 1: list<map<string, set<i16>>> = [{"a": {1}}], 2: uuid, 3: double } then i32 7
  const value =
    "0f0001" +
    "0d" +
    "00000001" +
    "0b0e00000001" +
    "0000000161" +
    "0600000001" +
    "0001" +
    "100002" +
    "00112233445566778899aabbccddeeff" +
    "040003" +
    "3ff0000000000000" +
    "00";
  const p = new TBinaryProtocol(readerOver(Buffer.from(value + "00000007", "hex")));
  p.skip(TType.STRUCT);
  assert.is(p.readI32(), 7);
  const deep = Buffer.from("0c0001".repeat(70) + "00".repeat(71), "hex");
  throwsAt(() => new TBinaryProtocol(readerOver(deep)).skip(TType.STRUCT), ThriftDecodeError, 3 * 64, /deeper than 64/);
});

test("uuid: 16 bytes, canonical lowercase string", () => {
  const out = writer()((p) => p.writeUuid("00112233-4455-6677-8899-AABBCCDDEEFF"));
  assert.is(hex(out), "00112233445566778899aabbccddeeff");
  assert.is(new TBinaryProtocol(readerOver(out)).readUuid(), "00112233-4455-6677-8899-aabbccddeeff");
  assert.throws(
    () => writer()((p) => p.writeUuid("not-a-uuid")),
    (e: unknown) => e instanceof TypeError,
  );
});

test("a protocol on a read-only transport reads; its transport is the one given", () => {
  const t = new TFramedTransport(Buffer.from("01", "hex"));
  const p = new TBinaryProtocol(t);
  assert.is(p.getTransport(), t);
  assert.is(p.readBool(), true);
});

test.run();
