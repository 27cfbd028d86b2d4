// insertRecord(s): per-record value buffers (type byte + value per measurement, no count, no
// bitmap; SessionUtils.getValueBuffer). Like the Java Session, null values are dropped together
// with their measurement and type, and a record is dropped only when that left it empty: a record
// with no measurements at all has no null, so Java sends it (with an empty value buffer).
import { Writer } from "@zerowire/writer";
import { setInt64BE } from "@zerowire/writer/seams";
import { CELL_WIDTH, cellProblem, dateValue } from "./cells.js";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { identifierProblem } from "./identifier.js";
import { dateTime, type InsertOptions, maxValueBytesOf, valueSizeProblem } from "./insert-options.js";
import { int64Problem } from "./int64.js";
import { javaString } from "./java-string.js";
import type { CellOf } from "./tablet.js";
import { sortOrder } from "./tablet-order.js";
import { resolveType, sendableType } from "./tablet-schema.js";
import { TSDataType, type SendableType, type SendableTypeName } from "./types.js";

/** The type list of a record: codes or names, one per measurement. */
export type RecordTypes = readonly (SendableType | SendableTypeName)[];

/**
 * One record of one device (insertRecordsOfOneDevice). T, the type list, ties each value to its
 * type where T is known (a literal record passed to insertRecord: `types: ["INT32"], values: ["x"]`
 * does not compile); left out, any cell goes with any type (still checked at run time).
 */
export interface DeviceRecord<T extends RecordTypes = RecordTypes> {
  /** A Date is converted to the server's timestamp precision (a session's, or the call's timestampPrecision option). */
  time: bigint | number | Date;
  measurements: readonly string[];
  /** Type codes or names, one per measurement. */
  types: T;
  /** One value per measurement; null/undefined values are not sent. Same JS types as tablet cells. */
  values: { readonly [K in keyof T]: CellOf<T[K]> };
}

export interface InsertRecord<T extends RecordTypes = RecordTypes> extends DeviceRecord<T> {
  deviceId: string;
}

/** A record after validation, with its null values removed. */
export interface PreparedRecord {
  readonly deviceId: string;
  readonly time: bigint | number;
  readonly measurements: readonly string[];
  readonly types: readonly SendableType[];
  readonly values: readonly unknown[];
  /** True when null values were dropped (Java filters a record, or a batch, only when it has nulls). */
  readonly hadNulls: boolean;
  /** Exact value buffer size, except that strings count UTF-16 units as bytes. */
  readonly sizeEstimate: number;
}

/**
 * A record's measurements and types arrays, checked and resolved: kept for the next record of a
 * batch, which usually shares both arrays (bench/client insert-records-100), so that its names and
 * types are not checked again. Arrays cannot change during one synchronous prepare call.
 */
interface CheckedNames {
  readonly measurements: readonly unknown[];
  readonly typesGiven: readonly unknown[];
  /** Our copy of the names, shared by the prepared records without nulls (never mutated). */
  readonly names: readonly string[];
  readonly types: readonly SendableType[];
}

/** What a batch's records share while they are prepared: the option read once, the last arrays checked. */
interface BatchState {
  /** Read at the first record's value checks, where a lone record reads it. */
  maxValueBytes: number | undefined;
  lastNames: CheckedNames | undefined;
}

/**
 * Validates a record and drops its null values. `index` is the record's position, reported as the
 * error's row.
 */
export function prepareRecord(
  record: DeviceRecord,
  deviceId: string,
  index: number,
  options?: InsertOptions,
): PreparedRecord {
  return prepareInBatch(record, deviceId, index, { maxValueBytes: undefined, lastNames: undefined }, options);
}

