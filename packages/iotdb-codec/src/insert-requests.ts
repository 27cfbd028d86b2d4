// The insert request structs (client.thrift of iotdb-thrift 2.0.5), fields in id order, each
// serializer written once against @zerowire/thrift/wire's FieldWriter (either encoding). Time
// and value buffers are encoded in place inside their `binary` fields.
import type { PreparedRecord } from "./records.js";
import { writeRecordValues } from "./records.js";
import type { PreparedStringRecord } from "./string-records.js";
import { writeTimeBuffer, writeValueBuffer } from "./tablet-encoder.js";
import type { PreparedTablet } from "./tablet-prepare.js";
import { TType as T, type FieldWriter } from "@zerowire/thrift/wire";
import { javaString } from "./java-string.js";

type SessionId = bigint | number;

function i64Field(p: FieldWriter, id: number, v: bigint | number): void {
  p.fieldBegin(T.I64, id);
  p.i64(v);
}

/** A Thrift string as the Java client writes it (java-string.ts: a lone surrogate as '?'). */
function str(p: FieldWriter, s: string): void {
  p.string(javaString(s));
}

/** The stop byte and the end of the struct. */
function structEnd(p: FieldWriter): void {
  p.fieldStop();
  p.structEnd();
}

function stringList(p: FieldWriter, items: readonly string[]): void {
  p.listBegin(T.STRING, items.length);
  for (const s of items) str(p, s);
}

function valueBufferBinary(p: FieldWriter, t: PreparedTablet): void {
  const mark = p.binaryBegin(t.valuesSizeEstimate);
  writeValueBuffer(p.out, t);
  p.binaryEnd(mark);
}

function timeBufferBinary(p: FieldWriter, t: PreparedTablet): void {
  const mark = p.binaryBegin(8 * t.rowCount);
  writeTimeBuffer(p.out, t);
  p.binaryEnd(mark);
}

function recordValuesBinary(p: FieldWriter, rec: PreparedRecord): void {
  const mark = p.binaryBegin(rec.sizeEstimate);
  writeRecordValues(p.out, rec);
  p.binaryEnd(mark);
}

/** About the bytes of writeTabletReq (at least them for ASCII names and strings): a size for the first buffer. */
export function tabletReqSize(t: PreparedTablet): number {
  let size = 96 + t.schema.target.length + t.valuesSizeEstimate + 8 * t.rowCount;
  for (const c of t.columns) size += 10 + c.name.length;
  return size;
}

/** About the bytes of a record in writeRecordReq / writeRecordsReq, as tabletReqSize. */
export function recordReqSize(rec: PreparedRecord): number {
  let size = 48 + rec.deviceId.length + rec.sizeEstimate;
  for (const m of rec.measurements) size += 4 + m.length;
  return size;
}

/**
 * TSInsertTabletReq: 1 sessionId, 2 prefixPath, 3 measurements, 4 values, 5 timestamps, 6 types,
 * 7 size, 8 isAligned (always written); table model also 9 writeToTable=true, 10 columnCategories.
 */
export function writeTabletReq(p: FieldWriter, t: PreparedTablet, sessionId: SessionId): void {
  const { schema, columns } = t;
  p.structBegin();
  i64Field(p, 1, sessionId);
  p.fieldBegin(T.STRING, 2);
  str(p, schema.target);
  p.fieldBegin(T.LIST, 3);
  p.listBegin(T.STRING, columns.length);
  for (const c of columns) str(p, c.name);
  p.fieldBegin(T.STRING, 4);
  valueBufferBinary(p, t);
  p.fieldBegin(T.STRING, 5);
  timeBufferBinary(p, t);
  p.fieldBegin(T.LIST, 6);
  p.listBegin(T.I32, columns.length);
  for (const c of columns) p.i32(c.type);
  p.fieldBegin(T.I32, 7);
  p.i32(t.rowCount);
  p.boolField(8, schema.aligned);
  if (schema.model === "table") {
    p.boolField(9, true);
    p.fieldBegin(T.LIST, 10);
    p.listBegin(T.BYTE, columns.length);
    for (const c of columns) p.byte(c.category);
  }
  structEnd(p);
}

/**
 * TSInsertTabletsReq: 1 sessionId, 2 prefixPaths, 3 measurementsList, 4 valuesList,
 * 5 timestampsList, 6 typesList, 7 sizeList, 8 isAligned.
 */
export function writeTabletsReq(
  p: FieldWriter,
  tablets: readonly PreparedTablet[],
  aligned: boolean,
  sessionId: SessionId,
): void {
  const n = tablets.length;
  p.structBegin();
  i64Field(p, 1, sessionId);
  p.fieldBegin(T.LIST, 2);
  p.listBegin(T.STRING, n);
  for (const t of tablets) str(p, t.schema.target);
  p.fieldBegin(T.LIST, 3);
  p.listBegin(T.LIST, n);
  for (const t of tablets) {
    p.listBegin(T.STRING, t.columns.length);
    for (const c of t.columns) str(p, c.name);
  }
  p.fieldBegin(T.LIST, 4);
  p.listBegin(T.STRING, n);
  for (const t of tablets) valueBufferBinary(p, t);
  p.fieldBegin(T.LIST, 5);
  p.listBegin(T.STRING, n);
  for (const t of tablets) timeBufferBinary(p, t);
  p.fieldBegin(T.LIST, 6);
  p.listBegin(T.LIST, n);
  for (const t of tablets) {
    p.listBegin(T.I32, t.columns.length);
    for (const c of t.columns) p.i32(c.type);
  }
  p.fieldBegin(T.LIST, 7);
  p.listBegin(T.I32, n);
  for (const t of tablets) p.i32(t.rowCount);
  p.boolField(8, aligned);
  structEnd(p);
}

