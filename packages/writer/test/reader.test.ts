// The Reader: values from bytes written by Buffer's own methods, and every bounds violation
// being a ReadError that names what was read at which offset, without moving the cursor.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ReadError, Reader } from "@zerowire/writer";
import * as x from "./expected.js";

const LEAD = Buffer.from([0xee, 0xee, 0xee]);

/** A Reader over LEAD + body, positioned after LEAD, on a Uint8Array view at a nonzero byteOffset. */
function readerAt(body: Uint8Array): Reader {
  const backing = new Uint8Array(7 + LEAD.length + body.length);
  backing.set(LEAD, 7);
  backing.set(body, 7 + LEAD.length);
  const r = new Reader(backing.subarray(7));
  r.skip(LEAD.length);
  return r;
}

/** Expects a ReadError with these fields (and `detail` in the message); the cursor must not move. */
function readFails(
  r: Reader,
  read: (r: Reader) => unknown,
  expected: { what: string; offset: number; needed?: number; available?: number; detail?: string },
): void {
  const before = r.pos;
  let caught: unknown;
  try {
    read(r);
  } catch (err) {
    caught = err;
  }
  assert.instance(caught, ReadError, `expected a ReadError for ${expected.what}, got ${String(caught)}`);
  const err = caught as ReadError;
  assert.not.instance(err, RangeError, "never a bare RangeError");
  assert.is(err.name, "ReadError");
  assert.is(err.what, expected.what);
  assert.is(err.offset, expected.offset, `${expected.what}: offset`);
  if (expected.needed !== undefined) assert.is(err.needed, expected.needed, `${expected.what}: needed`);
  if (expected.available !== undefined) assert.is(err.available, expected.available, `${expected.what}: available`);
  assert.ok(err.message.includes(expected.what) && err.message.includes(`offset ${expected.offset}`), err.message);
  if (expected.detail !== undefined)
    assert.ok(err.message.includes(expected.detail), `"${err.message}" should say ${expected.detail}`);
  assert.is(r.pos, before, `${expected.what}: cursor unchanged after the error`);
}

interface FixedRead {
  what: string;
  read: (r: Reader, what?: string) => unknown;
  bytes: Buffer;
  value: unknown;
}

const f = (what: string, read: FixedRead["read"], bytes: Buffer, value: unknown): FixedRead => ({
  what,
  read,
  bytes,
  value,
});

const fixedReads: FixedRead[] = [
  f("uint8", (r, w) => r.u8(w), x.u8(200), 200),
  f("int8", (r, w) => r.i8(w), x.i8(-100), -100),
  f("uint16", (r, w) => r.u16be(w), x.u16be(0xfffe), 0xfffe),
  f("uint16", (r, w) => r.u16le(w), x.u16le(0x1234), 0x1234),
  f("int16", (r, w) => r.i16be(w), x.i16be(-2), -2),
  f("int16", (r, w) => r.i16le(w), x.i16le(-32768), -32768),
  f("int32", (r, w) => r.i32be(w), x.i32be(-(2 ** 31)), -(2 ** 31)),
  f("int32", (r, w) => r.i32le(w), x.i32le(123456789), 123456789),
  f("uint32", (r, w) => r.u32be(w), x.u32be(2 ** 32 - 1), 2 ** 32 - 1),
  f("uint32", (r, w) => r.u32le(w), x.u32le(0x80000001), 0x80000001),
  f("int64", (r, w) => r.i64be(w), x.i64be(-(2n ** 63n)), -(2n ** 63n)),
  f("int64", (r, w) => r.i64le(w), x.i64le(2n ** 63n - 1n), 2n ** 63n - 1n),
  f("uint64", (r, w) => r.u64be(w), x.u64be(2n ** 64n - 1n), 2n ** 64n - 1n),
  f("uint64", (r, w) => r.u64le(w), x.u64le(2n ** 40n), 2n ** 40n),
  f("int64", (r, w) => r.i64beNumber(w), x.i64be(-(2 ** 53) + 1), -(2 ** 53) + 1),
  f("float32", (r, w) => r.f32be(w), x.f32be(-1.5), -1.5),
  f("float32", (r, w) => r.f32le(w), x.f32le(0.25), 0.25),
  f("float64", (r, w) => r.f64be(w), x.f64be(Math.E), Math.E),
  f("float64", (r, w) => r.f64le(w), x.f64le(-1e-300), -1e-300),
];

test("fixed-size reads give back what Buffer's methods wrote, from an offset view", () => {
  for (const { what, read, bytes, value } of fixedReads) {
    const r = readerAt(x.cat(bytes, bytes));
    assert.equal(read(r), value, what);
    assert.equal(read(r), value, what);
    assert.is(r.remaining, 0);
  }
});

