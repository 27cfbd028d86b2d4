// A pool of tree-model Sessions. Inserts go to the DataNode the server named for their device
// (single-device inserts by their device; insertTablets/insertRecords split by the devices'
// routes); queries hold their session until the data set closes; the schema helpers run on any
// session. Inserts of the same kind waiting for a session go out merged (group commit, see
// group-commit.ts): the kinds below say how each merges.
import type { DeviceRecord, DeviceStringRecord, InsertRecord, Int64Mode, StringRecord, TSDataType, TSDataTypeName } from "@zerowire/iotdb-codec";
import type { SessionOptions } from "../session/session-options.js";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import type { CallOptions } from "../abort.js";
import type { Status } from "../errors.js";
import type { QueryOptions } from "../session/base-session.js";
import { type AggregationName, type AggregationOptions, type MeasurementSpec, Session, type TimeseriesOptions } from "../session/session.js";
import type { SchemaTemplate, TemplateMeasurement } from "../session/schema-template.js";
import type { SessionTablet } from "../session/tablet-input.js";
import type { TAggregationType } from "../session/aggregation-type.js";
import { TreeBatchWriter } from "../ingest/model-writers.js";
import type { BatchWriterOptions } from "../ingest/writer-options.js";
import { BasePool } from "./base-pool.js";
import type { MergeKind } from "./group-commit.js";
import type { PoolOptions } from "./pool-options.js";
import { singleDevice, type WrittenDevices } from "./redirect-hints.js";

/** M: the int64 mode of the pool's sessions ("bigint" unless `int64: "number"`), which types query results. */
export class SessionPool<M extends Int64Mode = "bigint"> extends BasePool<Session<M>, M> {
  constructor(options: PoolOptions<Session<M>, M> = {}) {
    super(options, (o) => new Session(o as SessionOptions<M>));
  }

  // ---- inserts (routed by device) ---------------------------------------
  // Each insert takes a trailing `{ signal }`: aborting while it waits (for a session, or in the
  // group-commit queue) rejects it with an AbortError and nothing is sent; aborting once it was
  // sent rejects the caller at once while the request completes (outcome unknown, as a Session's).

  /** A batching writer over this pool: rows one at a time, sent as large insertTablets (see the README, "Ingesting a stream of rows"). */
  writer(options?: BatchWriterOptions): TreeBatchWriter {
    return new TreeBatchWriter(this, options);
  }

  insertTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status> {
    const kind = tablet?.schema?.aligned === true ? ALIGNED_TABLETS : TABLETS;
    return this.insertRouted("insertTablet", deviceOfTablet(tablet), (s) => s.insertTablet(tablet), { kind, item: tablet }, options);
  }

  insertAlignedTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertAlignedTablet", deviceOfTablet(tablet), (s) => s.insertAlignedTablet(tablet), { kind: ALIGNED_TABLETS, item: tablet }, options);
  }

  insertTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertTablets", tablets, TABLETS, options);
  }

  insertAlignedTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertAlignedTablets", tablets, ALIGNED_TABLETS, options);
  }

  insertRecord(record: InsertRecord, options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertRecord", deviceOfRecord(record), (s) => s.insertRecord(record), { kind: RECORDS, item: record }, options);
  }

  insertAlignedRecord(record: InsertRecord, options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertAlignedRecord", deviceOfRecord(record), (s) => s.insertAlignedRecord(record), { kind: ALIGNED_RECORDS, item: record }, options);
  }

  insertRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertRecords", records, RECORDS, options);
  }

  insertAlignedRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertAlignedRecords", records, ALIGNED_RECORDS, options);
  }

  insertRecordsOfOneDevice(deviceId: string, records: readonly DeviceRecord[], options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertRecordsOfOneDevice", named(deviceId), (s) => s.insertRecordsOfOneDevice(deviceId, records), undefined, options);
  }

  insertAlignedRecordsOfOneDevice(deviceId: string, records: readonly DeviceRecord[], options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertAlignedRecordsOfOneDevice", named(deviceId), (s) => s.insertAlignedRecordsOfOneDevice(deviceId, records), undefined, options);
  }

  insertStringRecord(record: StringRecord, options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertStringRecord", deviceOfRecord(record), (s) => s.insertStringRecord(record), { kind: STRING_RECORDS, item: record }, options);
  }

  insertAlignedStringRecord(record: StringRecord, options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertAlignedStringRecord", deviceOfRecord(record), (s) => s.insertAlignedStringRecord(record), { kind: ALIGNED_STRING_RECORDS, item: record }, options);
  }

  insertStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertStringRecords", records, STRING_RECORDS, options);
  }

  insertAlignedStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status> {
    return this.insertGrouped("insertAlignedStringRecords", records, ALIGNED_STRING_RECORDS, options);
  }

  insertStringRecordsOfOneDevice(deviceId: string, records: readonly DeviceStringRecord[], options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertStringRecordsOfOneDevice", named(deviceId), (s) => s.insertStringRecordsOfOneDevice(deviceId, records), undefined, options);
  }

  insertAlignedStringRecordsOfOneDevice(deviceId: string, records: readonly DeviceStringRecord[], options?: CallOptions): Promise<Status> {
    return this.insertRouted("insertAlignedStringRecordsOfOneDevice", named(deviceId), (s) => s.insertAlignedStringRecordsOfOneDevice(deviceId, records), undefined, options);
  }

  // ---- queries (the session is held until the data set closes) ----------

  executeRawDataQuery<Q extends Int64Mode = M>(paths: readonly string[], startTime: bigint | number, endTime: bigint | number, options?: QueryOptions<Q>): Promise<SessionDataSet<Q>> {
    return this.query("executeRawDataQuery", (s) => s.executeRawDataQuery(paths, startTime, endTime, options) as Promise<SessionDataSet<Q>>, options?.signal);
  }

  executeLastDataQuery<Q extends Int64Mode = M>(paths: readonly string[], lastTime?: bigint | number, options?: QueryOptions<Q>): Promise<SessionDataSet<Q>> {
    return this.query("executeLastDataQuery", (s) => s.executeLastDataQuery(paths, lastTime, options) as Promise<SessionDataSet<Q>>, options?.signal);
  }

  /** Session.executeFastLastDataQueryForOnePrefixPath on any session (not supported by IoTDB 2.0.1-beta). */
  executeFastLastDataQueryForOnePrefixPath<Q extends Int64Mode = M>(prefixes: readonly string[], options?: QueryOptions<Q>): Promise<SessionDataSet<Q>> {
    return this.query("executeFastLastDataQueryForOnePrefixPath", (s) => s.executeFastLastDataQueryForOnePrefixPath(prefixes, options) as Promise<SessionDataSet<Q>>, options?.signal);
  }

  /**
   * Session.executeLastDataQueryForOneDevice, sent to the DataNode the device was redirected to
   * (falling back to the others when it cannot be reached); a redirect hint in the answer is learned.
   */
  executeLastDataQueryForOneDevice<Q extends Int64Mode = M>(
    db: string,
    device: string,
    sensors: readonly string[],
    isLegalPathNodes?: boolean,
    options?: QueryOptions<Q>,
  ): Promise<SessionDataSet<Q>> {
    return this.queryRouted("executeLastDataQueryForOneDevice", typeof device === "string" ? device : undefined, (s) =>
      s.executeLastDataQueryForOneDevice(db, device, sensors, isLegalPathNodes, options) as Promise<SessionDataSet<Q>>,
    );
  }

  executeAggregationQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    aggregations: readonly (AggregationName | TAggregationType)[],
    options?: AggregationOptions<Q>,
  ): Promise<SessionDataSet<Q>> {
    return this.query("executeAggregationQuery", (s) => s.executeAggregationQuery(paths, aggregations, options) as Promise<SessionDataSet<Q>>, options?.signal);
  }

  // ---- deletes and schema (any session, not retried) --------------------

  deleteData(paths: string | readonly string[], endTime: bigint | number): Promise<void>;
  deleteData(paths: string | readonly string[], startTime: bigint | number, endTime: bigint | number): Promise<void>;
  deleteData(paths: string | readonly string[], a: bigint | number, b?: bigint | number): Promise<void> {
    return this.call("deleteData", (s) => (b === undefined ? s.deleteData(paths, a) : s.deleteData(paths, a, b)));
  }

  createDatabase(database: string): Promise<void> {
    return this.call("createDatabase", (s) => s.createDatabase(database));
  }

  deleteDatabase(database: string): Promise<void> {
    return this.call("deleteDatabase", (s) => s.deleteDatabase(database));
  }

  deleteDatabases(databases: readonly string[]): Promise<void> {
    return this.call("deleteDatabases", (s) => s.deleteDatabases(databases));
  }

  createTimeseries(path: string, dataType: TSDataType | TSDataTypeName, options?: TimeseriesOptions): Promise<void> {
    return this.call("createTimeseries", (s) => s.createTimeseries(path, dataType, options));
  }

  createAlignedTimeseries(deviceId: string, measurements: readonly MeasurementSpec[]): Promise<void> {
    return this.call("createAlignedTimeseries", (s) => s.createAlignedTimeseries(deviceId, measurements));
  }

  createMultiTimeseries(timeseries: readonly MeasurementSpec[]): Promise<void> {
    return this.call("createMultiTimeseries", (s) => s.createMultiTimeseries(timeseries));
  }

  deleteTimeseries(paths: string | readonly string[]): Promise<void> {
    return this.call("deleteTimeseries", (s) => s.deleteTimeseries(paths));
  }

  checkTimeseriesExists(path: string): Promise<boolean> {
    return this.call("checkTimeseriesExists", (s) => s.checkTimeseriesExists(path));
  }

  // ---- schema templates (any session, not retried) -----------------------

  createSchemaTemplate(template: SchemaTemplate): Promise<void> {
    return this.call("createSchemaTemplate", (s) => s.createSchemaTemplate(template));
  }

  addAlignedMeasurementsInTemplate(templateName: string, measurements: readonly TemplateMeasurement[]): Promise<void> {
    return this.call("addAlignedMeasurementsInTemplate", (s) => s.addAlignedMeasurementsInTemplate(templateName, measurements));
  }

  addAlignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void> {
    return this.call("addAlignedMeasurementInTemplate", (s) => s.addAlignedMeasurementInTemplate(templateName, measurement));
  }

  addUnalignedMeasurementsInTemplate(templateName: string, measurements: readonly TemplateMeasurement[]): Promise<void> {
    return this.call("addUnalignedMeasurementsInTemplate", (s) => s.addUnalignedMeasurementsInTemplate(templateName, measurements));
  }

  addUnalignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void> {
    return this.call("addUnalignedMeasurementInTemplate", (s) => s.addUnalignedMeasurementInTemplate(templateName, measurement));
  }

  deleteNodeInTemplate(templateName: string, path: string): Promise<void> {
    return this.call("deleteNodeInTemplate", (s) => s.deleteNodeInTemplate(templateName, path));
  }

  countMeasurementsInTemplate(templateName: string): Promise<number> {
    return this.call("countMeasurementsInTemplate", (s) => s.countMeasurementsInTemplate(templateName));
  }

  isMeasurementInTemplate(templateName: string, path: string): Promise<boolean> {
    return this.call("isMeasurementInTemplate", (s) => s.isMeasurementInTemplate(templateName, path));
  }

  isPathExistInTemplate(templateName: string, path: string): Promise<boolean> {
    return this.call("isPathExistInTemplate", (s) => s.isPathExistInTemplate(templateName, path));
  }

  showMeasurementsInTemplate(templateName: string, pattern?: string): Promise<string[]> {
    return this.call("showMeasurementsInTemplate", (s) => s.showMeasurementsInTemplate(templateName, pattern));
  }

  showAllTemplates(): Promise<string[]> {
    return this.call("showAllTemplates", (s) => s.showAllTemplates());
  }

  showPathsTemplateSetOn(templateName: string): Promise<string[]> {
    return this.call("showPathsTemplateSetOn", (s) => s.showPathsTemplateSetOn(templateName));
  }

  showPathsTemplateUsingOn(templateName: string): Promise<string[]> {
    return this.call("showPathsTemplateUsingOn", (s) => s.showPathsTemplateUsingOn(templateName));
  }

  setSchemaTemplate(templateName: string, prefixPath: string): Promise<void> {
    return this.call("setSchemaTemplate", (s) => s.setSchemaTemplate(templateName, prefixPath));
  }

  unsetSchemaTemplate(prefixPath: string, templateName: string): Promise<void> {
    return this.call("unsetSchemaTemplate", (s) => s.unsetSchemaTemplate(prefixPath, templateName));
  }

  dropSchemaTemplate(templateName: string): Promise<void> {
    return this.call("dropSchemaTemplate", (s) => s.dropSchemaTemplate(templateName));
  }

  createTimeseriesUsingSchemaTemplate(devicePaths: readonly string[]): Promise<void> {
    return this.call("createTimeseriesUsingSchemaTemplate", (s) => s.createTimeseriesUsingSchemaTemplate(devicePaths));
  }

  // ---- time zone ------------------------------------------------------------

  /**
   * Changes the pool's time zone: one session sets it on the server (setTimeZone, as Java's
   * SessionPool does); then sessions open with it, and those opened before are closed instead
   * of reused (Java only changes their local zone).
   */
  async setTimeZone(zoneId: string): Promise<void> {
    // The pool's zone changes before the session goes back, so that session (already in it) stays.
    await this.call("setTimeZone", async (s) => {
      await s.setTimeZone(zoneId);
      this.changeSessionZone(zoneId);
    });
  }

  /** The zone the pool's sessions use (Java's getZoneId, as its string). */
  getZoneId(): string {
    return this.sessionZone;
  }
}

