// What a write case or mode writes: database, devices, sensors, how the devices are shared among
// concurrent clients (and worker processes), the timestamps, and the one batch template every
// device writes (handed to the Java client as JSON, so both write exactly the same values).
import {
  ConfigError,
  type ComparisonParams,
  type PoolSettings,
  type RoundLength,
  type TimestampPrecision,
  type WriteParams,
} from "./config.js";
import { generateTemplate, type Sensor, type TemplateColumn } from "./template.js";
import { sensorTypes } from "./type-mix.js";

export type Model = "tree" | "aligned" | "table";

/** The write cases: ours against Java on one workload each, with ratios and targets (results.ts). */
export interface WriteCase {
  name: string;
  model: Model;
  /** Shape fixed by the case; otherwise DEVICE_NUMBER, SENSOR_NUMBER, BATCH_SIZE_PER_WRITE apply. */
  shape?: Shape;
  /** How the rows go: as tablets (default), every row of a loop as one insertRecords call, or one row at a time. */
  insert?: InsertKind;
}

/**
 * tablets: one per device; records: every device's rows of a loop as one insertRecords call;
 * rows: CLIENT_NUMBER producers emitting one row at a time (our batching writer against Java's
 * hand-batched tablets and its insertRecord per row); concurrentRecords: CONCURRENT_WRITERS
 * writers, each one insertRecord per row on a pool with its defaults.
 */
export type InsertKind = "tablets" | "records" | "rows" | "concurrentRecords";

/** The kinds whose producers hand the client one row at a time (row-writer.ts; Java's rowsBatched / rowRecord). */
export function rowArrival(w: Pick<Workload, "insert">): boolean {
  return w.insert === "rows" || w.insert === "concurrentRecords";
}

interface Shape {
  deviceNumber: number;
  sensorNumber: number;
  batchSize: number;
}

export const WRITE_CASES: readonly WriteCase[] = [
  { name: "e2e-tree-default", model: "tree" },
  { name: "e2e-aligned-default", model: "aligned" },
  { name: "e2e-table-default", model: "table" },
  // The existing Node benchmark's best configuration (1000 devices x 50 sensors x 500 rows).
  { name: "e2e-tree-large", model: "tree", shape: { deviceNumber: 1000, sensorNumber: 50, batchSize: 500 } },
  // What auto-converting records to tablets is worth: 100 records (10 devices × 10 rows) per
  // insertRecords call, which Java 2.0.5 (40 or more records) and our default send as insertTablets.
  {
    name: "e2e-insert-records",
    model: "tree",
    shape: { deviceNumber: 10, sensorNumber: 10, batchSize: 10 },
    insert: "records",
  },
  // Row arrival: rows arriving one at a time (DEVICE_NUMBER × SENSOR_NUMBER, CLIENT_NUMBER producers),
  // and CONCURRENT_WRITERS small writers of one record per call (a device each).
  { name: "e2e-ingest-rows", model: "tree", insert: "rows" },
  { name: "e2e-concurrent-records", model: "tree", insert: "concurrentRecords" },
];

/** A round as a writer runs it: a number of loops, or until a deadline. */
export type RoundSpan = { loops: number } | { durationMs: number };

/** Devices first .. first + count - 1. */
export interface DeviceRange {
  first: number;
  count: number;
}

export interface Workload {
  /** Case or mode name. */
  name: string;
  model: Model;
  /** Tree: "root.x" (devices below it); table: the database holding table TABLE_NAME. */
  database: string;
  /** Devices in the schema: d_0 .. d_(deviceNumber-1). */
  deviceNumber: number;
  /** The devices this writer writes: all of them, or a worker's share. */
  range: DeviceRange;
  clientNumber: number;
  /** ENABLE_DEVICE_SESSION_BINDING: one client per pool session, each holding it for the round. */
  bindSessions: boolean;
  pool: PoolSettings;
  sensors: Sensor[];
  batchSize: number;
  /** Timestamps in TIMESTAMP_PRECISION units. */
  firstTimestamp: bigint;
  pointStep: bigint;
  timed: RoundSpan;
  warmup: RoundSpan;
  template: TemplateColumn[];
  insert: InsertKind;
  /** Both libraries' pools with their own defaults (size, wait timeout), not the POOL_* settings. */
  poolDefaults: boolean;
}

/** Table-model workloads write one table; the device is its TAG column. */
export const TABLE_NAME = "t";
export const TAG_COLUMN = "device_id";

/** 2023-11-14T22:13:20Z, in ms; rounds write consecutive time ranges from here. */
const FIRST_TIMESTAMP_MS = 1_700_000_000_000n;
const UNITS_PER_MS: Record<TimestampPrecision, bigint> = { ms: 1n, us: 1000n, ns: 1_000_000n };

/** Device i is named devicePrefix + i: "d_i" (table TAG value) or "<database>.d_i" (tree). */
export function devicePrefix(w: Pick<Workload, "model" | "database">): string {
  return w.model === "table" ? "d_" : `${w.database}.d_`;
}

export function deviceName(w: Pick<Workload, "model" | "database">, index: number): string {
  return `${devicePrefix(w)}${index}`;
}

export function pointsPerTablet(w: Workload): number {
  return w.sensors.length * w.batchSize;
}

export function pointsPerLoop(w: Workload): number {
  return w.range.count * pointsPerTablet(w);
}

