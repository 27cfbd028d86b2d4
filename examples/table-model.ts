// Table model: create a table whose TAG columns identify a device, ingest one tablet that holds
// rows of several devices, then query by tag (a WHERE on a TAG column, grouped by another).
//
//   IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx table-model.ts
import { TableSession } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const database = "examples_table";
const REGIONS = ["north", "south"];
const DEVICES_PER_REGION = 3;
const ROWS_PER_DEVICE = 100;

const session = new TableSession({ host, port, username: "root", password: "root" });
await session.open();
try {
  await session.executeNonQueryStatement(`CREATE DATABASE IF NOT EXISTS ${database}`);
  await session.executeNonQueryStatement(`USE ${database}`);
  await session.executeNonQueryStatement(
    "CREATE TABLE IF NOT EXISTS sensors (region STRING TAG, device_id STRING TAG, model STRING ATTRIBUTE, temperature DOUBLE FIELD, online BOOLEAN FIELD)",
  );

  // One tablet, columnar: every column holds one value per row; rows of different devices mix.
  const timestamps: bigint[] = [];
  const region: string[] = [];
  const deviceId: string[] = [];
  const model: string[] = [];
  const temperature: number[] = [];
  const online: boolean[] = [];
  for (const [r, name] of REGIONS.entries()) {
    for (let d = 0; d < DEVICES_PER_REGION; d++) {
      for (let i = 0; i < ROWS_PER_DEVICE; i++) {
        timestamps.push(1_700_000_000_000n + BigInt(i * 1_000));
        region.push(name);
        deviceId.push(`dev${r}${d}`);
        model.push(d % 2 === 0 ? "m1" : "m2");
        temperature.push(15 + r * 10 + d + i / 100);
        online.push(i % 10 !== 0);
      }
    }
  }
  await session.insert({
    schema: {
      target: "sensors",
      columns: [
        { name: "region", type: "STRING", category: "TAG" },
        { name: "device_id", type: "STRING", category: "TAG" },
        { name: "model", type: "STRING", category: "ATTRIBUTE" },
        { name: "temperature", type: "DOUBLE", category: "FIELD" },
        { name: "online", type: "BOOLEAN", category: "FIELD" },
      ],
    },
    timestamps,
    values: [region, deviceId, model, temperature, online],
  });
  console.log(
    `inserted ${timestamps.length} rows for ${REGIONS.length * DEVICES_PER_REGION} devices into ${database}.sensors`,
  );

  // Query by tag: the devices of one region, with an aggregate per device.
  const result = await session.executeQueryStatement(
    "SELECT device_id, count(temperature) AS points, max(temperature) AS hottest FROM sensors WHERE region = 'north' GROUP BY device_id ORDER BY device_id",
  );
  const rows = await result.toRows();
  for (const row of rows)
    console.log(`north ${String(row.fields[0])}: ${String(row.fields[1])} points, max ${String(row.fields[2])}`);
  const points = rows.reduce<bigint>((sum, row) => sum + (row.fields[1] as bigint), 0n);
  if (rows.length !== DEVICES_PER_REGION || points !== BigInt(DEVICES_PER_REGION * ROWS_PER_DEVICE)) {
    throw new Error(
      `expected ${DEVICES_PER_REGION} north devices with ${DEVICES_PER_REGION * ROWS_PER_DEVICE} points, got ${rows.length} with ${points}`,
    );
  }
  console.log(`region 'north': ${rows.length} devices, ${points} points`);
} finally {
  await session.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${database}`).catch(() => {});
  await session.close();
}
