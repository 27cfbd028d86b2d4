// Many strings, each as an i32 big-endian byte length + UTF-8, through a WebAssembly transcoder
// (utf8-strings.wat): the strings are joined and copied into its memory as UTF-16 by one native
// call (Buffer#ucs2Write), transcoded there, and the bytes copied out. For short non-ASCII
// strings that beats both a JS loop (a charCodeAt per char) and native UTF-8 writes (a call per
// string, or one of a join whose per-string byte lengths must then be found): bench codec
// tablet-text-cjk-emoji-columnar and tablet-text-latin1-columnar. A chunk whose first string
// starts ASCII is first copied in by one native UTF-8 write; one byte per unit means it was all
// ASCII, and only the lengths are put in (bench codec tablet-b-columnar).
//
// Policy: an accelerator, never a requirement. Without WebAssembly, without Node's internal
// Buffer#ucs2Write (another runtime, or ZEROWIRE_PORTABLE_UTF8=1: rawUcs2Write in buffer-utf8.ts)
// or on a big-endian host, writeUtf8Strings reports false and the caller encodes another way.
import { rawUcs2Write, rawUtf8Write } from "./buffer-utf8.js";
import { describe } from "./errors.js";
import { HOST_IS_LITTLE_ENDIAN } from "./host-endian.js";
import { UTF8_STRINGS_WASM_BASE64 } from "./utf8-strings-wasm.js";
import { webAssembly } from "./wasm-api.js";
import type { Writer } from "./writer.js";

// The transcoder's memory: UTF-16 in at SRC, the strings' lengths at LENS, UTF-8 out at DST
// (room for 3 bytes per unit + 4 per string + 4), the shuffle tables at SQUEEZE and SPREAD.
const SRC = 0;
const LENS = 128 * 1024;
const DST = 192 * 1024;
const SQUEEZE = 464 * 1024;
const SPREAD = 468 * 1024;
const MEMORY_PAGES = 8; // 512 KiB
/** Most UTF-16 units and strings transcoded per call; a longer column goes in chunks. */
const CHUNK_UNITS = (LENS - SRC) / 2;
const CHUNK_STRINGS = (DST - LENS) / 4;

interface Transcoder {
  utf8Strings: (src: number, lens: number, n: number, dst: number) => number;
  asciiStrings: (src: number, lens: number, n: number, dst: number) => number;
  memory: Buffer;
  lengths: Int32Array;
}

/** undefined until first use; null where it cannot run here (see the policy above). */
let transcoder: Transcoder | null | undefined;

function load(): Transcoder | null {
  const wasm = webAssembly();
  if (wasm === undefined || rawUcs2Write === undefined) return null;
  if (!HOST_IS_LITTLE_ENDIAN) return null; // lengths and UTF-16 are passed little-endian
  try {
    // initial === maximum: never grown, so the views below never detach.
    const memory = new wasm.Memory({ initial: MEMORY_PAGES, maximum: MEMORY_PAGES });
    const module = new wasm.Module(Buffer.from(UTF8_STRINGS_WASM_BASE64, "base64"));
    new Uint8Array(memory.buffer, SQUEEZE, 256 * 16).set(squeezeTable());
    new Uint8Array(memory.buffer, SPREAD, 256 * 16).set(spreadTable());
    const exports = new wasm.Instance(module, { env: { memory, squeeze: SQUEEZE, spread: SPREAD } }).exports;
    return {
      utf8Strings: exports.utf8Strings as Transcoder["utf8Strings"],
      asciiStrings: exports.asciiStrings as Transcoder["asciiStrings"],
      memory: Buffer.from(memory.buffer),
      lengths: new Int32Array(memory.buffer, LENS, CHUNK_STRINGS),
    };
  } catch {
    return null; // the memory could not be reserved
  }
}

/**
 * The shuffles of the transcoder's 1-/2-byte path, 16 bytes per 8-bit mask m: each of the 8 lanes
 * holds a char's 2 candidate bytes; entry m keeps byte 2i of every lane i, and byte 2i+1 where bit
 * i of m is set (a 2-byte char), in order; 0x80 (a zero byte) fills the rest.
 */
function squeezeTable(): Uint8Array {
  const table = new Uint8Array(256 * 16).fill(0x80);
  for (let m = 0; m < 256; m++) {
    let out = 16 * m;
    for (let i = 0; i < 8; i++) {
      table[out++] = 2 * i;
      if ((m >> i) & 1) table[out++] = 2 * i + 1;
    }
  }
  return table;
}

