import { rawUtf8Slice } from "./buffer-utf8.js";
import { rawBufferView } from "./buffer-view.js";
import { readBigEndian } from "./byteswap.js";
import { ReadError, describe } from "./errors.js";
import { isSafeInt64Words } from "./int64.js";

/** Node's global Buffer is an accessor property: read once here, not on every new Reader. */
const NodeBuffer = Buffer;

/**
 * A cursor over bytes. Every read checks its bounds first and throws a ReadError naming what
 * was read at which offset; it never reads past the end. Byte slices are views, not copies.
 *
 * A Reader is often made for a few reads (a reply frame's header and fields: bench case
 * `read-fetch-5x64k`), so it makes nothing up front: the DataView is made by the first read that
 * needs one (floats, 64-bit integers, `view`; 16- and 32-bit integers are read from the bytes),
 * and `buf`'s ArrayBuffer is looked up by the first view (`bytes`), which then all use it.
 */
export class Reader {
  readonly buf: Buffer;
  /** Read position, relative to the start of `buf`. */
  pos = 0;
  private dataView: DataView | undefined = undefined;
  /** `buf.buffer`, once a view needed it; views start at `base` + their position. */
  private backing: ArrayBufferLike | undefined = undefined;
  private base = 0;

  constructor(bytes: Uint8Array) {
    this.buf = bytes instanceof NodeBuffer ? bytes : NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  /** A DataView over `buf` (made on first use). */
  get view(): DataView {
    return (this.dataView ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length));
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  /** Throws unless n more bytes can be read; `what` names the read in the error. */
  need(n: number, what: string): void {
    if (n > this.buf.length - this.pos) throw new ReadError(what, this.pos, n, this.buf.length - this.pos);
  }

  /** A length must be a non-negative integer: a fraction or NaN would leave `pos` unusable. */
  private checkLength(n: number, what: string): void {
    if (!(Number.isInteger(n) && n >= 0)) {
      throw new ReadError(what, this.pos, 0, this.remaining, `invalid length ${describe(n)}`);
    }
  }

  skip(n: number, what = "bytes"): void {
    this.checkLength(n, what);
    this.need(n, what);
    this.pos += n;
  }

  u8(what = "uint8"): number {
    this.need(1, what);
    return this.buf[this.pos++]!;
  }
  i8(what = "int8"): number {
    this.need(1, what);
    return (this.buf[this.pos++]! << 24) >> 24;
  }
  u16be(what = "uint16"): number {
    this.need(2, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return (b[p]! << 8) | b[p + 1]!;
  }
  u16le(what = "uint16"): number {
    this.need(2, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return b[p]! | (b[p + 1]! << 8);
  }
  i16be(what = "int16"): number {
    this.need(2, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return ((b[p]! << 24) | (b[p + 1]! << 16)) >> 16;
  }
  i16le(what = "int16"): number {
    this.need(2, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return ((b[p + 1]! << 24) | (b[p]! << 16)) >> 16;
  }
  i32be(what = "int32"): number {
    this.need(4, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
  }
  i32le(what = "int32"): number {
    this.need(4, what);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
  }
  u32be(what = "uint32"): number {
    return this.i32be(what) >>> 0;
  }
  u32le(what = "uint32"): number {
    return this.i32le(what) >>> 0;
  }
  i64be(what = "int64"): bigint {
    this.need(8, what);
    const v = this.view.getBigInt64(this.pos);
    this.pos += 8;
    return v;
  }
  i64le(what = "int64"): bigint {
    this.need(8, what);
    const v = this.view.getBigInt64(this.pos, true);
    this.pos += 8;
    return v;
  }
  u64be(what = "uint64"): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v;
  }
  u64le(what = "uint64"): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** int64 big-endian as a number; a value beyond ±(2^53-1) is a ReadError, never rounded. */
  i64beNumber(what = "int64"): number {
    this.need(8, what);
    const hi = this.view.getInt32(this.pos);
    const lo = this.view.getUint32(this.pos + 4);
    if (!isSafeInt64Words(hi, lo)) {
      throw new ReadError(what, this.pos, 8, this.remaining, "value is beyond Number.MAX_SAFE_INTEGER");
    }
    this.pos += 8;
    return hi * 4294967296 + lo;
  }

  f32be(what = "float32"): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.pos);
    this.pos += 4;
    return v;
  }
  f32le(what = "float32"): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f64be(what = "float64"): number {
    this.need(8, what);
    const v = this.view.getFloat64(this.pos);
    this.pos += 8;
    return v;
  }
  f64le(what = "float64"): number {
    this.need(8, what);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** The next n bytes as a view (no copy). */
  bytes(n: number, what = "bytes"): Buffer {
    this.checkLength(n, what);
    this.need(n, what);
    const at = this.pos;
    this.pos = at + n;
    return this.slice(at, n);
  }

  /** A view of `n` bytes of `buf` from `at` (in bounds: the caller checked). */
  private slice(at: number, n: number): Buffer {
    let backing = this.backing;
    if (backing === undefined) {
      backing = this.backing = this.buf.buffer;
      this.base = this.buf.byteOffset;
    }
    return rawBufferView(backing, this.base + at, n);
  }

  // ---- varints ----

  uvarint32(what = "uint32 varint"): number {
    return this.varint32(what, "");
  }

  /** uvarint32, its errors naming `what + suffix` (built only then). */
  private varint32(what: string, suffix: string): number {
    const start = this.pos;
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.buf.length) throw this.varintError(what + suffix, start, this.pos - start + 1);
      const b = this.buf[this.pos++]!;
      if (shift === 28 && b > 0x0f) throw this.varintError(what + suffix, start, 0, "varint does not fit 32 bits");
      result |= (b & 0x7f) << shift;
      if (b < 0x80) return result >>> 0;
    }
    throw this.varintError(what + suffix, start, 0, "varint longer than 5 bytes");
  }

  zigzag32(what = "int32 zigzag varint"): number {
    const v = this.uvarint32(what);
    return (v >>> 1) ^ -(v & 1);
  }

  uvarint64(what = "uint64 varint"): bigint {
    this.varint64Words(what);
    return (BigInt(this.hi) << 32n) | BigInt(this.lo);
  }

  /** Words of the last varint64Words read (uint32 each). */
  private lo = 0;
  private hi = 0;

  /** Reads an unsigned LEB128 of up to 64 bits into `lo` / `hi`, with no BigInt. */
  private varint64Words(what: string): void {
    const start = this.pos;
    const buf = this.buf;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= buf.length) throw this.varintError(what, start, this.pos - start + 1);
      const b = buf[this.pos++]!;
      const bits = b & 0x7f;
      if (i < 4) lo |= bits << (7 * i);
      else if (i === 4) {
        lo |= bits << 28;
        hi |= bits >>> 4;
      } else {
        if (i === 9 && b > 0x01) throw this.varintError(what, start, 0, "varint does not fit 64 bits");
        hi |= bits << (7 * i - 32);
      }
      if (b < 0x80) {
        this.lo = lo >>> 0;
        this.hi = hi >>> 0;
        return;
      }
    }
    throw this.varintError(what, start, 0, "varint longer than 10 bytes");
  }

