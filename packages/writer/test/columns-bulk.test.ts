// Typed-array columns take the bulk path (WebAssembly SIMD byte swaps; byteswap.ts): into a
// plain buffer through a scratch memory (64 KiB per kernel call), into a pool arena buffer in
// place (aligned) or through the arena's scratch (unaligned), and from a column acquired in an
// arena in one fused pass. Every path must equal an independent big-endian encoding for every
// length 0..300, every destination alignment 0..7, sources that start inside their buffer,
// random bit patterns (NaN payloads included), lengths around the 64 KiB chunk, sources that
// overlap their destination, and on engines without WebAssembly (the fallback path, run in a
// child `node --jitless`). Reader columns are checked over plain and arena buffers likewise.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { BufferPool, Reader, Writer, type ColumnType } from "@zerowire/writer";

type Column = Float64Array | BigInt64Array | Float32Array | Int32Array;

interface Kind {
  name: string;
  width: 4 | 8;
  type: ColumnType<Column>;
  make: (buffer: ArrayBuffer, byteOffset: number, length: number) => Column;
  write: (w: Writer, values: Column) => void;
  read: (r: Reader, count: number) => Column;
}

const kinds: Kind[] = [
  {
    name: "f64",
    width: 8,
    type: Float64Array,
    make: (b, o, n) => new Float64Array(b, o, n),
    write: (w, v) => w.f64ColumnBE(v as Float64Array),
    read: (r, n) => r.f64ColumnBE(n),
  },
  {
    name: "i64",
    width: 8,
    type: BigInt64Array,
    make: (b, o, n) => new BigInt64Array(b, o, n),
    write: (w, v) => w.i64ColumnBE(v as BigInt64Array),
    read: (r, n) => r.i64ColumnBE(n),
  },
  {
    name: "f32",
    width: 4,
    type: Float32Array,
    make: (b, o, n) => new Float32Array(b, o, n),
    write: (w, v) => w.f32ColumnBE(v as Float32Array),
    read: (r, n) => r.f32ColumnBE(n),
  },
  {
    name: "i32",
    width: 4,
    type: Int32Array,
    make: (b, o, n) => new Int32Array(b, o, n),
    write: (w, v) => w.i32ColumnBE(v as Int32Array),
    read: (r, n) => r.i32ColumnBE(n),
  },
];

/** A pool whose buffers come from a WebAssembly memory (room for every test below). */
const arenaPool = new BufferPool({ arenaBytes: 4 * 1024 * 1024, maxPerClass: 2 });

/** A column of `length` random bit patterns, starting `offsetElements` into its buffer. */
function randomColumn(kind: Kind, length: number, offsetElements: number): Column {
  const bytes = randomBytes((length + offsetElements) * kind.width);
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return kind.make(buffer, offsetElements * kind.width, length);
}

/** Each element's bytes, read little-endian and written big-endian through integer accessors. */
function bigEndianOf(kind: Kind, values: Column): Buffer {
  const src = new DataView(values.buffer, values.byteOffset, values.byteLength);
  const out = Buffer.alloc(values.byteLength);
  const dst = new DataView(out.buffer, out.byteOffset, out.length);
  for (let p = 0; p < values.byteLength; p += kind.width) {
    if (kind.width === 8) dst.setBigUint64(p, src.getBigUint64(p, true));
    else dst.setUint32(p, src.getUint32(p, true));
  }
  return out;
}

/** `prefix`, the column through the Writer, 0xab; `pool`: the writer's buffers come from there. */
function written(kind: Kind, values: Column, prefix: Buffer, initialSize: number, pool?: BufferPool): Buffer {
  const w = new Writer({ initialSize, pool });
  w.bytes(prefix);
  w.ensure(values.byteLength + 1); // the column's own growth is covered by initialSize 0..64 below
  if (pool !== undefined) assert.ok(pool.isArenaBuffer(w.rawBytes), "destination in the arena");
  kind.write(w, values);
  w.u8(0xab);
  const out = Buffer.from(w.peek());
  w.dispose();
  return out;
}

/** The same bit patterns as `values`, in a column acquired from the arena pool. */
function inArena(kind: Kind, values: Column): Column {
  const column = arenaPool.acquireColumn(kind.type, values.length);
  new Uint8Array(column.buffer, column.byteOffset, column.byteLength).set(
    new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
  );
  assert.ok(arenaPool.isArenaBuffer(new Uint8Array(column.buffer, column.byteOffset, 1)), "column in the arena");
  return column;
}

