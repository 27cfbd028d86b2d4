// Databases, time series and tables of a write case, created before any timing and dropped after.
import type { IoTDBClient } from "./client.js";
import { openTableSession, openTreeSession, type Endpoint } from "./connect.js";
import type { MixType } from "./type-mix.js";
import { deviceName, TABLE_NAME, TAG_COLUMN, type Workload } from "./workload.js";

/** IoTDB's default encoding per type, so explicit creation matches what auto-creation would give. */
const ENCODING: Record<MixType, "RLE" | "TS_2DIFF" | "GORILLA" | "PLAIN"> = {
  BOOLEAN: "RLE",
  INT32: "TS_2DIFF",
  INT64: "TS_2DIFF",
  FLOAT: "GORILLA",
  DOUBLE: "GORILLA",
  TEXT: "PLAIN",
};

/** Time series per createMultiTimeseries request. */
const SERIES_PER_REQUEST = 5000;

/** Drops what a previous run may have left, then creates the case's schema. */
export async function createSchema(e: Endpoint, w: Workload): Promise<void> {
  await dropSchema(e, w);
  if (w.model === "table") {
    const session = await openTableSession(e);
    try {
      await session.executeNonQueryStatement(`CREATE DATABASE ${w.database}`);
      const fields = w.sensors.map((s) => `${s.name} ${s.type} FIELD`).join(", ");
      await session.executeNonQueryStatement(
        `CREATE TABLE ${w.database}.${TABLE_NAME} (${TAG_COLUMN} STRING TAG, ${fields})`,
      );
    } finally {
      await session.close();
    }
    return;
  }
  const session = await openTreeSession(e);
  try {
    await session.createDatabase(w.database);
    if (w.model === "aligned") {
      const specs = w.sensors.map((s) => ({
        name: s.name,
        dataType: s.type,
        encoding: ENCODING[s.type],
        compressor: "LZ4" as const,
      }));
      for (let d = 0; d < w.deviceNumber; d++) await session.createAlignedTimeseries(deviceName(w, d), specs);
      return;
    }
    let batch: IoTDBClient.MeasurementSpec[] = [];
    for (let d = 0; d < w.deviceNumber; d++) {
      for (const s of w.sensors) {
        batch.push({
          name: `${deviceName(w, d)}.${s.name}`,
          dataType: s.type,
          encoding: ENCODING[s.type],
          compressor: "LZ4",
        });
        if (batch.length === SERIES_PER_REQUEST) {
          await session.createMultiTimeseries(batch);
          batch = [];
        }
      }
    }
    if (batch.length > 0) await session.createMultiTimeseries(batch);
  } finally {
    await session.close();
  }
}

/** Drops the case's database if it exists. */
export async function dropSchema(e: Endpoint, w: Workload): Promise<void> {
  if (w.model === "table") {
    const session = await openTableSession(e);
    try {
      await session.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${w.database}`);
    } finally {
      await session.close();
    }
    return;
  }
  const session = await openTreeSession(e);
  try {
    await dropTreeDatabase(session, w.database);
  } finally {
    await session.close();
  }
}

/** Deletes a tree-model database if the server has it. */
export async function dropTreeDatabase(session: IoTDBClient.Session, database: string): Promise<void> {
  const existing = await session.executeQueryStatement(`SHOW DATABASES ${database}`);
  let exists = false;
  for await (const _row of existing) exists = true;
  if (exists) await session.deleteDatabase(database);
}
