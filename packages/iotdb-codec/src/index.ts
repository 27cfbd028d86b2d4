// @zerowire/iotdb-codec: IoTDB tablets, records, insert request frames and schema templates
// encoded as the Java client does, TsBlocks and query results decoded. A tablet's validation and
// its buffers written one at a time into the caller's Writer are the "./lower-level" subpath
// (src/lower-level.ts); the Thrift writers the frames are built with are internal.
export { TSDataType, ColumnCategory, parseTypeName, typeName } from "./types.js";
export type { TSDataTypeName, SendableType, SendableTypeName, ColumnCategoryName } from "./types.js";
export { EncodeError, DecodeError } from "./errors.js";
export { parseDate, formatDate } from "./date.js";
// encoding: tablets, records, insert request frames
export type {
  Tablet,
  TabletSchema,
  TabletColumn,
  TabletModel,
  ColumnValues,
  Cell,
  CellOf,
  NullMask,
  BitmapSectionMode,
} from "./tablet.js";
export { TabletBuilder } from "./tablet-builder.js";
export type { TabletBuilderOptions } from "./tablet-builder.js";
export { encodeTabletBuffers } from "./tablet-encoder.js";
export { DEFAULT_MAX_VALUE_BYTES } from "./insert-options.js";
export type { InsertOptions, TimestampPrecision } from "./insert-options.js";
export { encodeRecordValues } from "./records.js";
export type { InsertRecord, DeviceRecord, RecordTypes } from "./records.js";
export {
  insertTabletCall,
  insertTabletsCall,
  insertRecordCall,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  insertStringRecordCall,
  insertStringRecordsCall,
  insertStringRecordsOfOneDeviceCall,
} from "./insert-calls.js";
export type { InsertCall, InsertMethod, RecordCallOptions, RecordsCallOptions } from "./insert-calls.js";
export type { StringRecord, DeviceStringRecord } from "./string-records.js";
export { writeCallFrame, writeCallRequest } from "./insert-frames.js";
export type { FrameOptions, RequestOptions } from "./insert-frames.js";
// encoding: schema templates (Java's Template.serialize)
export { serializeTemplate } from "./template.js";
export type { TemplateCodes, TemplateMeasurementCodes } from "./template.js";
export type { ThriftProtocol } from "./thrift/writer-for.js";
// decoding: TsBlocks
export { decodeTsBlock } from "./tsblock/decode.js";
export { TsBlockArena } from "./tsblock/arena.js";
export type { TsBlockDecodeOptions } from "./tsblock/decode.js";
export { DEFAULT_MAX_CELLS, MAX_ENCODING_NESTING } from "./tsblock/limits.js";
export type {
  TsBlock,
  TsBlockColumn,
  BooleanColumn,
  Int32Column,
  Int64Column,
  FloatColumn,
  DoubleColumn,
  TextColumn,
  BlobColumn,
  ColumnOf,
} from "./tsblock/columns.js";
// decoding: query results
export { ResultSetDecoder } from "./query/result-set.js";
export type { ResultSetOptions } from "./query/result-set.js";
export { ResultBlock } from "./query/result-block.js";
export type { ResultColumn, RowRecord, RowOptions } from "./query/result-block.js";
export type { QueryResultMetadata, ResultSchema } from "./query/result-schema.js";
export type { CellValue, CellReader, Int64Mode, Int64Of, Float32Mode } from "./query/cell-values.js";
export { shortestFloat32 } from "./query/cell-values.js";
