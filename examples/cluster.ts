// A cluster through nodeUrls: a SessionPool given several DataNodes opens sessions on the first
// one that answers, learns from the server's redirect hints which DataNode leads each device's
// data, and sends that device's later inserts there. A DataNode that fails is passed over until
// it answers again. A plain Session takes nodeUrls too (it opens on one of them and, after a
// broken connection, reopens on one that is up).
//
//   IOTDB_NODE_URLS=10.0.0.1:6667,10.0.0.2:6667,10.0.0.3:6667 npx tsx cluster.ts
import { Session, SessionPool } from "@zerowire/iotdb-client";

const nodeUrls = (process.env.IOTDB_NODE_URLS ?? "127.0.0.1:6667").split(",").map((url) => url.trim());
const database = "root.examples_cluster";
const DEVICES = 12;
const ROUNDS = 3;
const ROWS = 500;

const pool = new SessionPool({ nodeUrls, username: "root", password: "root", maxSize: 2 });
try {
  await pool.createDatabase(database);
  // Each round writes one tablet per device; from the second round on, each device's tablet goes
  // to the DataNode its first insert was redirected to.
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: DEVICES }, (_, d) =>
        pool.insertTablet({
          schema: { target: `${database}.turbine${d}`, columns: [{ name: "power", type: "DOUBLE" }] },
          timestamps: BigInt64Array.from({ length: ROWS }, (_, i) => BigInt(round * ROWS + i)),
          values: [Float64Array.from({ length: ROWS }, (_, i) => d + i / ROWS)],
        }),
      ),
    );
  }
  const stats = pool.stats();
  console.log(`inserted ${ROUNDS} x ${DEVICES} tablets; ${stats.routes} device routes learned from redirect hints`);
  for (const node of stats.endpoints)
    console.log(
      `  ${node.endpoint.host}:${node.endpoint.port}: ${node.requests} requests${node.down ? " (down)" : ""}`,
    );

  // Read back through a single Session on the same nodeUrls.
  const session = new Session({ nodeUrls, username: "root", password: "root" });
  await session.open();
  try {
    const [counts] = await (await session.executeQueryStatement(`select count(power) from ${database}.*`)).toRows();
    const total = (counts?.fields ?? []).reduce<bigint>((sum, c) => sum + (c as bigint), 0n);
    if (total !== BigInt(DEVICES * ROUNDS * ROWS))
      throw new Error(`read back ${total} points, expected ${DEVICES * ROUNDS * ROWS}`);
    console.log(`read back ${total} points through ${session.endpoint.host}:${session.endpoint.port}`);
  } finally {
    await session.close();
  }
} finally {
  await pool.deleteDatabase(database).catch(() => {});
  await pool.close();
}
