// The Java Session's records-to-tablets conversion (enableRecordsAutoConvertTablet, on by default
// in iotdb-session 2.0.5). Session.insertRecords / insertAlignedRecords convert when there are at
// least MIN_RECORDS_SIZE (40) records, `distinct devices / records <= CONVERT_THRESHOLD` (0.5) and
// judgeConvertOfMultiDevice passes; they then send insertTablets (convertToTabletsAndInsert, one
// tablet per device). insert(Aligned)RecordsOfOneDevice convert when there are at least 40
// records and judgeConvertOfOneDevice passes, and send insertTablet (convertToTabletAndInsert).
// Both judges draw k = (int) (n * SAMPLE_PROPORTION (0.05)) distinct records at random and fail
// when a drawn record's `measurements.size() / (names of its device among the drawn records) <
// 0.5`, so Java's answer can vary from call to call; records-convert-judge.ts gives Java's answer
// whenever the draw cannot change it, else its likelier one. Nothing is filtered before the decision or the
// conversion: a measurement with a null value counts and is a null cell, an all-null record
// counts and is an all-null row; filterNullValueAndMeasurement runs only on the records path.
//
// A tablet's columns are the union of its device's measurements, each with the type of its first
// occurrence, in java.util.HashMap order (java-hash-order.ts; the map is filled with put), and
// the tablets of a batch are in the order of another HashMap (filled with computeIfAbsent). Rows
// keep the records' order (the tablet encoder then stable-sorts them by time, as the Session
// does); a measurement a record lacks, or gives a null, is a null cell. Java writes a cell
// through the value class of its column's type; a record whose value class differs (an INT32
// where the column is DATE) makes the Java client throw, so it is refused here too, naming the
// record.
import { EncodeError } from "./errors.js";
import { javaHashMapOrder } from "./java-hash-order.js";
import { CONVERT_THRESHOLD, javaJudgesConvert } from "./records-convert-judge.js";
import { javaString } from "./java-string.js";
import type { DeviceRecord } from "./records.js";
import type { Cell, Tablet, TabletColumn, TabletSchema } from "./tablet.js";
import { resolveType } from "./tablet-schema.js";
import { TSDataType, typeName, type SendableType } from "./types.js";

/** Session.MIN_RECORDS_SIZE: smaller batches are always sent as records. */
export const MIN_RECORDS_TO_CONVERT = 40;

interface DeviceGroup {
  readonly device: string;
  /** Record indices, in order. */
  readonly rows: number[];
  /**
   * Measurement names in first-seen order, their types, and name → column. Devices whose first
   * records share their measurements and types arrays share these too until one's union grows
   * (then it gets its own copies): in a batch of many devices with one list of measurements
   * the union is built once (bench/client insert-records-100).
   */
  names: string[];
  types: SendableType[];
  columnOf: Map<string, number>;
  shared: boolean;
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

/** The union of one record's measurements: what a device group starts from. */
interface FirstUnion {
  readonly measurements: readonly string[];
  readonly typesGiven: DeviceRecord["types"];
  readonly names: string[];
  readonly types: SendableType[];
  readonly columnOf: Map<string, number>;
  readonly columns: Int32Array;
}

/**
 * insertRecords / insertAlignedRecords: the tablets Java sends instead (in its order), or
 * undefined when it sends the records. Records must have been validated (prepareRecords).
 */
export function recordsAsTablets(
  records: readonly (DeviceRecord & { deviceId: string })[],
  aligned: boolean,
): Tablet[] | undefined {
  if (records.length < MIN_RECORDS_TO_CONVERT) return undefined;
  const groups = groupByDevice(records, (r) => r.deviceId);
  // Session.CONVERT_THRESHOLD is also the most devices per record.
  if (groups.length / records.length > CONVERT_THRESHOLD || !javaJudgesConvert(records, groups)) return undefined;
  // Session.convertToTabletsAndInsert fills `tablets` with computeIfAbsent, one call per record.
  // A call for a device already in the map changes nothing but may do a resize that the size
  // already calls for, which the next call would do anyway: only whether one such call follows
  // the last new device matters. So the devices in first-seen order stand for the calls, plus one
  // repeat call when a record follows the last new device (bench/client insert-records-100).
  const calls = groups.map((g) => g.device);
  if (groups[groups.length - 1]!.rows[0]! < records.length - 1) calls.push(calls[0]!);
  const order = javaHashMapOrder(calls, {
    initialCapacity: groups.length + 1,
    loadFactor: 1,
    insertion: "computeIfAbsent",
  });
  return order.map((i) => groupTablet(groups[i]!, records, aligned));
}

/** insertRecordsOfOneDevice / insertAlignedRecordsOfOneDevice: the tablet Java sends instead, or undefined. */
export function deviceRecordsAsTablet(
  deviceId: string,
  records: readonly DeviceRecord[],
  aligned: boolean,
): Tablet | undefined {
  if (records.length < MIN_RECORDS_TO_CONVERT) return undefined;
  const groups = groupByDevice(records, () => deviceId);
  if (!javaJudgesConvert(records, groups)) return undefined;
  return groupTablet(groups[0]!, records, aligned);
}

function groupByDevice<R extends DeviceRecord>(records: readonly R[], deviceOf: (r: R) => string): DeviceGroup[] {
  const byDevice = new Map<string, DeviceGroup>();
  let first: FirstUnion | undefined;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const device = deviceOf(record);
    const { measurements, types } = record;
    let group = byDevice.get(device);
    if (group === undefined) {
      if (first === undefined || first.measurements !== measurements || first.typesGiven !== types)
        first = firstUnion(record, i);
      group = {
        device,
        rows: [i],
        names: first.names,
        types: first.types,
        columnOf: first.columnOf,
        shared: true,
        firstRecordSize: measurements.length,
        lastMeasurements: measurements,
        lastColumns: first.columns,
      };
      byDevice.set(device, group);
      continue;
    }
    group.rows.push(i);
    if (measurements === group.lastMeasurements) continue;
    for (let j = 0; j < measurements.length; j++) {
      const name = measurements[j]!;
      if (group.columnOf.has(name)) continue;
      if (group.shared) {
        group.names = group.names.slice();
        group.types = group.types.slice();
        group.columnOf = new Map(group.columnOf);
        group.shared = false;
      }
      group.columnOf.set(name, group.names.length);
      group.names.push(name);
      group.types.push(resolveType(types[j], name, i));
    }
    columnsOf(group, measurements);
  }
  return [...byDevice.values()];
}

