// Every primitive, written from an empty writer (initialSize 0 and 1, with and without a pool)
// often enough to grow many times: the bytes must equal Buffer's own encodings, the cached
// DataView must follow every buffer change, and growth must be geometric.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool, Writer } from "@zerowire/writer";
import * as x from "./expected.js";

interface Primitive {
  name: string;
  write(w: Writer): void;
  expected: Buffer;
}

const p = (name: string, write: (w: Writer) => void, expected: Buffer): Primitive => ({ name, write, expected });

/** Extremes and awkward values of every fixed-size kind, from Buffer's methods. */
const primitives: Primitive[] = [
  p("u8 0", (w) => w.u8(0), x.u8(0)),
  p("u8 255", (w) => w.u8(255), x.u8(255)),
  p("i8 -128", (w) => w.i8(-128), x.i8(-128)),
  p("i8 127", (w) => w.i8(127), x.i8(127)),
  p("u16be 65535", (w) => w.u16be(65535), x.u16be(65535)),
  p("u16le 258", (w) => w.u16le(258), x.u16le(258)),
  p("i16be -32768", (w) => w.i16be(-32768), x.i16be(-32768)),
  p("i16le -2", (w) => w.i16le(-2), x.i16le(-2)),
  p("i16be 32767", (w) => w.i16be(32767), x.i16be(32767)),
  p("i32be -2^31", (w) => w.i32be(-(2 ** 31)), x.i32be(-(2 ** 31))),
  p("i32be 2^31-1", (w) => w.i32be(2 ** 31 - 1), x.i32be(2 ** 31 - 1)),
  p("i32le 0x01020304", (w) => w.i32le(0x01020304), x.i32le(0x01020304)),
  p("i32le -1", (w) => w.i32le(-1), x.i32le(-1)),
  p("u32be 2^32-1", (w) => w.u32be(2 ** 32 - 1), x.u32be(2 ** 32 - 1)),
  p("u32le 0x80000000", (w) => w.u32le(0x80000000), x.u32le(0x80000000)),
  p("i64be number 2^53-1", (w) => w.i64be(Number.MAX_SAFE_INTEGER), x.i64be(Number.MAX_SAFE_INTEGER)),
  p("i64be number -(2^53-1)", (w) => w.i64be(-Number.MAX_SAFE_INTEGER), x.i64be(-Number.MAX_SAFE_INTEGER)),
  p("i64be number -1", (w) => w.i64be(-1), x.i64be(-1)),
  p("i64be number -2^32", (w) => w.i64be(-(2 ** 32)), x.i64be(-(2 ** 32))),
  p("i64be number 2^32", (w) => w.i64be(2 ** 32), x.i64be(2 ** 32)),
  p("i64le number -4294967297", (w) => w.i64le(-4294967297), x.i64le(-4294967297)),
  p("i64le number 1", (w) => w.i64le(1), x.i64le(1)),
  p("i64be bigint min", (w) => w.i64be(-(2n ** 63n)), x.i64be(-(2n ** 63n))),
  p("i64le bigint max", (w) => w.i64le(2n ** 63n - 1n), x.i64le(2n ** 63n - 1n)),
  p("u64be number 2^53-1", (w) => w.u64be(Number.MAX_SAFE_INTEGER), x.u64be(Number.MAX_SAFE_INTEGER)),
  p("u64le number 2^32+5", (w) => w.u64le(2 ** 32 + 5), x.u64le(2 ** 32 + 5)),
  p("u64be bigint max", (w) => w.u64be(2n ** 64n - 1n), x.u64be(2n ** 64n - 1n)),
  p("u64le bigint 2^63", (w) => w.u64le(2n ** 63n), x.u64le(2n ** 63n)),
  p("f32be 1.5", (w) => w.f32be(1.5), x.f32be(1.5)),
  p("f32le -0", (w) => w.f32le(-0), x.f32le(-0)),
  p("f32be NaN", (w) => w.f32be(NaN), x.f32be(NaN)),
  p("f32le 1e-45 (subnormal)", (w) => w.f32le(1e-45), x.f32le(1e-45)),
  p("f32be 1e40 (overflows to Infinity)", (w) => w.f32be(1e40), x.f32be(1e40)),
  p("f64be -Infinity", (w) => w.f64be(-Infinity), x.f64be(-Infinity)),
  p("f64le 5e-324", (w) => w.f64le(5e-324), x.f64le(5e-324)),
  p("f64be pi", (w) => w.f64be(Math.PI), x.f64be(Math.PI)),
  p("f64le -0", (w) => w.f64le(-0), x.f64le(-0)),
  p(
    "bytes 0..9",
    (w) => w.bytes(Uint8Array.from({ length: 10 }, (_, i) => i)),
    Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
  ),
  p("bytes empty", (w) => w.bytes(new Uint8Array(0)), Buffer.alloc(0)),
  p("uvarint32 0", (w) => w.uvarint32(0), x.leb128(0)),
  p("uvarint32 127", (w) => w.uvarint32(127), x.leb128(127)),
  p("uvarint32 128", (w) => w.uvarint32(128), x.leb128(128)),
  p("uvarint32 2^32-1", (w) => w.uvarint32(2 ** 32 - 1), x.leb128(2 ** 32 - 1)),
  p("zigzag32 -1", (w) => w.zigzag32(-1), x.leb128(x.zigzag(-1))),
  p("zigzag32 -2^31", (w) => w.zigzag32(-(2 ** 31)), x.leb128(x.zigzag(-(2 ** 31)))),
  p("zigzag32 2^31-1", (w) => w.zigzag32(2 ** 31 - 1), x.leb128(x.zigzag(2 ** 31 - 1))),
  p("uvarint64 number 2^53-1", (w) => w.uvarint64(Number.MAX_SAFE_INTEGER), x.leb128(Number.MAX_SAFE_INTEGER)),
  p("uvarint64 number 2^32", (w) => w.uvarint64(2 ** 32), x.leb128(2 ** 32)),
  p("uvarint64 bigint 2^64-1", (w) => w.uvarint64(2n ** 64n - 1n), x.leb128(2n ** 64n - 1n)),
  p("uvarint64 bigint 2^35", (w) => w.uvarint64(2n ** 35n), x.leb128(2n ** 35n)),
  p(
    "zigzag64 number -(2^53-1)",
    (w) => w.zigzag64(-Number.MAX_SAFE_INTEGER),
    x.leb128(x.zigzag(-Number.MAX_SAFE_INTEGER)),
  ),
  p("zigzag64 number -2^32", (w) => w.zigzag64(-(2 ** 32)), x.leb128(x.zigzag(-(2 ** 32)))),
  p("zigzag64 bigint min", (w) => w.zigzag64(-(2n ** 63n)), x.leb128(x.zigzag(-(2n ** 63n)))),
  p("zigzag64 bigint max", (w) => w.zigzag64(2n ** 63n - 1n), x.leb128(x.zigzag(2n ** 63n - 1n))),
  p("utf8", (w) => w.utf8("h€llo"), x.utf8("h€llo")),
  p("strI32be", (w) => w.strI32be("h€llo"), x.cat(x.i32be(7), x.utf8("h€llo"))),
  p("strI32le", (w) => w.strI32le("😀"), x.cat(x.i32le(4), x.utf8("😀"))),
  p("strI16be", (w) => w.strI16be("abc"), x.cat(x.u16be(3), x.utf8("abc"))),
  p("strVarint", (w) => w.strVarint("é".repeat(70)), x.cat(x.leb128(140), x.utf8("é".repeat(70)))),
  p("cstring", (w) => w.cstring("name"), x.utf8("name\0")),
  p("reserve 0", (w) => w.reserve(0), Buffer.alloc(0)),
  p("reserve 4 + i32beAt", (w) => w.i32beAt(w.reserve(4), -5), x.i32be(-5)),
  p("reserve 4 + i32leAt", (w) => w.i32leAt(w.reserve(4), 0x7f000001), x.i32le(0x7f000001)),
  p("reserve 4 + u32beAt", (w) => w.u32beAt(w.reserve(4), 2 ** 32 - 2), x.u32be(2 ** 32 - 2)),
  p("reserve 2 + i16beAt", (w) => w.i16beAt(w.reserve(2), -300), x.i16be(-300)),
  p("reserve 1 + u8At", (w) => w.u8At(w.reserve(1), 200), x.u8(200)),
  p("reserve 8 + i64beAt number", (w) => w.i64beAt(w.reserve(8), -(2 ** 40)), x.i64be(-(2 ** 40))),
  p("reserve 8 + i64beAt bigint", (w) => w.i64beAt(w.reserve(8), -(2n ** 63n)), x.i64be(-(2n ** 63n))),
  p("reserve + body + length backfill", backfilledFrame, x.cat(x.u8(0x42), x.i32be(9), x.utf8("body\0"), x.i32be(-1))),
  p(
    "f64ColumnBE Float64Array",
    (w) => w.f64ColumnBE(new Float64Array([1.5, -0, NaN, 1e300])),
    x.cat(...[1.5, -0, NaN, 1e300].map(x.f64be)),
  ),
  p("f64ColumnBE array", (w) => w.f64ColumnBE([2.25, -Infinity]), x.cat(x.f64be(2.25), x.f64be(-Infinity))),
  p(
    "f32ColumnBE Float32Array",
    (w) => w.f32ColumnBE(new Float32Array([0.5, -3, 1e-45])),
    x.cat(...[0.5, -3, 1e-45].map(x.f32be)),
  ),
  p("f32ColumnBE array", (w) => w.f32ColumnBE([0.1, 7]), x.cat(x.f32be(0.1), x.f32be(7))),
  p(
    "i32ColumnBE Int32Array",
    (w) => w.i32ColumnBE(new Int32Array([1, -1, 2 ** 31 - 1, -(2 ** 31)])),
    x.cat(...[1, -1, 2 ** 31 - 1, -(2 ** 31)].map(x.i32be)),
  ),
  p("i32ColumnBE array", (w) => w.i32ColumnBE([5, -6]), x.cat(x.i32be(5), x.i32be(-6))),
  p(
    "i64ColumnBE BigInt64Array",
    (w) => w.i64ColumnBE(new BigInt64Array([1n, -1n, 2n ** 63n - 1n])),
    x.cat(...[1n, -1n, 2n ** 63n - 1n].map(x.i64be)),
  ),
  p(
    "i64ColumnBE array",
    (w) => w.i64ColumnBE([-(2 ** 53) + 1, 2 ** 33]),
    x.cat(x.i64be(-(2 ** 53) + 1), x.i64be(2 ** 33)),
  ),
  p(
    "column from an offset view",
    (w) => w.i32ColumnBE(new Int32Array([9, 8, 7, 6]).subarray(1, 3)),
    x.cat(x.i32be(8), x.i32be(7)),
  ),
  p(
    "empty columns",
    (w) => w.f64ColumnBE(new Float64Array(0)).f32ColumnBE([]).i32ColumnBE(new Int32Array(0)).i64ColumnBE([]),
    Buffer.alloc(0),
  ),
];

