// Pools with an arena (`arenaBytes`): buffers carved from one WebAssembly memory by a buddy
// allocator over the size classes. Same stats and ownership rules as ordinary pools; buffers
// never overlap while owned; all memory comes back (merged) when released; a full arena falls
// back to ordinary buffers; debug mode catches writes after release in the arena too.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool, OwnershipError, Writer } from "@zerowire/writer";
import { sameBytes, throwsWith } from "./expected.js";

const KiB = 1024;
const MiB = 1024 * KiB;

/** A deterministic pseudo-random sequence (xorshift32). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

test("arenaBytes is rounded down to whole blocks of the largest class that fits", () => {
  const cases: [number, number][] = [
    [KiB, KiB],
    [5 * KiB, 4 * KiB],
    [100 * KiB, 64 * KiB],
    [200 * KiB, 192 * KiB],
    [20 * MiB, 16 * MiB],
    [40 * MiB, 32 * MiB],
  ];
  for (const [requested, bytes] of cases) {
    const pool = new BufferPool({ arenaBytes: requested });
    assert.is(pool.arenaStats(), undefined, "reserved on the first miss, not before");
    pool.release(pool.acquire(1));
    assert.equal(pool.arenaStats(), { bytes, freeBytes: bytes - KiB }, `arenaBytes ${requested}`);
  }
  const none = new BufferPool();
  none.acquire(1);
  assert.is(none.arenaStats(), undefined);
  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1.5])
    throwsWith(() => new BufferPool({ arenaBytes: bad }), RangeError, ["arenaBytes"]);
});

test("random acquire/release: owned arena buffers never overlap, and everything merges back", () => {
  const pool = new BufferPool({ arenaBytes: 16 * MiB, maxPerClass: 0 }); // releases go straight to the arena
  const next = random(12345);
  const held: Buffer[] = [];
  let acquired = 0;
  let arenaHits = 0;
  for (let step = 0; step < 3000; step++) {
    if (held.length >= 40 || (held.length > 0 && next() < 0.5)) {
      pool.release(held.splice(Math.floor(next() * held.length), 1)[0]!);
      continue;
    }
    const size = Math.floor(KiB * 4 ** (next() * 4)); // 1 KiB .. 256 KiB
    const buf = pool.acquire(size);
    acquired++;
    assert.ok(buf.length >= size);
    if (pool.isArenaBuffer(buf)) {
      arenaHits++;
      for (const other of held) {
        if (!pool.isArenaBuffer(other)) continue;
        const apart =
          buf.byteOffset + buf.length <= other.byteOffset || other.byteOffset + other.length <= buf.byteOffset;
        if (!apart)
          assert.unreachable(
            `step ${step}: [${buf.byteOffset}, +${buf.length}) overlaps [${other.byteOffset}, +${other.length})`,
          );
      }
    }
    held.push(buf);
  }
  assert.ok(arenaHits > 0.9 * acquired, `most buffers came from the arena (${arenaHits} of ${acquired})`);
  for (const b of held.splice(0)) pool.release(b);
  assert.equal(pool.arenaStats(), { bytes: 16 * MiB, freeBytes: 16 * MiB });
  assert.ok(pool.isArenaBuffer(pool.acquire(16 * MiB)), "the free blocks merged back into the whole arena");
});

test("stats count exactly as without an arena", () => {
  const plain = new BufferPool({ maxPerClass: 2, maxRetainedBytes: 40 * KiB });
  const arena = new BufferPool({ maxPerClass: 2, maxRetainedBytes: 40 * KiB, arenaBytes: 256 * KiB });
  const next = random(99);
  const held: [Buffer, Buffer][] = [];
  for (let step = 0; step < 500; step++) {
    if (held.length > 0 && next() < 0.5) {
      const [a, b] = held.splice(Math.floor(next() * held.length), 1)[0]!;
      plain.release(a);
      arena.release(b);
    } else {
      const size = Math.floor(KiB * 4 ** (next() * 3));
      held.push([plain.acquire(size), arena.acquire(size)]);
    }
    assert.equal(arena.stats(), plain.stats(), `step ${step}`);
  }
  arena.clear();
  plain.clear();
  assert.equal(arena.stats(), plain.stats());
});

test("a full arena falls back to ordinary buffers; oversize requests never use it; clear() gives retained buffers back", () => {
  const pool = new BufferPool({ arenaBytes: 64 * KiB });
  const whole = pool.acquire(64 * KiB);
  assert.ok(pool.isArenaBuffer(whole));
  const fallback = pool.acquire(KiB);
  assert.not.ok(pool.isArenaBuffer(fallback), "arena full");
  assert.is(fallback.length, KiB);
  assert.not.ok(pool.isArenaBuffer(pool.acquire(16 * MiB + 1)), "oversize");
  pool.release(whole);
  assert.is(pool.stats().retainedBytes, 64 * KiB, "kept in the free list, as without an arena");
  assert.equal(pool.arenaStats(), { bytes: 64 * KiB, freeBytes: 0 });
  assert.is(pool.acquire(64 * KiB).byteOffset, whole.byteOffset, "a hit reuses the retained buffer");
  pool.release(whole);
  pool.clear();
  assert.equal(pool.arenaStats(), { bytes: 64 * KiB, freeBytes: 64 * KiB });
  assert.ok(pool.isArenaBuffer(pool.acquire(KiB)));
});

test("a buffer is never handed out twice while owned (arena buffers share one memory: told apart by offset)", () => {
  const pool = new BufferPool({ maxPerClass: 64, arenaBytes: MiB });
  const owners = new Set<number>();
  const held: Buffer[] = [];
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 20; i++) {
      const b = pool.acquire(i % 2 === 0 ? 100 : 2000);
      assert.ok(pool.isArenaBuffer(b));
      assert.not.ok(owners.has(b.byteOffset), `round ${round}: buffer handed out while owned`);
      owners.add(b.byteOffset);
      held.push(b);
    }
    for (const b of held.splice(0, 10)) {
      owners.delete(b.byteOffset);
      pool.release(b);
    }
  }
  assert.ok(pool.stats().hits > 0, "released buffers were reused");
});

test("Writer.finish() on an arena pool: finished frames stay intact while the writer goes on", () => {
  const pool = new BufferPool({ debug: true, arenaBytes: MiB });
  const w = new Writer({ pool, initialSize: 0 });
  const frames = [];
  for (let i = 0; i < 10; i++) {
    w.i32be(i)
      .bytes(Buffer.alloc(3000 * (i % 3), i))
      .f64ColumnBE(new Float64Array([i, -i]));
    const expected = Buffer.concat([Buffer.from([0, 0, 0, i]), Buffer.alloc(3000 * (i % 3), i), Buffer.alloc(16)]);
    expected.writeDoubleBE(i, expected.length - 16);
    expected.writeDoubleBE(-i, expected.length - 8);
    frames.push({ owned: w.finish(), expected });
  }
  assert.ok(frames.every((f) => pool.isArenaBuffer(f.owned.bytes)));
  assert.is(new Set(frames.map((f) => f.owned.bytes.byteOffset)).size, 10, "ten owned frames, ten distinct blocks");
  for (const f of frames) sameBytes(f.owned.bytes, f.expected, "owned frame");
  for (const f of frames) f.owned.release();
  assert.is(pool.stats().outstanding, 0);
});

test("debug arena pool: release twice, or to another pool, is an OwnershipError", () => {
  const pool = new BufferPool({ debug: true, arenaBytes: 64 * KiB });
  const other = new BufferPool({ debug: true, arenaBytes: 64 * KiB });
  const b = pool.acquire(10);
  const theirs = other.acquire(10);
  assert.ok(pool.isArenaBuffer(b) && other.isArenaBuffer(theirs));
  assert.not.ok(pool.isArenaBuffer(theirs));
  pool.release(b);
  throwsWith(() => pool.release(b), OwnershipError, ["twice"]);
  throwsWith(() => pool.release(theirs), OwnershipError, ["not acquired from this pool"]);
  other.release(theirs);
  assert.equal(pool.stats(), { hits: 0, misses: 1, outstanding: 0, retainedBytes: KiB });
});

test("debug arena pool: a write after release is detected, whether the buffer was retained or went back to the arena", () => {
  const retained = new BufferPool({ debug: true, arenaBytes: 64 * KiB });
  const a = retained.acquire(100);
  retained.release(a);
  a[5] = 1;
  throwsWith(() => retained.acquire(100), OwnershipError, ["written at byte 5 after it was released"]);

  const returned = new BufferPool({ debug: true, arenaBytes: 64 * KiB, maxPerClass: 0 });
  const b = returned.acquire(4 * KiB);
  returned.release(b);
  assert.is(returned.stats().retainedBytes, 0, "b went back to the arena");
  b[4000] = 7;
  let caught: unknown;
  for (let i = 0; i < 16 && caught === undefined; i++) {
    try {
      assert.is.not(returned.acquire(4 * KiB).byteOffset, b.byteOffset, "the written block is never handed out");
    } catch (err) {
      caught = err;
    }
  }
  assert.ok(caught instanceof OwnershipError, "detected when the block is carved out again");
  assert.match((caught as Error).message, "written at byte 4000 after it was released");
});

test("acquireColumn: typed arrays in the arena, released once; outside it when the arena is full", () => {
  const pool = new BufferPool({ debug: true, arenaBytes: 16 * KiB });
  const column = pool.acquireColumn(Float64Array, 1000);
  assert.ok(column instanceof Float64Array && column.length === 1000);
  assert.ok(pool.isArenaBuffer(new Uint8Array(column.buffer, column.byteOffset, 1)));
  const full = pool.acquireColumn(Int32Array, 1000);
  assert.not.ok(pool.isArenaBuffer(new Uint8Array(full.buffer, full.byteOffset, 1)), "arena full: an ordinary buffer");
  column.fill(2.5);
  full.fill(-3);
  const w = new Writer();
  w.f64ColumnBE(column).i32ColumnBE(full);
  assert.is(w.peek().readDoubleBE(7992), 2.5);
  assert.is(w.peek().readInt32BE(8000 + 3996), -3);
  assert.is(pool.stats().outstanding, 2);
  pool.releaseColumn(column);
  pool.releaseColumn(full);
  assert.is(pool.stats().outstanding, 0);
  throwsWith(() => pool.releaseColumn(column), OwnershipError, ["twice"]);
  throwsWith(() => pool.releaseColumn(new Float64Array(4)), OwnershipError, ["not acquired from this pool"]);
  throwsWith(() => pool.acquireColumn(Float32Array, 1.5), RangeError, ["acquireColumn"]);
  assert.is(pool.stats().outstanding, 0, "a bad length acquires nothing");
});

test.run();
