// fetch-reply.ts's reader for the binary protocol (the client's default), on the frame's bytes
// with a local cursor instead of the field reader's calls: a fetch reply is a few fields and five
// views, and the field reader's per-call cursor updates and checks cost more than those (bench
// case `read-fetch-5x64k`). It reads the same shape as fetch-reply.ts (see its policy), into the
// same objects, and declines (UNUSUAL) what that one declines; every read checks its bytes are in
// the frame first, so a short frame is UNUSUAL too, never a read past its end. Strings and views
// come from the Reader (its UTF-8 decoding, its views), as the field reader's do. The compact
// protocol goes through fetch-reply.ts's field-reader version.
import { TType } from "@zerowire/thrift/wire";
import type { Reader } from "@zerowire/writer";
import { TSFetchResultsResp, TSStatus } from "../gen/client_types.js";
import { UNUSUAL } from "./fetch-reply.js";
import { i16, i32 } from "./frame-bytes.js";

/**
 * Reads the result struct {0: TSFetchResultsResp} and its stop from `r`'s position, in the binary
 * protocol; throws UNUSUAL (or a ReadError) for anything fetch-reply.ts declines.
 */
export function readBinaryFetchResult(r: Reader): TSFetchResultsResp {
  const buf = r.buf;
  const end = buf.length;
  let p = r.pos;
  if (end - p < 3 || buf[p] !== TType.STRUCT || i16(buf, p + 1) !== 0) throw UNUSUAL;
  p += 3;
  const resp = new TSFetchResultsResp();
  for (;;) {
    if (p >= end) throw UNUSUAL;
    const type = buf[p]!;
    if (type === TType.STOP) break;
    if (end - p < 3) throw UNUSUAL;
    const id = i16(buf, p + 1);
    p += 3;
    if (type === TType.BOOL && (id === 2 || id === 3 || id === 7)) {
      if (p >= end) throw UNUSUAL;
      const value = buf[p++] !== 0;
      if (id === 2) resp.hasResultSet = value;
      else if (id === 3) resp.isAlign = value;
      else resp.moreData = value;
    } else if (id === 1 && type === TType.STRUCT) {
      r.pos = p;
      resp.status = tsStatus(r);
      p = r.pos;
    } else if (id === 6 && type === TType.LIST) {
      r.pos = p;
      resp.queryResult = binaryList(r);
      p = r.pos;
    } else throw UNUSUAL;
  }
  // The response's stop, then the result struct's.
  if (end - p < 2 || buf[p + 1] !== TType.STOP) throw UNUSUAL;
  r.pos = p + 2;
  return resp;
}

/** A TSStatus of code, message and needRetry, from `r`'s position to after its stop. */
function tsStatus(r: Reader): TSStatus {
  const buf = r.buf;
  const end = buf.length;
  const status = new TSStatus();
  let p = r.pos;
  for (;;) {
    if (p >= end) throw UNUSUAL;
    const type = buf[p]!;
    if (type === TType.STOP) break;
    if (end - p < 3) throw UNUSUAL;
    const id = i16(buf, p + 1);
    p += 3;
    if (id === 1 && type === TType.I32) {
      if (end - p < 4) throw UNUSUAL;
      status.code = i32(buf, p);
      p += 4;
    } else if (id === 2 && type === TType.STRING) {
      if (end - p < 4) throw UNUSUAL;
      const n = i32(buf, p);
      if (n < 0) throw UNUSUAL;
      r.pos = p + 4;
      status.message = r.utf8(n, "string");
      p = r.pos;
    } else if (id === 5 && type === TType.BOOL) {
      if (p >= end) throw UNUSUAL;
      status.needRetry = buf[p++] !== 0;
    } else throw UNUSUAL;
  }
  r.pos = p + 1;
  return status;
}

/** A list<binary> as views of the frame, grown by push as the generated reader grows it. */
function binaryList(r: Reader): Buffer[] {
  const buf = r.buf;
  const end = buf.length;
  let p = r.pos;
  if (end - p < 5 || buf[p] !== TType.STRING) throw UNUSUAL;
  const size = i32(buf, p + 1);
  if (size < 0) throw UNUSUAL;
  p += 5;
  const blocks: Buffer[] = [];
  for (let i = 0; i < size; i++) {
    if (end - p < 4) throw UNUSUAL;
    const n = i32(buf, p);
    if (n < 0 || n > end - p - 4) throw UNUSUAL;
    r.pos = p + 4;
    blocks.push(r.bytes(n, "binary"));
    p = r.pos;
  }
  r.pos = p;
  return blocks;
}