/** TSInsertRecordReq: 1 sessionId, 2 prefixPath, 3 measurements, 4 values (binary), 5 timestamp, 6 isAligned. */
export function writeRecordReq(p: FieldWriter, rec: PreparedRecord, aligned: boolean, sessionId: SessionId): void {
  writeOneRecordReq(p, rec, aligned, sessionId, () => {
    p.fieldBegin(T.STRING, 4);
    recordValuesBinary(p, rec);
  });
}

/**
 * A single-record request, typed or string-valued, which differ only in field 4 (`values` writes it, header included).
 */
function writeOneRecordReq(
  p: FieldWriter,
  rec: { readonly deviceId: string; readonly time: bigint | number; readonly measurements: readonly string[] },
  aligned: boolean,
  sessionId: SessionId,
  values: () => void,
): void {
  p.structBegin();
  i64Field(p, 1, sessionId);
  p.fieldBegin(T.STRING, 2);
  str(p, rec.deviceId);
  p.fieldBegin(T.LIST, 3);
  stringList(p, rec.measurements);
  values();
  i64Field(p, 5, rec.time);
  p.boolField(6, aligned);
  structEnd(p);
}

/**
 * TSInsertRecordsReq (1 sessionId, 2 prefixPaths, 3 measurementsList, 4 valuesList, 5 timestamps,
 * 6 isAligned) or, with `oneDevice`, TSInsertRecordsOfOneDeviceReq (2 is a single prefixPath).
 */
export function writeRecordsReq(
  p: FieldWriter,
  records: readonly PreparedRecord[],
  aligned: boolean,
  sessionId: SessionId,
  oneDevice: string | undefined,
): void {
  writeManyRecordsReq(p, records, aligned, sessionId, oneDevice, () => {
    p.listBegin(T.STRING, records.length);
    for (const r of records) recordValuesBinary(p, r);
  });
}

/**
 * The records requests, typed or string-valued, which differ only in field 4 (`values` writes
 * it): 1 sessionId, 2 prefixPaths (or, with `oneDevice`, one prefixPath), 3 measurementsList,
 * 4 valuesList, 5 timestamps, 6 isAligned.
 */
function writeManyRecordsReq(
  p: FieldWriter,
  records: readonly {
    readonly deviceId: string;
    readonly time: bigint | number;
    readonly measurements: readonly string[];
  }[],
  aligned: boolean,
  sessionId: SessionId,
  oneDevice: string | undefined,
  values: () => void,
): void {
  const n = records.length;
  p.structBegin();
  i64Field(p, 1, sessionId);
  if (oneDevice === undefined) {
    p.fieldBegin(T.LIST, 2);
    p.listBegin(T.STRING, n);
    for (const r of records) str(p, r.deviceId);
  } else {
    p.fieldBegin(T.STRING, 2);
    str(p, oneDevice);
  }
  p.fieldBegin(T.LIST, 3);
  p.listBegin(T.LIST, n);
  for (const r of records) stringList(p, r.measurements);
  p.fieldBegin(T.LIST, 4);
  values();
  p.fieldBegin(T.LIST, 5);
  p.listBegin(T.I64, n);
  for (const r of records) p.i64(r.time);
  p.boolField(6, aligned);
  structEnd(p);
}

/**
 * TSInsertStringRecordReq: 1 sessionId, 2 prefixPath, 3 measurements, 4 values (list<string>), 5 timestamp, 6
 * isAligned.
 */
export function writeStringRecordReq(
  p: FieldWriter,
  rec: PreparedStringRecord,
  aligned: boolean,
  sessionId: SessionId,
): void {
  writeOneRecordReq(p, rec, aligned, sessionId, () => {
    p.fieldBegin(T.LIST, 4);
    stringList(p, rec.values);
  });
}

/**
 * TSInsertStringRecordsReq (1 sessionId, 2 prefixPaths, 3 measurementsList, 4 valuesList
 * (list<list<string>>), 5 timestamps, 6 isAligned) or, with `oneDevice`,
 * TSInsertStringRecordsOfOneDeviceReq (2 is a single prefixPath).
 */
export function writeStringRecordsReq(
  p: FieldWriter,
  records: readonly PreparedStringRecord[],
  aligned: boolean,
  sessionId: SessionId,
  oneDevice: string | undefined,
): void {
  writeManyRecordsReq(p, records, aligned, sessionId, oneDevice, () => {
    p.listBegin(T.LIST, records.length);
    for (const r of records) stringList(p, r.values);
  });
}
