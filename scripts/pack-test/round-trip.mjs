// Run from ESM in the temporary project, under each Node version the pack test checks: the
// published client against a real IoTDB server (IOTDB_HOST/IOTDB_PORT): open, insert a tablet
// (INT64 beyond 2^53, TEXT with a null), query it back, drop the database, close.
import assert from "node:assert/strict";
import { Session } from "@zerowire/iotdb-client";

const database = `root.zw_pack_${process.version.replace(/\W/g, "_")}_${process.pid}_${Date.now()}`;
const session = new Session({
  host: process.env.IOTDB_HOST,
  port: Number(process.env.IOTDB_PORT),
  requestTimeoutMs: 20_000,
});
await session.open();
try {
  await session.createDatabase(database);
  await session.insertTablet({
    schema: {
      target: `${database}.d1`,
      columns: [
        { name: "big", type: "INT64" },
        { name: "note", type: "TEXT" },
      ],
    },
    timestamps: BigInt64Array.from([1_700_000_001_000n, 1_700_000_000_000n]),
    values: [BigInt64Array.from([-5n, 9_007_199_254_740_993n]), ["", "naïve 😀"]],
    nulls: [undefined, Uint8Array.from([1, 0])],
  });
  const result = await session.executeQueryStatement(`select big, note from ${database}.d1`);
  const rows = [];
  for await (const row of result) rows.push([row.timestamp, ...row.fields]);
  assert.deepEqual(rows, [
    [1_700_000_000_000n, 9_007_199_254_740_993n, "naïve 😀"],
    [1_700_000_001_000n, -5n, null],
  ]);
} finally {
  await session.deleteDatabase(database).catch(() => {});
  await session.close();
}
console.log(`round trip ok (${process.version})`);