// Devices of the input as given; malformed input has none (the session then rejects it).

function named(device: unknown): WrittenDevices | undefined {
  return typeof device === "string" ? singleDevice(device) : undefined;
}

function targetOf(tablet: SessionTablet): string | undefined {
  const target: unknown = tablet?.schema?.target;
  return typeof target === "string" ? target : undefined;
}

const deviceOfTablet = (tablet: SessionTablet) => named(targetOf(tablet));
const deviceOfRecord = (record: InsertRecord | StringRecord) => named(record?.deviceId);
const recordDevice = (record: InsertRecord | StringRecord): string | undefined => (typeof record?.deviceId === "string" ? record.deviceId : undefined);

/** The codec leaves out a record whose values are all null (and sends one without measurements); sub-statuses count only the records sent. */
function isSentRecord(record: InsertRecord | StringRecord): boolean {
  const values: unknown = record?.values;
  return !Array.isArray(values) || values.length === 0 || values.some((v) => v !== null && v !== undefined);
}

function recordPoints(record: InsertRecord | StringRecord): number {
  const values: unknown = record?.values;
  return Array.isArray(values) ? values.length : 1;
}

function tabletPoints(tablet: SessionTablet): number {
  return tablet.timestamps.length * tablet.schema.columns.length;
}

/** How each kind of tree insert merges (group commit): records into one insertRecords, tablets into one insertTablets. */
function recordKind<R extends InsertRecord | StringRecord>(method: string, send: (s: Session<Int64Mode>, records: readonly R[]) => Promise<Status>): MergeKind<Session<Int64Mode>, R> {
  return { method, send, deviceOf: recordDevice, isSent: isSentRecord, points: recordPoints, uniqueDevices: false };
}

function tabletKind(method: string, send: (s: Session<Int64Mode>, tablets: readonly SessionTablet[]) => Promise<Status>): MergeKind<Session<Int64Mode>, SessionTablet> {
  // One tablet per device in a request, as Java's insertTablets(Map<device, Tablet>).
  return { method, send, deviceOf: targetOf, isSent: () => true, points: tabletPoints, uniqueDevices: true };
}

const RECORDS = recordKind<InsertRecord>("insertRecords", (s, r) => s.insertRecords(r));
const ALIGNED_RECORDS = recordKind<InsertRecord>("insertAlignedRecords", (s, r) => s.insertAlignedRecords(r));
const STRING_RECORDS = recordKind<StringRecord>("insertStringRecords", (s, r) => s.insertStringRecords(r));
const ALIGNED_STRING_RECORDS = recordKind<StringRecord>("insertAlignedStringRecords", (s, r) => s.insertAlignedStringRecords(r));
const TABLETS = tabletKind("insertTablets", (s, t) => s.insertTablets(t));
const ALIGNED_TABLETS = tabletKind("insertAlignedTablets", (s, t) => s.insertAlignedTablets(t));