/** A Postgres-style message: code, int32 length backfilled after the body, then more data. */
function backfilledFrame(w: Writer): void {
  w.u8(0x42);
  const at = w.reserve(4);
  w.cstring("body");
  w.i32beAt(at, w.length - at);
  w.i32be(-1);
}

const REPEATS = 40;
const setups: [string, () => Writer][] = [
  ["initialSize 0", () => new Writer({ initialSize: 0 })],
  ["initialSize 1", () => new Writer({ initialSize: 1 })],
  ["pooled, initialSize 0", () => new Writer({ initialSize: 0, pool: new BufferPool() })],
  ["debug pool, initialSize 1", () => new Writer({ initialSize: 1, pool: new BufferPool({ debug: true }) })],
];

for (const [setupName, make] of setups) {
  test(`every primitive grows the writer correctly (${setupName})`, () => {
    for (const prim of primitives) {
      const w = make();
      const growth = growthTracker(w);
      for (let i = 0; i < REPEATS; i++) {
        prim.write(w);
        growth.afterWrite();
        assert.is(w.length, (i + 1) * prim.expected.length, `${prim.name}: pos after write ${i + 1}`);
      }
      x.sameBytes(
        w.peek(),
        Buffer.concat(Array(REPEATS).fill(prim.expected)),
        `${prim.name} × ${REPEATS} (${setupName})`,
      );
      // Doubling: 40 writes need at most log2(40 × size) + 2 buffers, not one per write.
      const bound = Math.ceil(Math.log2(Math.max(2, w.length))) + 2;
      assert.ok(
        growth.changes <= bound,
        `${prim.name}: ${growth.changes} buffer changes for ${w.length} bytes (bound ${bound})`,
      );
      const owned = w.finish();
      x.sameBytes(owned.bytes, Buffer.concat(Array(REPEATS).fill(prim.expected)), `${prim.name}: finish()`);
      owned.release();
    }
  });
}

