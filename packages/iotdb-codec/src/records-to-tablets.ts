// The Java Session's records-to-tablets conversion (enableRecordsAutoConvertTablet, on by default
// in iotdb-session 2.0.5): insertRecords of 40 or more records, over at most half as many devices
// as records, is sent as insertTablets (one tablet per device); insertRecordsOfOneDevice of 40 or
// more as insertTablet; unless some record has fewer than half of its device's measurements.
//
// A tablet's columns are the union of its device's measurements, each with the type of its first
// occurrence, in java.util.HashMap order (java-hash-order.ts; the map is filled with put), and
// the tablets of a batch are in the order of another HashMap (filled with computeIfAbsent). Rows
// keep the records' order (the tablet encoder then stable-sorts them by time, as the Session
// does); a measurement a record lacks, or gives a null, is a null cell. Nothing is dropped, so an
// all-null record is an all-null row. Java writes a cell through the value class of its column's
// type; a record whose value class differs (an INT32 where the column is DATE) makes the Java
// client throw, so it is refused here too, naming the record.
//
// Java decides on a random sample of 5% of the records (Session.judgeConvertOf*): it converts when
// every sampled record holds at least half of the measurements seen in the sample for its device.
// A sample cannot be reproduced, so this checks every record against its device's whole union:
// when that passes, every sample passes, so Java converts too. A batch that fails here (sent as
// records) might still be converted by Java for a lucky sample.
import { EncodeError } from "./errors.js";
import { javaHashMapOrder } from "./java-hash-order.js";
import { javaString } from "./java-string.js";
import type { DeviceRecord } from "./records.js";
import type { Cell, Tablet, TabletColumn } from "./tablet.js";
import { resolveType } from "./tablet-schema.js";
import { TSDataType, typeName, type SendableType } from "./types.js";

/** Session.MIN_RECORDS_SIZE: smaller batches are always sent as records. */
export const MIN_RECORDS_TO_CONVERT = 40;
/** Session.CONVERT_THRESHOLD: most devices per record, least share of a device's measurements per record. */
const CONVERT_THRESHOLD = 0.5;

interface DeviceGroup {
  readonly device: string;
  /** Record indices, in order. */
  readonly rows: number[];
  /** Measurement names in first-seen order, their types, and name → column. */
  readonly names: string[];
  readonly types: SendableType[];
  readonly columnOf: Map<string, number>;
  /** Measurements of the device's first record: HashMap initial capacity - 1. */
  readonly firstRecordSize: number;
  /**
   * The last measurements array seen for the device and the column of each of its names. Records
   * usually share one array object per device; while it is the same object (it cannot change
   * during this synchronous call) its names need no map lookups (bench/client insert-records-100).
   */
  lastMeasurements: readonly string[] | undefined;
  lastColumns: Int32Array;
}

/**
 * insertRecords / insertAlignedRecords: the tablets Java sends instead (in its order), or
 * undefined when it sends the records. Records must have been validated (prepareRecords).
 */
export function recordsAsTablets(records: readonly (DeviceRecord & { deviceId: string })[], aligned: boolean): Tablet[] | undefined {
  if (records.length < MIN_RECORDS_TO_CONVERT) return undefined;
  const groups = groupByDevice(records, (r) => r.deviceId);
  if (groups.length / records.length > CONVERT_THRESHOLD || !everyRecordFits(records, groups)) return undefined;
  // Session.convertToTabletsAndInsert fills `tablets` with computeIfAbsent, one call per record.
  const order = javaHashMapOrder(
    records.map((r) => r.deviceId),
    { initialCapacity: groups.length + 1, loadFactor: 1, insertion: "computeIfAbsent" },
  );
  return order.map((i) => groupTablet(groups[i]!, records, aligned));
}

/** insertRecordsOfOneDevice / insertAlignedRecordsOfOneDevice: the tablet Java sends instead, or undefined. */
export function deviceRecordsAsTablet(deviceId: string, records: readonly DeviceRecord[], aligned: boolean): Tablet | undefined {
  if (records.length < MIN_RECORDS_TO_CONVERT) return undefined;
  const groups = groupByDevice(records, () => deviceId);
  if (!everyRecordFits(records, groups)) return undefined;
  return groupTablet(groups[0]!, records, aligned);
}