function prepareInBatch(
  record: DeviceRecord,
  deviceId: string,
  index: number,
  batch: BatchState,
  options: InsertOptions | undefined,
): PreparedRecord {
  if (record === null || typeof record !== "object")
    throw new EncodeError(`record ${index}: expected an object, got ${describeValue(record)}`, undefined, index);
  const deviceProblem = identifierProblem(deviceId);
  if (deviceProblem !== undefined)
    throw new EncodeError(`record ${index}: deviceId ${deviceProblem}`, undefined, index);
  const maxValueBytes = (batch.maxValueBytes ??= maxValueBytesOf(options));
  let time = record.time;
  if (time instanceof Date) {
    const converted = dateTime(time, options?.timestampPrecision);
    if (typeof converted === "object")
      throw new EncodeError(`record ${index}: time: ${converted.problem}`, undefined, index);
    time = converted;
  }
  const timeProblem = int64Problem(time);
  if (timeProblem !== undefined) throw new EncodeError(`record ${index}: time: ${timeProblem}`, undefined, index);
  const { measurements, types, values } = record;
  if (!Array.isArray(measurements) || !Array.isArray(types) || !Array.isArray(values)) {
    throw new EncodeError(`record ${index}: measurements, types and values must be arrays`, undefined, index);
  }
  if (measurements.length !== types.length || types.length !== values.length) {
    throw new EncodeError(
      `record ${index}: ${measurements.length} measurement(s), ${types.length} type(s) and ${values.length} value(s) differ in count`,
      undefined,
      index,
    );
  }
  let checked = batch.lastNames;
  if (checked === undefined || checked.measurements !== measurements || checked.typesGiven !== types) {
    checked = checkedNames(measurements, types) ?? throwFirstProblem(measurements, types, values, index, maxValueBytes);
    batch.lastNames = checked;
  }
  const given = values.slice();
  const recordTypes = checked.types;
  let sizeEstimate = 0;
  let hadNulls = false;
  for (let i = 0; i < given.length; i++) {
    const v = given[i];
    if (v === null || v === undefined) {
      hadNulls = true;
      continue;
    }
    const type = recordTypes[i]!;
    const problem = valueProblem(type, v, maxValueBytes);
    if (problem !== undefined) {
      const name = checked.names[i]!;
      throw new EncodeError(`record ${index} measurement ${JSON.stringify(name)}: ${problem}`, name, index);
    }
    const width = CELL_WIDTH[type]!;
    sizeEstimate += 1 + (width !== 0 ? width : 4 + (typeof v === "string" ? v.length : (v as Uint8Array).length));
  }
  if (!hadNulls)
    return { deviceId, time, measurements: checked.names, types: recordTypes, values: given, hadNulls, sizeEstimate };
  const keptMeasurements: string[] = [];
  const keptTypes: SendableType[] = [];
  const keptValues: unknown[] = [];
  for (let i = 0; i < given.length; i++) {
    const v = given[i];
    if (v === null || v === undefined) continue;
    keptMeasurements.push(checked.names[i]!);
    keptTypes.push(recordTypes[i]!);
    keptValues.push(v);
  }
  return {
    deviceId,
    time,
    measurements: keptMeasurements,
    types: keptTypes,
    values: keptValues,
    hadNulls,
    sizeEstimate,
  };
}

function valueProblem(type: SendableType, v: unknown, maxValueBytes: number): string | undefined {
  return (
    cellProblem(type, v) ??
    (CELL_WIDTH[type] === 0 ? valueSizeProblem(v as string | Uint8Array, maxValueBytes) : undefined)
  );
}

/**
 * A record whose names or types have a problem: throws the first problem of its measurements in
 * order (name, type, then value, per measurement), so a bad value before a bad name is the one reported.
 */
function throwFirstProblem(
  measurements: readonly unknown[],
  types: readonly unknown[],
  values: readonly unknown[],
  index: number,
  maxValueBytes: number,
): never {
  for (let i = 0; i < measurements.length; i++) {
    const name = measurements[i];
    const nameProblem = identifierProblem(name);
    if (nameProblem !== undefined)
      throw new EncodeError(`record ${index}: measurements[${i}] ${nameProblem}`, undefined, index);
    const type = resolveType(types[i], name as string, index);
    const v = values[i];
    if (v === null || v === undefined) continue;
    const problem = valueProblem(type, v, maxValueBytes);
    if (problem !== undefined)
      throw new EncodeError(`record ${index} measurement ${JSON.stringify(name)}: ${problem}`, name as string, index);
  }
  throw new Error("unreachable: checkedNames found a problem that throwFirstProblem did not");
}

/**
 * The names and types checked and resolved, or undefined when one has a problem (left to the caller to report, in
 * order).
 */
