// The framePool option: a session (and every session of a pool) builds its insert frames in the
// BufferPool it is given, gives every buffer back to it, and leaves the shared default pool alone.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool, OptionError, Session, SessionPool, TableSession } from "../src/index.js";
import { framePool as sharedPool } from "../src/session/base-session.js";
import { FakeIoTDB } from "./helpers/fake-iotdb.js";

const tablet = (rows: number) => ({
  schema: { target: "root.sg.d1", columns: [{ name: "s1", type: "INT64" as const }] },
  timestamps: Array.from({ length: rows }, (_, i) => i + 1),
  values: [Array.from({ length: rows }, (_, i) => i)],
});

test("a session's inserts use its own framePool (debug checks on) and release every buffer to it", async () => {
  const fake = await FakeIoTDB.start();
  try {
    const pool = new BufferPool({ maxPerClass: 1, debug: true });
    const session = new Session({ port: fake.port, zoneId: "UTC", framePool: pool });
    await session.open();
    const shared = sharedPool.stats();
    for (let i = 0; i < 20; i++) await session.insertTablet(tablet(1 + i * 50));
    const own = pool.stats();
    assert.ok(
      own.hits + own.misses >= 20,
      `every frame came from the given pool (${own.hits + own.misses} acquisitions)`,
    );
    assert.ok(own.hits > 0, "buffers were reused");
    assert.is(own.outstanding, 0);
    assert.equal(sharedPool.stats(), shared, "the shared pool was not touched");
    await session.close();
  } finally {
    await fake.close();
  }
});

test("a SessionPool hands its framePool to every session it opens", async () => {
  const fake = await FakeIoTDB.start();
  try {
    const frames = new BufferPool({ maxPerClass: 2 });
    const pool = new SessionPool({ port: fake.port, zoneId: "UTC", maxSize: 4, framePool: frames });
    const shared = sharedPool.stats();
    await Promise.all(Array.from({ length: 16 }, () => pool.insertTablet(tablet(10))));
    const stats = frames.stats();
    assert.ok(stats.hits + stats.misses >= 16, `${stats.hits + stats.misses} acquisitions for 16 frames`);
    assert.is(stats.outstanding, 0);
    assert.equal(sharedPool.stats(), shared);
    await pool.close();
  } finally {
    await fake.close();
  }
});

test("a framePool that is not a pool is an OptionError at construction", () => {
  assert.throws(
    () => new Session({ framePool: {} as BufferPool }),
    (e: unknown) => e instanceof OptionError && e.message === "framePool must be a BufferPool, got a Object",
  );
  assert.throws(
    () => new TableSession({ framePool: null as unknown as BufferPool }),
    (e: unknown) => e instanceof OptionError && e.option === "framePool",
  );
});

test.run();
