// The tree-model session (sql_dialect "tree"): the Java Session's inserts, queries, deletes and
// schema helpers. Every insert resolves with the server's status, whose redirectNode (single
// device) or subStatus[i].redirectNode (several devices) names the DataNode that holds a device.
import {
  EncodeError,
  type DeviceRecord,
  type InsertRecord,
  type RecordTypes,
  insertRecordCall,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  insertStringRecordCall,
  insertStringRecordsCall,
  insertStringRecordsOfOneDeviceCall,
  insertTabletCall,
  insertTabletsCall,
  type DeviceStringRecord,
  type Int64Mode,
  type StringRecord,
  type TSDataType,
  type TSDataTypeName,
} from "@zerowire/iotdb-codec";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import type { Status } from "../errors.js";
import {
  type TAggregationType as GeneratedAggregationType,
  TCreateTimeseriesUsingSchemaTemplateReq,
  TSAggregationQueryReq,
  TSAppendSchemaTemplateReq,
  TSCreateSchemaTemplateReq,
  TSDropSchemaTemplateReq,
  TSPruneSchemaTemplateReq,
  TSQueryTemplateReq,
  type TSQueryTemplateResp,
  TSSetSchemaTemplateReq,
  TSUnsetSchemaTemplateReq,
  TSCreateAlignedTimeseriesReq,
  TSCreateMultiTimeseriesReq,
  TSCreateTimeseriesReq,
  TSDeleteDataReq,
  TSFastLastDataQueryForOneDeviceReq,
  TSFastLastDataQueryForOnePrefixPathReq,
  TSLastDataQueryReq,
  TSRawDataQueryReq,
} from "../gen/client_types.js";
import { verifyStatus } from "../status.js";
import { toInt64 } from "../thrift/int64.js";
import { TAggregationType } from "./aggregation-type.js";
import type { CallOptions } from "../abort.js";
import { BaseSession, type QueryOptions } from "./base-session.js";
import type { TreeOperations } from "./operations.js";
import { noteQueryRedirect } from "./query-redirects.js";
import {
  CompressionType,
  type CompressionTypeName,
  dataTypeCode,
  enumCode,
  TSEncoding,
  type TSEncodingName,
} from "./schema-enums.js";
import type { SessionOptions } from "./session-options.js";
import {
  appendLists,
  type SchemaTemplate,
  serializedTemplate,
  type TemplateMeasurement,
  TemplateQueryType,
} from "./schema-template.js";
import { type SessionTablet, withModel } from "./tablet-input.js";

const INT64_MIN = -(2n ** 63n);

export type AggregationName = keyof typeof TAggregationType;

/** How a time series is created; encoding defaults to PLAIN, compressor to LZ4. */
export interface TimeseriesOptions {
  encoding?: TSEncodingName | number;
  compressor?: CompressionTypeName | number;
  alias?: string;
  tags?: Record<string, string>;
  attributes?: Record<string, string>;
  /** createTimeseries only: extra properties. */
  props?: Record<string, string>;
}

export interface MeasurementSpec extends Omit<TimeseriesOptions, "props"> {
  /** Measurement name (createAlignedTimeseries) or full path (createMultiTimeseries). */
  name: string;
  dataType: TSDataType | TSDataTypeName;
}

export interface AggregationOptions<M extends Int64Mode = Int64Mode> extends QueryOptions<M> {
  startTime?: bigint | number;
  endTime?: bigint | number;
  interval?: bigint | number;
  slidingStep?: bigint | number;
}

/**
 * The tree-model session; M is its int64 mode ("bigint" unless `int64: "number"`), which types its
 * query results. Its operations are documented once, in {@link TreeOperations}.
 */
export class Session<M extends Int64Mode = "bigint"> extends BaseSession<M> implements TreeOperations<M> {
  /** A session that is not open yet: call open() (or let the first call fail with a ConnectionError). */
  constructor(options: SessionOptions<M> = {}) {
    super(options, "tree");
  }

  // ---- inserts -----------------------------------------------------------

  insertTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertTabletCall(withModel(tablet, "tree"), this.insertOptions), options);
  }

  insertAlignedTablet(tablet: SessionTablet, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertTabletCall(withModel(tablet, "tree", true), this.insertOptions), options);
  }

  insertTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(
      () =>
        insertTabletsCall(
          tabletList(tablets).map((t) => withModel(t, "tree", false)),
          this.insertOptions,
        ),
      options,
    );
  }

  insertAlignedTablets(tablets: readonly SessionTablet[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(
      () =>
        insertTabletsCall(
          tabletList(tablets).map((t) => withModel(t, "tree", true)),
          this.insertOptions,
        ),
      options,
    );
  }

  insertRecord<const T extends RecordTypes>(record: InsertRecord<T>, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertRecordCall(record, this.insertOptions), options);
  }

  insertAlignedRecord<const T extends RecordTypes>(record: InsertRecord<T>, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertRecordCall(record, { ...this.insertOptions, aligned: true }), options);
  }

  insertRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertRecordsCall(records, this.insertOptions), options);
  }

  insertAlignedRecords(records: readonly InsertRecord[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertRecordsCall(records, { ...this.insertOptions, aligned: true }), options);
  }

  insertRecordsOfOneDevice(deviceId: string, records: readonly DeviceRecord[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertRecordsOfOneDeviceCall(deviceId, records, this.insertOptions), options);
  }

  insertAlignedRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceRecord[],
    options?: CallOptions,
  ): Promise<Status> {
    return this.sendInsert(
      () => insertRecordsOfOneDeviceCall(deviceId, records, { ...this.insertOptions, aligned: true }),
      options,
    );
  }

  // ---- inserts with string values (the server infers the types) --------

  insertStringRecord(record: StringRecord, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertStringRecordCall(record, this.insertOptions), options);
  }

  insertAlignedStringRecord(record: StringRecord, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertStringRecordCall(record, { ...this.insertOptions, aligned: true }), options);
  }

  insertStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertStringRecordsCall(records, this.insertOptions), options);
  }

  insertAlignedStringRecords(records: readonly StringRecord[], options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertStringRecordsCall(records, { ...this.insertOptions, aligned: true }), options);
  }

  insertStringRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceStringRecord[],
    options?: CallOptions,
  ): Promise<Status> {
    return this.sendInsert(() => insertStringRecordsOfOneDeviceCall(deviceId, records, this.insertOptions), options);
  }

  insertAlignedStringRecordsOfOneDevice(
    deviceId: string,
    records: readonly DeviceStringRecord[],
    options?: CallOptions,
  ): Promise<Status> {
    return this.sendInsert(
      () => insertStringRecordsOfOneDeviceCall(deviceId, records, { ...this.insertOptions, aligned: true }),
      options,
    );
  }

  // ---- queries -----------------------------------------------------------

  async executeRawDataQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    startTime: bigint | number,
    endTime: bigint | number,
    options: QueryOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    const list = pathList(paths, "executeRawDataQuery");
    const start = int64Arg(startTime, "startTime");
    const end = int64Arg(endTime, "endTime");
    return this.runQuery("executeRawDataQueryV2", "", options, (s, fetchSize, timeout) => [
      new TSRawDataQueryReq({
        sessionId: s.sessionId,
        paths: list,
        fetchSize,
        startTime: start,
        endTime: end,
        statementId: s.statementId,
        enableRedirectQuery: true,
        timeout,
      }),
    ]);
  }

  async executeFastLastDataQueryForOnePrefixPath<Q extends Int64Mode = M>(
    prefixes: readonly string[],
    options: QueryOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    const list = pathList(prefixes, "executeFastLastDataQueryForOnePrefixPath");
    return this.runQuery("executeFastLastDataQueryForOnePrefixPath", "", options, (s, fetchSize) => [
      new TSFastLastDataQueryForOnePrefixPathReq({
        sessionId: s.sessionId,
        prefixes: list,
        fetchSize,
        statementId: s.statementId,
        enableRedirectQuery: true,
      }),
    ]);
  }

  async executeLastDataQueryForOneDevice<Q extends Int64Mode = M>(
    db: string,
    device: string,
    sensors: readonly string[],
    isLegalPathNodes = false,
    options: QueryOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    const what = "executeLastDataQueryForOneDevice";
    const fields = {
      db: stringArg(db, "db"),
      deviceId: stringArg(device, "device"),
      sensors: pathList(sensors, what),
      legalPathNodes: booleanArg(isLegalPathNodes, "isLegalPathNodes"),
    };
    return this.runQuery(
      "executeFastLastDataQueryForOneDeviceV2",
      "",
      options,
      (s, fetchSize, timeout) => [
        new TSFastLastDataQueryForOneDeviceReq({
          sessionId: s.sessionId,
          ...fields,
          fetchSize,
          statementId: s.statementId,
          enableRedirectQuery: true,
          timeout,
        }),
      ],
      noteQueryRedirect,
    );
  }

  async executeLastDataQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    lastTime: bigint | number = INT64_MIN,
    options: QueryOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    const list = pathList(paths, "executeLastDataQuery");
    const time = int64Arg(lastTime, "lastTime");
    return this.runQuery("executeLastDataQueryV2", "", options, (s, fetchSize, timeout) => [
      new TSLastDataQueryReq({
        sessionId: s.sessionId,
        paths: list,
        fetchSize,
        time,
        statementId: s.statementId,
        enableRedirectQuery: true,
        timeout,
      }),
    ]);
  }

  async executeAggregationQuery<Q extends Int64Mode = M>(
    paths: readonly string[],
    aggregations: readonly (AggregationName | TAggregationType)[],
    options: AggregationOptions<Q> = {},
  ): Promise<SessionDataSet<Q>> {
    const list = pathList(paths, "executeAggregationQuery");
    if (!Array.isArray(aggregations) || aggregations.length !== list.length) {
      throw new EncodeError(
        `executeAggregationQuery: expected one aggregation per path (${list.length}), got ${Array.isArray(aggregations) ? aggregations.length : typeof aggregations}`,
      );
    }
    const codes = aggregations.map(
      (a) =>
        enumCode(
          TAggregationType as unknown as Record<string, number>,
          "aggregation",
          a,
          "executeAggregationQuery",
        ) as GeneratedAggregationType,
    );
    const optionalTimes = {
      startTime: optionalInt64(options.startTime, "startTime"),
      endTime: optionalInt64(options.endTime, "endTime"),
      interval: optionalInt64(options.interval, "interval"),
      slidingStep: optionalInt64(options.slidingStep, "slidingStep"),
    };
    return this.runQuery("executeAggregationQueryV2", "", options, (s, fetchSize, timeout) => [
      new TSAggregationQueryReq({
        sessionId: s.sessionId,
        statementId: s.statementId,
        paths: list,
        aggregations: codes,
        ...optionalTimes,
        fetchSize,
        timeout,
      }),
    ]);
  }

  // ---- deletes -----------------------------------------------------------

  deleteData(paths: string | readonly string[], endTime: bigint | number): Promise<void>;
  deleteData(paths: string | readonly string[], startTime: bigint | number, endTime: bigint | number): Promise<void>;
  async deleteData(paths: string | readonly string[], a: bigint | number, b?: bigint | number): Promise<void> {
    const list = pathList(typeof paths === "string" ? [paths] : paths, "deleteData");
    const startTime = b === undefined ? toInt64(INT64_MIN) : int64Arg(a, "startTime");
    const endTime = int64Arg(b === undefined ? a : b, "endTime");
    const status = await this.rpc("deleteData", (s) => [
      new TSDeleteDataReq({ sessionId: s.sessionId, paths: list, startTime, endTime }),
    ]);
    verifyStatus(status, "deleteData");
  }

  // ---- databases and time series ----------------------------------------

  async createDatabase(database: string): Promise<void> {
    const name = stringArg(database, "database");
    const status = await this.rpc("setStorageGroup", (s) => [s.sessionId, name]);
    verifyStatus(status, "createDatabase");
  }

  async deleteDatabase(database: string): Promise<void> {
    return this.deleteDatabases([database]);
  }

  async deleteDatabases(databases: readonly string[]): Promise<void> {
    const list = pathList(databases, "deleteDatabases");
    const status = await this.rpc("deleteStorageGroups", (s) => [s.sessionId, list]);
    verifyStatus(status, "deleteDatabases");
  }

  async createTimeseries(
    path: string,
    dataType: TSDataType | TSDataTypeName,
    options: TimeseriesOptions = {},
  ): Promise<void> {
    const what = "createTimeseries";
    const fields = {
      path: stringArg(path, "path"),
      dataType: dataTypeCode(dataType, what),
      encoding: enumCode(TSEncoding, "encoding", options.encoding ?? "PLAIN", what),
      compressor: enumCode(CompressionType, "compressor", options.compressor ?? "LZ4", what),
      props: options.props,
      tags: options.tags,
      attributes: options.attributes,
      measurementAlias: options.alias,
    };
    const status = await this.rpc("createTimeseries", (s) => [
      new TSCreateTimeseriesReq({ sessionId: s.sessionId, ...fields }),
    ]);
    verifyStatus(status, what);
  }

  async createAlignedTimeseries(deviceId: string, measurements: readonly MeasurementSpec[]): Promise<void> {
    const what = "createAlignedTimeseries";
    const specs = specList(measurements, what);
    const fields = {
      prefixPath: stringArg(deviceId, "deviceId"),
      measurements: specs.map((m) => stringArg(m.name, "measurement name")),
      dataTypes: specs.map((m) => dataTypeCode(m.dataType, what)),
      encodings: specs.map((m) => enumCode(TSEncoding, "encoding", m.encoding ?? "PLAIN", what)),
      compressors: specs.map((m) => enumCode(CompressionType, "compressor", m.compressor ?? "LZ4", what)),
      ...optionalSpecLists(specs),
    };
    const status = await this.rpc("createAlignedTimeseries", (s) => [
      new TSCreateAlignedTimeseriesReq({ sessionId: s.sessionId, ...fields }),
    ]);
    verifyStatus(status, what);
  }

  async createMultiTimeseries(timeseries: readonly MeasurementSpec[]): Promise<void> {
    const what = "createMultiTimeseries";
    const specs = specList(timeseries, what);
    const lists = optionalSpecLists(specs);
    const fields = {
      paths: specs.map((m) => stringArg(m.name, "path")),
      dataTypes: specs.map((m) => dataTypeCode(m.dataType, what)),
      encodings: specs.map((m) => enumCode(TSEncoding, "encoding", m.encoding ?? "PLAIN", what)),
      compressors: specs.map((m) => enumCode(CompressionType, "compressor", m.compressor ?? "LZ4", what)),
      tagsList: lists.tagsList,
      attributesList: lists.attributesList,
      measurementAliasList: lists.measurementAlias,
    };
    const status = await this.rpc("createMultiTimeseries", (s) => [
      new TSCreateMultiTimeseriesReq({ sessionId: s.sessionId, ...fields }),
    ]);
    verifyStatus(status, what);
  }

  async deleteTimeseries(paths: string | readonly string[]): Promise<void> {
    const list = pathList(typeof paths === "string" ? [paths] : paths, "deleteTimeseries");
    const status = await this.rpc("deleteTimeseries", (s) => [s.sessionId, list]);
    verifyStatus(status, "deleteTimeseries");
  }

  async checkTimeseriesExists(path: string): Promise<boolean> {
    const dataSet = await this.executeQueryStatement(`SHOW TIMESERIES ${stringArg(path, "path")}`);
    for await (const _row of dataSet) return true;
    return false;
  }

  // ---- schema templates ---------------------------------------------------

  async createSchemaTemplate(template: SchemaTemplate): Promise<void> {
    const what = "createSchemaTemplate";
    const serialized = serializedTemplate(template, what);
    const name = template.name;
    const status = await this.rpc("createSchemaTemplate", (s) => [
      new TSCreateSchemaTemplateReq({ sessionId: s.sessionId, name, serializedTemplate: serialized }),
    ]);
    verifyStatus(status, what);
  }

  async addAlignedMeasurementsInTemplate(
    templateName: string,
    measurements: readonly TemplateMeasurement[],
  ): Promise<void> {
    return this.appendToTemplate("addAlignedMeasurementsInTemplate", templateName, measurements, true);
  }

  async addAlignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void> {
    return this.appendToTemplate("addAlignedMeasurementInTemplate", templateName, [measurement], true);
  }

  async addUnalignedMeasurementsInTemplate(
    templateName: string,
    measurements: readonly TemplateMeasurement[],
  ): Promise<void> {
    return this.appendToTemplate("addUnalignedMeasurementsInTemplate", templateName, measurements, false);
  }

  async addUnalignedMeasurementInTemplate(templateName: string, measurement: TemplateMeasurement): Promise<void> {
    return this.appendToTemplate("addUnalignedMeasurementInTemplate", templateName, [measurement], false);
  }

  async deleteNodeInTemplate(templateName: string, path: string): Promise<void> {
    const name = stringArg(templateName, "templateName");
    const node = stringArg(path, "path");
    const status = await this.rpc("pruneSchemaTemplate", (s) => [
      new TSPruneSchemaTemplateReq({ sessionId: s.sessionId, name, path: node }),
    ]);
    verifyStatus(status, "deleteNodeInTemplate");
  }

  async countMeasurementsInTemplate(templateName: string): Promise<number> {
    const resp = await this.queryTemplate(
      "countMeasurementsInTemplate",
      stringArg(templateName, "templateName"),
      TemplateQueryType.COUNT_MEASUREMENTS,
    );
    return resp.count ?? 0;
  }

  async isMeasurementInTemplate(templateName: string, path: string): Promise<boolean> {
    const resp = await this.queryTemplate(
      "isMeasurementInTemplate",
      stringArg(templateName, "templateName"),
      TemplateQueryType.IS_MEASUREMENT,
      stringArg(path, "path"),
    );
    return resp.result ?? false;
  }

  async isPathExistInTemplate(templateName: string, path: string): Promise<boolean> {
    const resp = await this.queryTemplate(
      "isPathExistInTemplate",
      stringArg(templateName, "templateName"),
      TemplateQueryType.PATH_EXIST,
      stringArg(path, "path"),
    );
    return resp.result ?? false;
  }

  async showMeasurementsInTemplate(templateName: string, pattern = ""): Promise<string[]> {
    if (typeof pattern !== "string")
      throw new EncodeError(`showMeasurementsInTemplate: pattern must be a string, got ${typeof pattern}`);
    const resp = await this.queryTemplate(
      "showMeasurementsInTemplate",
      stringArg(templateName, "templateName"),
      TemplateQueryType.SHOW_MEASUREMENTS,
      pattern,
    );
    return resp.measurements ?? [];
  }

  async showAllTemplates(): Promise<string[]> {
    const resp = await this.queryTemplate("showAllTemplates", "", TemplateQueryType.SHOW_TEMPLATES);
    return resp.measurements ?? [];
  }

  async showPathsTemplateSetOn(templateName: string): Promise<string[]> {
    const resp = await this.queryTemplate(
      "showPathsTemplateSetOn",
      stringArg(templateName, "templateName"),
      TemplateQueryType.SHOW_SET_TEMPLATES,
    );
    return resp.measurements ?? [];
  }

  async showPathsTemplateUsingOn(templateName: string): Promise<string[]> {
    const resp = await this.queryTemplate(
      "showPathsTemplateUsingOn",
      stringArg(templateName, "templateName"),
      TemplateQueryType.SHOW_USING_TEMPLATES,
    );
    return resp.measurements ?? [];
  }

  async setSchemaTemplate(templateName: string, prefixPath: string): Promise<void> {
    const fields = {
      templateName: stringArg(templateName, "templateName"),
      prefixPath: stringArg(prefixPath, "prefixPath"),
    };
    const status = await this.rpc("setSchemaTemplate", (s) => [
      new TSSetSchemaTemplateReq({ sessionId: s.sessionId, ...fields }),
    ]);
    verifyStatus(status, "setSchemaTemplate");
  }

  async unsetSchemaTemplate(prefixPath: string, templateName: string): Promise<void> {
    const fields = {
      prefixPath: stringArg(prefixPath, "prefixPath"),
      templateName: stringArg(templateName, "templateName"),
    };
    const status = await this.rpc("unsetSchemaTemplate", (s) => [
      new TSUnsetSchemaTemplateReq({ sessionId: s.sessionId, ...fields }),
    ]);
    verifyStatus(status, "unsetSchemaTemplate");
  }

  async dropSchemaTemplate(templateName: string): Promise<void> {
    const name = stringArg(templateName, "templateName");
    const status = await this.rpc("dropSchemaTemplate", (s) => [
      new TSDropSchemaTemplateReq({ sessionId: s.sessionId, templateName: name }),
    ]);
    verifyStatus(status, "dropSchemaTemplate");
  }

  async createTimeseriesUsingSchemaTemplate(devicePaths: readonly string[]): Promise<void> {
    const list = pathList(devicePaths, "createTimeseriesUsingSchemaTemplate");
    const status = await this.rpc("createTimeseriesUsingSchemaTemplate", (s) => [
      new TCreateTimeseriesUsingSchemaTemplateReq({ sessionId: s.sessionId, devicePathList: list }),
    ]);
    verifyStatus(status, "createTimeseriesUsingSchemaTemplate");
  }

  private async appendToTemplate(
    what: string,
    templateName: string,
    measurements: readonly TemplateMeasurement[],
    isAligned: boolean,
  ): Promise<void> {
    const name = stringArg(templateName, "templateName");
    const lists = appendLists(measurements, what);
    const status = await this.rpc("appendSchemaTemplate", (s) => [
      new TSAppendSchemaTemplateReq({ sessionId: s.sessionId, name, isAligned, ...lists }),
    ]);
    verifyStatus(status, what);
  }

  /**
   * querySchemaTemplate; `measurement` is sent only when given (Java leaves it unset for count and the show-paths
   * queries).
   */
  private async queryTemplate(
    what: string,
    name: string,
    queryType: number,
    measurement?: string,
  ): Promise<TSQueryTemplateResp> {
    const resp = await this.rpc("querySchemaTemplate", (s) => [
      new TSQueryTemplateReq({ sessionId: s.sessionId, name, queryType, measurement }),
    ]);
    verifyStatus(resp.status, what);
    return resp;
  }
}

