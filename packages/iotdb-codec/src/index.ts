export { TSDataType, ColumnCategory, parseTypeName, typeName, isSendable } from "./types.js";
export type { TSDataTypeName, SendableType, ColumnCategoryName } from "./types.js";
export { EncodeError, DecodeError } from "./errors.js";
export { parseDate, formatDate, dateFromJsDate } from "./date.js";
