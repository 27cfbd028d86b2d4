import { rawUtf8Slice } from "./buffer-utf8.js";
import { readBigEndian } from "./byteswap.js";
import { ReadError, describe } from "./errors.js";

const MAX_SAFE_HI = 0x1fffff; // high word of Number.MAX_SAFE_INTEGER

/**
 * A cursor over bytes. Every read checks its bounds first and throws a ReadError naming what
 * was read at which offset; it never reads past the end. Byte slices are views, not copies.
 */
export class Reader {
  readonly buf: Buffer;
  readonly view: DataView;
  /** Read position, relative to the start of `buf`. */
  pos = 0;

  constructor(bytes: Uint8Array) {
    this.buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
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
    return this.view.getInt8(this.pos++);
  }
  u16be(what = "uint16"): number {
    this.need(2, what);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  u16le(what = "uint16"): number {
    this.need(2, what);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }
  i16be(what = "int16"): number {
    this.need(2, what);
    const v = this.view.getInt16(this.pos);
    this.pos += 2;
    return v;
  }
  i16le(what = "int16"): number {
    this.need(2, what);
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }
  i32be(what = "int32"): number {
    this.need(4, what);
    const v = this.view.getInt32(this.pos);
    this.pos += 4;
    return v;
  }
  i32le(what = "int32"): number {
    this.need(4, what);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }
  u32be(what = "uint32"): number {
    this.need(4, what);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  u32le(what = "uint32"): number {
    this.need(4, what);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
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
    if (hi > MAX_SAFE_HI || hi < -MAX_SAFE_HI - 1 || (hi === -MAX_SAFE_HI - 1 && lo === 0)) {
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
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  // ---- varints ----

  uvarint32(what = "uint32 varint"): number {
    const start = this.pos;
    let result = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.buf.length) throw this.varintError(what, start, this.pos - start + 1);
      const b = this.buf[this.pos++]!;
      if (shift === 28 && b > 0x0f) throw this.varintError(what, start, 0, "varint does not fit 32 bits");
      result |= (b & 0x7f) << shift;
      if (b < 0x80) return result >>> 0;
    }
    throw this.varintError(what, start, 0, "varint longer than 5 bytes");
  }

  zigzag32(what = "int32 zigzag varint"): number {
    const v = this.uvarint32(what);
    return (v >>> 1) ^ -(v & 1);
  }

  uvarint64(what = "uint64 varint"): bigint {
    const start = this.pos;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.buf.length) throw this.varintError(what, start, this.pos - start + 1);
      const b = this.buf[this.pos++]!;
      const bits = b & 0x7f;
      if (i < 4) lo |= bits << (7 * i);
      else if (i === 4) {
        lo |= bits << 28;
        hi |= bits >>> 4;
      } else {
        if (i === 9 && b > 0x01) throw this.varintError(what, start, 0, "varint does not fit 64 bits");
        hi |= bits << (7 * i - 32);
      }
      if (b < 0x80) return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
    }
    throw this.varintError(what, start, 0, "varint longer than 10 bytes");
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

  // ---- strings and length-prefixed slices ----

  /** int32 big-endian length + bytes, as a view. A negative or too large length is a ReadError. */
  bytesI32be(what = "bytes"): Buffer {
    const at = this.pos;
    const n = this.i32be(`${what} length`);
    if (n < 0) {
      this.pos = at;
      throw new ReadError(`${what} length`, at, 4, this.buf.length - at, `negative length ${n}`);
    }
    return this.bytesAfterPrefix(n, at, what);
  }

  /** int32 little-endian length + bytes, as a view. */
  bytesI32le(what = "bytes"): Buffer {
    const at = this.pos;
    const n = this.i32le(`${what} length`);
    if (n < 0) {
      this.pos = at;
      throw new ReadError(`${what} length`, at, 4, this.buf.length - at, `negative length ${n}`);
    }
    return this.bytesAfterPrefix(n, at, what);
  }

  /** uint16 big-endian length + bytes, as a view. */
  bytesI16be(what = "bytes"): Buffer {
    const at = this.pos;
    return this.bytesAfterPrefix(this.u16be(`${what} length`), at, what);
  }

  /** varint length + bytes, as a view. */
  bytesVarint(what = "bytes"): Buffer {
    const at = this.pos;
    return this.bytesAfterPrefix(this.uvarint32(`${what} length`), at, what);
  }

  private bytesAfterPrefix(n: number, prefixAt: number, what: string): Buffer {
    if (n > this.buf.length - this.pos) {
      const err = new ReadError(what, this.pos, n, this.buf.length - this.pos);
      this.pos = prefixAt;
      throw err;
    }
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  strI32be(what = "string"): string {
    return utf8(this.bytesI32be(what));
  }
  strI32le(what = "string"): string {
    return utf8(this.bytesI32le(what));
  }
  strI16be(what = "string"): string {
    return utf8(this.bytesI16be(what));
  }
  strVarint(what = "string"): string {
    return utf8(this.bytesVarint(what));
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

function utf8(b: Buffer): string {
  return rawUtf8Slice(b, 0, b.length);
}
