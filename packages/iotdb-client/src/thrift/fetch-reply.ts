// The body of a fetchResultsV2 reply, read by hand: the result struct {0: TSFetchResultsResp},
// in either protocol, straight into the generated TSFetchResultsResp (and TSStatus) objects the
// generated reader would build, so the data set gets the same object either way.
//
// Why: a query's batches after the first all arrive this way, and reading one through the
// generated code cost a transport, a protocol, a second read of the message header and the
// generated result object around the reply, more than reading its fields (bench case
// `read-fetch-5x64k`, five TsBlocks in a list<binary>). This reads the fields once, through
// @zerowire/thrift/wire's field reader (the bytes the stock protocols read); the TsBlocks are views
// of the frame, as the generated reader's are. The binary protocol, the client's default, has a
// reader of its own on the frame's bytes (fetch-reply-binary.ts), which reads and declines the same.
//
// Policy: only the shape the server sends is read here: fields 1 (status: code, message, needRetry),
// 2, 3, 6 (a list of binary) and 7 with their types, in any order (a repeated field wins as in the
// generated reader, which assigns each one it reads), missing ones left null. Anything else (an
// unknown field, a field with another type, the old query data sets 4 and 5, a status with
// sub-statuses or a redirect, bytes the field reader refuses) is UNUSUAL: the caller then reads
// the frame with the generated reader, as before, errors included.
import { TType, type FieldReader } from "@zerowire/thrift/wire";
import { TSFetchResultsResp, TSStatus } from "../gen/client_types.js";

/** Thrown when the reply is not the plain shape (not an error: the generated reader takes over). */
export const UNUSUAL = Symbol("unusual");

/** Reads the result struct {0: TSFetchResultsResp} and its stop; throws UNUSUAL or a ReadError. */
export function readFetchResult(p: FieldReader): TSFetchResultsResp {
  p.structBegin();
  const field = p.fieldBegin();
  if (field.ftype !== TType.STRUCT || field.fid !== 0) throw UNUSUAL;
  const resp = fetchResultsResp(p);
  if (p.fieldBegin().ftype !== TType.STOP) throw UNUSUAL;
  p.structEnd();
  return resp;
}

function fetchResultsResp(p: FieldReader): TSFetchResultsResp {
  const resp = new TSFetchResultsResp();
  p.structBegin();
  for (;;) {
    const { ftype: type, fid: id } = p.fieldBegin();
    if (type === TType.STOP) break;
    if (id === 1 && type === TType.STRUCT) resp.status = tsStatus(p);
    else if (id === 2 && type === TType.BOOL) resp.hasResultSet = p.bool();
    else if (id === 3 && type === TType.BOOL) resp.isAlign = p.bool();
    else if (id === 6 && type === TType.LIST) resp.queryResult = binaryList(p);
    else if (id === 7 && type === TType.BOOL) resp.moreData = p.bool();
    else throw UNUSUAL;
  }
  p.structEnd();
  return resp;
}

function tsStatus(p: FieldReader): TSStatus {
  const status = new TSStatus();
  p.structBegin();
  for (;;) {
    const { ftype: type, fid: id } = p.fieldBegin();
    if (type === TType.STOP) break;
    if (id === 1 && type === TType.I32) status.code = p.i32();
    else if (id === 2 && type === TType.STRING) status.message = p.string();
    else if (id === 5 && type === TType.BOOL) status.needRetry = p.bool();
    else throw UNUSUAL;
  }
  p.structEnd();
  return status;
}

/** A list<binary> as an array of views, grown by push as the generated reader grows it. */
function binaryList(p: FieldReader): Buffer[] {
  const { etype, size } = p.listBegin();
  if (etype !== TType.STRING) throw UNUSUAL;
  const blocks: Buffer[] = [];
  for (let i = 0; i < size; i++) blocks.push(p.binary());
  return blocks;
}
