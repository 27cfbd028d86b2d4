// @zerowire/writer: the Writer, the Reader, pooled buffers and their errors, and UTF-8 into and
// out of a Buffer. What only an encoder that fills bytes in place needs is the "./seams" subpath.
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
// Helpers for encoders that fill bytes in place (the host's byte order, int64 words, the
// short-string threshold) are @zerowire/writer/seams (src/seams.ts).
