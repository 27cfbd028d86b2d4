// The Writer against what Node.js drivers do today. Case names are read by tooling: keep them.
// Headline cases time the path the client takes by default: its frames are built by a Writer on a
// BufferPool without a WebAssembly arena (iotdb-client's framePool); the arena is a labelled
// variant (-arena-pool, -arena).
import { BufferPool, Writer } from "@zerowire/writer";
import { Writer as PgWriter } from "pg-protocol/dist/buffer-writer";
import { assertSameBytes } from "../lib/check.js";
import { ASCII, CJK, randomStrings, seededRandom } from "../lib/data.js";
import { defineSuite, type BenchCase } from "../lib/suite.js";

const COUNT = 1000;

export default defineSuite({
  name: "writer",
  cases: async () => [
    stringCase("string-int32-ascii16", randomStrings(COUNT, 16, ASCII, 1), 1.5),
    stringCase("string-int32-ascii1k", randomStrings(COUNT, 1000, ASCII, 2), 1.2),
    // Context (no target): string-int32-ascii1k where Node's internal Buffer#utf8Write is not used
    // (TextEncoder.encodeInto, the fallback for runtimes without it; forced here).
    stringCase(
      "string-int32-ascii1k-portable-utf8",
      randomStrings(COUNT, 1000, ASCII, 2),
      undefined,
      await portableUtf8Writer(),
    ),
    stringCase("string-int32-cjk16", randomStrings(COUNT, 16, CJK, 3), 1.5),
    columnCase("column-f64", f64Column(), writeF64, setF64),
    columnCase(
      "column-f32",
      randomColumn(Float32Array, (r) => (r() - 0.5) * 1e6),
      (w, v) => w.f32ColumnBE(v),
      (d, i, v) => d.setFloat32(i * 4, v),
    ),
    columnCase(
      "column-i32",
      randomColumn(Int32Array, (r) => Math.floor((r() - 0.5) * 2 ** 32)),
      (w, v) => w.i32ColumnBE(v),
      (d, i, v) => d.setInt32(i * 4, v),
    ),
    columnCase(
      "column-i64",
      randomColumn(BigInt64Array, (r) => BigInt(Math.floor((r() - 0.5) * 2 ** 53)) << 10n),
      (w, v) => w.i64ColumnBE(v),
      (d, i, v) => d.setBigInt64(i * 8, v),
    ),
    // Context for column-f64 (no target): other destinations, and a source in the arena.
    columnCase("column-f64-unaligned", f64Column(), writeF64, setF64, {
      destination: "pooled",
      skip: 3,
      target: undefined,
    }),
    columnCase("column-f64-unpooled", f64Column(), writeF64, setF64, {
      destination: "plain",
      skip: 0,
      target: undefined,
    }),
    columnCase("column-f64-arena-pool", f64Column(), writeF64, setF64, {
      destination: "arena-pool",
      skip: 0,
      target: undefined,
    }),
    arenaColumnCase("column-f64-arena"),
    int64FromNumberCase("bigint-per-value"),
    int64FromNumberCase("dataview-hi-lo"),
    int64FromNumberCase("dataview-hi-lo", "column"),
    pooledFrameCase(),
  ],
});

/**
 * The Writer of a second instance of the built @zerowire/writer, loaded with
 * ZEROWIRE_PORTABLE_UTF8=1 (it picks its UTF-8 path once, at load).
 */
async function portableUtf8Writer(): Promise<typeof Writer> {
  const before = process.env.ZEROWIRE_PORTABLE_UTF8;
  process.env.ZEROWIRE_PORTABLE_UTF8 = "1";
  try {
    const copy = (await import(`${import.meta.resolve("@zerowire/writer")}?portable-utf8`)) as {
      Writer: typeof Writer;
    };
    return copy.Writer;
  } finally {
    if (before === undefined) delete process.env.ZEROWIRE_PORTABLE_UTF8;
    else process.env.ZEROWIRE_PORTABLE_UTF8 = before;
  }
}

