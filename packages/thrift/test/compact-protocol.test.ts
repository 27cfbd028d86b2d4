// TCompactProtocol against hand-written bytes (the Thrift compact protocol spec and what Java's
// TCompactProtocol writes): message header, field-id deltas and the long form, bools folded into
// field headers and as container bytes, zigzag varints, little-endian doubles (-0 included, which
// the `thrift` package writes as +0), container headers, and each read error with its offset.
import { test } from "uvu";
import * as assert from "uvu/assert";
import Int64 from "node-int64";
import { ReadError, TCompactProtocol, ThriftDecodeError, TType } from "@zerowire/thrift";
import { bytesOf, hex, readerOver, throwsAt } from "./helpers.js";

const writer = () => bytesOf((t) => new TCompactProtocol(t));

test("message header: 0x82, type << 5 | version 1, varint seqid, varint-length name", () => {
  const out = writer()((p) => p.writeMessageBegin("ping", 1, 300));
  assert.is(hex(out), "82" + "21" + "ac02" + "04" + "70696e67");
  assert.equal(new TCompactProtocol(readerOver(out)).readMessageBegin(), { fname: "ping", mtype: 1, rseqid: 300 });
});

test("a negative seqid is its uint32 varint and reads back negative (as Java)", () => {
  const out = writer()((p) => p.writeMessageBegin("", 2, -1));
  assert.is(hex(out), "8241" + "ffffffff0f" + "00");
  assert.is(new TCompactProtocol(readerOver(out)).readMessageBegin().rseqid, -1);
});

test("bad protocol id and bad version are ThriftDecodeErrors at their offsets", () => {
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("8021", "hex"))).readMessageBegin(),
    ThriftDecodeError,
    0,
    /not the compact protocol/,
  );
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("8222", "hex"))).readMessageBegin(),
    ThriftDecodeError,
    1,
    /version 2/,
  );
});

test("field headers: delta 1..15 in the high nibble, else type byte + zigzag i16 id; bools in the header", () => {
  const out = writer()((p) => {
    p.writeStructBegin("S");
    p.writeFieldBegin("a", TType.BOOL, 1);
    p.writeBool(true);
    p.writeFieldBegin("b", TType.BOOL, 16);
    p.writeBool(false);
    p.writeFieldBegin("c", TType.I32, 17);
    p.writeI32(-1);
    p.writeFieldBegin("d", TType.I64, 100);
    p.writeI64(new Int64(-2));
    p.writeFieldBegin("e", TType.STRUCT, 5);
    p.writeStructBegin("T");
    p.writeFieldBegin("x", TType.BYTE, 1);
    p.writeByte(-1);
    p.writeFieldStop();
    p.writeStructEnd();
    p.writeFieldBegin("f", TType.DOUBLE, 6);
    p.writeDouble(-0);
    p.writeFieldStop();
    p.writeStructEnd();
  });
  assert.is(
    hex(out),
    "11" + "f2" + "1501" + "06c80103" + "0c" + "0a" + "13ff" + "00" + "17" + "0000000000000080" + "00",
  );
  const p = new TCompactProtocol(readerOver(out));
  p.readStructBegin();
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.BOOL, fid: 1 });
  assert.is(p.readBool(), true);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.BOOL, fid: 16 });
  assert.is(p.readBool(), false);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.I32, fid: 17 });
  assert.is(p.readI32(), -1);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.I64, fid: 100 });
  assert.is(p.readI64().toNumber(), -2);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.STRUCT, fid: 5 });
  p.skip(TType.STRUCT);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.DOUBLE, fid: 6 });
  assert.ok(Object.is(p.readDouble(), -0), "-0 reads back as -0");
  assert.equal(p.readFieldBegin().ftype, TType.STOP);
});