test("every fixed-size read past the end is a ReadError naming it, at its offset, cursor unchanged", () => {
  for (const { what, read, bytes } of fixedReads) {
    for (let have = 0; have < bytes.length; have++) {
      const r = readerAt(bytes.subarray(0, have));
      readFails(r, (rr) => read(rr), { what, offset: LEAD.length, needed: bytes.length, available: have });
      readFails(r, (rr) => read(rr, "row count"), { what: "row count", offset: LEAD.length, needed: bytes.length });
    }
  }
});

test("i64beNumber: values beyond ±(2^53-1) are a ReadError, never rounded", () => {
  for (const v of [2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n)]) {
    readFails(readerAt(x.i64be(v)), (r) => r.i64beNumber(), { what: "int64", offset: 3, detail: "MAX_SAFE_INTEGER" });
  }
  for (const v of [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -(2 ** 32), 2 ** 32 - 1, -1, 0]) {
    assert.is(readerAt(x.i64be(v)).i64beNumber(), v);
  }
});

test("bytes and skip: views, not copies; past the end, negative, fractional or NaN lengths are ReadErrors", () => {
  const source = Buffer.from([1, 2, 3, 4]);
  const r = new Reader(source);
  const view = r.bytes(2);
  source[0] = 9;
  assert.is(view[0], 9, "bytes() is a view of the input");
  readFails(r, (rr) => rr.bytes(3), { what: "bytes", offset: 2, needed: 3, available: 2 });
  readFails(r, (rr) => rr.skip(3, "padding"), { what: "padding", offset: 2, needed: 3, available: 2 });
  for (const n of [-1, 1.5, NaN]) {
    readFails(r, (rr) => rr.bytes(n), { what: "bytes", offset: 2, detail: `invalid length ${n}` });
    readFails(r, (rr) => rr.skip(n), { what: "bytes", offset: 2, detail: `invalid length ${n}` });
  }
  readFails(r, (rr) => rr.bytes(2 ** 53), { what: "bytes", offset: 2, needed: 2 ** 53 });
  r.skip(2);
  assert.is(r.remaining, 0);
});

test("views are the Buffers subarray makes: class, prototype, backing memory, offset, length", () => {
  // The Reader makes its views with Node's Buffer class directly (src/buffer-view.ts), not subarray.
  const pooled = Buffer.from("0123456789abcdef"); // a slice of Node's shared pool: a nonzero byteOffset
  const plain = new Uint8Array(40).subarray(5); // not a Buffer: the Reader wraps it
  plain.set(Buffer.from("0123456789abcdef"));
  for (const input of [pooled, plain]) {
    const r = new Reader(input);
    r.skip(3);
    const view = r.bytes(5);
    const expected = r.buf.subarray(3, 8);
    assert.ok(Buffer.isBuffer(view));
    assert.is(view.constructor, expected.constructor);
    assert.is(Object.getPrototypeOf(view), Object.getPrototypeOf(expected));
    assert.is(view.buffer, input.buffer, "the input's memory");
    assert.is(view.byteOffset, input.byteOffset + 3);
    assert.is(view.length, 5);
    assert.is(view.toString(), "34567");
    assert.equal(r.bytes(0), Buffer.alloc(0));
    assert.is(r.bytes(8).toString(), "89abcdef", "the next view goes on from there");
  }
});

test("view: a DataView over exactly the input's bytes, made when first asked for", () => {
  const backing = new Uint8Array(32);
  backing.set([0x12, 0x34, 0x56, 0x78], 9);
  const r = new Reader(backing.subarray(9, 20));
  const view = r.view;
  assert.is(view.buffer, backing.buffer);
  assert.is(view.byteOffset, 9);
  assert.is(view.byteLength, 11);
  assert.is(view.getUint32(0), 0x12345678);
  assert.is(r.view, view, "one DataView per Reader");
  assert.is(r.i32be(), 0x12345678, "integer reads agree with it");
});

test("varints: Buffer-independent LEB128 reads back, at every size", () => {
  const u32 = [0, 1, 127, 128, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 32 - 1];
  for (const v of u32) assert.is(readerAt(x.leb128(v)).uvarint32(), v);
  for (const v of [0, -1, 1, -(2 ** 31), 2 ** 31 - 1]) assert.is(readerAt(x.leb128(x.zigzag(v))).zigzag32(), v);
  const u64 = [0n, 2n ** 32n, 2n ** 35n - 1n, 2n ** 56n, 2n ** 63n, 2n ** 64n - 1n];
  for (const v of u64) assert.is(readerAt(x.leb128(v)).uvarint64(), v);
  for (const v of [-(2n ** 63n), 2n ** 63n - 1n, -1n, -(2n ** 32n)])
    assert.is(readerAt(x.leb128(x.zigzag(v))).zigzag64(), v);
});

