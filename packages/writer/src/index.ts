export { Writer } from "./writer.js";
export type { WriterOptions } from "./writer.js";
export { Reader } from "./reader.js";
export { BufferPool } from "./pool.js";
export type { ArenaStats, BufferPoolOptions, ColumnType, PoolStats } from "./pool.js";
export { OwnedBytes } from "./owned-bytes.js";
export { ReadError, OwnershipError } from "./errors.js";
// UTF-8 into and out of a Buffer: Node's fast internal paths, or TextEncoder/TextDecoder where they are absent.
export { utf8Write, utf8Slice } from "./buffer-utf8.js";