  /** Un-zigzags the words of the last varint64Words read into a signed hi (int32) and lo (uint32). */
  private unzigzagWords(): void {
    const lo = this.lo;
    const hi = this.hi;
    const sign = -(lo & 1); // 0 or -1 (all ones)
    this.lo = (((lo >>> 1) | (hi << 31)) ^ sign) >>> 0;
    this.hi = ((hi >>> 1) ^ sign) | 0;
  }

  /** A failed varint read consumes nothing: the cursor goes back to where the varint started. */
  private varintError(what: string, start: number, needed: number, detail?: string): ReadError {
    this.pos = start;
    return new ReadError(what, start, needed, this.buf.length - start, detail);
  }

  zigzag64(what = "int64 zigzag varint"): bigint {
    const v = this.uvarint64(what);
    return (v >> 1n) ^ -(v & 1n);
  }

  /**
   * Zigzag LEB128 int64 as a number, with no BigInt; a value beyond ±(2^53-1) is a ReadError
   * (never rounded) and the cursor stays at the varint.
   */
  zigzag64Number(what = "int64 zigzag varint"): number {
    const start = this.pos;
    this.varint64Words(what);
    this.unzigzagWords();
    const hi = this.hi;
    const lo = this.lo;
    if (!isSafeInt64Words(hi, lo)) {
      throw this.varintError(what, start, 0, "value is beyond Number.MAX_SAFE_INTEGER");
    }
    return hi * 4294967296 + lo;
  }

  /**
   * Zigzag LEB128 int64 stored as 8 big-endian bytes into `dst` at `offset`, with no BigInt (for
   * int64 holders such as node-int64). The caller gives room for the 8 bytes.
   */
  zigzag64BE(dst: Uint8Array, offset: number, what = "int64 zigzag varint"): void {
    if (!(Number.isInteger(offset) && offset >= 0 && offset + 8 <= dst.length)) {
      throw new RangeError(
        `zigzag64BE: offset ${describe(offset)} leaves no 8 bytes in a destination of ${dst.length}`,
      );
    }
    this.varint64Words(what);
    this.unzigzagWords();
    const hi = this.hi;
    const lo = this.lo;
    dst[offset] = hi >>> 24;
    dst[offset + 1] = (hi >>> 16) & 0xff;
    dst[offset + 2] = (hi >>> 8) & 0xff;
    dst[offset + 3] = hi & 0xff;
    dst[offset + 4] = lo >>> 24;
    dst[offset + 5] = (lo >>> 16) & 0xff;
    dst[offset + 6] = (lo >>> 8) & 0xff;
    dst[offset + 7] = lo & 0xff;
  }

  // ---- strings and length-prefixed slices ----

  // Length prefixes are read here rather than through i32be(`${what} length`): that label would
  // be a new string per call; it is built only when a read fails.

