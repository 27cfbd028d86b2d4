// UTF-8 between strings and bytes at an offset, with no Buffer.write / toString argument checks.
//
// Policy: Node's Buffer has undocumented methods `utf8Write(s, offset, length)` and
// `utf8Slice(start, end)` (what Buffer#write and Buffer#toString call after checking their
// arguments), and `ucs2Write` for UTF-16; they are the fastest way in and out of a Buffer, so the
// hot paths use them. Being
// undocumented, they may be absent (another runtime, a future Node): then TextEncoder.encodeInto
// and TextDecoder do the same job, byte-identical (a lone surrogate is written as EF BF BD, an
// invalid byte sequence read as U+FFFD per maximal subpart, a BOM kept), only slower.
//
// The choice is made once, when this module loads, so the fast path costs one direct call.
// ZEROWIRE_PORTABLE_UTF8=1 in the environment at load forces the portable path (to test it or to
// measure it: bench case `string-int32-ascii1k-portable-utf8`).
//
// The package exports utf8Write / utf8Slice, which check their arguments; the Writer and Reader
// call the unchecked raw* functions behind their own checks.
import { describe } from "./errors.js";

/** The undocumented Buffer methods, typed here only (no global augmentation is published). */
interface NodeUtf8Internals {
  utf8Write?: (s: string, offset: number, length: number) => number;
  utf8Slice?: (start: number, end: number) => string;
  ucs2Write?: (s: string, offset: number, length: number) => number;
}
type NativeBuffer = Buffer & Required<NodeUtf8Internals>;

const proto = Buffer.prototype as unknown as NodeUtf8Internals;
const forcedPortable = typeof process === "object" && process.env?.ZEROWIRE_PORTABLE_UTF8 === "1";

/** Which implementation this process uses: Node's internal methods, or TextEncoder/TextDecoder. */
export const utf8Implementation: "node-internal" | "portable" =
  !forcedPortable && typeof proto.utf8Write === "function" && typeof proto.utf8Slice === "function"
    ? "node-internal"
    : "portable";

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
 * Node's internal `Buffer#ucs2Write(s, offset, length)` (a string's UTF-16LE code units, whole
 * units only), unchecked; undefined where it is missing or the portable path is chosen: it has no
 * faster portable stand-in, so a caller (utf8-strings.ts) then takes another route.
 */
export const rawUcs2Write: ((buf: Buffer, s: string, offset: number, length: number) => number) | undefined =
  utf8Implementation === "node-internal" && typeof proto.ucs2Write === "function"
    ? (buf, s, offset, length) => (buf as Buffer & Required<NodeUtf8Internals>).ucs2Write(s, offset, length)
    : undefined;

/**
 * The chosen UTF-8 writer, unchecked: the caller guarantees a Buffer, a string and an offset
 * inside the buffer (the Writer's own hot path).
 */
export const rawUtf8Write: (buf: Buffer, s: string, offset: number, maxBytes: number) => number =
  utf8Implementation === "node-internal" ? nodeUtf8Write : portableUtf8Write;

/** The chosen UTF-8 reader, unchecked: the caller guarantees 0 <= start <= end <= buf.length. */
export const rawUtf8Slice: (buf: Buffer, start: number, end: number) => string =
  utf8Implementation === "node-internal" ? nodeUtf8Slice : portableUtf8Slice;

/**
 * Encodes `s` as UTF-8 into `buf` at `offset`, writing whole characters only and at most
 * `maxBytes` bytes (and never past the buffer's end; give `3 * s.length` to write it all).
 * Returns the number of bytes written. The bytes equal `Buffer.from(s, "utf8")`'s: a lone
 * surrogate becomes EF BF BD (U+FFFD).
 *
 * @throws TypeError if `buf` is not a Buffer or `s` not a string; RangeError if `offset` is not
 *   an integer inside the buffer or `maxBytes` not a non-negative integer.
 */
export function utf8Write(buf: Buffer, s: string, offset: number, maxBytes: number): number {
  if (!Buffer.isBuffer(buf)) throw new TypeError(`utf8Write: expected a Buffer, got ${describe(buf)}`);
  if (typeof s !== "string") throw new TypeError(`utf8Write: expected a string, got ${describe(s)}`);
  if (!(Number.isInteger(offset) && offset >= 0 && offset <= buf.length)) {
    throw new RangeError(`utf8Write: offset ${describe(offset)} is not inside the buffer (length ${buf.length})`);
  }
  if (!(Number.isInteger(maxBytes) && maxBytes >= 0))
    throw new RangeError(`utf8Write: maxBytes ${describe(maxBytes)} is not a byte count`);
  return rawUtf8Write(buf, s, offset, maxBytes);
}

/**
 * Decodes `buf[start, end)` as UTF-8, equal to `buf.toString("utf8", start, end)`: an invalid
 * sequence becomes U+FFFD, a BOM is kept.
 *
 * @throws TypeError if `buf` is not a Buffer; RangeError unless `start` and `end` are integers
 *   with 0 <= start <= end <= buf.length.
 */
export function utf8Slice(buf: Buffer, start: number, end: number): string {
  if (!Buffer.isBuffer(buf)) throw new TypeError(`utf8Slice: expected a Buffer, got ${describe(buf)}`);
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= buf.length)) {
    throw new RangeError(
      `utf8Slice: [${describe(start)}, ${describe(end)}) is not inside the buffer (length ${buf.length})`,
    );
  }
  return rawUtf8Slice(buf, start, end);
}
