// The query benchmark's data: one aligned device with 10 sensors of the type mix, written with
// our client before any timing, flushed to disk, and its row count checked.
import { openTreeSession, type Endpoint } from "../connect.js";
import type { IoTDBClient } from "../client.js";
import { Lease } from "../lease.js";
import { dropTreeDatabase } from "../schema.js";
import { sensorTypes, type TypeMix } from "../type-mix.js";
import { generateTemplate, type Sensor } from "../workload.js";

export const QUERY_DATABASE = "root.e2e_query";
export const QUERY_DEVICE = `${QUERY_DATABASE}.d_0`;
export const QUERY_COLUMNS = 10;
const FIRST_TIME = 1_700_000_000_000;
const ROWS_PER_TABLET = 10_000;
const WRITERS = 4;

export interface QueryData {
  sensors: Sensor[];
  rows: number;
}

/** `select` of the first `rows` rows, every column. */
export function querySql(data: QueryData, rows: number): string {
  return `select ${data.sensors.map((s) => s.name).join(", ")} from ${QUERY_DEVICE} where time < ${FIRST_TIME + rows}`;
}

export async function writeQueryData(e: Endpoint, rows: number, typeMix: TypeMix, stringLength: number, seed: number): Promise<QueryData> {
  const sensors = sensorTypes(typeMix, QUERY_COLUMNS).map((type, i) => ({ name: `s_${i}`, type }));
  const template = generateTemplate(sensors, ROWS_PER_TABLET, stringLength, seed);
  const sessions: IoTDBClient.Session[] = [];
  for (let i = 0; i < WRITERS; i++) sessions.push(await openTreeSession(e));
  try {
    const admin = sessions[0]!;
    await dropQueryData(e);
    await admin.createDatabase(QUERY_DATABASE);
    await admin.createAlignedTimeseries(
      QUERY_DEVICE,
      sensors.map((s) => ({ name: s.name, dataType: s.type })),
    );
    const lease = new Lease(sessions);
    const writes: Promise<void>[] = [];
    let failure: unknown;
    for (let first = 0; first < rows; first += ROWS_PER_TABLET) {
      const count = Math.min(ROWS_PER_TABLET, rows - first);
      const timestamps = BigInt64Array.from({ length: count }, (_, r) => BigInt(FIRST_TIME + first + r));
      const values = template.map((column) => (count === ROWS_PER_TABLET ? column : column.slice(0, count)));
      const session = await lease.acquire();
      writes.push(
        session
          .insertAlignedTablet({ schema: { target: QUERY_DEVICE, columns: sensors }, timestamps, values })
          .then(
            () => lease.release(session),
            (err: unknown) => {
              failure ??= err;
              lease.release(session);
            },
          ),
      );
    }
    await Promise.all(writes);
    if (failure !== undefined) throw failure;
    await admin.executeNonQueryStatement("FLUSH");
    const counted = await admin.executeQueryStatement(`select count(${sensors[0]!.name}) from ${QUERY_DEVICE}`);
    let stored = 0;
    for await (const row of counted.rows({ int64: "number" })) stored = row.fields[0] as number;
    if (stored !== rows) throw new Error(`query data: wrote ${rows} rows, the server holds ${stored}`);
  } finally {
    await Promise.allSettled(sessions.map((s) => s.close()));
  }
  return { sensors, rows };
}

export async function dropQueryData(e: Endpoint): Promise<void> {
  const session = await openTreeSession(e);
  try {
    await dropTreeDatabase(session, QUERY_DATABASE);
  } finally {
    await session.close();
  }
}