test("varints: truncated input is a ReadError at the varint's start, cursor unchanged", () => {
  const truncated: [string, (r: Reader) => unknown][] = [
    ["uint32 varint", (r) => r.uvarint32()],
    ["int32 zigzag varint", (r) => r.zigzag32()],
    ["uint64 varint", (r) => r.uvarint64()],
    ["int64 zigzag varint", (r) => r.zigzag64()],
  ];
  for (const [what, read] of truncated) {
    readFails(readerAt(Buffer.alloc(0)), read, { what, offset: 3, needed: 1, available: 0 });
    readFails(readerAt(Buffer.from([0x80, 0xff])), read, { what, offset: 3, needed: 3, available: 2 });
  }
});

test("varints: overlong or too-large encodings are ReadErrors, the largest valid ones are accepted", () => {
  const too32 = [
    [0x80, 0x80, 0x80, 0x80, 0x10], // 2^32
    [0xff, 0xff, 0xff, 0xff, 0x8f, 0x00], // continuation on the 5th byte
    [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00], // 7 bytes
  ];
  for (const bytes of too32) {
    readFails(readerAt(Buffer.from(bytes)), (r) => r.uvarint32(), {
      what: "uint32 varint",
      offset: 3,
      detail: "does not fit 32 bits",
    });
  }
  assert.is(readerAt(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f])).uvarint32(), 2 ** 32 - 1);
  const too64 = [
    [...Array(9).fill(0x80), 0x02], // 2^64
    [...Array(10).fill(0x80), 0x00], // 11 bytes
    [...Array(12).fill(0xff)],
  ];
  for (const bytes of too64) {
    readFails(readerAt(Buffer.from(bytes)), (r) => r.uvarint64(), {
      what: "uint64 varint",
      offset: 3,
      detail: "does not fit 64 bits",
    });
  }
  assert.is(readerAt(Buffer.from([...Array(9).fill(0xff), 0x01])).uvarint64(), 2n ** 64n - 1n);
});

const prefixed: [string, (r: Reader, what?: string) => unknown, (n: number) => Buffer, number][] = [
  ["bytesI32be", (r, w) => r.bytesI32be(w), x.i32be, 4],
  ["bytesI32le", (r, w) => r.bytesI32le(w), x.i32le, 4],
  ["bytesI16be", (r, w) => r.bytesI16be(w), x.u16be, 2],
  ["bytesVarint", (r, w) => r.bytesVarint(w), x.leb128, 1],
];

test("length-prefixed slices: the body as a view; a short prefix or body is a ReadError, cursor unchanged", () => {
  for (const [name, read, prefix, prefixSize] of prefixed) {
    const ok = readerAt(x.cat(prefix(3), Buffer.from("abcd")));
    const body = read(ok) as Buffer;
    assert.equal(body, Buffer.from("abc"), name);
    assert.is(ok.remaining, 1);
    assert.is(body.buffer, ok.buf.buffer, `${name}: a view of the input`);
    assert.is(body.byteOffset, ok.buf.byteOffset + 3 + prefixSize, `${name}: view offset`);
    const shortPrefix = prefix(3).subarray(0, prefixSize - 1);
    readFails(readerAt(shortPrefix), read, { what: "bytes length", offset: 3, available: prefixSize - 1 });
    readFails(readerAt(shortPrefix), (r) => read(r, "name"), { what: "name length", offset: 3 });
    readFails(readerAt(x.cat(prefix(5), Buffer.from("abcd"))), read, {
      what: "bytes",
      offset: 3 + prefixSize,
      needed: 5,
      available: 4,
    });
  }
});

