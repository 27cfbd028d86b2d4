// UTF-8 between strings and bytes at an offset, with no Buffer.write / toString argument checks.
//
// Policy: Node's Buffer has undocumented methods `utf8Write(s, offset, length)` and
// `utf8Slice(start, end)` (what Buffer#write and Buffer#toString call after checking their
// arguments); they are the fastest way in and out of a Buffer, so the hot paths use them. Being
// undocumented, they may be absent (another runtime, a future Node): then TextEncoder.encodeInto
// and TextDecoder do the same job, byte-identical (a lone surrogate is written as EF BF BD, an
// invalid byte sequence read as U+FFFD per maximal subpart, a BOM kept), only slower.
//
// The choice is made once, when this module loads, so the fast path costs one direct call.
// ZEROWIRE_PORTABLE_UTF8=1 in the environment at load forces the portable path (to test it or to
// measure it: bench case `string-int32-ascii1k-portable-utf8`).

/** The two undocumented Buffer methods, typed here only (no global augmentation is published). */
interface NodeUtf8Internals {
  utf8Write?: (s: string, offset: number, length: number) => number;
  utf8Slice?: (start: number, end: number) => string;
}
type NativeBuffer = Buffer & Required<NodeUtf8Internals>;

const proto = Buffer.prototype as unknown as NodeUtf8Internals;
const forcedPortable = typeof process === "object" && process.env?.ZEROWIRE_PORTABLE_UTF8 === "1";

/** Which implementation this process uses: Node's internal methods, or TextEncoder/TextDecoder. */
export const utf8Implementation: "node-internal" | "portable" =
  !forcedPortable && typeof proto.utf8Write === "function" && typeof proto.utf8Slice === "function" ? "node-internal" : "portable";

const encoder = new TextEncoder();
// ignoreBOM: keep a leading U+FEFF as a char, as Buffer#toString does (TextDecoder drops it by default).
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Portable utf8Write: whole chars only, at most `maxBytes` bytes and never past the buffer's end. */
export function portableUtf8Write(buf: Uint8Array, s: string, offset: number, maxBytes: number): number {
  const room = Math.min(maxBytes, buf.length - offset);
  return encoder.encodeInto(s, new Uint8Array(buf.buffer, buf.byteOffset + offset, room)).written;
}

/** Portable utf8Slice: the bytes [start, end) decoded, invalid sequences as U+FFFD. */
export function portableUtf8Slice(buf: Uint8Array, start: number, end: number): string {
  return decoder.decode(new Uint8Array(buf.buffer, buf.byteOffset + start, end - start));
}

function nodeUtf8Write(buf: Buffer, s: string, offset: number, maxBytes: number): number {
  return (buf as NativeBuffer).utf8Write(s, offset, maxBytes);
}

function nodeUtf8Slice(buf: Buffer, start: number, end: number): string {
  return (buf as NativeBuffer).utf8Slice(start, end);
}

/**
 * Encodes `s` as UTF-8 into `buf` at `offset`, writing whole characters only and at most
 * `maxBytes` bytes (give `3 * s.length` to write it all); returns the number of bytes written.
 * The bytes equal `Buffer.from(s, "utf8")`'s: a lone surrogate becomes EF BF BD (U+FFFD).
 * The caller checks the range; nothing is validated here.
 */
export const utf8Write: (buf: Buffer, s: string, offset: number, maxBytes: number) => number =
  utf8Implementation === "node-internal" ? nodeUtf8Write : portableUtf8Write;

/**
 * Decodes `buf[start, end)` as UTF-8, equal to `buf.toString("utf8", start, end)`: an invalid
 * sequence becomes U+FFFD, a BOM is kept. The caller checks the range; nothing is validated here.
 */
export const utf8Slice: (buf: Buffer, start: number, end: number) => string =
  utf8Implementation === "node-internal" ? nodeUtf8Slice : portableUtf8Slice;