function expectedFrame(kind: Kind, values: Column, prefix: Buffer): Buffer {
  return Buffer.concat([prefix, bigEndianOf(kind, values), Buffer.from([0xab])]);
}

for (const kind of kinds) {
  test(`${kind.name}: every length 0..300 at every destination alignment 0..7`, () => {
    for (let length = 0; length <= 300; length++) {
      for (let align = 0; align < 8; align++) {
        const values = randomColumn(kind, length, align % 2);
        const prefix = randomBytes(align);
        const expected = Buffer.concat([prefix, bigEndianOf(kind, values), Buffer.from([0xab])]);
        const actual = written(kind, values, prefix, align === 0 ? 0 : 64);
        if (!actual.equals(expected))
          assert.fixture(actual.toString("hex"), expected.toString("hex"), `length ${length} align ${align}`);
      }
    }
  });

  test(`${kind.name}: lengths around the 64 KiB kernel chunk`, () => {
    const perChunk = 65536 / kind.width;
    for (const length of [perChunk - 1, perChunk, perChunk + 1, 3 * perChunk + 5]) {
      const values = randomColumn(kind, length, 1);
      const prefix = randomBytes(3);
      const expected = Buffer.concat([prefix, bigEndianOf(kind, values), Buffer.from([0xab])]);
      assert.ok(written(kind, values, prefix, 16).equals(expected), `length ${length}`);
    }
  });
}

for (const kind of kinds) {
  test(`${kind.name}: into an arena buffer, every length 0..300 at every alignment 0..7, plain and arena sources`, () => {
    for (let length = 0; length <= 300; length++) {
      for (let align = 0; align < 8; align++) {
        const values = randomColumn(kind, length, align % 2);
        const prefix = randomBytes(align);
        const expected = expectedFrame(kind, values, prefix);
        const plain = written(kind, values, prefix, 64, arenaPool);
        if (!plain.equals(expected))
          assert.fixture(
            plain.toString("hex"),
            expected.toString("hex"),
            `plain source, length ${length} align ${align}`,
          );
        const column = inArena(kind, values);
        const fused = written(kind, column, prefix, 64, arenaPool);
        const intoPlain = written(kind, column, prefix, 64);
        arenaPool.releaseColumn(column);
        if (!fused.equals(expected))
          assert.fixture(
            fused.toString("hex"),
            expected.toString("hex"),
            `arena source, length ${length} align ${align}`,
          );
        if (!intoPlain.equals(expected))
          assert.fixture(
            intoPlain.toString("hex"),
            expected.toString("hex"),
            `arena source into a plain buffer, length ${length} align ${align}`,
          );
      }
    }
  });

  test(`${kind.name}: arena paths at lengths around the 64 KiB scratch chunk`, () => {
    const perChunk = 65536 / kind.width;
    for (const length of [perChunk - 1, perChunk, perChunk + 1, 3 * perChunk + 5]) {
      const values = randomColumn(kind, length, 1);
      for (const prefix of [randomBytes(3), randomBytes(8)]) {
        const expected = expectedFrame(kind, values, prefix);
        assert.ok(
          written(kind, values, prefix, 16, arenaPool).equals(expected),
          `plain source, length ${length}, offset ${prefix.length}`,
        );
        const column = inArena(kind, values);
        assert.ok(
          written(kind, column, prefix, 16, arenaPool).equals(expected),
          `arena source, length ${length}, offset ${prefix.length}`,
        );
        assert.ok(
          written(kind, column, prefix, 16).equals(expected),
          `arena source into a plain buffer, length ${length}`,
        );
        arenaPool.releaseColumn(column);
      }
    }
  });

  test(`${kind.name}: a source viewing the writer's own buffer, overlapping the destination`, () => {
    const perChunk = 65536 / kind.width;
    for (const pool of [undefined, arenaPool]) {
      for (const length of [100, 2 * perChunk + 3]) {
        for (const skip of [0, 3]) {
          const w = new Writer({ pool, initialSize: 8 * (length + 8) });
          w.bytes(randomBytes(kind.width * 2 + skip));
          // The column starts one element into what was written and runs past pos.
          const values = kind.make(w.rawBytes.buffer as ArrayBuffer, w.rawBytes.byteOffset + kind.width, length);
          new Uint8Array(values.buffer, values.byteOffset, values.byteLength).set(randomBytes(values.byteLength));
          const expected = Buffer.concat([Buffer.from(w.peek()), bigEndianOf(kind, values)]);
          kind.write(w, values);
          assert.ok(w.peek().equals(expected), `${pool ? "arena" : "plain"} writer, length ${length}, skip ${skip}`);
          w.dispose();
        }
      }
    }
  });

  test(`${kind.name}: Reader columns over plain and arena buffers, every length 0..150 at every offset 0..7`, () => {
    for (let length = 0; length <= 150; length++) {
      for (let align = 0; align < 8; align++) {
        const values = randomColumn(kind, length, 0);
        const frame = Buffer.concat([randomBytes(align), bigEndianOf(kind, values), randomBytes(3)]);
        const pooled = arenaPool.acquire(frame.length);
        assert.ok(arenaPool.isArenaBuffer(pooled));
        frame.copy(pooled);
        for (const input of [frame, pooled]) {
          const r = new Reader(input);
          r.skip(align);
          const read = kind.read(r, length);
          assert.is(r.pos, align + length * kind.width);
          const same = Buffer.from(read.buffer, read.byteOffset, read.byteLength).equals(
            Buffer.from(values.buffer, values.byteOffset, values.byteLength),
          );
          if (!same)
            assert.unreachable(`${input === frame ? "plain" : "arena"} input, length ${length} offset ${align}`);
        }
        arenaPool.release(pooled);
      }
    }
  });
}

