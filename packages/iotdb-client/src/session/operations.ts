// The operations of a session, declared and documented once. Session and TableSession implement
// them; SessionPool, TableSessionPool and PooledTableSession offer the same operations by
// forwarding each to a session of theirs (base-pool.ts, pooled-table-session.ts), so a signature
// or its documentation is written here and nowhere else. What a pool adds to an operation (which
// session runs it, retries, routing, group commit) is said on the pool classes.
import type {
  DeviceRecord,
  DeviceStringRecord,
  InsertRecord,
  Int64Mode,
  RecordTypes,
  StringRecord,
  TSDataType,
  TSDataTypeName,
} from "@zerowire/iotdb-codec";
import type { CallOptions } from "../abort.js";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import type { Status } from "../errors.js";
import type { TAggregationType } from "./aggregation-type.js";
import type { QueryOptions } from "./base-session.js";
import type { SchemaTemplate, TemplateMeasurement } from "./schema-template.js";
import type { AggregationName, AggregationOptions, MeasurementSpec, TimeseriesOptions } from "./session.js";
import type { SessionTablet } from "./tablet-input.js";

/**
 * The statements of every session, pool and pooled session, tree or table model. M is the int64
 * mode of the results ("bigint" unless `int64: "number"`); a query's `int64` option overrides it.
 */
export interface StatementOperations<M extends Int64Mode = "bigint"> {
  /**
   * Runs a query (executeQueryStatementV2); the rows stream from the returned data set.
   * `options.signal` aborts the query and, unless a read gives its own, the data set's fetches.
   * On a pool the session stays with the data set until it is closed (at the end of iteration,
   * or by close()); a failed connection before the data set exists is retried.
   */
  executeQueryStatement<Q extends Int64Mode = M>(sql: string, options?: QueryOptions<Q>): Promise<SessionDataSet<Q>>;

  /**
   * Runs a statement that returns no rows (executeUpdateStatementV2), e.g. CREATE, DELETE, SET,
   * USE, and resolves with the server's status. `options.signal` aborts it (on a pool, also its
   * wait for a session). On a pool it runs on any session and is not retried; a session of a
   * TableSessionPool that a USE took out of the pool's database is closed when it comes back.
   */
  executeNonQueryStatement(sql: string, options?: CallOptions): Promise<Status>;
}

/**
 * The table model's operations: a TableSession's, a TableSessionPool's and a PooledTableSession's.
 */
export interface TableOperations<M extends Int64Mode = "bigint"> extends StatementOperations<M> {
  /**
   * Writes a table-model tablet: schema.target is the table, columns carry their category (TAG,
   * ATTRIBUTE or FIELD, the default). A tablet without rows sends nothing, as in Java.
   * `options.signal`: aborted before the request is written (on a pool: while it waits for a
   * session or in the group-commit queue), nothing is sent; aborted after, the caller rejects at
   * once and the outcome is unknown. A TableSessionPool routes it by its first row's device.
   */
  insert(tablet: SessionTablet, options?: CallOptions): Promise<Status>;
}

/**
 * The tree model's operations, as Java's ISession names them: a Session's and a SessionPool's.
 * Every insert resolves with the server's status and takes a trailing `{ signal }`: aborted before
 * the request is written (on a pool: while it waits for a session or in the group-commit queue),
 * nothing is sent; aborted after, the caller rejects at once and the outcome is unknown.
 */
export interface TreeOperations<M extends Int64Mode = "bigint"> extends StatementOperations<M> {
  // ---- inserts -----------------------------------------------------------

  /** insertTablet: one device's columns (aligned when schema.aligned is true). */
  insertTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status>;

  /** insertAlignedTablet: insertTablet with isAligned=true. */
  insertAlignedTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status>;

  /** insertTablets: several devices in one request (all non-aligned). */
  insertTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status>;

  /** insertAlignedTablets: several aligned devices in one request. */
  insertAlignedTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status>;

  /** insertRecord: one row of one device; null values are left out, an all-null record sends nothing. */
  insertRecord<const T extends RecordTypes>(record: InsertRecord<T>, options?: CallOptions): Promise<Status>;

  /** insertAlignedRecord: insertRecord of an aligned device (isAligned=true). */
  insertAlignedRecord<const T extends RecordTypes>(record: InsertRecord<T>, options?: CallOptions): Promise<Status>;

