// How run.ts tells the row tests where their server is (read by env.ts).

/** host:port of the DataNode the rows run against. */
export const SERVER_ENV = "BAD_INPUT_IOTDB";
/** The server's dn_thrift_max_frame_size, in bytes. */
export const MAX_FRAME_ENV = "BAD_INPUT_MAX_FRAME_SIZE";
