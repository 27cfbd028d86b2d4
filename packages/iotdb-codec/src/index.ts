export { TSDataType, ColumnCategory, parseTypeName, typeName, isSendable } from "./types.js";
export type { TSDataTypeName, SendableType, ColumnCategoryName } from "./types.js";
export { EncodeError, DecodeError } from "./errors.js";
export { parseDate, formatDate, dateFromJsDate } from "./date.js";
// decoding: TsBlocks
export { decodeTsBlock, TIME_COLUMN_NAME } from "./tsblock/decode.js";
export type { TsBlockDecodeOptions } from "./tsblock/decode.js";
export { DEFAULT_MAX_CELLS, MAX_ENCODING_NESTING } from "./tsblock/limits.js";
export { ColumnEncoding } from "./tsblock/encoding.js";
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
} from "./tsblock/columns.js";