function firstUnion(record: DeviceRecord, index: number): FirstUnion {
  const { measurements, types } = record;
  const names: string[] = [];
  const resolved: SendableType[] = [];
  const columnOf = new Map<string, number>();
  const columns = new Int32Array(measurements.length);
  for (let j = 0; j < measurements.length; j++) {
    const name = measurements[j]!;
    let column = columnOf.get(name);
    if (column === undefined) {
      column = names.length;
      columnOf.set(name, column);
      names.push(name);
      resolved.push(resolveType(types[j], name, index));
    }
    columns[j] = column;
  }
  return { measurements, typesGiven: types, names, types: resolved, columnOf, columns };
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

/**
 * A device's tablet layout (columns in Java's HashMap order) as worked out for an earlier batch:
 * reused while the device's measurement union, their types, its first record's size and the
 * alignment are the same, so that neither the order nor the schema (resolveSchema caches it by
 * object) is worked out again per request (bench/client insert-records-100). The schema object
 * never leaves this module's tablets, so it cannot be changed behind the cache.
 */
interface DeviceLayout {
  readonly aligned: boolean;
  readonly firstRecordSize: number;
  readonly names: readonly string[];
  readonly types: readonly SendableType[];
  /** Union column → position in the tablet. */
  readonly positionOf: Int32Array;
  readonly schema: TabletSchema;
}

/** Most devices whose layout is kept; past that the cache starts over (a bound, not an LRU). */
const MAX_CACHED_LAYOUTS = 1024;
const layoutByDevice = new Map<string, DeviceLayout>();

function deviceLayout(g: DeviceGroup, aligned: boolean): DeviceLayout {
  const cached = layoutByDevice.get(g.device);
  if (
    cached !== undefined &&
    cached.aligned === aligned &&
    cached.firstRecordSize === g.firstRecordSize &&
    sameList(cached.names, g.names) &&
    sameList(cached.types, g.types)
  ) {
    return cached;
  }
  const order = javaHashMapOrder(g.names, { initialCapacity: g.firstRecordSize + 1, loadFactor: 1, insertion: "put" });
  const positionOf = new Int32Array(g.names.length);
  order.forEach((column, position) => (positionOf[column] = position));
  const columns: TabletColumn[] = order.map((c) => ({ name: g.names[c]!, type: g.types[c]! }));
  const layout: DeviceLayout = {
    aligned,
    firstRecordSize: g.firstRecordSize,
    names: g.names,
    types: g.types,
    positionOf,
    schema: { model: "tree", target: g.device, aligned, columns },
  };
  if (layoutByDevice.size >= MAX_CACHED_LAYOUTS) layoutByDevice.clear();
  layoutByDevice.set(g.device, layout);
  return layout;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Per measurement of a record's measurements/types arrays: its tablet position, and whether its
 * record type's value class differs from its column's (an error once a value is given) or its
 * string values become BLOB bytes. Worked out once per pair of arrays of a device (records
 * usually share them; bench/client insert-records-100), not per cell.
 */
interface CellPlan {
  readonly measurements: readonly string[];
  readonly types: readonly unknown[];
  readonly position: Int32Array;
  /** 0: the value as it is; 1: a string becomes its UTF-8 bytes (BLOB column); 2: wrong value class. */
  readonly action: Uint8Array;
  readonly recordTypes: SendableType[];
  /** Every column of the tablet is one of these measurements: a row needs no null-filling first. */
  readonly complete: boolean;
}

function cellPlan(
  g: DeviceGroup,
  layout: DeviceLayout,
  record: DeviceRecord,
  index: number,
  last: CellPlan | undefined,
): CellPlan {
  const { measurements, types } = record;
  if (last !== undefined && last.measurements === measurements && last.types === types) return last;
  const columnOfName = columnsOf(g, measurements);
  const position = new Int32Array(measurements.length);
  const action = new Uint8Array(measurements.length);
  const recordTypes: SendableType[] = [];
  const covered = new Uint8Array(g.names.length);
  let coveredCount = 0;
  for (let j = 0; j < measurements.length; j++) {
    const column = columnOfName[j]!;
    const columnType = g.types[column]!;
    const recordType = resolveType(types[j], measurements[j]!, index);
    position[j] = layout.positionOf[column]!;
    if (covered[column] === 0) coveredCount++;
    covered[column] = 1;
    recordTypes.push(recordType);
    action[j] =
      recordType !== columnType && valueClass(recordType) !== valueClass(columnType)
        ? 2
        : columnType === TSDataType.BLOB
          ? 1
          : 0;
  }
  return { measurements, types, position, action, recordTypes, complete: coveredCount === g.names.length };
}

function groupTablet(g: DeviceGroup, records: readonly DeviceRecord[], aligned: boolean): Tablet {
  const layout = deviceLayout(g, aligned);
  const rowCount = g.rows.length;
  // Not filled with nulls up front: a row is null-filled only when its record lacks a column.
  const values: Cell[][] = layout.schema.columns.map(() => new Array<Cell>(rowCount));
  const timestamps: (number | bigint | Date)[] = new Array(rowCount);
  let plan: CellPlan | undefined;
  for (let row = 0; row < rowCount; row++) {
    const index = g.rows[row]!;
    const record = records[index]!;
    timestamps[row] = record.time;
    plan = cellPlan(g, layout, record, index, plan);
    if (!plan.complete) for (const column of values) column[row] = null;
    const recordValues = record.values;
    for (let j = 0; j < recordValues.length; j++) {
      const v = recordValues[j];
      let cell: Cell = null;
      if (v !== null && v !== undefined) {
        const action = plan.action[j]!;
        if (action === 2) throw typeMismatch(g, records, plan.recordTypes[j]!, record.measurements[j]!, index);
        // Java's BLOB column takes a String value as its UTF-8 bytes.
        cell = action === 1 && typeof v === "string" ? Buffer.from(javaString(v), "utf8") : v;
      }
      // A null overwrites too: a measurement named twice in a record keeps its last value.
      values[plan.position[j]!]![row] = cell;
    }
  }
  return { schema: layout.schema, timestamps, values, bitmapSection: "api" };
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

/**
 * The record refused, and the earlier record of its device that gave the column its type: the
 * codec does not know the server's schema, so either of the two may be the one that disagrees with
 * it (the server decides only when the records are sent apart).
 */
function typeMismatch(
  g: DeviceGroup,
  records: readonly DeviceRecord[],
  recordType: SendableType,
  name: string,
  index: number,
): EncodeError {
  const columnType = g.types[g.columnOf.get(name)!]!;
  const first = g.rows.find((i) => records[i]!.measurements.includes(name));
  return new EncodeError(
    `record ${index} measurement ${JSON.stringify(name)}: ${typeName(recordType)} here, ${typeName(columnType)} in an earlier record of the device (record ${first}); ` +
      "converting the batch to tablets (autoConvertRecords) needs one type per measurement, as the Java client's does (its Tablet refuses the value). " +
      "Nothing was sent; either record may be the one the server's schema refuses: send them apart (or with autoConvertRecords false) to learn which",
    name,
    index,
  );
}
