// @zerowire/thrift: Thrift's binary and compact protocols and its framed transport on
// @zerowire/writer, for the code the Apache Thrift compiler generates for Node.js.
export { TBinaryProtocol } from "./binary-protocol.js";
export { TCompactProtocol } from "./compact-protocol.js";
export { TFramedTransport, DEFAULT_MAX_FRAME_BYTES } from "./framed-transport.js";
export type { FlushCallback, FramedTransportOptions } from "./framed-transport.js";
export type { ThriftProtocol, MessageHeader, FieldHeader, MapHeader, ListHeader } from "./protocol.js";
export { MAX_SKIP_DEPTH } from "./protocol.js";
export type { I64Input } from "./int64-value.js";
export { TType, CompactType, compactTypeOf } from "./thrift-types.js";
export { serveFrames } from "./serve-frames.js";
export type { FrameProcessor, ProtocolClass, ServeFramesOptions } from "./serve-frames.js";
export { TMultiplexedProcessor, multiplexedProtocol } from "./multiplexed.js";
export { ThriftDecodeError } from "./errors.js";
export { ReadError } from "@zerowire/writer";