/** A write case: its warm-up rounds are as long as its timed ones (the JIT needs the work). */
export function buildCaseWorkload(c: WriteCase, p: WriteParams): Workload {
  const suffix = c.name
    .replace(/^e2e-/, "")
    .replace(/-default$/, "")
    .replaceAll("-", "_");
  const database = c.model === "table" ? `e2e_${suffix}` : `root.e2e_${suffix}`;
  const shape = c.shape ?? { deviceNumber: p.deviceNumber, sensorNumber: p.sensorNumber, batchSize: p.batchSize };
  // One insertRecords call per loop: one client, no session to bind.
  if (c.insert === "records")
    return {
      ...build(c.name, c.model, database, shape, { ...p, clientNumber: 1, binding: false }, "same"),
      insert: "records",
    };
  // Producers share the pool (or the writer): no session to bind.
  if (c.insert === "rows")
    return { ...build(c.name, c.model, database, shape, { ...p, binding: false }, "same"), insert: "rows" };
  if (c.insert === "concurrentRecords") {
    const writers = p.concurrentWriters;
    const own = build(
      c.name,
      c.model,
      database,
      { ...shape, deviceNumber: writers },
      { ...p, clientNumber: writers, binding: false },
      "same",
    );
    return { ...own, insert: "concurrentRecords", poolDefaults: true };
  }
  return build(c.name, c.model, database, shape, p, "same");
}

/** A mode of the existing tools (tree, table, cluster): a warm-up round is one loop over every device. */
export function buildModeWorkload(name: string, model: Model, p: WriteParams): Workload {
  const database = model === "table" ? `e2e_bench_${name}` : `root.e2e_bench_${name}`;
  return build(
    name,
    model,
    database,
    { deviceNumber: p.deviceNumber, sensorNumber: p.sensorNumber, batchSize: p.batchSize },
    p,
    "one-loop",
  );
}

/**
 * The API comparison: `sets` sets of TABLET_COUNT devices (one per method and library), one
 * tablet per device, written once per round by one method (one client for the sequential
 * method; the others take every tablet of the loop).
 */
export function buildComparisonWorkload(
  name: string,
  model: Model,
  p: WriteParams,
  c: ComparisonParams,
  sets: number,
): Workload {
  const database = model === "table" ? `e2e_cmp_table` : `root.e2e_cmp`;
  const single: WriteParams = { ...p, clientNumber: 1, binding: false, length: { loops: 1 } };
  return build(
    name,
    model,
    database,
    { deviceNumber: c.tabletCount * sets, sensorNumber: p.sensorNumber, batchSize: p.batchSize },
    single,
    "one-loop",
  );
}

function build(
  name: string,
  model: Model,
  database: string,
  shape: Shape,
  p: WriteParams,
  warmup: "same" | "one-loop",
): Workload {
  const sensors = sensorTypes(p.typeMix, shape.sensorNumber).map((type, i) => ({ name: `s_${i}`, type }));
  if (p.binding && shape.deviceNumber % (p.workerCount * p.pool.maxSize) !== 0) {
    throw new ConfigError(
      `ENABLE_DEVICE_SESSION_BINDING: ${name} has ${shape.deviceNumber} devices, not a multiple of WORKER_COUNT × POOL_MAX_SIZE (${p.workerCount} × ${p.pool.maxSize})`,
    );
  }
  const timed = span(p.length, shape.deviceNumber * shape.sensorNumber * shape.batchSize);
  const units = UNITS_PER_MS[p.timestampPrecision];
  return {
    name,
    model,
    database,
    deviceNumber: shape.deviceNumber,
    range: { first: 0, count: shape.deviceNumber },
    clientNumber: p.clientNumber,
    bindSessions: p.binding,
    pool: p.pool,
    sensors,
    batchSize: shape.batchSize,
    firstTimestamp: FIRST_TIMESTAMP_MS * units,
    pointStep: BigInt(p.pointStep) * units,
    timed,
    warmup: warmup === "same" ? timed : { loops: 1 },
    template: generateTemplate(sensors, shape.batchSize, p.stringLength, p.seed),
    insert: "tablets",
    poolDefaults: false,
  };
}

/** TOTAL_DATA_POINTS becomes whole loops over every device of the workload. */
function span(length: RoundLength, pointsPerLoop: number): RoundSpan {
  if ("loops" in length) return { loops: length.loops };
  if ("totalPoints" in length) return { loops: Math.ceil(length.totalPoints / pointsPerLoop) };
  return { durationMs: length.durationMs };
}

/**
 * The device indices each concurrent client writes, in order. Bound sessions: POOL_MAX_SIZE
 * clients with a contiguous, equal share each. Otherwise client c of C writes c, c+C, c+2C, ...
 * (at most one client per device).
 */
export function clientDevices(w: Workload): number[][] {
  const { first, count } = w.range;
  if (w.bindSessions) {
    const per = count / w.pool.maxSize;
    return Array.from({ length: w.pool.maxSize }, (_, k) => Array.from({ length: per }, (_, i) => first + k * per + i));
  }
  const clients = Math.min(w.clientNumber, count);
  return Array.from({ length: clients }, (_, c) => {
    const devices: number[] = [];
    for (let d = first + c; d < first + count; d += clients) devices.push(d);
    return devices;
  });
}

/** The workload of each of `workers` worker processes: consecutive device ranges of ceil(devices / workers). */
export function workerShares(w: Workload, workers: number): Workload[] {
  const per = Math.ceil(w.range.count / workers);
  const shares: Workload[] = [];
  for (let first = w.range.first; first < w.range.first + w.range.count; first += per) {
    shares.push({ ...w, range: { first, count: Math.min(per, w.range.first + w.range.count - first) } });
  }
  return shares;
}

export function describeSpan(s: RoundSpan): string {
  return "loops" in s ? `${s.loops} loop${s.loops === 1 ? "" : "s"}` : `${+(s.durationMs / 1000).toFixed(3)} s`;
}
