// @zerowire/thrift: Thrift's binary and compact protocols and its framed transport on
// @zerowire/writer, for the code the Apache Thrift compiler generates for Node.js. The
// field-level encodings they wrap are the `@zerowire/thrift/wire` subpath (./wire).
export { TBinaryProtocol } from "./binary-protocol.js";
export { TCompactProtocol } from "./compact-protocol.js";
export { TFramedTransport, DEFAULT_MAX_FRAME_BYTES } from "./framed-transport.js";
export type { FlushCallback, FramedTransportOptions } from "./framed-transport.js";
export type { ThriftProtocol } from "./protocol.js";
export type { MessageHeader, FieldHeader, MapHeader, ListHeader } from "./wire/index.js";
export { MAX_SKIP_DEPTH, TType, CompactType, compactTypeOf, ThriftDecodeError } from "./wire/index.js";
export type { I64Input } from "./int64-value.js";
export { serveFrames } from "./serve-frames.js";
export type { FrameProcessor, ProtocolClass, ServeFramesOptions } from "./serve-frames.js";
export { TMultiplexedProcessor, multiplexedProtocol } from "./multiplexed.js";
export { ReadError } from "@zerowire/writer";