/**
 * 1000 Int32-prefixed UTF-8 strings per op. Baseline: pg-protocol's Writer doing what its Bind
 * serializer does for a text parameter (`addInt32PrefixedString`); both sides reset their writer.
 */
function stringCase(
  name: string,
  strings: string[],
  target: number | undefined,
  WriterClass: typeof Writer = Writer,
): BenchCase {
  const ours = new WriterClass();
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
    ...(target === undefined ? {} : { target }),
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

/**
 * Where the column cases write: "pooled", a Writer on a BufferPool as the client's frames are
 * (no arena: its buffers are ordinary memory); "arena-pool", a Writer on a pool with an arena
 * (its buffers live in a WebAssembly memory, so the column is copied into place and swapped
 * there: 2 passes); or "plain", a Writer without a pool. At offset 0 after reset() unless
 * `skip` bytes are reserved first (an unaligned destination).
 */
interface ColumnSetup {
  destination: "pooled" | "arena-pool" | "plain";
  skip: number;
  target: number | undefined;
}

const OFFICIAL_COLUMN_SETUP: ColumnSetup = { destination: "pooled", skip: 0, target: 0.5 };

/** The client's kind of pool (iotdb-client's framePool is `new BufferPool()`). */
const DEFAULT_POOL = new BufferPool();
const COLUMN_POOL = new BufferPool({ arenaBytes: 1 << 20 });

const f64Column = () => randomColumn(Float64Array, (r) => (r() - 0.5) * 1e9);
const writeF64 = (w: Writer, v: Float64Array) => w.f64ColumnBE(v);
const setF64 = (d: DataView, i: number, v: number) => d.setFloat64(i * 8, v);
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
 * A 1000-value column (an ordinary typed array) written big-endian by a Writer set up as `setup`
 * says (the four official cases: the client's pool, no arena, offset 0). Baseline: memcpy (Buffer.copy of the
 * same number of bytes, host order), so the ratio is the fraction of memcpy speed reached. Our
 * writer is reset before each write; the baseline always copies to the same place.
 */
function columnCase<T extends TypedColumn>(
  name: string,
  values: T,
  write: (w: Writer, values: T) => void,
  reference: (view: DataView, index: number, value: ElementOf<T>) => void,
  setup: ColumnSetup = OFFICIAL_COLUMN_SETUP,
): BenchCase {
  const ours = new Writer(
    setup.destination === "plain" ? {} : { pool: setup.destination === "pooled" ? DEFAULT_POOL : COLUMN_POOL },
  );
  const source = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const target = Buffer.from(values.buffer, BASELINE_TARGET_OFFSET, values.byteLength);
  const runOurs = () => {
    ours.reset();
    if (setup.skip > 0) ours.reserve(setup.skip);
    write(ours, values);
  };
  return {
    name,
    target: setup.target,
    ours: runOurs,
    baseline: { name: "memcpy", fn: () => source.copy(target, 0) },
    check: () => {
      const expected = Buffer.alloc(values.byteLength);
      const view = new DataView(expected.buffer, expected.byteOffset, expected.length);
      for (let i = 0; i < values.length; i++) reference(view, i, values[i] as ElementOf<T>);
      runOurs();
      if (setup.destination === "arena-pool" && !COLUMN_POOL.isArenaBuffer(ours.rawBytes))
        throw new Error(`${name}: writer buffer not in the arena`);
      if (setup.destination === "pooled" && DEFAULT_POOL.isArenaBuffer(ours.rawBytes))
        throw new Error(`${name}: writer buffer in an arena`);
      assertSameBytes(name, ours.peek().subarray(setup.skip), expected);
    },
  };
}

/**
 * column-f64 with the source also in the arena (a column from BufferPool#acquireColumn, as a
 * caller filling columns in place would have): one fused swap-copy pass. The baseline copies it
 * to another arena buffer, 64 bytes past a block start like the other cases' relative alignment.
 */
function arenaColumnCase(name: string): BenchCase {
  const values = COLUMN_POOL.acquireColumn(Float64Array, COUNT);
  values.set(f64Column());
  const targetBuffer = COLUMN_POOL.acquire(64 + 8 * COUNT);
  for (const b of [new Uint8Array(values.buffer, values.byteOffset, 1), targetBuffer]) {
    if (!COLUMN_POOL.isArenaBuffer(b)) throw new Error(`${name}: not in the arena`);
  }
  const source = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const target = targetBuffer.subarray(64, 64 + values.byteLength);
  const ours = new Writer({ pool: COLUMN_POOL });
  const runOurs = () => {
    ours.reset();
    ours.f64ColumnBE(values);
  };
  return {
    name,
    ours: runOurs,
    baseline: { name: "memcpy", fn: () => source.copy(target, 0) },
    check: () => {
      const expected = Buffer.alloc(8 * COUNT);
      for (let i = 0; i < COUNT; i++) expected.writeDoubleBE(values[i]!, i * 8);
      runOurs();
      assertSameBytes(name, ours.peek(), expected);
    },
  };
}

/**
 * 1000 safe integers written as int64 BE: one `i64be` per value, or (`column`) one
 * `i64ColumnBE` of the plain number array. Two baselines:
 * - "bigint-per-value" (`int64-from-number`): `writeBigInt64BE(BigInt(n))` (which checks the
 *   range itself);
 * - "dataview-hi-lo" (`int64-from-number-dataview`, `int64-column-from-numbers-dataview`): what a
 *   careful author writes without BigInt, two 32-bit DataView writes per value:
 *   hi = Math.floor(n / 2**32) (exact: a division by a power of two), lo = n >>> 0 (n modulo
 *   2**32, right for negatives too), after the check they must make, as ours does:
 *   Number.isSafeInteger (1.5 or 2**60 would otherwise be written as wrong bytes, silently).
 */
function int64FromNumberCase(
  baseline: "bigint-per-value" | "dataview-hi-lo",
  shape: "per-value" | "column" = "per-value",
): BenchCase {
  const name =
    baseline === "bigint-per-value"
      ? "int64-from-number"
      : shape === "column"
        ? "int64-column-from-numbers-dataview"
        : "int64-from-number-dataview";
  const random = seededRandom(7);
  const values = Array.from({ length: COUNT }, (_, i) => {
    const magnitude = i % 2 === 0 ? 1.7e12 : Number.MAX_SAFE_INTEGER; // timestamps and extremes
    return Math.floor((random() - 0.5) * 2 * magnitude);
  });
  const ours = new Writer();
  const buf = Buffer.allocUnsafe(COUNT * 8);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  const runOurs =
    shape === "column"
      ? () => {
          ours.reset();
          ours.i64ColumnBE(values);
        }
      : () => {
          ours.reset();
          for (let i = 0; i < values.length; i++) ours.i64be(values[i]!);
        };
  const runBaseline =
    baseline === "bigint-per-value"
      ? () => {
          for (let i = 0; i < values.length; i++) buf.writeBigInt64BE(BigInt(values[i]!), i * 8);
        }
      : () => {
          for (let i = 0; i < values.length; i++) {
            const v = values[i]!;
            if (!Number.isSafeInteger(v)) throw new RangeError(`values[${i}]: ${v} is not a safe integer`);
            view.setInt32(i * 8, Math.floor(v / 4294967296));
            view.setUint32(i * 8 + 4, v >>> 0);
          }
        };
  return {
    name,
    target: baseline === "bigint-per-value" ? 10 : 1,
    ours: runOurs,
    baseline: { name: baseline, fn: runBaseline },
    check: () => {
      const expected = Buffer.alloc(COUNT * 8);
      for (let i = 0; i < COUNT; i++) expected.writeBigInt64BE(BigInt(values[i]!), i * 8);
      runOurs();
      runBaseline();
      assertSameBytes(`${name} (baseline)`, buf, expected);
      assertSameBytes(name, ours.peek(), expected);
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
    ours.i32beAt(at, ours.length - 4);
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
