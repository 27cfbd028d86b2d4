// The buffer pool and OwnedBytes: size classes, bounds, stats, and ownership (never two owners of
// one buffer; double release, use after release and writes after release are errors).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool, OwnershipError, Writer } from "@zerowire/writer";
import { sameBytes, throwsWith } from "./expected.js";

const KiB = 1024;
const MiB = 1024 * KiB;

test("size classes: powers of 4 from 1 KiB to 16 MiB; larger requests get exactly their size", () => {
  const pool = new BufferPool();
  const cases: [number, number][] = [
    [0, KiB],
    [1, KiB],
    [KiB, KiB],
    [KiB + 1, 4 * KiB],
    [16 * KiB, 16 * KiB],
    [200 * KiB, 256 * KiB],
    [4 * MiB + 1, 16 * MiB],
    [16 * MiB, 16 * MiB],
    [16 * MiB + 1, 16 * MiB + 1],
  ];
  for (const [request, size] of cases) {
    const buf = pool.acquire(request);
    assert.is(buf.length, size, `acquire(${request})`);
    pool.release(buf);
  }
  assert.is(BufferPool.MAX_POOLED_BYTES, 16 * MiB);
});

test("stats: misses allocate, hits reuse the same memory, retainedBytes follows releases", () => {
  const pool = new BufferPool();
  const a = pool.acquire(100);
  const b = pool.acquire(3000);
  assert.equal(pool.stats(), { hits: 0, misses: 2, outstanding: 2, retainedBytes: 0 });
  pool.release(a);
  pool.release(b);
  assert.equal(pool.stats(), { hits: 0, misses: 2, outstanding: 0, retainedBytes: KiB + 4 * KiB });
  const a2 = pool.acquire(1000);
  assert.is(a2.buffer, a.buffer, "same class: the released buffer comes back");
  assert.equal(pool.stats(), { hits: 1, misses: 2, outstanding: 1, retainedBytes: 4 * KiB });
  const c = pool.acquire(KiB);
  assert.is.not(c.buffer, a.buffer);
  assert.equal(pool.stats(), { hits: 1, misses: 3, outstanding: 2, retainedBytes: 4 * KiB });
  pool.clear();
  assert.is(pool.stats().retainedBytes, 0);
  assert.is.not(pool.acquire(3000).buffer, b.buffer, "clear() dropped the retained buffer");
});

test("oversize buffers are not pooled", () => {
  const pool = new BufferPool();
  const big = pool.acquire(16 * MiB + 1);
  pool.release(big);
  assert.equal(pool.stats(), { hits: 0, misses: 1, outstanding: 0, retainedBytes: 0 });
  assert.is.not(pool.acquire(16 * MiB + 1).buffer, big.buffer);
  assert.is(pool.stats().misses, 2);
});

test("maxPerClass bounds the buffers kept per class", () => {
  const pool = new BufferPool({ maxPerClass: 2 });
  const held = [pool.acquire(10), pool.acquire(10), pool.acquire(10)];
  for (const b of held) pool.release(b);
  assert.is(pool.stats().retainedBytes, 2 * KiB);
  pool.acquire(10);
  pool.acquire(10);
  pool.acquire(10);
  assert.equal(pool.stats(), { hits: 2, misses: 4, outstanding: 3, retainedBytes: 0 });
});

test("maxRetainedBytes bounds the bytes kept across classes", () => {
  const pool = new BufferPool({ maxRetainedBytes: 5000 });
  const small = Array.from({ length: 5 }, () => pool.acquire(KiB));
  const mid = pool.acquire(4 * KiB);
  for (const b of small) pool.release(b);
  assert.is(pool.stats().retainedBytes, 4 * KiB, "the fifth 1 KiB buffer would pass 5000 bytes");
  pool.release(mid);
  assert.is(pool.stats().retainedBytes, 4 * KiB, "a 4 KiB buffer does not fit either");
  pool.acquire(4 * KiB);
  assert.is(pool.stats().hits, 0);
});

test("a buffer is never handed out twice while owned", () => {
  const pool = new BufferPool({ maxPerClass: 64 });
  const owners = new Set<ArrayBufferLike>();
  const held: Buffer[] = [];
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 20; i++) {
      const b = pool.acquire(i % 2 === 0 ? 100 : 2000);
      assert.not.ok(owners.has(b.buffer), `round ${round}: buffer handed out while owned`);
      owners.add(b.buffer);
      held.push(b);
    }
    // Give back half; only those may come out again.
    for (const b of held.splice(0, 10)) {
      owners.delete(b.buffer);
      pool.release(b);
    }
  }
  assert.ok(pool.stats().hits > 0, "released buffers were reused");
});

