// @zerowire/thrift/wire: Thrift's binary and compact encodings at the field level (message and
// field headers, the compact field-id deltas, containers, values), on @zerowire/writer's Writer
// and Reader. The stock protocols of the package root wrap these; an encoder or reader that
// writes its structs by hand (another driver, the IoTDB codec's insert requests, the IoTDB
// client's insert-reply reader) uses them directly, so each encoding is written once.
//
// The package root imports this module (and nothing under it) so that the build keeps one copy
// of each class between the two entry points (ThriftDecodeError's identity: scripts/build-package.mjs).
export type { FieldWriter } from "./field-writer.js";
export { BinaryFieldWriter } from "./binary-writer.js";
export { CompactFieldWriter } from "./compact-writer.js";
export type { FieldReader, MessageHeader, FieldHeader, MapHeader, ListHeader } from "./field-reader.js";
export { BinaryFieldReader } from "./binary-reader.js";
export { CompactFieldReader } from "./compact-reader.js";
export { MAX_SKIP_DEPTH } from "./skip.js";
export { MessageType } from "./message-type.js";
export { TType, CompactType, compactTypeOf, isValueType } from "./types.js";
export { ThriftDecodeError } from "./errors.js";
