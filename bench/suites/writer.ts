// The Writer against what Node.js drivers do today. Case names are read by tooling: keep them.
import { BufferPool, Writer } from "@zerowire/writer";
import { Writer as PgWriter } from "pg-protocol/dist/buffer-writer";
import { assertSameBytes } from "../lib/check.js";
import { ASCII, CJK, randomStrings, seededRandom } from "../lib/data.js";
import { defineSuite, type BenchCase } from "../lib/suite.js";

const COUNT = 1000;

export default defineSuite({
  name: "writer",
  cases: () => [
    stringCase("string-int32-ascii16", randomStrings(COUNT, 16, ASCII, 1), 1.5),
    stringCase("string-int32-ascii1k", randomStrings(COUNT, 1000, ASCII, 2), 1.2),
    stringCase("string-int32-cjk16", randomStrings(COUNT, 16, CJK, 3), 1.5),
    columnCase("column-f64", randomColumn(Float64Array, (r) => (r() - 0.5) * 1e9), (w, v) => w.f64ColumnBE(v), (d, i, v) => d.setFloat64(i * 8, v)),
    columnCase("column-f32", randomColumn(Float32Array, (r) => (r() - 0.5) * 1e6), (w, v) => w.f32ColumnBE(v), (d, i, v) => d.setFloat32(i * 4, v)),
    columnCase("column-i32", randomColumn(Int32Array, (r) => Math.floor((r() - 0.5) * 2 ** 32)), (w, v) => w.i32ColumnBE(v), (d, i, v) => d.setInt32(i * 4, v)),
    columnCase("column-i64", randomColumn(BigInt64Array, (r) => BigInt(Math.floor((r() - 0.5) * 2 ** 53)) << 10n), (w, v) => w.i64ColumnBE(v), (d, i, v) => d.setBigInt64(i * 8, v)),
    int64FromNumberCase(),
    pooledFrameCase(),
  ],
});

/**
 * 1000 Int32-prefixed UTF-8 strings per op. Baseline: pg-protocol's Writer doing what its Bind
 * serializer does for a text parameter (`addInt32PrefixedString`); both sides reset their writer.
 */
function stringCase(name: string, strings: string[], target: number): BenchCase {
  const ours = new Writer();
  const pg = new PgWriter();
  const runOurs = () => {
    ours.reset();
    for (let i = 0; i < strings.length; i++) ours.strI32be(strings[i]!);
  };
  const runPg = () => {
    pg.clear();
    for (let i = 0; i < strings.length; i++) pg.addInt32PrefixedString(strings[i]!);
  };
  return {
    name,
    target,
    ours: runOurs,
    baseline: { name: "pg-protocol", fn: runPg },
    check: () => {
      runOurs();
      runPg();
      assertSameBytes(name, ours.peek(), pg.flush());
    },
  };
}

type TypedColumn = Float64Array | Float32Array | Int32Array | BigInt64Array;
type ElementOf<T extends TypedColumn> = T extends BigInt64Array ? bigint : number;

/**
 * The column lives at the start of an ArrayBuffer that also holds the memcpy baseline's target,
 * 16 KiB + 64 bytes further: source and target are then 64-byte aligned relative to each other,
 * memcpy's fastest case (misaligned copies run ~1.4x slower here). Separate allocations would
 * make the baseline, and so the ratio, depend on where malloc happened to put them.
 */
const BASELINE_TARGET_OFFSET = 16384 + 64;

function randomColumn<T extends TypedColumn>(
  ctor: { new (buffer: ArrayBuffer, byteOffset: number, length: number): T },
  value: (random: () => number) => ElementOf<T>,
): T {
  const random = seededRandom(42);
  const column = new ctor(new ArrayBuffer(BASELINE_TARGET_OFFSET + 8 * COUNT), 0, COUNT);
  for (let i = 0; i < COUNT; i++) column[i] = value(random);
  return column;
}

/**
 * A 1000-value typed-array column written big-endian. Baseline: memcpy (Buffer.copy of the same
 * number of bytes, host order), so the ratio is the fraction of memcpy speed reached. Our writer is
 * reset before each write; the baseline always copies to the same place.
 */
function columnCase<T extends TypedColumn>(
  name: string,
  values: T,
  write: (w: Writer, values: T) => void,
  reference: (view: DataView, index: number, value: ElementOf<T>) => void,
): BenchCase {
  const ours = new Writer();
  const source = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const target = Buffer.from(values.buffer, BASELINE_TARGET_OFFSET, values.byteLength);
  const runOurs = () => {
    ours.reset();
    write(ours, values);
  };
  return {
    name,
    target: 0.5,
    ours: runOurs,
    baseline: { name: "memcpy", fn: () => source.copy(target, 0) },
    check: () => {
      const expected = Buffer.alloc(values.byteLength);
      const view = new DataView(expected.buffer, expected.byteOffset, expected.length);
      for (let i = 0; i < values.length; i++) reference(view, i, values[i] as ElementOf<T>);
      runOurs();
      assertSameBytes(name, ours.peek(), expected);
    },
  };
}

/** 1000 safe integers written as int64 BE. Baseline: a BigInt per value. */
function int64FromNumberCase(): BenchCase {
  const random = seededRandom(7);
  const values = Array.from({ length: COUNT }, (_, i) => {
    const magnitude = i % 2 === 0 ? 1.7e12 : Number.MAX_SAFE_INTEGER; // timestamps and extremes
    return Math.floor((random() - 0.5) * 2 * magnitude);
  });
  const ours = new Writer();
  const buf = Buffer.allocUnsafe(COUNT * 8);
  const runOurs = () => {
    ours.reset();
    for (let i = 0; i < values.length; i++) ours.i64be(values[i]!);
  };
  const runBaseline = () => {
    for (let i = 0; i < values.length; i++) buf.writeBigInt64BE(BigInt(values[i]!), i * 8);
  };
  return {
    name: "int64-from-number",
    target: 10,
    ours: runOurs,
    baseline: { name: "bigint-per-value", fn: runBaseline },
    check: () => {
      runOurs();
      runBaseline();
      assertSameBytes("int64-from-number", ours.peek(), buf);
    },
  };
}

/**
 * A 200 KB length-prefixed frame (length, message type, body) built, handed over and released
 * through the pool. Baseline: the same writes into a fresh Buffer.allocUnsafe per frame, whose
 * pages the kernel must fault in again each time.
 */
function pooledFrameCase(): BenchCase {
  const body = Buffer.alloc(200_000, 0x5a);
  const messageType = 7;
  const pool = new BufferPool();
  const ours = new Writer({ pool, initialSize: 256 * 1024 });
  const buildOurs = () => {
    const at = ours.reserve(4);
    ours.i32be(messageType);
    ours.bytes(body);
    ours.i32beAt(at, ours.pos - 4);
    return ours.finish();
  };
  const buildFresh = () => {
    const frame = Buffer.allocUnsafe(8 + body.length);
    frame.writeInt32BE(messageType, 4);
    body.copy(frame, 8);
    frame.writeInt32BE(frame.length - 4, 0);
    return frame;
  };
  return {
    name: "frame-200k-pooled",
    target: 2,
    ours: () => buildOurs().release(),
    baseline: { name: "fresh-buffer", fn: buildFresh },
    check: () => {
      const frame = buildOurs();
      assertSameBytes("frame-200k-pooled", frame.bytes, buildFresh());
      frame.release();
    },
  };
}
