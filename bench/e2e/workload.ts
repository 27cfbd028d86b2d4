// The write cases and what one case writes: database, devices, sensors, and the one batch
// template of values every device writes (generated from a seed before any timing, handed to
// the Java client as JSON so both write exactly the same values).
import { seededRandom } from "../lib/data.js";
import type { RoundLength, WriteParams } from "./config.js";
import { type MixType, sensorTypes } from "./type-mix.js";

export type Model = "tree" | "aligned" | "table";

export interface WriteCase {
  name: string;
  /** Short selector on the command line. */
  alias: string;
  model: Model;
  /** Shape fixed by the case; otherwise DEVICE_NUMBER, SENSOR_NUMBER, BATCH_SIZE_PER_WRITE apply. */
  shape?: { deviceNumber: number; sensorNumber: number; batchSize: number };
}

export const WRITE_CASES: readonly WriteCase[] = [
  { name: "e2e-tree-default", alias: "tree", model: "tree" },
  { name: "e2e-aligned-default", alias: "aligned", model: "aligned" },
  { name: "e2e-table-default", alias: "table", model: "table" },
  // The existing Node benchmark's best configuration (1000 devices x 50 sensors x 500 rows).
  { name: "e2e-tree-large", alias: "large", model: "tree", shape: { deviceNumber: 1000, sensorNumber: 50, batchSize: 500 } },
];

export interface Sensor {
  name: string;
  type: MixType;
}

/** One column of the batch template, in our client's columnar form. */
export type TemplateColumn = Float32Array | Float64Array | Int32Array | BigInt64Array | Uint8Array | string[];

export interface Workload {
  caseName: string;
  model: Model;
  /** Tree: "root.e2e_tree" (devices below it); table: the database holding table TABLE_NAME. */
  database: string;
  deviceNumber: number;
  clientNumber: number;
  /** Most sessions of each library's pool (POOL_MAX_SIZE). */
  poolMaxSize: number;
  sensors: Sensor[];
  batchSize: number;
  pointStep: number;
  /** Per round: a loop count, or a duration (every client stops starting writes at the deadline). */
  loops: number | undefined;
  durationMs: number | undefined;
  template: TemplateColumn[];
}

/** Table-model cases write one table; the device is its TAG column. */
export const TABLE_NAME = "t";
export const TAG_COLUMN = "device_id";

export function deviceName(workload: Pick<Workload, "model" | "database">, index: number): string {
  return workload.model === "table" ? `d_${index}` : `${workload.database}.d_${index}`;
}

export function buildWorkload(c: WriteCase, p: WriteParams): Workload {
  const shape = c.shape ?? { deviceNumber: p.deviceNumber, sensorNumber: p.sensorNumber, batchSize: p.batchSize };
  const clientNumber = Math.min(p.clientNumber, shape.deviceNumber);
  const sensors = sensorTypes(p.typeMix, shape.sensorNumber).map((type, i) => ({ name: `s_${i}`, type }));
  const pointsPerLoop = shape.deviceNumber * shape.sensorNumber * shape.batchSize;
  const { loops, durationMs } = resolveLength(p.length, pointsPerLoop);
  const suffix = c.name.replace(/^e2e-/, "").replace(/-default$/, "").replaceAll("-", "_");
  return {
    caseName: c.name,
    model: c.model,
    database: c.model === "table" ? `e2e_${suffix}` : `root.e2e_${suffix}`,
    deviceNumber: shape.deviceNumber,
    clientNumber,
    poolMaxSize: p.poolMaxSize,
    sensors,
    batchSize: shape.batchSize,
    pointStep: p.pointStep,
    loops,
    durationMs,
    template: generateTemplate(sensors, shape.batchSize, p.stringLength, p.seed),
  };
}

function resolveLength(length: RoundLength, pointsPerLoop: number): { loops: number | undefined; durationMs: number | undefined } {
  if ("loops" in length) return { loops: length.loops, durationMs: undefined };
  if ("totalPoints" in length) return { loops: Math.ceil(length.totalPoints / pointsPerLoop), durationMs: undefined };
  return { loops: undefined, durationMs: length.durationMs };
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `rows` values per sensor, column by column from one seeded generator. */
export function generateTemplate(sensors: readonly Sensor[], rows: number, stringLength: number, seed: number): TemplateColumn[] {
  const random = seededRandom(seed);
  return sensors.map(({ type }) => {
    switch (type) {
      case "FLOAT":
        return Float32Array.from({ length: rows }, () => (random() - 0.5) * 2000);
      case "DOUBLE":
        return Float64Array.from({ length: rows }, () => (random() - 0.5) * 2e6);
      case "INT32":
        return Int32Array.from({ length: rows }, () => Math.floor(random() * 2_000_000) - 1_000_000);
      case "INT64":
        return BigInt64Array.from({ length: rows }, () => BigInt(Math.floor(random() * 2 ** 52)) - 2n ** 51n);
      case "BOOLEAN":
        return Uint8Array.from({ length: rows }, () => (random() < 0.5 ? 1 : 0));
      case "TEXT":
        return Array.from({ length: rows }, () => {
          let s = "";
          for (let i = 0; i < stringLength; i++) s += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
          return s;
        });
    }
  });
}

/** The template as JSON values: INT64 as decimal strings, BOOLEAN as booleans (the Java harness's convention). */
export function templateJson(template: readonly TemplateColumn[]): unknown[][] {
  return template.map((column) => {
    if (column instanceof BigInt64Array) return Array.from(column, (v) => v.toString());
    if (column instanceof Uint8Array) return Array.from(column, (v) => v === 1);
    return Array.from(column as ArrayLike<number | string>);
  });
}

export function pointsPerTablet(w: Workload): number {
  return w.sensors.length * w.batchSize;
}
