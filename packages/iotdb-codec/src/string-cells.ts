// String cells (TEXT/STRING values): i32 big-endian byte length + UTF-8 as Java writes it (a lone
// surrogate as '?'). Fast paths for whole columns (short non-ASCII strings transcoded together,
// one native write of the joined strings for the rest) and for short ASCII cells, before the
// general encoder.
import { utf8Write, type Writer } from "@zerowire/writer";
import { JS_ENCODE_MAX_UNITS, writeUtf8Strings } from "@zerowire/writer/seams";
import { isWellFormed, javaString } from "./java-string.js";

/**
 * One string cell. A short string is first copied as ASCII, one byte per char, OR-ing the char
 * codes: if the OR stays below 0x80 every char was ASCII and the bytes are final (no surrogate
 * check needed). Otherwise the bytes filled past `length` are not committed, and the string goes
 * through javaString + strI32be. Strings longer than the Writer's JS_ENCODE_MAX_UNITS go to
 * strI32be at once: the Writer encodes them natively (cheaper than a JS loop past a few dozen chars). Bench
 * tablet-b-columnar (2,500 16-char strings): ~28 ns per string
 * through strI32be and the well-formedness check, ~20 ns here.
 */
export function writeString(w: Writer, s: string): void {
  const n = s.length;
  if (n <= JS_ENCODE_MAX_UNITS) {
    w.ensure(4 + n);
    const buf = w.rawBytes;
    const lengthAt = w.length;
    const at = lengthAt + 4;
    let or = 0;
    for (let j = 0; j < n; j++) {
      const c = s.charCodeAt(j);
      or |= c;
      buf[at + j] = c;
    }
    if (or < 0x80) {
      w.rawView.setInt32(lengthAt, n);
      w.commit(at + n);
      return;
    }
  }
  w.strI32be(javaString(s));
}

/** Four NUL chars: in the joined string, the place of each later string's i32 length prefix. */
const PREFIX_PLACEHOLDER = "\0\0\0\0";

/**
 * A column of string cells in one pass, by one of two routes. A column of short strings (at most
 * JS_ENCODE_MAX_UNITS chars on average) goes through the writer's WebAssembly transcoder
 * (writeUtf8Strings; bench tablet-text-cjk-emoji-columnar and tablet-text-latin1-columnar: ~2x
 * the JS loop; tablet-b-columnar's ASCII: ~0.9x the joined write below), or, where that cannot
 * run or a string has a lone surrogate, through writeShortStrings, a JS loop, when its first
 * string is not ASCII. Any other column is written with one native UTF-8 write, straight into
 * the Writer: the strings are joined with four NUL chars between them (one byte each in UTF-8:
 * the room for the next one's length prefix), the join is written in place after room for the
 * first prefix, and each prefix is then backfilled.
 *
 * After the joined write, when every char was ASCII (one byte per char) each string's byte
 * length is its length. Otherwise, when the first non-ASCII char is Latin-1, each string's byte
 * length is counted natively (byteLengthPrefixes); else each string's end is found by walking
 * the lead bytes of its UTF-8, counting the UTF-16 units each sequence stands for (4 bytes: a
 * surrogate pair, 2 units; else 1). A NUL char between strings keeps the join from pairing one
 * string's last unit with the next's first.
 * Returns false with nothing committed (the caller then goes cell by cell) for a column of long
 * strings, when a joined string has a lone surrogate (the native write gives U+FFFD, EF BF BD,
 * where Java writes '?': the cell path goes through javaString) or some cell is not a string
 * (e.g. changed since prepareTablet: the cell path reports it).
 */
export function writeStringColumn(w: Writer, strings: readonly unknown[]): boolean {
  const n = strings.length;
  if (n === 0) return true;
  let chars = 0;
  for (let i = 0; i < n; i++) {
    const s = strings[i];
    if (typeof s !== "string") return false;
    chars += s.length;
  }
  // Long strings: one native write each (the cell path) beats joining them, whose one write of a
  // long two-byte string costs ~2x the separate writes (bench tablet-text-1kib-columnar).
  if (chars > LONG_STRING_CHARS * n) return false;
  if (chars <= JS_ENCODE_MAX_UNITS * n) {
    if (writeUtf8Strings(w, strings as readonly string[])) return true;
    if (!isAscii(strings[0] as string)) {
      writeShortStrings(w, strings as readonly string[], chars);
      return true;
    }
  }
  // The first prefix's room is left out of the join and skipped in the write: "\0\0\0\0" + join
  // is a cons string, which the native write first flattens, a copy of the whole join (bench
  // tablet-b-columnar).
  const joined = strings.join(PREFIX_PLACEHOLDER);
  const maxBytes = 3 * joined.length;
  w.ensure(4 + maxBytes);
  const start = w.length;
  const byteCount = utf8Write(w.rawBytes, joined, start + 4, maxBytes);
  const end =
    byteCount === joined.length
      ? asciiPrefixes(w, strings as readonly string[], start)
      : NATIVE_WELL_FORMED && firstNonAsciiLead(w.rawBytes, start + 4) <= 0xc3
        ? byteLengthPrefixes(w, strings as readonly string[], start)
        : utf8Prefixes(w, strings as readonly string[], start);
  if (end < 0) return false;
  w.commit(end);
  return true;
}

/** `s` has only ASCII chars (a short scan: the caller passes a column's first string). */
function isAscii(s: string): boolean {
  let or = 0;
  for (let i = 0; i < s.length; i++) or |= s.charCodeAt(i);
  return or < 0x80;
}

