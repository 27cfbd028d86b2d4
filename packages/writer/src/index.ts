export { Writer } from "./writer.js";
export type { Int64Input, NumericColumn, WriterOptions } from "./writer.js";
export type { TypedColumn } from "./byteswap.js";
export { Reader } from "./reader.js";
export { BufferPool } from "./pool.js";
export type { ArenaStats, BufferPoolOptions, ColumnType, PoolStats } from "./pool.js";
export { OwnedBytes } from "./owned-bytes.js";
export { ReadError, OwnershipError } from "./errors.js";
// UTF-8 into and out of a Buffer: Node's fast internal paths, or TextEncoder/TextDecoder where they are absent.
export { utf8Write, utf8Slice } from "./buffer-utf8.js";
// For encoders that fill bytes in place: the host's byte order, int64 words, the short-string threshold.
export { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";
export { HI_WORD, LO_WORD, hiWord, loWord, isSafeInt64Words, setInt64BE } from "./int64.js";
export { JS_ENCODE_MAX_UNITS } from "./utf8.js";
