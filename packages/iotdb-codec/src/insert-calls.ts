// An insert call = a validated request, ready to be written as a framed Thrift message or as the
// bare request struct. All input checking happens when the call is made, so writing it never
// fails half-way; the same call can be written again (e.g. with another seqid).
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import type { InsertOptions } from "./insert-options.js";
import {
  recordReqSize,
  tabletReqSize,
  writeRecordReq,
  writeRecordsReq,
  writeStringRecordReq,
  writeStringRecordsReq,
  writeTabletReq,
  writeTabletsReq,
} from "./insert-requests.js";
import {
  prepareDeviceRecords,
  prepareRecord,
  prepareRecords,
  recordIsSent,
  type DeviceRecord,
  type InsertRecord,
} from "./records.js";
import { deviceRecordsAsTablet, recordsAsTablets } from "./records-to-tablets.js";
import {
  prepareDeviceStringRecords,
  prepareStringRecord,
  prepareStringRecords,
  stringRecordIsSent,
  stringRecordReqSize,
  type DeviceStringRecord,
  type StringRecord,
} from "./string-records.js";
import type { Tablet } from "./tablet.js";
import { ColumnCategory } from "./types.js";
import { prepareTablet, type PreparedTablet } from "./tablet-prepare.js";
import type { FieldWriter } from "@zerowire/thrift/wire";

export type InsertMethod =
  | "insertTablet"
  | "insertTablets"
  | "insertRecord"
  | "insertRecords"
  | "insertRecordsOfOneDevice"
  | "insertStringRecord"
  | "insertStringRecords"
  | "insertStringRecordsOfOneDevice";

export interface InsertCall {
  /** The Thrift method name (also for aligned and table-model inserts, which only set flags). */
  readonly method: InsertMethod;
  /**
   * False when the Java client would send nothing: a table-model tablet with no rows, or records
   * left empty by dropping their null values (see records.ts). The call can still be written (the
   * vectors record those bytes).
   */
  readonly needsSending: boolean;
  /** About the bytes of the request struct, so a frame can be written into one buffer of that size. */
  readonly sizeEstimate: number;
  /** Rows the request carries: a tablet's rows, or the records left after dropping all-null ones. */
  readonly rows: number;
  /**
   * Values the request carries: rows × field columns for tablets (a null cell travels as a
   * placeholder and is counted; tag and attribute columns are not), the non-null values for records.
   */
  readonly points: number;
  /** Writes the request struct (its fields and stop byte). */
  writeRequest(p: FieldWriter, sessionId: bigint | number): void;
}

export interface RecordCallOptions extends InsertOptions {
  /** insertAlignedRecord(s): isAligned=true. */
  aligned?: boolean;
}

export interface RecordsCallOptions extends RecordCallOptions {
  /**
   * The Java Session's enableRecordsAutoConvertTablet (default false here; the client's sessions
   * turn it on, as Java does): a batch of 40 or more records that fits Java's rule is sent as
   * insertTablets (insertRecords) or insertTablet (insertRecordsOfOneDevice). See records-to-tablets.ts.
   */
  autoConvertRecords?: boolean;
}

/** insertTablet (tree, aligned or not) or the table model's insert (writeToTable). */
export function insertTabletCall(tablet: Tablet, options?: InsertOptions): InsertCall {
  const t = prepareTablet(tablet, options);
  return {
    method: "insertTablet",
    needsSending: !(t.schema.model === "table" && t.rowCount === 0),
    sizeEstimate: tabletReqSize(t),
    rows: t.rowCount,
    points: tabletPoints(t),
    writeRequest: (p, sessionId) => writeTabletReq(p, t, sessionId),
  };
}

/** insertTablets (tree model; TSInsertTabletsReq has one isAligned flag for all tablets). */
export function insertTabletsCall(tablets: readonly Tablet[], options?: InsertOptions): InsertCall {
  if (!Array.isArray(tablets))
    throw new EncodeError(`insertTablets: expected an array of tablets, got ${describeValue(tablets)}`);
  if (tablets.length === 0)
    throw new EncodeError("insertTablets: no tablet to insert (the Java client refuses an empty list too)");
  const prepared = tablets.map((t) => prepareTablet(t, options));
  for (const t of prepared) {
    if (t.schema.model !== "tree") {
      throw new EncodeError(
        `insertTablets: tablet ${JSON.stringify(t.schema.target)} is a table-model tablet; TSInsertTabletsReq carries tree-model tablets only`,
      );
    }
    if (t.schema.aligned !== prepared[0]!.schema.aligned) {
      throw new EncodeError("insertTablets: all tablets must be aligned, or none (the request has one isAligned flag)");
    }
  }
  const aligned = prepared[0]!.schema.aligned;
  return {
    method: "insertTablets",
    needsSending: true,
    sizeEstimate: sum(prepared, tabletReqSize),
    rows: sum(prepared, (t) => t.rowCount),
    points: sum(prepared, tabletPoints),
    writeRequest: (p, sessionId) => writeTabletsReq(p, prepared, aligned, sessionId),
  };
}

/** insertRecord / insertAlignedRecord; null values are dropped, all-null means nothing is sent. */
export function insertRecordCall(record: InsertRecord, options: RecordCallOptions = {}): InsertCall {
  const aligned = alignedOption(options);
  const rec = prepareRecord(record, record?.deviceId, 0, options);
  return {
    method: "insertRecord",
    needsSending: recordIsSent(rec),
    sizeEstimate: recordReqSize(rec),
    rows: recordIsSent(rec) ? 1 : 0,
    points: rec.values.length,
    writeRequest: (p, sessionId) => writeRecordReq(p, rec, aligned, sessionId),
  };
}