/** Checks after each write that the DataView follows the buffer; counts buffer changes. */
function growthTracker(w: Writer): { afterWrite(): void; changes: number } {
  let buf = w.rawBytes;
  let view = w.rawView;
  const tracker = {
    changes: 0,
    afterWrite() {
      assert.ok(w.length <= w.rawBytes.length, "pos within the buffer");
      assert.is(w.rawView.buffer, w.rawBytes.buffer, "view over the current buffer");
      assert.is(w.rawView.byteOffset, w.rawBytes.byteOffset);
      assert.is(w.rawView.byteLength, w.rawBytes.length);
      if (w.rawBytes !== buf) {
        tracker.changes++;
        buf = w.rawBytes;
      } else {
        assert.is(w.rawView, view, "DataView kept while the buffer is unchanged");
      }
      view = w.rawView;
    },
  };
  return tracker;
}

test("growth keeps earlier bytes when one write is far larger than the buffer", () => {
  const w = new Writer({ initialSize: 1 });
  w.u8(1);
  const big = Buffer.alloc(100_000, 7);
  w.bytes(big).u8(2);
  x.sameBytes(w.peek(), x.cat(Buffer.from([1]), big, Buffer.from([2])), "1 byte, 100000 bytes, 1 byte");
  assert.ok(w.rawBytes.length >= 100_002);
});

test("reset keeps the buffer, dispose gives it back", () => {
  const pool = new BufferPool();
  const w = new Writer({ pool });
  w.i32be(1);
  const buf = w.rawBytes;
  w.reset();
  assert.is(w.length, 0);
  w.u8(9);
  assert.is(w.rawBytes, buf, "same buffer after reset");
  x.sameBytes(w.peek(), Buffer.from([9]), "after reset");
  assert.is(pool.stats().outstanding, 1);
  w.dispose();
  assert.is(pool.stats().outstanding, 0);
  assert.is(w.length, 0);
  w.u8(3);
  x.sameBytes(w.peek(), Buffer.from([3]), "after dispose");
});

test.run();
