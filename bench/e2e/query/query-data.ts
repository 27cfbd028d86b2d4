// The query benchmark's data: one aligned device with 10 sensors of the type mix, written with
// our client before any timing, flushed to disk, and its row count checked.
import { openTreePool, openTreeSession, type Endpoint } from "../connect.js";
import { dropTreeDatabase } from "../schema.js";
import { sensorTypes, type TypeMix } from "../type-mix.js";
import { generateTemplate, type Sensor } from "../template.js";

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

export async function writeQueryData(
  e: Endpoint,
  rows: number,
  typeMix: TypeMix,
  stringLength: number,
  seed: number,
): Promise<QueryData> {
  const sensors = sensorTypes(typeMix, QUERY_COLUMNS).map((type, i) => ({ name: `s_${i}`, type }));
  const template = generateTemplate(sensors, ROWS_PER_TABLET, stringLength, seed);
  await dropQueryData(e);
  const pool = await openTreePool(e, { maxSize: WRITERS });
  try {
    await pool.createDatabase(QUERY_DATABASE);
    await pool.createAlignedTimeseries(
      QUERY_DEVICE,
      sensors.map((s) => ({ name: s.name, dataType: s.type })),
    );
    const tablets = [];
    for (let first = 0; first < rows; first += ROWS_PER_TABLET) {
      const count = Math.min(ROWS_PER_TABLET, rows - first);
      const timestamps = BigInt64Array.from({ length: count }, (_, r) => BigInt(FIRST_TIME + first + r));
      const values = template.map((column) => (count === ROWS_PER_TABLET ? column : column.slice(0, count)));
      tablets.push({ schema: { target: QUERY_DEVICE, columns: sensors }, timestamps, values });
    }
    const outcomes = await pool.executeConcurrent(tablets, (session, tablet) => session.insertAlignedTablet(tablet), {
      stopOnError: true,
    });
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed !== undefined) throw new Error(`query data: a write failed: ${String(failed.reason)}`);
    await pool.executeNonQueryStatement("FLUSH");
    const counted = await pool.executeQueryStatement(`select count(${sensors[0]!.name}) from ${QUERY_DEVICE}`);
    let stored = 0;
    for await (const row of counted.rows({ int64: "number" })) stored = row.fields[0] as number;
    if (stored !== rows) throw new Error(`query data: wrote ${rows} rows, the server holds ${stored}`);
  } finally {
    await pool.close();
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