test("length-prefixed slices: huge lengths are ReadErrors, negative int32 lengths say so", () => {
  readFails(readerAt(x.cat(x.i32be(0x7fffffff), Buffer.from("ab"))), (r) => r.bytesI32be(), {
    what: "bytes",
    offset: 7,
    needed: 0x7fffffff,
    available: 2,
  });
  readFails(readerAt(x.cat(x.i32le(0x7fffffff))), (r) => r.bytesI32le(), {
    what: "bytes",
    offset: 7,
    needed: 0x7fffffff,
    available: 0,
  });
  readFails(readerAt(x.cat(x.u16be(0xffff), Buffer.from("ab"))), (r) => r.bytesI16be(), {
    what: "bytes",
    offset: 5,
    needed: 0xffff,
    available: 2,
  });
  readFails(readerAt(x.leb128(2 ** 32 - 1)), (r) => r.bytesVarint(), {
    what: "bytes",
    offset: 8,
    needed: 2 ** 32 - 1,
    available: 0,
  });
  for (const n of [-1, -(2 ** 31)]) {
    readFails(readerAt(x.cat(x.i32be(n), Buffer.alloc(8))), (r) => r.bytesI32be(), {
      what: "bytes length",
      offset: 3,
      detail: `negative length ${n}`,
    });
    readFails(readerAt(x.cat(x.i32le(n), Buffer.alloc(8))), (r) => r.strI32le(), {
      what: "string length",
      offset: 3,
      detail: `negative length ${n}`,
    });
  }
  readFails(readerAt(Buffer.from([0x80, 0x80, 0x80, 0x80, 0x10])), (r) => r.bytesVarint(), {
    what: "bytes length",
    offset: 3,
    detail: "32 bits",
  });
});

test("strings: decode Buffer.from bytes; errors name the string read", () => {
  const s = "h€llo 😀 \ud800";
  const body = x.utf8(s);
  assert.is(readerAt(x.cat(x.i32be(body.length), body)).strI32be(), s.replace("\ud800", "\ufffd"));
  assert.is(readerAt(x.cat(x.i32le(body.length), body)).strI32le(), s.replace("\ud800", "\ufffd"));
  assert.is(readerAt(x.cat(x.u16be(body.length), body)).strI16be(), s.replace("\ud800", "\ufffd"));
  assert.is(readerAt(x.cat(x.leb128(body.length), body)).strVarint(), s.replace("\ud800", "\ufffd"));
  readFails(readerAt(x.cat(x.i32be(9), Buffer.from("abc"))), (r) => r.strI32be(), {
    what: "string",
    offset: 7,
    needed: 9,
    available: 3,
  });
  readFails(readerAt(x.cat(x.u16be(9))), (r) => r.strI16be("column name"), {
    what: "column name",
    offset: 5,
    needed: 9,
  });
  readFails(readerAt(x.leb128(300)), (r) => r.strVarint(), { what: "string", offset: 5, needed: 300, available: 0 });
});

test("cstring: reads up to the NUL and consumes it; no NUL is a ReadError", () => {
  const r = readerAt(Buffer.from("user\0é\0\0abc"));
  assert.is(r.cstring(), "user");
  assert.is(r.cstring(), "é");
  assert.is(r.cstring(), "");
  readFails(r, (rr) => rr.cstring(), { what: "C string", offset: 3 + 9, detail: "no NUL terminator" });
  readFails(readerAt(Buffer.alloc(0)), (rr) => rr.cstring("portal"), { what: "portal", offset: 3 });
});

test("columns: big-endian bytes from Buffer into aligned native arrays; short input and bad counts are ReadErrors", () => {
  const f64 = [1.5, -0, Infinity, -1e-300];
  const f32 = [0.5, -2, 1e-45];
  const i32 = [1, -1, 2 ** 31 - 1];
  const i64 = [-(2n ** 63n), 5n];
  // The odd LEAD length makes the column start unaligned in the input.
  assert.equal([...readerAt(x.cat(...f64.map(x.f64be))).f64ColumnBE(4)], f64);
  assert.ok(Object.is(readerAt(x.cat(...f64.map(x.f64be))).f64ColumnBE(4)[1], -0));
  assert.equal([...readerAt(x.cat(...f32.map(x.f32be))).f32ColumnBE(3)], f32.map(Math.fround));
  assert.equal([...readerAt(x.cat(...i32.map(x.i32be))).i32ColumnBE(3)], i32);
  assert.equal([...readerAt(x.cat(...i64.map(x.i64be))).i64ColumnBE(2)], i64);
  const columns: [string, (r: Reader, n: number) => unknown, number][] = [
    ["float64 column", (r, n) => r.f64ColumnBE(n), 8],
    ["float32 column", (r, n) => r.f32ColumnBE(n), 4],
    ["int32 column", (r, n) => r.i32ColumnBE(n), 4],
    ["int64 column", (r, n) => r.i64ColumnBE(n), 8],
  ];
  for (const [what, read, width] of columns) {
    readFails(readerAt(Buffer.alloc(3 * width - 1)), (r) => read(r, 3), {
      what,
      offset: 3,
      needed: 3 * width,
      available: 3 * width - 1,
    });
    for (const n of [-1, 1.5, NaN])
      readFails(readerAt(Buffer.alloc(16)), (r) => read(r, n), { what, offset: 3, detail: "invalid count" });
  }
});

test.run();