test("a column written after its release, its block now the writer's own buffer, gives the bytes it holds", () => {
  // Use after release is the caller's bug, but the fused pass must not turn it into garbage:
  // here source and destination overlap, 3 bytes apart, in the same arena block.
  const pool = new BufferPool({ arenaBytes: 64 * 1024 });
  const column = pool.acquireColumn(Float64Array, 100);
  new Uint8Array(column.buffer, column.byteOffset, column.byteLength).set(randomBytes(column.byteLength));
  pool.releaseColumn(column);
  const w = new Writer({ pool });
  w.bytes(Buffer.from([1, 2, 3]));
  assert.is(w.rawBytes.byteOffset, column.byteOffset, "the writer took the column's block");
  const expected = Buffer.concat([Buffer.from([1, 2, 3]), bigEndianOf(kinds[0]!, column.slice())]);
  w.f64ColumnBE(column);
  assert.ok(w.peek().equals(expected));
});

test("arena exhausted: the writer falls back to an ordinary buffer and writes the same bytes", () => {
  const small = new BufferPool({ arenaBytes: 64 * 1024 });
  const values = randomColumn(kinds[0]!, 20000, 1); // 160 KB: past the arena
  const w = new Writer({ pool: small, initialSize: 0 });
  w.u8(7);
  assert.ok(small.isArenaBuffer(w.rawBytes));
  kinds[0]!.write(w, values);
  assert.not.ok(small.isArenaBuffer(w.rawBytes));
  assert.ok(w.peek().equals(Buffer.concat([Buffer.from([7]), bigEndianOf(kinds[0]!, values)])));
});

test("without WebAssembly (node --jitless) the fallback writes the same bytes", () => {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@zerowire/writer")).href;
  const columns = kinds.map((kind) => randomColumn(kind, 200, 1));
  const hexes = columns.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("hex"));
  const script = `
    import { Writer } from ${JSON.stringify(entry)};
    if (typeof WebAssembly !== "undefined") throw new Error("expected no WebAssembly under --jitless");
    const [f64, i64, f32, i32] = ${JSON.stringify(hexes)}.map((h) => new Uint8Array(Buffer.from(h, "hex")).buffer);
    const w = new Writer();
    w.u8(1).f64ColumnBE(new Float64Array(f64)).i64ColumnBE(new BigInt64Array(i64));
    w.f32ColumnBE(new Float32Array(f32)).i32ColumnBE(new Int32Array(i32));
    process.stdout.write(w.peek().toString("hex"));`;
  const output = execFileSync(process.execPath, ["--jitless", "--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"], // --jitless warns about disabled flags on stderr
  });
  const expected = Buffer.concat([Buffer.from([1]), ...kinds.map((kind, i) => bigEndianOf(kind, columns[i]!))]);
  assert.is(output, expected.toString("hex"));
});

test.run();
