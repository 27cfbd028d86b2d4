// String cells (TEXT/STRING values): i32 big-endian byte length + UTF-8 as Java writes it (a lone
// surrogate as '?'). Fast paths for whole columns (one native write of the joined strings) and for
// short ASCII cells, before the general encoder.
import { JS_ENCODE_MAX_UNITS, utf8Write, type Writer } from "@zerowire/writer";
import { javaString } from "./java-string.js";

/**
 * One string cell. A short string is first copied as ASCII, one byte per char, OR-ing the char
 * codes: if the OR stays below 0x80 every char was ASCII and the bytes are final (no surrogate
 * check needed). Otherwise the bytes filled past `length` are not committed, and the string goes
 * through javaString + strI32be. Strings longer than the Writer's JS_ENCODE_MAX_UNITS go to
 * strI32be at once: the Writer encodes them natively (cheaper than a JS loop past a few dozen chars). Bench tablet-b-columnar (2,500 16-char strings): ~28 ns per string
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

/** Scratch for the UTF-8 of a joined column; kept for the next column while it is this small. */
const SCRATCH_KEEP_BYTES = 1 << 20;
let scratch = Buffer.alloc(0);

/**
 * Many string cells with one native UTF-8 write: the strings are joined, the join is written
 * into a scratch buffer, and each string is copied from there behind its length prefix.
 * Bench tablet-b-columnar (2,500 16-char strings): ~27 ns per string char by char in JS, ~17 ns
 * here (~9 ns of it the join).
 *
 * When every char is ASCII (the write gives one byte per char) each string's byte length is its
 * length. Otherwise each string's bytes are found by walking the UTF-8, counting the UTF-16 units
 * each sequence stands for (4 bytes: a surrogate pair, 2 units; else 1), so a column with some
 * non-ASCII text is still encoded once. Two things the join cannot give as Java does, and for
 * which it returns false with nothing written (the caller then goes cell by cell, where
 * javaString writes a lone surrogate as '?'): a lone surrogate (the native write gives U+FFFD,
 * EF BF BD, where the source char is not U+FFFD) and a pair that the join formed across two
 * strings (a 4-byte sequence straddling a string's end). It also returns false if some cell is
 * not a string (e.g. changed since prepareTablet: the cell path reports it).
 */
export function writeJoinedStrings(w: Writer, strings: readonly unknown[]): boolean {
  const joined = strings.join("");
  const bytes = scratchOf(3 * joined.length);
  const byteCount = utf8Write(bytes, joined, 0, 3 * joined.length);
  const n = strings.length;
  w.ensure(4 * n + byteCount);
  return byteCount === joined.length ? copyAscii(w, strings, bytes) : copyUtf8(w, strings, bytes, byteCount);
}

/** The strings' bytes when the join was all ASCII: byte length = string length. */
function copyAscii(w: Writer, strings: readonly unknown[], bytes: Buffer): boolean {
  const from = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const buf = w.rawBytes;
  const to = w.rawView;
  let dst = w.length;
  let src = 0;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i];
    if (typeof s !== "string") return false;
    const end = src + s.length;
    to.setInt32(dst, s.length);
    dst += 4;
    for (; src + 4 <= end; src += 4, dst += 4) to.setInt32(dst, from.getInt32(src));
    while (src < end) buf[dst++] = bytes[src++]!;
  }
  w.commit(dst);
  return true;
}

/**
 * The strings' bytes from the UTF-8 of their join (some char not ASCII), copied while walking it
 * (4 ASCII bytes at a time where it can); false on a lone surrogate or a pair the join formed.
 */
function copyUtf8(w: Writer, strings: readonly unknown[], bytes: Buffer, byteCount: number): boolean {
  const from = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const buf = w.rawBytes;
  const to = w.rawView;
  let dst = w.length;
  let src = 0;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i];
    if (typeof s !== "string") return false;
    const lengthAt = dst;
    dst += 4;
    const units = s.length;
    let unit = 0; // UTF-16 units of s copied so far
    while (unit < units) {
      if (unit + 4 <= units && src + 4 <= byteCount) {
        const word = from.getInt32(src);
        if ((word & 0x80808080) === 0) {
          to.setInt32(dst, word);
          src += 4;
          dst += 4;
          unit += 4;
          continue;
        }
      }
      const lead = bytes[src]!;
      if (lead < 0x80) {
        buf[dst++] = lead;
        src += 1;
      } else if (lead < 0xe0) {
        buf[dst] = lead;
        buf[dst + 1] = bytes[src + 1]!;
        dst += 2;
        src += 2;
      } else if (lead < 0xf0) {
        const b1 = bytes[src + 1]!;
        const b2 = bytes[src + 2]!;
        // EF BF BD is U+FFFD: the native write's stand-in for a lone surrogate, unless s has U+FFFD there.
        if (lead === 0xef && b1 === 0xbf && b2 === 0xbd && s.charCodeAt(unit) !== 0xfffd) return false;
        buf[dst] = lead;
        buf[dst + 1] = b1;
        buf[dst + 2] = b2;
        dst += 3;
        src += 3;
      } else {
        if (unit + 2 > units) return false; // a pair the join formed from this string's last unit and the next's first
        to.setInt32(dst, from.getInt32(src));
        dst += 4;
        src += 4;
        unit += 1; // and one more below: a pair is two units
      }
      unit += 1;
    }
    to.setInt32(lengthAt, dst - lengthAt - 4);
  }
  w.commit(dst);
  return true;
}

/** A buffer of at least n bytes: the shared scratch (grown while it stays small) or a fresh one. */
function scratchOf(n: number): Buffer {
  if (n <= scratch.length) return scratch;
  const fresh = Buffer.allocUnsafe(Math.max(n, 4096));
  if (fresh.length <= SCRATCH_KEEP_BYTES) scratch = fresh;
  return fresh;
}
