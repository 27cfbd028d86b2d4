// EXTENSION POINT: the client's reply decoding, as the fuzz drives it. Reply bytes as they come
// off the socket (u32 length prefix + Thrift message) for a given RPC → the decoded result, or
// the client's typed error.
//
// @zerowire/iotdb-client has no single public "decode this reply" function yet. Its Connection
// does it in two steps, which the fuzz drives directly (the same calls, in the same order, as
// Connection.onFrame): FrameReader cuts the stream into frames (FrameError on an oversized one),
// then RpcCodec reads the message header and the generated *_result struct (ReplyError on a
// malformed one); Connection turns either error into a ConnectionError. A query reply's
// queryResult is then decoded as SessionDataSet does, with the codec's ResultSetDecoder
// (DecodeError). When the client grows a dedicated entry point, replace `decodeReplyBytes`
// below with a call to it and `isClientReplyError` with its error class; the targets and the
// suite need no other change.
import { DecodeError, ResultSetDecoder } from "@zerowire/iotdb-codec";
import { ReplyError, RpcCodec, type WireProtocol } from "../../packages/iotdb-client/src/thrift/rpc-codec.js";
import type { RpcMethod } from "../../packages/iotdb-client/src/thrift/rpc-signatures.js";
import { FrameError, FrameReader } from "../../packages/iotdb-client/src/transport/frame-reader.js";
import { MAX_CELLS } from "./settings.js";

export type { RpcMethod, WireProtocol };

export interface ReplyContext {
  method: RpcMethod;
  protocol: WireProtocol;
}

export interface DecodedReplies {
  /** One decoded result per complete frame in the bytes. */
  results: unknown[];
  /** Rows decoded from query replies' queryResult. */
  rows: number;
  /** The bytes end inside a frame: the client would wait for more. */
  waiting: boolean;
}

/** The largest frame the fuzz accepts. Smaller than the client's 64 MiB default: FrameReader
 *  allocates a frame's announced size as soon as its length prefix arrives (README.md). */
export const FUZZ_MAX_FRAME_SIZE = 1 << 20;

const codecs: Record<WireProtocol, RpcCodec> = { binary: new RpcCodec("binary"), compact: new RpcCodec("compact") };

export function decodeReplyBytes(bytes: Buffer, context: ReplyContext): DecodedReplies {
  const frames: Buffer[] = [];
  const reader = new FrameReader(FUZZ_MAX_FRAME_SIZE, (frame) => frames.push(frame));
  reader.push(bytes);
  const codec = codecs[context.protocol];
  let rows = 0;
  const results = frames.map((frame) => {
    const result = codec.readResult(context.method, codec.readHeader(frame));
    rows += queryRows(result);
    return result;
  });
  return { results, rows, waiting: reader.midFrame };
}

export function isClientReplyError(error: unknown): boolean {
  return error instanceof FrameError || error instanceof ReplyError || error instanceof DecodeError;
}

interface QueryReplyFields {
  columns?: string[] | null;
  dataTypeList?: string[] | null;
  ignoreTimeStamp?: boolean | null;
  columnIndex2TsBlockColumnIndexList?: number[] | null;
  queryResult?: Buffer[] | null;
}

/** An execute reply's result rows, decoded as SessionDataSet does; 0 for other replies. */
function queryRows(result: unknown): number {
  // TSExecuteStatementResp has `columns` (null when absent); TSFetchResultsResp has none: its
  // metadata is its execute reply's.
  if (typeof result !== "object" || result === null || !("columns" in result)) return 0;
  const r = result as QueryReplyFields;
  if (!Array.isArray(r.queryResult)) return 0;
  const decoder = new ResultSetDecoder(
    {
      columns: r.columns ?? [],
      dataTypeList: r.dataTypeList ?? [],
      ignoreTimeStamp: r.ignoreTimeStamp,
      columnIndex2TsBlockColumnIndexList: r.columnIndex2TsBlockColumnIndexList,
    },
    { maxCells: MAX_CELLS },
  );
  let rows = 0;
  for (const _ of decoder.rows(r.queryResult)) rows++;
  return rows;
}