test("containers: size <= 14 in the list header, 15+ as 0xf_ + varint; bools as 1/2 bytes; maps", () => {
  const out = writer()((p) => {
    p.writeListBegin(TType.BOOL, 2);
    p.writeBool(true);
    p.writeBool(false);
    p.writeSetBegin(TType.I16, 15);
    for (let i = 0; i < 15; i++) p.writeI16(i - 7);
    p.writeMapBegin(TType.STRING, TType.I64, 0);
    p.writeMapBegin(TType.I32, TType.STRING, 1);
    p.writeI32("3");
    p.writeBinary(Buffer.from([9]));
  });
  const i16s = [13, 11, 9, 7, 5, 3, 1, 0, 2, 4, 6, 8, 10, 12, 14].map((z) => z.toString(16).padStart(2, "0")).join("");
  assert.is(hex(out), "21" + "0102" + "f4" + "0f" + i16s + "00" + "01" + "58" + "06" + "0109");
  const p = new TCompactProtocol(readerOver(out));
  assert.equal(p.readListBegin(), { etype: TType.BOOL, size: 2 });
  assert.equal([p.readBool(), p.readBool()], [true, false]);
  assert.equal(p.readSetBegin(), { etype: TType.I16, size: 15 });
  for (let i = 0; i < 15; i++) assert.is(p.readI16(), i - 7);
  assert.equal(p.readMapBegin(), { ktype: TType.STOP, vtype: TType.STOP, size: 0 });
  assert.equal(p.readMapBegin(), { ktype: TType.I32, vtype: TType.STRING, size: 1 });
});

test("i64 extremes as zigzag varints", () => {
  const out = writer()((p) => {
    p.writeI64(-(2n ** 63n));
    p.writeI64("9223372036854775807");
    p.writeI64(0);
  });
  assert.is(hex(out), "ffffffffffffffffff01" + "feffffffffffffffff01" + "00");
  const p = new TCompactProtocol(readerOver(out));
  assert.is(p.readI64().toOctetString(), "8000000000000000");
  assert.is(p.readI64().toOctetString(), "7fffffffffffffff");
  assert.is(p.readI64().toOctetString(), "0000000000000000");
});

test("out-of-range writes are RangeErrors", () => {
  assert.throws(
    () => writer()((p) => p.writeI16(32768)),
    (e: unknown) => e instanceof RangeError,
  );
  assert.throws(
    () => writer()((p) => p.writeFieldBegin("x", TType.I32, 40000)),
    (e: unknown) => e instanceof RangeError,
  );
  assert.throws(
    () => writer()((p) => p.writeListBegin(TType.STOP, 1)),
    (e: unknown) => e instanceof RangeError,
  );
  assert.throws(
    () => writer()((p) => p.writeMessageBegin("m", 8, 1)),
    (e: unknown) => e instanceof RangeError,
  );
});

test("truncated and corrupt input: typed errors at their offsets", () => {
  throwsAt(() => new TCompactProtocol(readerOver(Buffer.from("80", "hex"))).readI32(), ReadError, 0, /i32/);
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("1e", "hex"))).readFieldBegin(),
    ThriftDecodeError,
    0,
    /unknown compact type code 14/,
  );
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("10", "hex"))).readFieldBegin(),
    ThriftDecodeError,
    0,
    /unknown compact type code 0/,
  );
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("f805616263", "hex"))).readListBegin(),
    ThriftDecodeError,
    1,
    /5 elements cannot fit the 3 bytes/,
  );
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("01ff", "hex"))).readMapBegin(),
    ThriftDecodeError,
    1,
    /unknown compact type code 15/,
  );
  throwsAt(
    () => new TCompactProtocol(readerOver(Buffer.from("0480800400", "hex"))).readFieldBegin(),
    ThriftDecodeError,
    1,
    /32768 does not fit an i16/,
  );
  throwsAt(() => new TCompactProtocol(readerOver(Buffer.from("05", "hex"))).readString(), ReadError, 1, /string/);
});

test("skip keeps the field-id state: a skipped nested struct does not shift the outer ids", () => {
  // struct { 1: struct { 15: i32 1 } , 2: bool true (in header) , 3: list<double>[1] }
  const bytes = Buffer.from("1c" + "f502" + "00" + "11" + "19" + "17" + "000000000000f03f" + "00", "hex");
  const p = new TCompactProtocol(readerOver(bytes));
  p.readStructBegin();
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.STRUCT, fid: 1 });
  p.skip(TType.STRUCT);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.BOOL, fid: 2 });
  p.skip(TType.BOOL);
  assert.equal(p.readFieldBegin(), { fname: null, ftype: TType.LIST, fid: 3 });
  p.skip(TType.LIST);
  assert.equal(p.readFieldBegin().ftype, TType.STOP);
});

test.run();