/**
 * A column of short strings whose first string is not ASCII, each encoded by a JS loop straight
 * behind its length prefix, a lone surrogate as '?' as Java writes it (so no javaString pass):
 * the fallback of writeUtf8Strings. Bench tablet-text-cjk-emoji-columnar and
 * tablet-text-latin1-columnar: the joined write plus the walk for the lengths (utf8Prefixes,
 * byteLengthPrefixes) cost ~1.4x this loop; the loop's cost is mostly charCodeAt. A column of
 * ASCII strings takes the joined write instead, ~2x faster than this loop. The caller has checked
 * that every cell is a string.
 */
function writeShortStrings(w: Writer, strings: readonly string[], chars: number): void {
  w.ensure(4 * strings.length + 3 * chars);
  const buf = w.rawBytes;
  const view = w.rawView;
  let p = w.length;
  for (let k = 0; k < strings.length; k++) {
    const s = strings[k]!;
    const n = s.length;
    const lengthAt = p;
    p += 4;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        buf[p++] = c;
      } else if (c < 0x800) {
        buf[p] = 0xc0 | (c >> 6);
        buf[p + 1] = 0x80 | (c & 0x3f);
        p += 2;
      } else if ((c & 0xf800) !== 0xd800) {
        buf[p] = 0xe0 | (c >> 12);
        buf[p + 1] = 0x80 | ((c >> 6) & 0x3f);
        buf[p + 2] = 0x80 | (c & 0x3f);
        p += 3;
      } else {
        const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c < 0xdc00 && (next & 0xfc00) === 0xdc00) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          buf[p] = 0xf0 | (cp >> 18);
          buf[p + 1] = 0x80 | ((cp >> 12) & 0x3f);
          buf[p + 2] = 0x80 | ((cp >> 6) & 0x3f);
          buf[p + 3] = 0x80 | (cp & 0x3f);
          p += 4;
          i++;
        } else {
          buf[p++] = 0x3f; // a lone surrogate: Java's '?'
        }
      }
    }
    view.setInt32(lengthAt, p - lengthAt - 4);
  }
  w.commit(p);
}

/** Average chars per string above which a column is written string by string. */
const LONG_STRING_CHARS = 256;

/** String.prototype.isWellFormed is native (Node 20+): byteLengthPrefixes checks each string with it. */
const NATIVE_WELL_FORMED = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";

/** The first byte of 0x80 or more from `at` on (the caller knows there is one). */
function firstNonAsciiLead(bytes: Uint8Array, at: number): number {
  while (bytes[at]! < 0x80) at++;
  return bytes[at]!;
}

/**
 * The length prefixes by Buffer.byteLength of each string, for text whose first non-ASCII char is
 * Latin-1 (lead byte C2 or C3): V8 keeps such strings one byte per char, and counts their UTF-8
 * bytes natively far faster than utf8Prefixes walks them (mixed 1- and 2-byte sequences
 * mispredict its branches; bench tablet-text-latin1-columnar, and the Latin-1 column of
 * tablet-text-1kib-columnar). For two-byte strings (CJK) the walk is the faster one. Returns -1
 * at a string with a lone surrogate, as utf8Prefixes does.
 */
function byteLengthPrefixes(w: Writer, strings: readonly string[], start: number): number {
  const view = w.rawView;
  let p = start;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    if (!isWellFormed(s)) return -1;
    const len = Buffer.byteLength(s, "utf8");
    view.setInt32(p, len);
    p += 4 + len;
  }
  return p;
}

/** The length prefixes when the join was all ASCII (byte length = string length); returns the end. */
function asciiPrefixes(w: Writer, strings: readonly string[], start: number): number {
  const view = w.rawView;
  let p = start;
  for (let i = 0; i < strings.length; i++) {
    const len = strings[i]!.length;
    view.setInt32(p, len);
    p += 4 + len;
  }
  return p;
}

/**
 * The length prefixes when some char was not ASCII: walks each string's UTF-8 by lead byte (after
 * an ASCII byte, 4 at a time while they stay ASCII) until it has covered the string's UTF-16
 * units; returns the end, or -1 at EF BF BD (U+FFFD) where the string has no U+FFFD: the native
 * write's stand-in for a lone surrogate. Branches, not a table lookup: the step must not wait for
 * the load of the lead byte (a lookup made the walk over CJK text 1.7x slower, bench
 * tablet-text-cjk-emoji-columnar); the 3-byte case is tested first, as CJK text is where the walk
 * runs longest. Text mixing 1- and 2-byte chars (Latin-1 accents) mispredicts these branches: its
 * walk costs ~2x the CJK one per char.
 */
function utf8Prefixes(w: Writer, strings: readonly string[], start: number): number {
  const bytes = w.rawBytes;
  const view = w.rawView;
  let p = start;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    const units = s.length;
    const first = p + 4;
    let q = first;
    let unit = 0;
    while (unit < units) {
      const lead = bytes[q]!;
      if (lead >= 0xe0) {
        if (lead < 0xf0) {
          if (lead === 0xef && bytes[q + 1] === 0xbf && bytes[q + 2] === 0xbd && s.charCodeAt(unit) !== 0xfffd)
            return -1;
          q += 3;
          unit += 1;
        } else {
          q += 4; // a surrogate pair
          unit += 2;
        }
      } else if (lead < 0x80) {
        q += 1;
        unit += 1;
        while (unit + 4 <= units && (view.getInt32(q) & 0x80808080) === 0) {
          q += 4;
          unit += 4;
        }
      } else {
        q += 2;
        unit += 1;
      }
    }
    view.setInt32(p, q - first);
    p = q;
  }
  return p;
}
