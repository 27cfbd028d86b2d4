// Length-prefixed strings and binaries read straight off the frame: the prefix read by each
// protocol its own way (an i32 or a varint), a negative one refused here, the body read by the
// Reader (bounds checked there; a string decoded from the frame in place, with no view made).
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