  /**
   * insertRecords: rows of any devices in one request. A batch of 40 or more that fits Java's rule
   * goes as one insertTablets request (SessionOptions.autoConvertRecords, default true).
   */
  insertRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status>;

  /** insertAlignedRecords: insertRecords of aligned devices (isAligned=true), converted to tablets by the same rule. */
  insertAlignedRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status>;

  /**
   * insertRecordsOfOneDevice: rows of one device (sent sorted by time, as Java does); 40 or more
   * that fit Java's rule go as one insertTablet (SessionOptions.autoConvertRecords).
   */
  insertRecordsOfOneDevice(deviceId: string, records: readonly DeviceRecord[], options?: CallOptions): Promise<Status>;

  /** insertAlignedRecordsOfOneDevice: insertRecordsOfOneDevice of an aligned device (isAligned=true). */
  insertAlignedRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceRecord[],
    options?: CallOptions,
  ): Promise<Status>;

  // ---- inserts with string values (the server infers the types) --------

  /**
   * Java's insertRecord(deviceId, time, measurements, List<String> values): one row whose values
   * are text the server parses (TSInsertStringRecordReq). Null values are left out; an all-null
   * record sends nothing.
   */
  insertStringRecord(record: StringRecord, options?: CallOptions): Promise<Status>;

  /** Java's insertAlignedRecord with string values. */
  insertAlignedStringRecord(record: StringRecord, options?: CallOptions): Promise<Status>;

  /** Java's insertRecords with string values (TSInsertStringRecordsReq; never converted to tablets). */
  insertStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status>;

  /** Java's insertAlignedRecords with string values. */
  insertAlignedStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status>;

  /** insertStringRecordsOfOneDevice: string-valued rows of one device, sent sorted by time as Java does. */
  insertStringRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceStringRecord[],
    options?: CallOptions,
  ): Promise<Status>;

  /** insertAlignedStringRecordsOfOneDevice: insertStringRecordsOfOneDevice of an aligned device (isAligned=true). */
  insertAlignedStringRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceStringRecord[],
    options?: CallOptions,
  ): Promise<Status>;

  // ---- queries -----------------------------------------------------------

  /** Raw data of the given full paths with startTime <= time < endTime (executeRawDataQueryV2). */
  executeRawDataQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    startTime: bigint | number,
    endTime: bigint | number,
    options?: QueryOptions<Q>,
  ): Promise<SessionDataSet<Q>>;

  /** The latest point of each path at or after `lastTime` (default: any time) (executeLastDataQueryV2). */
  executeLastDataQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    lastTime?: bigint | number,
    options?: QueryOptions<Q>,
  ): Promise<SessionDataSet<Q>>;

  /**
   * Java's executeFastLastDataQueryForOnePrefixPath: the latest point of every time series under
   * the given path nodes (e.g. ["root", "sg", "d1"] for root.sg.d1), one row per series, as
   * `SELECT LAST * FROM root.sg.d1` but on the server's fast path. Sends no server-side timeout
   * (as Java). IoTDB 2.0.1-beta does not know this call (it answers with an error).
   */
  executeFastLastDataQueryForOnePrefixPath<Q extends Int64Mode = M>(
    prefixes: readonly string[],
    options?: QueryOptions<Q>,
  ): Promise<SessionDataSet<Q>>;

  /**
   * Java's executeLastDataQueryForOneDevice: the latest point of the given measurements of one
   * device in database `db` (executeFastLastDataQueryForOneDeviceV2), with the session's query
   * timeout. `isLegalPathNodes` tells the server the device and measurement names need no parsing
   * (Java's flag, default false here). A redirect hint in the answer is no error: a SessionPool
   * sends the device's next last queries to the DataNode it names, and falls back to the others
   * when that one cannot be reached (as Java's Session does).
   */
  executeLastDataQueryForOneDevice<Q extends Int64Mode = M>(
    db: string,
    device: string,
    sensors: readonly string[],
    isLegalPathNodes?: boolean,
    options?: QueryOptions<Q>,
  ): Promise<SessionDataSet<Q>>;

  /** One aggregation per path (executeAggregationQueryV2), optionally over a time range and windows. */
  executeAggregationQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    aggregations: readonly (AggregationName | TAggregationType)[],
    options?: AggregationOptions<Q>,
  ): Promise<SessionDataSet<Q>>;

  // ---- deletes -----------------------------------------------------------

  /** Deletes the points of the given paths up to endTime. */
  deleteData(paths: string | readonly string[], endTime: bigint | number): Promise<void>;
  /** Deletes the points of the given paths in [startTime, endTime]. */
  deleteData(paths: string | readonly string[], startTime: bigint | number, endTime: bigint | number): Promise<void>;

  // ---- databases and time series ----------------------------------------

  /** Creates a database (Java's createDatabase; setStorageGroup on the wire). */
  createDatabase(database: string): Promise<void>;

  /** Deletes a database and its data (deleteStorageGroups with one name). */
  deleteDatabase(database: string): Promise<void>;

  /** Deletes several databases and their data in one request (deleteStorageGroups). */
  deleteDatabases(databases: readonly string[]): Promise<void>;

  /** Creates one time series (a full path); encoding defaults to PLAIN, compressor to LZ4. */
  createTimeseries(path: string, dataType: TSDataType | TSDataTypeName, options?: TimeseriesOptions): Promise<void>;

  /** Creates an aligned device with the given measurements. */
  createAlignedTimeseries(deviceId: string, measurements: readonly MeasurementSpec[]): Promise<void>;

  /** Creates several time series (each `name` a full path) in one request. */
  createMultiTimeseries(timeseries: readonly MeasurementSpec[]): Promise<void>;

  /** Deletes the given time series (one path or several) and their data. */
  deleteTimeseries(paths: string | readonly string[]): Promise<void>;

  /** True when `SHOW TIMESERIES <path>` lists anything. */
  checkTimeseriesExists(path: string): Promise<boolean>;

  // ---- schema templates ---------------------------------------------------

  /**
   * Creates a schema template on the server (createSchemaTemplate with Java's serialized Template;
   * covers both of Java's flat createSchemaTemplate overloads).
   */
  createSchemaTemplate(template: SchemaTemplate): Promise<void>;

  /** Adds aligned measurements to a template (appendSchemaTemplate, isAligned=true). */
  addAlignedMeasurementsInTemplate(templateName: string, measurements: readonly TemplateMeasurement[]): Promise<void>;

  /** Adds one aligned measurement to a template. */
  addAlignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void>;

  /** Adds unaligned measurements to a template (appendSchemaTemplate, isAligned=false). */
  addUnalignedMeasurementsInTemplate(templateName: string, measurements: readonly TemplateMeasurement[]): Promise<void>;

  /** Adds one unaligned measurement to a template. */
  addUnalignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void>;

  /** Removes a node (a measurement) from a template (pruneSchemaTemplate). */
  deleteNodeInTemplate(templateName: string, path: string): Promise<void>;

  /** How many measurements the template has. */
  countMeasurementsInTemplate(templateName: string): Promise<number>;

  /** Whether `path` names a measurement of the template. */
  isMeasurementInTemplate(templateName: string, path: string): Promise<boolean>;

  /** Whether `path` names any node of the template. */
  isPathExistInTemplate(templateName: string, path: string): Promise<boolean>;

  /** The template's measurements, or those matching `pattern` (default "": all). */
  showMeasurementsInTemplate(templateName: string, pattern?: string): Promise<string[]>;

  /** The names of every template on the server. */
  showAllTemplates(): Promise<string[]>;

  /** The paths the template is set on. */
  showPathsTemplateSetOn(templateName: string): Promise<string[]>;

  /** The paths (devices) that use the template (activated). */
  showPathsTemplateUsingOn(templateName: string): Promise<string[]>;

  /** Sets the template on a path (setSchemaTemplate). */
  setSchemaTemplate(templateName: string, prefixPath: string): Promise<void>;

  /** Unsets the template from a path (unsetSchemaTemplate); the arguments are in Java's order. */
  unsetSchemaTemplate(prefixPath: string, templateName: string): Promise<void>;

  /** Drops a template that is set nowhere (dropSchemaTemplate). */
  dropSchemaTemplate(templateName: string): Promise<void>;

  /** Activates the template set on (a prefix of) each device path: creates their time series. */
  createTimeseriesUsingSchemaTemplate(devicePaths: readonly string[]): Promise<void>;
}
