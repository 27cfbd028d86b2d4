// EXTENSION POINT: the client's reply decoding, as the fuzz drives it. Reply bytes as they come
// off the socket (u32 length prefix + Thrift message) for a given RPC → the decoded result, or
// the client's typed error.
//
// The client's internal `decodeReplies` (not exported: imported from its source, with the error
// classes it throws, so that `instanceof` sees the same classes) does what Connection does with the bytes: its
// FrameReader cuts
// them into frames (FrameError on one over maxFrameSize, the client's 64 MiB default here: the
// reader's memory grows with the bytes that arrive, not with the announced length), then per
// frame RpcCodec reads the message header and the generated *_result struct (ReplyError on a
// malformed one); Connection turns either error into a ConnectionError. A query reply's
// queryResult is then decoded as SessionDataSet does, with the codec's ResultSetDecoder
// (DecodeError).
import { DecodeError, ResultSetDecoder } from "@zerowire/iotdb-codec";
import type { WireProtocol } from "@zerowire/iotdb-client";
import { decodeReplies, FrameError, ReplyError, type RpcMethod } from "@zerowire/iotdb-client/test-support";
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

export function decodeReplyBytes(bytes: Buffer, context: ReplyContext): DecodedReplies {
  const { results, waiting } = decodeReplies(bytes, context.method, { protocol: context.protocol });
  let rows = 0;
  for (const result of results) rows += queryRows(result);
  return { results, rows, waiting };
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