function tabletList(tablets: readonly SessionTablet[]): readonly SessionTablet[] {
  if (!Array.isArray(tablets)) throw new EncodeError(`expected an array of tablets, got ${typeof tablets}`);
  return tablets;
}

function pathList(paths: readonly string[], what: string): string[] {
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === "string")) {
    throw new EncodeError(`${what}: expected a non-empty array of path strings`);
  }
  return [...paths];
}

function stringArg(value: string, what: string): string {
  if (typeof value !== "string" || value === "")
    throw new EncodeError(`${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

function booleanArg(value: boolean, what: string): boolean {
  if (typeof value !== "boolean") throw new EncodeError(`${what} must be a boolean, got ${JSON.stringify(value)}`);
  return value;
}

function int64Arg(value: bigint | number, what: string) {
  try {
    return toInt64(value);
  } catch (e) {
    throw new EncodeError(`${what}: ${(e as Error).message}`);
  }
}

function optionalInt64(value: bigint | number | undefined, what: string) {
  return value === undefined ? undefined : int64Arg(value, what);
}

function specList(specs: readonly MeasurementSpec[], what: string): readonly MeasurementSpec[] {
  if (!Array.isArray(specs) || specs.length === 0 || !specs.every((s) => s !== null && typeof s === "object")) {
    throw new EncodeError(`${what}: expected a non-empty array of { name, dataType, ... }`);
  }
  return specs;
}

/** Alias/tags/attributes lists, each sent only when some spec sets it (as Java leaves unset lists out). */
function optionalSpecLists(specs: readonly MeasurementSpec[]) {
  const any = (key: "alias" | "tags" | "attributes") => specs.some((s) => s[key] !== undefined);
  return {
    measurementAlias: any("alias") ? specs.map((s) => s.alias ?? "") : undefined,
    tagsList: any("tags") ? specs.map((s) => s.tags ?? {}) : undefined,
    attributesList: any("attributes") ? specs.map((s) => s.attributes ?? {}) : undefined,
  };
}
