// @zerowire/iotdb-client: Apache IoTDB sessions (tree and table model) on @zerowire/iotdb-codec.
// The user API only: the session base class, the Connection and its defaults are internal (the
// repo's fuzz/ reaches them through the workspace-only "./test-support" export, test/support.ts).
export { Session } from "./session/session.js";
export type { AggregationName, AggregationOptions, MeasurementSpec, TimeseriesOptions } from "./session/session.js";
export type { SqlDialect } from "./session/session-options.js";
export { TAggregationType } from "./session/aggregation-type.js";
export type { SchemaTemplate, TemplateMeasurement } from "./session/schema-template.js";
export { TableSession } from "./session/table-session.js";
// The operations sessions and pools share, each documented once: type a parameter with them to take a session or a
// pool.
export type { StatementOperations, TableOperations, TreeOperations } from "./session/operations.js";
export type { QueryOptions, TimestampPrecision } from "./session/base-session.js";
export { AbortError } from "./abort.js";
export type { CallOptions } from "./abort.js";
export type { SessionOptions } from "./session/session-options.js";
// The pool type of the framePool option, so one import serves an application.
export { BufferPool } from "@zerowire/writer";
export type { SessionTablet } from "./session/tablet-input.js";
export { TSEncoding, CompressionType } from "./session/schema-enums.js";
export type { TSEncodingName, CompressionTypeName } from "./session/schema-enums.js";
export { SessionDataSet } from "./dataset/session-data-set.js";
export type { RowReadOptions, ResultStreamOptions } from "./dataset/session-data-set.js";
export type { ColumnarColumn, ColumnarColumnOf, ColumnarResult } from "./dataset/columnar.js";
export type { DataIterator, ColumnRef } from "./dataset/data-iterator.js";
// Tracing and metrics: node:diagnostics_channel channels of the client's operations.
export { IOTDB_CHANNELS } from "./diagnostics.js";
export type { IoTDBTraceAttributes, IoTDBTraceContext, IoTDBEventMessage } from "./diagnostics.js";
export type { WireProtocol } from "./thrift/rpc-codec.js";
// The errors a ConnectionError's cause may be.
export { ReplyError } from "./thrift/rpc-codec.js";
export { FrameError } from "./transport/frame-reader.js";
export {
  IoTDBError,
  ConnectionError,
  TimeoutError,
  QueryTimeoutError,
  DataSetError,
  OptionError,
  EncodeError,
} from "./errors.js";
export type { Status, EndPoint } from "./errors.js";
export { StatusCode } from "./status-codes.js";
export type { StatusCodeName } from "./status-codes.js";
// The codec's input and output types, so one import serves an application.
export {
  TSDataType,
  ColumnCategory,
  TabletBuilder,
  DecodeError,
  formatDate,
  parseDate,
  shortestFloat32,
} from "@zerowire/iotdb-codec";
export type {
  Tablet,
  TabletSchema,
  TabletColumn,
  ColumnValues,
  Cell,
  NullMask,
  InsertRecord,
  DeviceRecord,
  RecordTypes,
  CellOf,
  SendableTypeName,
  StringRecord,
  DeviceStringRecord,
  RowRecord,
  CellValue,
  Int64Mode,
  ResultBlock,
  ResultColumn,
  TSDataTypeName,
  ColumnCategoryName,
} from "@zerowire/iotdb-codec";
// Pools: sessions per DataNode with failover and redirect-hint routing.
export { SessionPool } from "./pool/session-pool.js";
export { TableSessionPool } from "./pool/table-session-pool.js";
export { PooledTableSession } from "./pool/pooled-table-session.js";
export type { PoolCloseOptions, PoolRequest, PoolRequestEnd, PoolStats, EndpointStats } from "./pool/base-pool.js";
export type { PoolOptions } from "./pool/pool-options.js";
export { PoolClosedError, PoolTimeoutError } from "./pool/pool-errors.js";
export { runConcurrent } from "./pool/concurrent.js";
export type { ConcurrentOptions, ItemOutcome } from "./pool/concurrent.js";
// The batching writer (pool.writer()): rows in, large requests out.
export { BatchWriter } from "./ingest/batch-writer.js";
export type { WriterCloseOptions } from "./ingest/batch-writer.js";
export { TreeBatchWriter, TableBatchWriter } from "./ingest/model-writers.js";
export type { DeviceDefinition, TableDefinition } from "./ingest/target-schema.js";
export type { BatchWriterOptions } from "./ingest/writer-options.js";
export type { WriterFailure, WriterCloseResult, WriterMetrics } from "./ingest/writer-report.js";
export type { WriterRow } from "./ingest/writer-stream.js";
export { WriterClosedError, WriterFullError } from "./ingest/writer-errors.js";
