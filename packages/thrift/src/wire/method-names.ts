// Method names of message headers, decoded once per name rather than once per message.
//
// Policy: a connection's messages carry the same few names over and over (the methods it calls),
// and decoding one from UTF-8 is a native call that costs as much as reading a small reply's
// fields (bench case `read-fetch-5x64k`). The last SLOTS names decoded are kept with a copy of
// their bytes; a name whose bytes equal one of them, compared byte for byte, is answered with that
// string, which is what decoding the same bytes gives. Names longer than MAX_BYTES are always
// decoded, so the cache holds at most SLOTS * MAX_BYTES bytes, and a peer sending ever new names
// only makes them miss. Replacement is round-robin: there is no per-hit bookkeeping.
import type { Reader } from "@zerowire/writer";

const SLOTS = 8;
const MAX_BYTES = 64;

const nameBytes: Uint8Array[] = [];
const names: string[] = [];
let next = 0;

/**
 * The next `n` bytes of `r` as a method name (UTF-8), after its length prefix: as
 * `r.utf8(n, "method name")`, errors included, reading the cache first.
 */
export function readMethodName(r: Reader, n: number): string {
  r.need(n, "method name");
  const buf = r.buf;
  const at = r.pos;
  for (let slot = 0; slot < nameBytes.length; slot++) {
    const known = nameBytes[slot]!;
    if (known.length === n && sameBytes(known, buf, at)) {
      r.pos = at + n;
      return names[slot]!;
    }
  }
  const name = r.utf8(n, "method name");
  if (n <= MAX_BYTES) {
    nameBytes[next] = new Uint8Array(buf.subarray(at, at + n)); // a copy: the frame may be reused
    names[next] = name;
    next = (next + 1) % SLOTS;
  }
  return name;
}

/** Whether `buf` holds `known`'s bytes at `at` (the caller checked they are in bounds). */
function sameBytes(known: Uint8Array, buf: Buffer, at: number): boolean {
  for (let i = 0; i < known.length; i++) if (known[i] !== buf[at + i]) return false;
  return true;
}
