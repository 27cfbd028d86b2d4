// UTF-8 encoding into a buffer at an offset, byte-identical to Buffer.from(s, "utf8"): a lone
// surrogate becomes EF BF BD (U+FFFD), a valid pair one 4-byte sequence.
//
// Short strings go through a JS loop: for them the call into C++ costs more than the encoding
// (bench cases `string-int32-ascii16`, `string-int32-cjk16`). Long strings go through Node's
// native UTF-8 writer (`string-int32-ascii1k`), or its portable stand-in (buffer-utf8.ts).
import { rawUtf8Write } from "./buffer-utf8.js";

/**
 * Strings of at most this many UTF-16 units are encoded by a JS loop; longer ones by Node's
 * native UTF-8 writer, whose call costs more than a short string's encoding. Public for encoders
 * with their own short-string paths (the IoTDB codec's string cells), so the threshold is one.
 */
export const JS_ENCODE_MAX_UNITS = 48;

/** Largest UTF-8 size of a string of `units` UTF-16 code units. */
export function maxUtf8Bytes(units: number): number {
  return units * 3;
}

/**
 * Encodes `s` at `pos`; the caller guarantees room for maxUtf8Bytes(s.length) bytes.
 * Returns the number of bytes written.
 */
export function encodeUtf8(buf: Buffer, pos: number, s: string): number {
  const n = s.length;
  if (n > JS_ENCODE_MAX_UNITS) return rawUtf8Write(buf, s, pos, n * 3);
  const start = pos;
  let i = 0;
  // ASCII fast path: most identifiers and values are plain ASCII.
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) break;
    buf[pos++] = c;
  }
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      buf[pos++] = c;
    } else if (c < 0x800) {
      buf[pos++] = 0xc0 | (c >> 6);
      buf[pos++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        buf[pos++] = 0xf0 | (c >> 18);
        buf[pos++] = 0x80 | ((c >> 12) & 0x3f);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else {
        buf[pos++] = 0xef; // lone surrogate: U+FFFD, as Buffer.from does
        buf[pos++] = 0xbf;
        buf[pos++] = 0xbd;
      }
    } else {
      buf[pos++] = 0xe0 | (c >> 12);
      buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
      buf[pos++] = 0x80 | (c & 0x3f);
    }
  }
  return pos - start;
}
