// Tree model: many devices' tablets written concurrently through a SessionPool, then the point
// count read back. The pool lends a session per insert (at most maxSize at a time) and routes
// each device to the DataNode the server names for it.
//
//   IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx tree-pool.ts
import { runConcurrent, SessionPool, type SessionTablet } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const database = "root.examples_tree";
const DEVICES = 8;
const TABLETS_PER_DEVICE = 5;
const ROWS_PER_TABLET = 1_000;

const pool = new SessionPool({ host, port, username: "root", password: "root", maxSize: 4 });
try {
  await pool.createDatabase(database);

  // One tablet = one device, a block of rows, one typed array per measurement.
  const start = 1_700_000_000_000n;
  const tablets: SessionTablet[] = [];
  for (let d = 0; d < DEVICES; d++) {
    for (let t = 0; t < TABLETS_PER_DEVICE; t++) {
      const first = t * ROWS_PER_TABLET;
      tablets.push({
        schema: {
          target: `${database}.plant1.line${d}`,
          columns: [
            { name: "temperature", type: "FLOAT" },
            { name: "rpm", type: "INT32" },
          ],
        },
        timestamps: BigInt64Array.from({ length: ROWS_PER_TABLET }, (_, i) => start + BigInt((first + i) * 1_000)),
        values: [
          Float32Array.from({ length: ROWS_PER_TABLET }, (_, i) => 20 + ((first + i) % 100) / 10),
          Int32Array.from({ length: ROWS_PER_TABLET }, (_, i) => 1_000 + d * 10 + (i % 7)),
        ],
      });
    }
  }

  // 8 inserts under way at a time; the pool has 4 sessions, so the others wait their turn.
  const outcomes = await runConcurrent(tablets, (tablet) => pool.insertTablet(tablet), { concurrency: 8 });
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") throw new Error(`insert ${outcome.index} failed: ${String(outcome.reason)}`);
  }
  console.log(
    `inserted ${tablets.length} tablets (${DEVICES} devices x ${TABLETS_PER_DEVICE} x ${ROWS_PER_TABLET} rows) through the pool`,
  );

  // Read back: one count column per device.
  const [counts] = await (
    await pool.executeQueryStatement(`select count(temperature) from ${database}.plant1.*`)
  ).toRows();
  const total = (counts?.fields ?? []).reduce<bigint>((sum, c) => sum + (c as bigint), 0n);
  const expected = BigInt(DEVICES * TABLETS_PER_DEVICE * ROWS_PER_TABLET);
  if (total !== expected) throw new Error(`read back ${total} points, expected ${expected}`);
  console.log(`read back ${total} temperature points over ${counts!.fields.length} devices`);
} finally {
  await pool.deleteDatabase(database).catch(() => {});
  await pool.close();
}
