// insertRecord / insertRecords / insertStringRecordsOfOneDevice with string values
// (TSInsertStringRecord(s)Req, TSInsertStringRecordsOfOneDeviceReq): the server infers each
// measurement's type from the text. Null handling is the Java Session's, as for typed records
// (records.ts): null values are dropped with their measurement; insertRecord and insertRecords
// drop a record only when that left it empty; insertStringRecordsOfOneDevice, when the batch has
// any null, drops every record left empty (one without measurements too), then stable-sorts by time.
// Each value is held to InsertOptions.maxValueBytes (UTF-8 bytes), as a typed record's TEXT is: the
// server stores the text as it is, so one huge value jams its write-ahead log the same way.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { identifierProblem } from "./identifier.js";
import { maxValueBytesOf, valueSizeProblem, type InsertOptions } from "./insert-options.js";
import { int64Problem } from "./int64.js";
import { sortOrder } from "./tablet-order.js";

/** One row of one device with string values (insertStringRecordsOfOneDevice). */
export interface DeviceStringRecord {
  time: bigint | number;
  measurements: readonly string[];
  /** One string per measurement, sent as text for the server to parse; null/undefined values are not sent. */
  values: readonly (string | null | undefined)[];
}

export interface StringRecord extends DeviceStringRecord {
  deviceId: string;
}

/** A string record after validation, with its null values removed. */
export interface PreparedStringRecord {
  readonly deviceId: string;
  readonly time: bigint | number;
  readonly measurements: readonly string[];
  readonly values: readonly string[];
  /** True when null values were dropped. */
  readonly hadNulls: boolean;
}

/** Validates a string record and drops its null values; `index` is reported as the error's row. */
export function prepareStringRecord(
  record: DeviceStringRecord,
  deviceId: string,
  index: number,
  options?: InsertOptions,
): PreparedStringRecord {
  if (record === null || typeof record !== "object")
    throw new EncodeError(`record ${index}: expected an object, got ${describeValue(record)}`, undefined, index);
  const deviceProblem = identifierProblem(deviceId);
  if (deviceProblem !== undefined)
    throw new EncodeError(`record ${index}: deviceId ${deviceProblem}`, undefined, index);
  const maxValueBytes = maxValueBytesOf(options);
  const timeProblem = int64Problem(record.time);
  if (timeProblem !== undefined) throw new EncodeError(`record ${index}: time: ${timeProblem}`, undefined, index);
  const { measurements, values } = record;
  if (!Array.isArray(measurements) || !Array.isArray(values)) {
    throw new EncodeError(`record ${index}: measurements and values must be arrays`, undefined, index);
  }
  if (measurements.length !== values.length) {
    throw new EncodeError(
      `record ${index}: ${measurements.length} measurement(s) and ${values.length} value(s) differ in count`,
      undefined,
      index,
    );
  }
  const keptMeasurements: string[] = [];
  const keptValues: string[] = [];
  let hadNulls = false;
  for (let i = 0; i < measurements.length; i++) {
    const name = measurements[i];
    const nameProblem = identifierProblem(name);
    if (nameProblem !== undefined)
      throw new EncodeError(`record ${index}: measurements[${i}] ${nameProblem}`, undefined, index);
    const v: unknown = values[i];
    if (v === null || v === undefined) {
      hadNulls = true;
      continue;
    }
    const problem =
      typeof v !== "string" ? `expected a string value, got ${describeValue(v)}` : valueSizeProblem(v, maxValueBytes);
    if (problem !== undefined)
      throw new EncodeError(`record ${index} measurement ${JSON.stringify(name)}: ${problem}`, name, index);
    keptMeasurements.push(name);
    keptValues.push(v as string);
  }
  return { deviceId, time: record.time, measurements: keptMeasurements, values: keptValues, hadNulls };
}

/** insertRecord with strings: sent unless dropping nulls left the record empty. */
export const stringRecordIsSent = (rec: PreparedStringRecord): boolean => rec.values.length > 0 || !rec.hadNulls;

/** insertRecords with strings: validates each record (each with its own device), keeps the records that are sent. */
export function prepareStringRecords(
  records: readonly StringRecord[],
  options?: InsertOptions,
): PreparedStringRecord[] {
  if (!Array.isArray(records))
    throw new EncodeError(`expected an array of string records, got ${describeValue(records)}`);
  const kept: PreparedStringRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const prepared = prepareStringRecord(records[i]!, records[i]?.deviceId as string, i, options);
    if (stringRecordIsSent(prepared)) kept.push(prepared);
  }
  return kept;
}

/** insertStringRecordsOfOneDevice: the batch-wide null rule, then a stable sort by time when unsorted. */
export function prepareDeviceStringRecords(
  deviceId: string,
  records: readonly DeviceStringRecord[],
  options?: InsertOptions,
): PreparedStringRecord[] {
  if (!Array.isArray(records))
    throw new EncodeError(`expected an array of string records, got ${describeValue(records)}`);
  const prepared: PreparedStringRecord[] = [];
  for (let i = 0; i < records.length; i++) prepared.push(prepareStringRecord(records[i]!, deviceId, i, options));
  const kept = prepared.some((r) => r.hadNulls) ? prepared.filter((r) => r.values.length > 0) : prepared;
  const order = sortOrder(kept.map((r) => r.time));
  return order === undefined ? kept : Array.from(order, (i) => kept[i]!);
}

/** About the bytes of a string record in a request (exact for ASCII). */
export function stringRecordReqSize(rec: PreparedStringRecord): number {
  let size = 48 + rec.deviceId.length;
  for (let i = 0; i < rec.measurements.length; i++) size += 8 + rec.measurements[i]!.length + rec.values[i]!.length;
  return size;
}
