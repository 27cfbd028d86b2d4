// Length-prefixed strings and binaries read straight off the frame: the prefix through the
// Reader (bounds and sign checked there), the body checked by Reader.skip, then decoded from the
// frame in place. Reader.strI32be and friends would make a Buffer view per string first and
// build their error names per call; strings are most of what a reply holds.
import type { Reader } from "@zerowire/writer";
import { ThriftDecodeError } from "./errors.js";

/** The frame bytes [start, start + n) after checking they are there (the cursor moves past them). */
function body(r: Reader, n: number, prefixAt: number, what: string): number {
  if (n < 0) throw new ThriftDecodeError(what, prefixAt, r.remaining, `negative length ${n}`);
  const start = r.pos;
  r.skip(n, what);
  return start;
}

export function stringAfter(r: Reader, n: number, prefixAt: number, what = "string"): string {
  const start = body(r, n, prefixAt, what);
  return r.buf.toString("utf8", start, start + n);
}

export function binaryAfter(r: Reader, n: number, prefixAt: number): Buffer {
  const start = body(r, n, prefixAt, "binary");
  return r.buf.subarray(start, start + n);
}