/** insertRecords / insertAlignedRecords; null values and all-null records are dropped; no record left, nothing sent. */
export function insertRecordsCall(records: readonly InsertRecord[], options: RecordsCallOptions = {}): InsertCall {
  const aligned = alignedOption(options);
  const kept = prepareRecords(records, options);
  if (autoConvertOption(options)) {
    const tablets = recordsAsTablets(records, aligned);
    if (tablets !== undefined) return insertTabletsCall(tablets, options);
  }
  return {
    method: "insertRecords",
    needsSending: kept.length > 0,
    sizeEstimate: sum(kept, recordReqSize),
    rows: kept.length,
    points: sum(kept, (r) => r.values.length),
    writeRequest: (p, sessionId) => writeRecordsReq(p, kept, aligned, sessionId, undefined),
  };
}

/** insertRecordsOfOneDevice: as insertRecords, then stable-sorted by time like the Java Session. */
export function insertRecordsOfOneDeviceCall(
  deviceId: string,
  records: readonly DeviceRecord[],
  options: RecordsCallOptions = {},
): InsertCall {
  const aligned = alignedOption(options);
  if (typeof deviceId !== "string")
    throw new EncodeError(`insertRecordsOfOneDevice: deviceId must be a string, got ${describeValue(deviceId)}`);
  const kept = prepareDeviceRecords(deviceId, records, options);
  if (autoConvertOption(options)) {
    const tablet = deviceRecordsAsTablet(deviceId, records, aligned);
    if (tablet !== undefined) return insertTabletCall(tablet, options);
  }
  return {
    method: "insertRecordsOfOneDevice",
    // Java sends an empty batch as it is; it sends nothing only when dropping nulls left no record.
    needsSending: kept.length > 0 || records.length === 0,
    sizeEstimate: sum(kept, recordReqSize),
    rows: kept.length,
    points: sum(kept, (r) => r.values.length),
    writeRequest: (p, sessionId) => writeRecordsReq(p, kept, aligned, sessionId, deviceId),
  };
}

/**
 * insertRecord / insertAlignedRecord with string values (TSInsertStringRecordReq); null values are dropped, all-null
 * sends nothing.
 */
export function insertStringRecordCall(record: StringRecord, options: RecordCallOptions = {}): InsertCall {
  const aligned = alignedOption(options);
  const rec = prepareStringRecord(record, record?.deviceId, 0, options);
  return {
    method: "insertStringRecord",
    needsSending: stringRecordIsSent(rec),
    sizeEstimate: stringRecordReqSize(rec),
    rows: stringRecordIsSent(rec) ? 1 : 0,
    points: rec.values.length,
    writeRequest: (p, sessionId) => writeStringRecordReq(p, rec, aligned, sessionId),
  };
}

/**
 * insertRecords / insertAlignedRecords with string values (TSInsertStringRecordsReq; never converted to tablets, as in
 * Java).
 */
export function insertStringRecordsCall(records: readonly StringRecord[], options: RecordCallOptions = {}): InsertCall {
  const aligned = alignedOption(options);
  const kept = prepareStringRecords(records, options);
  return {
    method: "insertStringRecords",
    needsSending: kept.length > 0,
    sizeEstimate: sum(kept, stringRecordReqSize),
    rows: kept.length,
    points: sum(kept, (r) => r.values.length),
    writeRequest: (p, sessionId) => writeStringRecordsReq(p, kept, aligned, sessionId, undefined),
  };
}

/**
 * insertStringRecordsOfOneDevice / insertAlignedStringRecordsOfOneDevice: stable-sorted by time like the Java Session.
 */
export function insertStringRecordsOfOneDeviceCall(
  deviceId: string,
  records: readonly DeviceStringRecord[],
  options: RecordCallOptions = {},
): InsertCall {
  const aligned = alignedOption(options);
  if (typeof deviceId !== "string")
    throw new EncodeError(`insertStringRecordsOfOneDevice: deviceId must be a string, got ${describeValue(deviceId)}`);
  const kept = prepareDeviceStringRecords(deviceId, records, options);
  return {
    method: "insertStringRecordsOfOneDevice",
    // As insertRecordsOfOneDevice: an empty batch is sent; nothing only when dropping nulls left no record.
    needsSending: kept.length > 0 || records.length === 0,
    sizeEstimate: sum(kept, stringRecordReqSize),
    rows: kept.length,
    points: sum(kept, (r) => r.values.length),
    writeRequest: (p, sessionId) => writeStringRecordsReq(p, kept, aligned, sessionId, deviceId),
  };
}

function tabletPoints(t: PreparedTablet): number {
  let fields = 0;
  for (const c of t.columns) if (c.category === ColumnCategory.FIELD) fields++;
  return t.rowCount * fields;
}

function sum<T>(items: readonly T[], size: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += size(item);
  return total;
}

function alignedOption(options: RecordCallOptions): boolean {
  const aligned = options?.aligned ?? false;
  if (typeof aligned !== "boolean") throw new EncodeError(`aligned must be a boolean, got ${describeValue(aligned)}`);
  return aligned;
}

function autoConvertOption(options: RecordsCallOptions): boolean {
  const convert = options?.autoConvertRecords ?? false;
  if (typeof convert !== "boolean")
    throw new EncodeError(`autoConvertRecords must be a boolean, got ${describeValue(convert)}`);
  return convert;
}
