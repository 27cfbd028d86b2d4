export { Connection, CONNECTION_DEFAULTS } from "./connection.js";
export type { ConnectionOptions, FrameBytes } from "./connection.js";
export { IoTDBError, ConnectionError, TimeoutError, EncodeError } from "./errors.js";
export type { Status, EndPoint } from "./errors.js";
