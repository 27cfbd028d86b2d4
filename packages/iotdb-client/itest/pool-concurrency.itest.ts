// Pools under concurrency on the real server: 32 writers share 8 sessions (the wait queue is
// used, the bound holds) and every acknowledged point is counted back exactly, per device, in
// the tree and the table model; runConcurrent over pool inserts; a query's session comes back
// when its data set is read.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runConcurrent, SessionPool, TableSessionPool } from "../src/index.js";
import { freshDatabases, sessionOptions, setup, uniqueName } from "./env.js";

const WRITERS = 32;
const MAX_SIZE = 8;
const TABLETS_PER_WRITER = 25;
const ROWS = 64;
const DB = `root.${uniqueName("zw_pool")}`;
const TABLE_DB = uniqueName("zw_pool_t");
/** Two writers per device, on disjoint time ranges. */
const deviceOf = (w: number) => `${DB}.d${w % (WRITERS / 2)}`;

const poolOptions = () => ({ ...sessionOptions(), maxSize: MAX_SIZE });

/** Largest size and waiting count the pool reported while `run` ran. */
async function watched<T>(
  pool: SessionPool | TableSessionPool,
  run: () => Promise<T>,
): Promise<{ result: T; mostSessions: number; mostWaiting: number }> {
  let mostSessions = 0;
  let mostWaiting = 0;
  const sample = () => {
    const stats = pool.stats().endpoints[0]!;
    mostSessions = Math.max(mostSessions, stats.size);
    mostWaiting = Math.max(mostWaiting, stats.waiting);
  };
  pool.onRequest(sample);
  // Also between requests: inserts waiting to go out merged (group commit) leave their queue
  // when their request is counted.
  const timer = setInterval(sample, 1);
  try {
    return { result: await run(), mostSessions, mostWaiting };
  } finally {
    clearInterval(timer);
  }
}

const databases = freshDatabases(DB, TABLE_DB);
test.before(setup(databases.before));
test.after(databases.after);

test(`tree: ${WRITERS} writers on a pool of ${MAX_SIZE} sessions; every acknowledged point is counted back per device`, async () => {
  const pool = new SessionPool(poolOptions());
  const acked = new Map<string, number>();
  try {
    const writer = async (w: number) => {
      const device = deviceOf(w);
      for (let t = 0; t < TABLETS_PER_WRITER; t++) {
        const first = w * 1_000_000 + t * ROWS;
        const times = BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(first + i));
        if (t % 5 === 4) {
          // Every fifth batch as records, to mix the insert forms.
          await pool.insertRecordsOfOneDevice(
            device,
            Array.from(times, (time) => ({ time, measurements: ["s"], types: ["INT64" as const], values: [time] })),
          );
        } else {
          await pool.insertTablet({
            schema: { target: device, columns: [{ name: "s", type: "INT64" }] },
            timestamps: times,
            values: [times],
          });
        }
        acked.set(device, (acked.get(device) ?? 0) + ROWS);
      }
    };
    const { mostSessions, mostWaiting } = await watched(pool, () =>
      Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))),
    );
    assert.ok(mostSessions <= MAX_SIZE, `at most ${MAX_SIZE} sessions (saw ${mostSessions})`);
    assert.ok(mostWaiting > 0, "writers waited for sessions: the queue was used");
    const total = [...acked.values()].reduce((a, b) => a + b, 0);
    assert.is(total, WRITERS * TABLETS_PER_WRITER * ROWS);

    const dataSet = await pool.executeQueryStatement(`select count(s) from ${DB}.*`);
    assert.is(pool.stats().endpoints[0]!.borrowed, 1, "the query holds its session");
    const [row] = await dataSet.toRows();
    assert.is(pool.stats().endpoints[0]!.borrowed, 0, "and gives it back once read");
    const counted = new Map(
      dataSet.columnNames.map((name, i) => [name.slice("count(".length, -".s)".length), row!.fields[i] as bigint]),
    );
    for (const [device, points] of acked) assert.is(counted.get(device), BigInt(points), `count of ${device}`);
    assert.is(counted.size, acked.size);
  } finally {
    await pool.close();
  }
});

test(`table: ${WRITERS} writers on a TableSessionPool of ${MAX_SIZE} sessions in one database; every point counted per tag`, async () => {
  const pool = new TableSessionPool({ ...poolOptions(), database: TABLE_DB });
  const acked = new Map<string, number>();
  try {
    const writer = async (w: number) => {
      const tag = `w${w}`;
      for (let t = 0; t < TABLETS_PER_WRITER; t++) {
        const times = BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(t * ROWS + i));
        await pool.insert({
          schema: {
            target: "readings",
            columns: [
              { name: "writer", type: "STRING", category: "TAG" },
              { name: "v", type: "INT64" },
            ],
          },
          timestamps: times,
          values: [Array(ROWS).fill(tag), times],
        });
        acked.set(tag, (acked.get(tag) ?? 0) + ROWS);
      }
    };
    const { mostSessions, mostWaiting } = await watched(pool, () =>
      Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))),
    );
    assert.ok(mostSessions <= MAX_SIZE, `at most ${MAX_SIZE} sessions (saw ${mostSessions})`);
    assert.ok(mostWaiting > 0, "writers waited for sessions");
    const rows = await (
      await pool.executeQueryStatement("select writer, count(v) from readings group by writer")
    ).toRows();
    const counted = new Map(rows.map((r) => [r.fields[0] as string, r.fields[1] as bigint]));
    assert.is(counted.size, WRITERS);
    for (const [tag, points] of acked) assert.is(counted.get(tag), BigInt(points), `count of ${tag}`);
  } finally {
    await pool.close();
  }
});

test("runConcurrent over pool inserts: a bounded number under way, every item's outcome, all points stored", async () => {
  const pool = new SessionPool(poolOptions());
  const device = `${DB}.concurrent`;
  try {
    let running = 0;
    let most = 0;
    const batches = Array.from({ length: 64 }, (_, b) => b);
    const outcomes = await runConcurrent(
      batches,
      async (b) => {
        running++;
        most = Math.max(most, running);
        try {
          const times = BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(b * ROWS + i));
          return await pool.insertTablet({
            schema: { target: device, columns: [{ name: "s", type: "INT64" }] },
            timestamps: times,
            values: [times],
          });
        } finally {
          running--;
        }
      },
      { concurrency: 12 },
    );
    assert.is(most, 12);
    assert.ok(outcomes.every((o) => o.status === "fulfilled"));
    const [row] = await (await pool.executeQueryStatement(`select count(s) from ${device}`)).toRows();
    assert.equal(row!.fields, [BigInt(batches.length * ROWS)]);
  } finally {
    await pool.close();
  }
});

test.run();