  /** int32 big-endian length + bytes, as a view. A negative or too large length is a ReadError. */
  bytesI32be(what = "bytes"): Buffer {
    const at = this.bodyStart(this.prefixI32(false, what), what);
    return this.slice(at, this.pos - at);
  }

  /** int32 little-endian length + bytes, as a view. */
  bytesI32le(what = "bytes"): Buffer {
    const at = this.bodyStart(this.prefixI32(true, what), what);
    return this.slice(at, this.pos - at);
  }

  /** uint16 big-endian length + bytes, as a view. */
  bytesI16be(what = "bytes"): Buffer {
    const at = this.bodyStart(this.prefixU16(what), what);
    return this.slice(at, this.pos - at);
  }

  /** varint length + bytes, as a view. */
  bytesVarint(what = "bytes"): Buffer {
    const at = this.bodyStart(this.prefixVarint(what), what);
    return this.slice(at, this.pos - at);
  }

  strI32be(what = "string"): string {
    const at = this.bodyStart(this.prefixI32(false, what), what);
    return rawUtf8Slice(this.buf, at, this.pos);
  }
  strI32le(what = "string"): string {
    const at = this.bodyStart(this.prefixI32(true, what), what);
    return rawUtf8Slice(this.buf, at, this.pos);
  }
  strI16be(what = "string"): string {
    const at = this.bodyStart(this.prefixU16(what), what);
    return rawUtf8Slice(this.buf, at, this.pos);
  }
  strVarint(what = "string"): string {
    const at = this.bodyStart(this.prefixVarint(what), what);
    return rawUtf8Slice(this.buf, at, this.pos);
  }

  /**
   * The next n bytes decoded as UTF-8 (invalid sequences as U+FFFD), with no Buffer view made:
   * for a length prefix the caller read its own way.
   */
  utf8(n: number, what = "string"): string {
    this.checkLength(n, what);
    this.need(n, what);
    const at = this.pos;
    this.pos += n;
    return rawUtf8Slice(this.buf, at, this.pos);
  }

  /** Where the prefix being read started, for bodyStart to go back to. */
  private prefixAt = 0;

  private prefixI32(le: boolean, what: string): number {
    const at = this.pos;
    if (this.buf.length - at < 4) throw new ReadError(`${what} length`, at, 4, this.buf.length - at);
    const b = this.buf;
    const n = le
      ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)
      : (b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
    if (n < 0) throw new ReadError(`${what} length`, at, 4, this.buf.length - at, `negative length ${n}`);
    this.prefixAt = at;
    this.pos = at + 4;
    return n;
  }

  private prefixU16(what: string): number {
    const at = this.pos;
    if (this.buf.length - at < 2) throw new ReadError(`${what} length`, at, 2, this.buf.length - at);
    this.prefixAt = at;
    this.pos = at + 2;
    return (this.buf[at]! << 8) | this.buf[at + 1]!;
  }

  private prefixVarint(what: string): number {
    const at = this.pos;
    const buf = this.buf;
    if (at < buf.length && buf[at]! < 0x80) {
      this.prefixAt = at;
      this.pos = at + 1;
      return buf[at]!;
    }
    const n = this.varint32(what, " length");
    this.prefixAt = at;
    return n;
  }

  /**
   * After a length prefix of n: checks the n bytes are there, moves past them and returns where
   * they start; when they are not, the cursor goes back to the prefix and it is a ReadError.
   */
  private bodyStart(n: number, what: string): number {
    const at = this.pos;
    if (n > this.buf.length - at) {
      const err = new ReadError(what, at, n, this.buf.length - at);
      this.pos = this.prefixAt;
      throw err;
    }
    this.pos = at + n;
    return at;
  }

  /** UTF-8 up to a NUL byte (consumed, not returned). */
  cstring(what = "C string"): string {
    const end = this.buf.indexOf(0, this.pos);
    if (end === -1) {
      throw new ReadError(what, this.pos, 0, this.remaining, "no NUL terminator before the end");
    }
    const s = rawUtf8Slice(this.buf, this.pos, end);
    this.pos = end + 1;
    return s;
  }

  // ---- bulk big-endian columns (copied into aligned native-order arrays) ----

  f64ColumnBE(count: number, what = "float64 column"): Float64Array {
    return new Float64Array(this.swappedColumn(count, 8, what));
  }
  f32ColumnBE(count: number, what = "float32 column"): Float32Array {
    return new Float32Array(this.swappedColumn(count, 4, what));
  }
  i32ColumnBE(count: number, what = "int32 column"): Int32Array {
    return new Int32Array(this.swappedColumn(count, 4, what));
  }
  i64ColumnBE(count: number, what = "int64 column"): BigInt64Array {
    return new BigInt64Array(this.swappedColumn(count, 8, what));
  }

  private swappedColumn(count: number, width: 4 | 8, what: string): ArrayBuffer {
    if (!(Number.isInteger(count) && count >= 0)) {
      throw new ReadError(what, this.pos, 0, this.remaining, `invalid count ${count}`);
    }
    const n = count * width;
    this.need(n, what);
    const column = readBigEndian(this.buf, this.pos, n, width);
    this.pos += n;
    return column;
  }
}