function checkedNames(measurements: readonly unknown[], types: readonly unknown[]): CheckedNames | undefined {
  const names: string[] = [];
  const resolved: SendableType[] = [];
  for (let i = 0; i < measurements.length; i++) {
    const name = measurements[i];
    if (identifierProblem(name) !== undefined) return undefined;
    const code = sendableType(types[i]);
    if (code === undefined) return undefined;
    names.push(name as string);
    resolved.push(code);
  }
  return { measurements, typesGiven: types, names, types: resolved };
}

/**
 * insertRecord and each record of insertRecords (Session.filterAndGenTSInsertRecordReq and, with the
 * default redirection, filterAndUpdateTSInsertRecordsReq): a record is left out only when it had
 * nulls and dropping them left it empty.
 */
export const recordIsSent = (rec: PreparedRecord): boolean => rec.values.length > 0 || !rec.hadNulls;

/** Validates records (each may have its own device), drops null values, keeps the records that are sent. */
export function prepareRecords(records: readonly InsertRecord[], options?: InsertOptions): PreparedRecord[] {
  if (!Array.isArray(records)) throw new EncodeError(`expected an array of records, got ${describeValue(records)}`);
  const kept: PreparedRecord[] = [];
  const batch: BatchState = { maxValueBytes: undefined, lastNames: undefined };
  for (let i = 0; i < records.length; i++) {
    const prepared = prepareInBatch(records[i]!, records[i]?.deviceId as string, i, batch, options);
    if (recordIsSent(prepared)) kept.push(prepared);
  }
  return kept;
}

/**
 * insertRecordsOfOneDevice, as filterAndGenTSInsertRecordsOfOneDeviceReq: the null check is over the
 * whole batch. With a null anywhere, every record that is empty after dropping nulls is left out
 * (one without measurements too); with none, every record is kept. Then a stable sort by time when
 * the kept records are not in time order.
 */
export function prepareDeviceRecords(
  deviceId: string,
  records: readonly DeviceRecord[],
  options?: InsertOptions,
): PreparedRecord[] {
  if (!Array.isArray(records)) throw new EncodeError(`expected an array of records, got ${describeValue(records)}`);
  const prepared: PreparedRecord[] = [];
  const batch: BatchState = { maxValueBytes: undefined, lastNames: undefined };
  for (let i = 0; i < records.length; i++) prepared.push(prepareInBatch(records[i]!, deviceId, i, batch, options));
  const kept = prepared.some((r) => r.hadNulls) ? prepared.filter((r) => r.values.length > 0) : prepared;
  const order = sortOrder(kept.map((r) => r.time));
  return order === undefined ? kept : Array.from(order, (i) => kept[i]!);
}

/** Writes the record's value buffer: per kept value, its type byte then the value. */
export function writeRecordValues(w: Writer, rec: PreparedRecord): void {
  const { types, values } = rec;
  for (let i = 0; i < types.length; i++) {
    const type = types[i]!;
    const v = values[i];
    w.u8(type);
    switch (type) {
      case TSDataType.BOOLEAN:
        w.u8(v ? 1 : 0);
        break;
      case TSDataType.INT32:
        w.i32be(v as number);
        break;
      case TSDataType.DATE:
        w.i32be(dateValue(v)!);
        break;
      case TSDataType.INT64:
      case TSDataType.TIMESTAMP: {
        const at = w.reserve(8); // reserve first: it may replace w.rawView
        setInt64BE(w.rawView, at, v as number | bigint);
        break;
      }
      case TSDataType.FLOAT:
        w.f32be(v as number);
        break;
      case TSDataType.DOUBLE:
        w.f64be(v as number);
        break;
      default:
        if (typeof v === "string") w.strI32be(javaString(v));
        else {
          w.i32be((v as Uint8Array).length);
          w.bytes(v as Uint8Array);
        }
    }
  }
}

/** The value buffer of one record as a Buffer (nulls dropped; empty when no value is left). */
export function encodeRecordValues(record: DeviceRecord): Buffer {
  // The value buffer carries no device: any valid identifier serves for the checks.
  const prepared = prepareRecord(record, "value-buffer", 0);
  const w = new Writer({ initialSize: prepared.sizeEstimate });
  writeRecordValues(w, prepared);
  return w.finish().bytes;
}