/**
 * The shuffles of the transcoder's mixed 1-/2-/3-byte path, 16 bytes per 8-bit mask m: each of the
 * 4 lanes holds a char's UTF-8 in its 4 bytes; lane i's char has 1 + (bit i of m) + (bit 4 + i of m)
 * bytes, and entry m keeps bytes 4i to 4i + n - 1 of every lane i whose char has n bytes, in order;
 * 0x80 (a zero byte) fills the rest.
 */
function spreadTable(): Uint8Array {
  const table = new Uint8Array(256 * 16).fill(0x80);
  for (let m = 0; m < 256; m++) {
    let out = 16 * m;
    for (let i = 0; i < 4; i++) {
      const bytes = 1 + ((m >> i) & 1) + ((m >> (4 + i)) & 1);
      for (let b = 0; b < bytes; b++) table[out++] = 4 * i + b;
    }
  }
  return table;
}

/**
 * Writes each string as its UTF-8 byte length (i32 big-endian) followed by its UTF-8, all or
 * nothing: returns false, with nothing written, when a string holds a lone surrogate (which has
 * no UTF-8; the caller decides what it becomes), when one string alone is longer than 65,536
 * UTF-16 units, or when this process has no transcoder (see the file-top policy).
 *
 * @throws TypeError if an element is not a string (nothing written).
 */
export function writeUtf8Strings(w: Writer, strings: readonly string[]): boolean {
  const n = strings.length;
  const t = transcoder === undefined ? (transcoder = load()) : transcoder;
  let units = 0;
  let tooLong = false;
  // The first chunk's lengths are put in while the strings are checked (bench codec tablet-b-columnar).
  const lengths = t === null ? undefined : t.lengths;
  for (let i = 0; i < n; i++) {
    const s = strings[i];
    if (typeof s !== "string") throw new TypeError(`writeUtf8Strings: element ${i} is ${describe(s)}, not a string`);
    if (s.length > CHUNK_UNITS) tooLong = true;
    if (lengths !== undefined && i < CHUNK_STRINGS) lengths[i] = s.length;
    units += s.length;
  }
  if (t === null || tooLong) return false;
  w.ensure(4 * n + 3 * units);
  // Filled past w.length and committed at the end, so a refusal leaves nothing written.
  let at = w.length;
  for (let first = 0; first < n; ) {
    // A column that fits one chunk (the usual case) is one chunk: no second pass over the strings.
    const whole = first === 0 && n <= CHUNK_STRINGS && units <= CHUNK_UNITS;
    let end = whole ? n : first;
    let chunkUnits = whole ? units : 0;
    while (end < n && end - first < CHUNK_STRINGS && chunkUnits + strings[end]!.length <= CHUNK_UNITS) {
      chunkUnits += strings[end]!.length;
      end++;
    }
    const joined = first === 0 && end === n ? strings.join("") : strings.slice(first, end).join("");
    if (first > 0) for (let i = first; i < end; i++) t.lengths[i - first] = strings[i]!.length;
    const written = asciiStart(strings[first]!)
      ? transcodeAsciiOr(t, joined, chunkUnits, end - first)
      : transcode(t, joined, chunkUnits, end - first);
    if (written < 0) return false;
    w.rawBytes.set(t.memory.subarray(DST, written), at);
    at += written - DST;
    first = end;
  }
  w.commit(at);
  return true;
}

/** Whether a string starts ASCII (its first 32 chars): its chunk is then tried as all ASCII. */
function asciiStart(s: string): boolean {
  let or = 0;
  for (let i = 0; i < s.length && i < 32; i++) or |= s.charCodeAt(i);
  return or < 0x80;
}

/**
 * A chunk written as its UTF-8 by one native write: if that took one byte per unit, every char was
 * ASCII and the bytes only need their lengths put in (asciiStrings); else it is transcoded. Bench
 * codec tablet-b-columnar (ASCII): ~0.9x the joined write with separators the codec does otherwise.
 */
function transcodeAsciiOr(t: Transcoder, joined: string, units: number, n: number): number {
  // Room for more than `units` bytes, so a write that a non-ASCII char made longer cannot stop at exactly `units`.
  if (rawUtf8Write(t.memory, joined, SRC, LENS - SRC) === units) return t.asciiStrings(SRC, LENS, n, DST);
  return transcode(t, joined, units, n);
}

/** A chunk copied in as UTF-16 and transcoded: the end of the output, or -1 at a lone surrogate. */
function transcode(t: Transcoder, joined: string, units: number, n: number): number {
  rawUcs2Write!(t.memory, joined, SRC, 2 * units);
  return t.utf8Strings(SRC, LENS, n, DST);
}
