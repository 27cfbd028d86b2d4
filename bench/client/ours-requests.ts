// One request of each case on our client, through the public API a user calls (ours-side.ts times
// them; capture.ts records them).
import { client, type IoTDBClient } from "../e2e/client.js";
import {
  caseData,
  type CaseSpec,
  recordDevice,
  SENSORS,
  TABLE_DATABASE,
  TABLE_NAME,
  TAG_COLUMN,
  TREE_DEVICE,
} from "./workload.js";

export type AnySession = IoTDBClient.Session | IoTDBClient.TableSession;

/** A session of the case's model, with default options (not opened). */
export function newSession(spec: CaseSpec, endpoint: { host: string; port: number }): AnySession {
  const options = { ...endpoint, username: "root", password: "root" };
  return spec.model === "table"
    ? new client.TableSession({ ...options, database: TABLE_DATABASE })
    : new client.Session(options);
}

/** Query cells summed here, so that reading them cannot be optimised away. */
const readSink = { sum: 0 };

/** The case's request: its input is built once, here; the returned function sends it on a session. */
export function oursRequest(spec: CaseSpec): (session: AnySession) => Promise<unknown> {
  const { timestamps, columns } = caseData(spec);
  const fields = SENSORS.map((s) => ({ name: s.name, type: s.type }));
  switch (spec.op) {
    case "tablet":
    case "aligned-tablet": {
      if (spec.model === "table") {
        const tablet: IoTDBClient.SessionTablet = {
          schema: {
            target: TABLE_NAME,
            columns: [
              { name: TAG_COLUMN, type: "STRING", category: "TAG" },
              ...fields.map((f) => ({ ...f, category: "FIELD" as const })),
            ],
          },
          timestamps,
          values: [new Array<string>(spec.rows).fill("d0"), ...columns],
        };
        return (s) => (s as IoTDBClient.TableSession).insert(tablet);
      }
      const tablet: IoTDBClient.SessionTablet = {
        schema: { target: TREE_DEVICE, columns: fields },
        timestamps,
        values: columns,
      };
      return spec.op === "aligned-tablet"
        ? (s) => (s as IoTDBClient.Session).insertAlignedTablet(tablet)
        : (s) => (s as IoTDBClient.Session).insertTablet(tablet);
    }
    case "records": {
      const measurements = SENSORS.map((s) => s.name);
      const types = SENSORS.map((s) => s.type);
      const records = Array.from({ length: spec.rows }, (_, r) => ({
        deviceId: recordDevice(r),
        time: timestamps[r]!,
        measurements,
        types,
        values: columns.map((c) => (c instanceof Uint8Array ? c[r] === 1 : c[r]!)),
      }));
      return (s) => (s as IoTDBClient.Session).insertRecords(records);
    }
    case "query":
      if (spec.read === "iterator") return iteratorQuery(spec.sql!);
      return async (s) => {
        const dataSet = await s.executeQueryStatement(spec.sql!);
        let sum = 0;
        for await (const row of dataSet) {
          for (const v of row.fields) if (typeof v === "number") sum += v;
        }
        readSink.sum += sum;
      };
  }
}

/**
 * Every cell through DataIterator's typed getters by 1-based index, as the Java harness reads (each column's getter
 * chosen once, by its type).
 */
export function iteratorQuery(sql: string): (session: AnySession) => Promise<unknown> {
  const GETTER: Record<string, number> = { BOOLEAN: 0, INT32: 1, INT64: 2, FLOAT: 3, DOUBLE: 4 };
  return async (s) => {
    const it = (await s.executeQueryStatement(sql)).iterator();
    const getters = it.getColumnTypeList().map((t) => GETTER[t] ?? 5);
    let sum = 0;
    let count = 0;
    while (await it.next()) {
      for (let c = 1; c <= getters.length; c++) {
        switch (getters[c - 1]) {
          case 0:
            if (it.getBoolean(c) === true) count++;
            break;
          case 1:
            sum += it.getInt(c) ?? 0;
            break;
          case 2:
            sum += Number(it.getLong(c) ?? 0);
            break;
          case 3:
            sum += it.getFloat(c) ?? 0;
            break;
          case 4:
            sum += it.getDouble(c) ?? 0;
            break;
          default:
            count += it.getString(c)?.length ?? 0;
        }
      }
    }
    readSink.sum += sum + count;
  };
}
