// A pool of tree-model Sessions. Inserts go to the DataNode the server named for their device
// (single-device inserts by their device; insertTablets/insertRecords split by the devices'
// routes); queries hold their session until the data set closes; the schema helpers run on any
// session. Inserts of the same kind waiting for a session go out merged (group commit, see
// group-commit.ts): the kinds below say how each merges. The operations themselves are Session's
// (session/operations.ts); TREE_ROUTES says how the pool sends each one.
import type { InsertRecord, Int64Mode, StringRecord } from "@zerowire/iotdb-codec";
import type { SessionOptions } from "../session/session-options.js";
import type { CallOptions } from "../abort.js";
import type { Status } from "../errors.js";
import type { StatementOperations, TreeOperations } from "../session/operations.js";
import { Session } from "../session/session.js";
import type { SessionTablet } from "../session/tablet-input.js";
import { TreeBatchWriter } from "../ingest/model-writers.js";
import type { BatchWriterOptions } from "../ingest/writer-options.js";
import { BasePool } from "./base-pool.js";
import type { MergeKind } from "./group-commit.js";
import type { OperationRoute, OperationRoutes } from "./operation-routes.js";
import type { PoolOptions } from "./pool-options.js";
import { singleDevice, type WrittenDevices } from "./redirect-hints.js";

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
const recordDevice = (record: InsertRecord | StringRecord): string | undefined =>
  typeof record?.deviceId === "string" ? record.deviceId : undefined;

/**
 * The codec leaves out a record whose values are all null (and sends one without measurements); sub-statuses count only
 * the records sent.
 */
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

/**
 * How each kind of tree insert merges (group commit): records into one insertRecords, tablets into one insertTablets.
 */
function recordKind<R extends InsertRecord | StringRecord>(
  method: string,
  send: (s: Session<Int64Mode>, records: readonly R[]) => Promise<Status>,
): MergeKind<Session<Int64Mode>, R> {
  return { method, send, deviceOf: recordDevice, isSent: isSentRecord, points: recordPoints, uniqueDevices: false };
}

function tabletKind(
  method: string,
  send: (s: Session<Int64Mode>, tablets: readonly SessionTablet[]) => Promise<Status>,
): MergeKind<Session<Int64Mode>, SessionTablet> {
  // One tablet per device in a request, as Java's insertTablets(Map<device, Tablet>).
  return { method, send, deviceOf: targetOf, isSent: () => true, points: tabletPoints, uniqueDevices: true };
}

const RECORDS = recordKind<InsertRecord>("insertRecords", (s, r) => s.insertRecords(r));
const ALIGNED_RECORDS = recordKind<InsertRecord>("insertAlignedRecords", (s, r) => s.insertAlignedRecords(r));
const STRING_RECORDS = recordKind<StringRecord>("insertStringRecords", (s, r) => s.insertStringRecords(r));
const ALIGNED_STRING_RECORDS = recordKind<StringRecord>("insertAlignedStringRecords", (s, r) =>
  s.insertAlignedStringRecords(r),
);
const TABLETS = tabletKind("insertTablets", (s, t) => s.insertTablets(t));
const ALIGNED_TABLETS = tabletKind("insertAlignedTablets", (s, t) => s.insertAlignedTablets(t));

type Route<A extends readonly unknown[]> = OperationRoute<Session<Int64Mode>, A>;

/** A single-record insert: routed by its device, merged with others of `kind`. */
const oneRecord = <R extends InsertRecord | StringRecord>(
  kind: MergeKind<Session<Int64Mode>, R>,
): Route<readonly [R, CallOptions?]> => ({
  via: "insert",
  options: 1,
  devices: ([record]) => deviceOfRecord(record),
  merge: ([record]) => ({ kind, item: record }),
});

/**
 * A tablet insert: routed by its device, merged with others of `kind` (of ALIGNED_TABLETS when the schema says
 * aligned).
 */
const oneTablet = (
  kind: MergeKind<Session<Int64Mode>, SessionTablet>,
): Route<readonly [SessionTablet, CallOptions?]> => ({
  via: "insert",
  options: 1,
  devices: ([tablet]) => deviceOfTablet(tablet),
  merge: ([tablet]) => ({ kind: tablet?.schema?.aligned === true ? ALIGNED_TABLETS : kind, item: tablet }),
});

/** Records of one device (deviceId first): routed by it, always sent alone. */
const ONE_DEVICE: Route<readonly [string, ...unknown[]]> = {
  via: "insert",
  options: 2,
  devices: ([deviceId]) => named(deviceId),
};
const ANY: Route<readonly unknown[]> = { via: "any" };