test("Writer.finish(): finished bytes stay intact while the writer goes on with other buffers", () => {
  const pool = new BufferPool({ debug: true });
  const w = new Writer({ pool, initialSize: 0 });
  const frames = [];
  for (let i = 0; i < 10; i++) {
    w.i32be(i).bytes(Buffer.alloc(3000 * (i % 3), i));
    frames.push({
      owned: w.finish(),
      expected: Buffer.concat([Buffer.from([0, 0, 0, i]), Buffer.alloc(3000 * (i % 3), i)]),
    });
  }
  const backings = new Set(frames.map((f) => f.owned.bytes.buffer));
  assert.is(backings.size, 10, "ten owned frames, ten distinct buffers");
  for (const f of frames) sameBytes(f.owned.bytes, f.expected, "owned frame");
  assert.is(pool.stats().outstanding, 10);
  for (const f of frames) f.owned.release();
  assert.is(pool.stats().outstanding, 0);
  const { hits } = pool.stats();
  w.u8(1);
  assert.is(pool.stats().hits, hits + 1, "the next write reuses a released frame buffer");
});

test("Writer growth returns the outgrown buffer to the pool", () => {
  const pool = new BufferPool();
  const w = new Writer({ pool, initialSize: 0 });
  w.u8(1);
  w.bytes(Buffer.alloc(2000));
  assert.equal(pool.stats(), { hits: 0, misses: 2, outstanding: 1, retainedBytes: KiB });
  w.dispose();
  assert.equal(pool.stats(), { hits: 0, misses: 2, outstanding: 0, retainedBytes: 5 * KiB });
});

test("OwnedBytes: release twice is an OwnershipError, with or without a pool", () => {
  for (const pool of [new BufferPool(), new BufferPool({ debug: true }), undefined]) {
    const w = new Writer(pool ? { pool } : {});
    w.cstring("x");
    const owned = w.finish();
    assert.not.ok(owned.released);
    owned.release();
    assert.ok(owned.released);
    throwsWith(() => owned.release(), OwnershipError, ["twice"]);
    if (pool) assert.equal(pool.stats(), { hits: 0, misses: 1, outstanding: 0, retainedBytes: KiB });
  }
});

test("OwnedBytes: .bytes after release is an OwnershipError", () => {
  const w = new Writer({ pool: new BufferPool() });
  w.u8(5);
  const owned = w.finish();
  sameBytes(owned.bytes, Buffer.from([5]), "before release");
  owned.release();
  throwsWith(() => owned.bytes, OwnershipError, ["after release"]);
});

test("finish() with nothing written hands out empty bytes that touch no pool", () => {
  const pool = new BufferPool({ debug: true });
  const owned = new Writer({ pool }).finish();
  assert.is(owned.bytes.length, 0);
  owned.release();
  assert.equal(pool.stats(), { hits: 0, misses: 0, outstanding: 0, retainedBytes: 0 });
});

test("debug pool: release twice, or a buffer it never handed out, is an OwnershipError", () => {
  const pool = new BufferPool({ debug: true });
  const b = pool.acquire(10);
  pool.release(b);
  throwsWith(() => pool.release(b), OwnershipError, ["twice"]);
  throwsWith(() => pool.release(Buffer.alloc(KiB)), OwnershipError, ["not acquired from this pool"]);
  assert.equal(pool.stats(), { hits: 0, misses: 1, outstanding: 0, retainedBytes: KiB });
  const b2 = pool.acquire(10);
  assert.is(b2.buffer, b.buffer, "the buffer was kept once, not twice");
  assert.is.not(pool.acquire(10).buffer, b.buffer, "and is not handed out a second time");
});

test("debug pool: a write after release is detected on the next acquire, and the buffer is dropped", () => {
  const pool = new BufferPool({ debug: true });
  const w = new Writer({ pool });
  w.strI32be("frame");
  const owned = w.finish();
  const stale = owned.bytes; // a view kept past release(): the bug debug mode catches
  owned.release();
  stale[2] = 0x41;
  throwsWith(() => pool.acquire(100), OwnershipError, ["written at byte 2 after it was released"]);
  assert.equal(pool.stats(), { hits: 0, misses: 1, outstanding: 0, retainedBytes: 0 });
  const fresh = pool.acquire(100);
  assert.is.not(fresh.buffer, stale.buffer, "the corrupted buffer is never handed out");
  assert.equal(pool.stats(), { hits: 0, misses: 2, outstanding: 1, retainedBytes: 0 });
});

test("debug pool: a write after release through a Writer's next growth is detected", () => {
  const pool = new BufferPool({ debug: true });
  const a = new Writer({ pool });
  a.u8(1);
  const owned = a.finish();
  const stale = owned.bytes;
  owned.release();
  stale[0] = 0; // the poison byte was there
  const b = new Writer({ pool });
  throwsWith(() => b.u8(2), OwnershipError, ["after it was released"]);
  assert.is(b.length, 0);
});

test("without debug, released buffers are reused as they are (no poisoning cost)", () => {
  const pool = new BufferPool();
  const b = pool.acquire(10);
  b[0] = 0x33;
  pool.release(b);
  const again = pool.acquire(10);
  assert.is(again.buffer, b.buffer);
  assert.is(again[0], 0x33);
});

test.run();
