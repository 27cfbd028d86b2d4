// Stored points of a case in one round's time range, counted by the server.
import { openTableSession, openTreeSession, type Endpoint } from "./connect.js";
import type { IoTDBClient } from "./client.js";
import { deviceName, TABLE_NAME, type Workload } from "./workload.js";

/** count(*) over many series at once can exhaust a 2 GB DataNode's query memory: count in groups. */
const SERIES_PER_COUNT = 250;

/** Non-null values stored with startTime <= time < endTime in the case's devices. */
export async function countStoredPoints(e: Endpoint, w: Workload, startTime: bigint, endTime: bigint): Promise<number> {
  const range = `time >= ${startTime} and time < ${endTime}`;
  if (w.model === "table") {
    const session = await openTableSession(e, { database: w.database });
    try {
      const counts = w.sensors.map((s) => `count(${s.name})`).join(", ");
      return await sumOfRow(await session.executeQueryStatement(`select ${counts} from ${TABLE_NAME} where ${range}`));
    } finally {
      await session.close();
    }
  }
  const session = await openTreeSession(e);
  try {
    const devicesPerQuery = Math.max(1, Math.floor(SERIES_PER_COUNT / w.sensors.length));
    let total = 0;
    for (let first = 0; first < w.deviceNumber; first += devicesPerQuery) {
      const devices = [];
      for (let d = first; d < Math.min(w.deviceNumber, first + devicesPerQuery); d++) devices.push(deviceName(w, d));
      total += await sumOfRow(
        await session.executeQueryStatement(`select count(*) from ${devices.join(", ")} where ${range}`),
      );
    }
    return total;
  } finally {
    await session.close();
  }
}

/** The sum of every field of a one-row result of counts. */
async function sumOfRow(dataSet: IoTDBClient.SessionDataSet): Promise<number> {
  let sum = 0;
  for await (const row of dataSet.rows({ int64: "number" })) for (const v of row.fields) sum += Number(v ?? 0);
  return sum;
}