function groupByDevice<R extends DeviceRecord>(records: readonly R[], deviceOf: (r: R) => string): DeviceGroup[] {
  const byDevice = new Map<string, DeviceGroup>();
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const device = deviceOf(record);
    let group = byDevice.get(device);
    if (group === undefined) {
      const firstRecordSize = record.measurements.length;
      group = { device, rows: [], names: [], types: [], columnOf: new Map(), firstRecordSize, lastMeasurements: undefined, lastColumns: new Int32Array(0) };
      byDevice.set(device, group);
    }
    group.rows.push(i);
    const { measurements, types } = record;
    if (measurements === group.lastMeasurements) continue;
    for (let j = 0; j < measurements.length; j++) {
      const name = measurements[j]!;
      if (group.columnOf.has(name)) continue;
      group.columnOf.set(name, group.names.length);
      group.names.push(name);
      group.types.push(resolveType(types[j], name, i));
    }
    columnsOf(group, measurements);
  }
  return [...byDevice.values()];
}

/** The column of each of `measurements`' names in the device's union, kept as the group's last. */
function columnsOf(group: DeviceGroup, measurements: readonly string[]): Int32Array {
  if (measurements === group.lastMeasurements) return group.lastColumns;
  const columns = new Int32Array(measurements.length);
  for (let j = 0; j < measurements.length; j++) columns[j] = group.columnOf.get(measurements[j]!)!;
  group.lastMeasurements = measurements;
  group.lastColumns = columns;
  return columns;
}

function everyRecordFits(records: readonly DeviceRecord[], groups: readonly DeviceGroup[]): boolean {
  for (const g of groups) {
    // Java's test, `size / union < 0.5`, is false for 0 / 0 (NaN); so is this one.
    for (const i of g.rows) if (records[i]!.measurements.length / g.names.length < CONVERT_THRESHOLD) return false;
  }
  return true;
}

function groupTablet(g: DeviceGroup, records: readonly DeviceRecord[], aligned: boolean): Tablet {
  const order = javaHashMapOrder(g.names, { initialCapacity: g.firstRecordSize + 1, loadFactor: 1, insertion: "put" });
  const positionOf = new Int32Array(g.names.length);
  order.forEach((column, position) => (positionOf[column] = position));
  const columns: TabletColumn[] = order.map((c) => ({ name: g.names[c]!, type: g.types[c]! }));
  const rowCount = g.rows.length;
  const values: Cell[][] = columns.map(() => new Array<Cell>(rowCount).fill(null));
  const timestamps: (number | bigint | Date)[] = new Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    const index = g.rows[row]!;
    const record = records[index]!;
    timestamps[row] = record.time;
    const columnOfName = columnsOf(g, record.measurements);
    for (let j = 0; j < record.measurements.length; j++) {
      const name = record.measurements[j]!;
      const column = columnOfName[j]!;
      const columnType = g.types[column]!;
      const v = record.values[j];
      values[positionOf[column]!]![row] = v === null || v === undefined ? null : cellFor(columnType, resolveType(record.types[j], name, index), v, name, index);
    }
  }
  return { schema: { model: "tree", target: g.device, aligned, columns }, timestamps, values, bitmapSection: "api" };
}

/** The Java value class a type's cells are written through (Tablet.addValue checks it). */
function valueClass(type: SendableType): number {
  switch (type) {
    case TSDataType.TIMESTAMP:
      return TSDataType.INT64;
    case TSDataType.STRING:
    case TSDataType.BLOB:
      return TSDataType.TEXT;
    default:
      return type;
  }
}

function cellFor(columnType: SendableType, recordType: SendableType, v: Cell, name: string, index: number): Cell {
  if (recordType !== columnType && valueClass(recordType) !== valueClass(columnType)) {
    throw new EncodeError(
      `record ${index} measurement ${JSON.stringify(name)}: ${typeName(recordType)} here, ${typeName(columnType)} in an earlier record of the device; ` +
        "converting the batch to tablets (autoConvertRecords) needs one type per measurement, as the Java client's does",
      name,
      index,
    );
  }
  // Java's BLOB column takes a String value as its UTF-8 bytes.
  return columnType === TSDataType.BLOB && typeof v === "string" ? Buffer.from(javaString(v), "utf8") : v;
}
