// @zerowire/iotdb-codec/lower-level: a tablet's steps one at a time, for a driver (or a benchmark)
// that frames the buffers itself: prepareTablet validates and resolves a tablet once;
// writeTimeBuffer and writeValueBuffer write its two buffers into the caller's Writer. The root's
// encodeTabletBuffers and insert calls run these steps for you.
export { prepareTablet } from "./tablet-prepare.js";
export type { PreparedColumn, PreparedTablet } from "./tablet-prepare.js";
export type { ResolvedColumn, ResolvedSchema } from "./tablet-schema.js";
export { writeTimeBuffer, writeValueBuffer } from "./tablet-encoder.js";