/**
 * How SessionPool sends each tree operation: inserts routed by device (and merged while they
 * wait), queries retried and holding their session until the data set closes, the last query of
 * one device routed by its device, deletes and schema calls on any session, not retried.
 */
const TREE_ROUTES: OperationRoutes<Omit<TreeOperations<Int64Mode>, keyof StatementOperations>, Session<Int64Mode>> = {
  insertTablet: oneTablet(TABLETS),
  insertAlignedTablet: oneTablet(ALIGNED_TABLETS),
  insertTablets: { via: "split-insert", kind: TABLETS },
  insertAlignedTablets: { via: "split-insert", kind: ALIGNED_TABLETS },
  insertRecord: oneRecord(RECORDS),
  insertAlignedRecord: oneRecord(ALIGNED_RECORDS),
  insertRecords: { via: "split-insert", kind: RECORDS },
  insertAlignedRecords: { via: "split-insert", kind: ALIGNED_RECORDS },
  insertRecordsOfOneDevice: ONE_DEVICE,
  insertAlignedRecordsOfOneDevice: ONE_DEVICE,
  insertStringRecord: oneRecord(STRING_RECORDS),
  insertAlignedStringRecord: oneRecord(ALIGNED_STRING_RECORDS),
  insertStringRecords: { via: "split-insert", kind: STRING_RECORDS },
  insertAlignedStringRecords: { via: "split-insert", kind: ALIGNED_STRING_RECORDS },
  insertStringRecordsOfOneDevice: ONE_DEVICE,
  insertAlignedStringRecordsOfOneDevice: ONE_DEVICE,
  executeRawDataQuery: { via: "query", options: 3 },
  executeLastDataQuery: { via: "query", options: 2 },
  executeFastLastDataQueryForOnePrefixPath: { via: "query", options: 1 },
  executeLastDataQueryForOneDevice: {
    via: "device-query",
    device: ([, device]) => (typeof device === "string" ? device : undefined),
  },
  executeAggregationQuery: { via: "query", options: 2 },
  deleteData: ANY,
  createDatabase: ANY,
  deleteDatabase: ANY,
  deleteDatabases: ANY,
  createTimeseries: ANY,
  createAlignedTimeseries: ANY,
  createMultiTimeseries: ANY,
  deleteTimeseries: ANY,
  checkTimeseriesExists: ANY,
  createSchemaTemplate: ANY,
  addAlignedMeasurementsInTemplate: ANY,
  addAlignedMeasurementInTemplate: ANY,
  addUnalignedMeasurementsInTemplate: ANY,
  addUnalignedMeasurementInTemplate: ANY,
  deleteNodeInTemplate: ANY,
  countMeasurementsInTemplate: ANY,
  isMeasurementInTemplate: ANY,
  isPathExistInTemplate: ANY,
  showMeasurementsInTemplate: ANY,
  showAllTemplates: ANY,
  showPathsTemplateSetOn: ANY,
  showPathsTemplateUsingOn: ANY,
  setSchemaTemplate: ANY,
  unsetSchemaTemplate: ANY,
  dropSchemaTemplate: ANY,
  createTimeseriesUsingSchemaTemplate: ANY,
};

/** The tree operations of a SessionPool (documented in {@link TreeOperations}), sent as its class says. */
export interface SessionPool<M extends Int64Mode = "bigint"> extends TreeOperations<M> {}

/**
 * A pool of tree-model Sessions with the Session's operations ({@link TreeOperations}), each on a
 * session of the pool: inserts go to the DataNode the server named for their device
 * (insertTablets/insertRecords are split by their devices' routes), and inserts of one kind that
 * wait for a session go out merged as one request; queries are retried when their connection
 * fails before the data set exists, and hold their session until the data set closes;
 * executeLastDataQueryForOneDevice goes where its device lives (falling back to the other
 * DataNodes); deletes, schema and template calls run on any session and are not retried.
 * M: the int64 mode of the pool's sessions ("bigint" unless `int64: "number"`), which types query results.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the operations the class defines from its route table (session/operations.ts)
export class SessionPool<M extends Int64Mode = "bigint"> extends BasePool<Session<M>, M> {
  static {
    this.defineOperations(TREE_ROUTES);
  }

  /** A pool that opens its sessions on demand (or at open()); see PoolOptions. */
  constructor(options: PoolOptions<Session<M>, M> = {}) {
    super(options, (o) => new Session(o as SessionOptions<M>));
  }

  /**
   * A batching writer over this pool: rows one at a time, sent as large insertTablets (see the README, "Ingesting a
   * stream of rows").
   */
  writer(options?: BatchWriterOptions): TreeBatchWriter {
    return new TreeBatchWriter(this, options);
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
