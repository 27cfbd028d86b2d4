// Length-prefixed strings and binaries, and UUIDs, read straight off the frame: the prefix read by
// each encoding its own way (an i32 or a varint), a negative one refused here, the body read by
// the Reader (bounds checked there; a string decoded from the frame in place, with no view made).
import type { Reader } from "@zerowire/writer";
import { ThriftDecodeError } from "./errors.js";

function checkLength(r: Reader, n: number, prefixAt: number, what: string): void {
  if (n < 0) throw new ThriftDecodeError(what, prefixAt, r.remaining, `negative length ${n}`);
}

export function stringAfter(r: Reader, n: number, prefixAt: number, what = "string"): string {
  checkLength(r, n, prefixAt, what);
  return r.utf8(n, what);
}

export function binaryAfter(r: Reader, n: number, prefixAt: number): Buffer {
  checkLength(r, n, prefixAt, "binary");
  return r.bytes(n, "binary");
}

/** A UUID's 16 bytes as the canonical lowercase 8-4-4-4-12 string (as the `thrift` package reads it). */
export function uuidAfter(r: Reader): string {
  const hex = r.bytes(16, "uuid").toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
