import { writeBigEndian, type TypedColumn } from "./byteswap.js";
import { describe } from "./errors.js";
import {
  checkInt64,
  checkSafeInteger,
  checkUint64,
  checkUnsignedSafeInteger,
  hiWord,
  loWord,
} from "./int64.js";
import { OwnedBytes } from "./owned-bytes.js";
import type { BufferPool } from "./pool.js";
import { encodeUtf8, maxUtf8Bytes } from "./utf8.js";
import { putVarint32, putVarint64, varint32Size } from "./varint.js";

export interface WriterOptions {
  /** Where buffers come from and go back to. Without a pool, buffers are plain allocations. */
  pool?: BufferPool;
  /** Capacity of the first buffer (default 1024). */
  initialSize?: number;
}

type Int64Input = bigint | number;
type NumericColumn = ArrayLike<number>;

const EMPTY = Buffer.alloc(0);
const EMPTY_VIEW = new DataView(EMPTY.buffer, EMPTY.byteOffset, 0);

/**
 * A growable binary writer. Every write appends at `pos`; multi-byte writes come in big- and
 * little-endian forms (`be` / `le`). Integer writes check their range and throw a RangeError
 * naming the value instead of wrapping silently; nothing is written then.
 */
export class Writer {
  /** The current buffer; its first `pos` bytes are the output. Replaced when the writer grows. */
  buf: Buffer = EMPTY;
  /** DataView over `buf`, rebuilt only when `buf` changes. */
  view: DataView = EMPTY_VIEW;
  /** Write position (= bytes written so far). */
  pos = 0;

  private readonly pool: BufferPool | undefined;
  private readonly initialSize: number;

  constructor(options: WriterOptions = {}) {
    this.pool = options.pool;
    this.initialSize = options.initialSize ?? 1024;
    if (!(this.initialSize >= 0)) throw new RangeError(`initialSize: ${describe(this.initialSize)} is not a size`);
  }

  /** Makes room for n more bytes. */
  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(this.pos + n);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.buf.length * 2, this.initialSize);
    const next = this.pool ? this.pool.acquire(size) : Buffer.allocUnsafe(size);
    if (this.pos > 0) this.buf.copy(next, 0, 0, this.pos);
    this.releaseBuffer();
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.length);
  }

  private releaseBuffer(): void {
    if (this.pool && this.buf !== EMPTY) this.pool.release(this.buf);
    this.buf = EMPTY;
    this.view = EMPTY_VIEW;
  }

  /**
   * Hands the written bytes to the caller, who owns them until `release()`. The writer starts
   * empty again and takes a new buffer on its next write.
   */
  finish(): OwnedBytes {
    const backing = this.buf;
    const owned = new OwnedBytes(backing.subarray(0, this.pos), backing, backing === EMPTY ? undefined : this.pool);
    this.buf = EMPTY;
    this.view = EMPTY_VIEW;
    this.pos = 0;
    return owned;
  }

  /** The bytes written so far, as a view that is valid until the next write. */
  peek(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** Discards what was written, keeping the buffer. */
  reset(): void {
    this.pos = 0;
  }

  /** Discards what was written and gives the buffer back to the pool. */
  dispose(): void {
    this.releaseBuffer();
    this.pos = 0;
  }

  // ---- fixed-size integers and floats ----

  u8(v: number): this {
    if ((v & 0xff) !== v) throw rangeError("uint8", v);
    this.ensure(1);
    this.buf[this.pos++] = v;
    return this;
  }

  i8(v: number): this {
    if ((v << 24) >> 24 !== v) throw rangeError("int8", v);
    this.ensure(1);
    this.buf[this.pos++] = v & 0xff;
    return this;
  }

  u16be(v: number): this {
    return this.put16("uint16", v, (v & 0xffff) === v, false);
  }
  u16le(v: number): this {
    return this.put16("uint16", v, (v & 0xffff) === v, true);
  }
  i16be(v: number): this {
    return this.put16("int16", v, (v << 16) >> 16 === v, false);
  }
  i16le(v: number): this {
    return this.put16("int16", v, (v << 16) >> 16 === v, true);
  }

  private put16(kind: string, v: number, inRange: boolean, le: boolean): this {
    if (!inRange) throw rangeError(kind, v);
    this.ensure(2);
    this.view.setUint16(this.pos, v & 0xffff, le);
    this.pos += 2;
    return this;
  }

  i32be(v: number): this {
    if ((v | 0) !== v) throw rangeError("int32", v);
    this.ensure(4);
    this.view.setInt32(this.pos, v);
    this.pos += 4;
    return this;
  }
  i32le(v: number): this {
    if ((v | 0) !== v) throw rangeError("int32", v);
    this.ensure(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
    return this;
  }
  u32be(v: number): this {
    if (v >>> 0 !== v) throw rangeError("uint32", v);
    this.ensure(4);
    this.view.setUint32(this.pos, v);
    this.pos += 4;
    return this;
  }
  u32le(v: number): this {
    if (v >>> 0 !== v) throw rangeError("uint32", v);
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
    return this;
  }

  /** int64 from a bigint or a safe-integer number (split into words: no BigInt per value). */
  i64be(v: Int64Input): this {
    this.ensure(8);
    putInt64(this.view, this.pos, v, false, "int64");
    this.pos += 8;
    return this;
  }
  i64le(v: Int64Input): this {
    this.ensure(8);
    putInt64(this.view, this.pos, v, true, "int64");
    this.pos += 8;
    return this;
  }
  u64be(v: Int64Input): this {
    this.ensure(8);
    putUint64(this.view, this.pos, v, false);
    this.pos += 8;
    return this;
  }
  u64le(v: Int64Input): this {
    this.ensure(8);
    putUint64(this.view, this.pos, v, true);
    this.pos += 8;
    return this;
  }

  f32be(v: number): this {
    this.ensure(4);
    this.view.setFloat32(this.pos, v);
    this.pos += 4;
    return this;
  }
  f32le(v: number): this {
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
    return this;
  }
  f64be(v: number): this {
    this.ensure(8);
    this.view.setFloat64(this.pos, v);
    this.pos += 8;
    return this;
  }
  f64le(v: number): this {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
    return this;
  }

  /** Raw bytes, copied. */
  bytes(src: Uint8Array): this {
    // A string or plain array would be coerced element by element into garbage bytes.
    if (!(src instanceof Uint8Array)) throw new TypeError(`expected a Uint8Array, got ${describe(src)}`);
    this.ensure(src.length);
    this.buf.set(src, this.pos);
    this.pos += src.length;
    return this;
  }

  // ---- varints (protobuf, Thrift compact) ----

  /** Unsigned LEB128 of a uint32. */
  uvarint32(v: number): this {
    if (v >>> 0 !== v) throw rangeError("uint32 varint", v);
    this.ensure(5);
    this.pos = putVarint32(this.buf, this.pos, v);
    return this;
  }

  /** Zigzag LEB128 of an int32. */
  zigzag32(v: number): this {
    if ((v | 0) !== v) throw rangeError("int32 zigzag varint", v);
    this.ensure(5);
    this.pos = putVarint32(this.buf, this.pos, ((v << 1) ^ (v >> 31)) >>> 0);
    return this;
  }

  /** Unsigned LEB128 of a uint64 (bigint, or a non-negative safe integer). */
  uvarint64(v: Int64Input): this {
    let lo: number, hi: number;
    if (typeof v === "number") {
      checkUnsignedSafeInteger(v, "uint64 varint");
      lo = loWord(v);
      hi = hiWord(v) >>> 0;
    } else {
      checkUint64(bigintOrThrow(v, "uint64 varint"), "uint64 varint");
      lo = Number(v & 0xffffffffn);
      hi = Number(v >> 32n);
    }
    this.ensure(10);
    this.pos = putVarint64(this.buf, this.pos, lo, hi);
    return this;
  }

  /** Zigzag LEB128 of an int64 (bigint, or a safe integer). */
  zigzag64(v: Int64Input): this {
    let lo: number, hi: number;
    if (typeof v === "number") {
      checkSafeInteger(v, "int64 zigzag varint");
      lo = loWord(v);
      hi = hiWord(v);
    } else {
      checkInt64(bigintOrThrow(v, "int64 zigzag varint"), "int64 zigzag varint");
      lo = Number(BigInt.asUintN(32, v));
      hi = Number(BigInt.asIntN(32, v >> 32n));
    }
    // zigzag on two words: (n << 1) ^ (n >> 63)
    const sign = hi >> 31;
    const zzHi = (((hi << 1) | (lo >>> 31)) ^ sign) >>> 0;
    const zzLo = ((lo << 1) ^ sign) >>> 0;
    this.ensure(10);
    this.pos = putVarint64(this.buf, this.pos, zzLo, zzHi);
    return this;
  }

  // ---- strings: one pass, length backfilled ----

  /** UTF-8 bytes of s with no prefix. */
  utf8(s: string): this {
    checkString(s);
    this.ensure(maxUtf8Bytes(s.length));
    this.pos += encodeUtf8(this.buf, this.pos, s);
    return this;
  }

  /** int32 big-endian byte length + UTF-8 (Thrift binary, IoTDB, Postgres Bind values). */
  strI32be(s: string): this {
    checkString(s);
    this.ensure(4 + maxUtf8Bytes(s.length));
    const len = encodeUtf8(this.buf, this.pos + 4, s);
    this.view.setInt32(this.pos, len);
    this.pos += 4 + len;
    return this;
  }

  /** int32 little-endian byte length + UTF-8. */
  strI32le(s: string): this {
    checkString(s);
    this.ensure(4 + maxUtf8Bytes(s.length));
    const len = encodeUtf8(this.buf, this.pos + 4, s);
    this.view.setInt32(this.pos, len, true);
    this.pos += 4 + len;
    return this;
  }

  /** int16 big-endian byte length + UTF-8; a string over 65535 bytes is a RangeError. */
  strI16be(s: string): this {
    checkString(s);
    this.ensure(2 + maxUtf8Bytes(s.length));
    const len = encodeUtf8(this.buf, this.pos + 2, s);
    if (len > 0xffff) throw new RangeError(`string of ${len} UTF-8 bytes does not fit an int16 length prefix`);
    this.view.setUint16(this.pos, len);
    this.pos += 2 + len;
    return this;
  }

  /**
   * Varint byte length + UTF-8 (protobuf, Thrift compact). The prefix size is guessed from the
   * UTF-16 length (exact for ASCII); the body is shifted only when the guess was wrong.
   */
  strVarint(s: string): this {
    checkString(s);
    const guess = varint32Size(s.length);
    this.ensure(5 + maxUtf8Bytes(s.length));
    const bodyStart = this.pos + guess;
    const len = encodeUtf8(this.buf, bodyStart, s);
    const actual = varint32Size(len);
    if (actual !== guess) this.buf.copyWithin(this.pos + actual, bodyStart, bodyStart + len);
    putVarint32(this.buf, this.pos, len);
    this.pos += actual + len;
    return this;
  }

  /** UTF-8 followed by a NUL byte (Postgres CString). A string containing NUL is a RangeError. */
  cstring(s: string): this {
    checkString(s);
    if (s.indexOf("\0") !== -1) throw new RangeError(`C string ${describe(s)} contains a NUL character`);
    this.ensure(1 + maxUtf8Bytes(s.length));
    this.pos += encodeUtf8(this.buf, this.pos, s);
    this.buf[this.pos++] = 0;
    return this;
  }

  // ---- reserve and backfill ----

  /** Skips n bytes to be written later with the `...At` methods; returns their offset. */
  reserve(n: number): number {
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`reserve: ${describe(n)} is not a byte count`);
    this.ensure(n);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8At(offset: number, v: number): this {
    if ((v & 0xff) !== v) throw rangeError("uint8", v);
    this.checkAt(offset, 1);
    this.buf[offset] = v;
    return this;
  }
  i16beAt(offset: number, v: number): this {
    if ((v << 16) >> 16 !== v) throw rangeError("int16", v);
    this.checkAt(offset, 2);
    this.view.setInt16(offset, v);
    return this;
  }
  i32beAt(offset: number, v: number): this {
    if ((v | 0) !== v) throw rangeError("int32", v);
    this.checkAt(offset, 4);
    this.view.setInt32(offset, v);
    return this;
  }
  i32leAt(offset: number, v: number): this {
    if ((v | 0) !== v) throw rangeError("int32", v);
    this.checkAt(offset, 4);
    this.view.setInt32(offset, v, true);
    return this;
  }
  u32beAt(offset: number, v: number): this {
    if (v >>> 0 !== v) throw rangeError("uint32", v);
    this.checkAt(offset, 4);
    this.view.setUint32(offset, v);
    return this;
  }
  i64beAt(offset: number, v: Int64Input): this {
    this.checkAt(offset, 8);
    putInt64(this.view, offset, v, false, "int64");
    return this;
  }

  private checkAt(offset: number, n: number): void {
    if (!(Number.isInteger(offset) && offset >= 0 && offset + n <= this.pos)) {
      throw new RangeError(`offset ${describe(offset)}: ${n} byte(s) there are not inside the ${this.pos} written`);
    }
  }

  // ---- bulk big-endian columns ----
  // Typed arrays go through writeBigEndian (copy + SIMD swap, bench cases `column-*`), bit-exact
  // (NaN payloads included); plain arrays through a DataView loop.

  /** float64 values, big-endian. */
  f64ColumnBE(values: Float64Array | NumericColumn): this {
    if (values instanceof Float64Array) return this.bulkBE(values, values.byteLength, 8);
    const n = values.length;
    this.ensure(n * 8);
    const view = this.view;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 8) view.setFloat64(p, values[i]!);
    this.pos = p;
    return this;
  }

  /** float32 values, big-endian. */
  f32ColumnBE(values: Float32Array | NumericColumn): this {
    if (values instanceof Float32Array) return this.bulkBE(values, values.byteLength, 4);
    const n = values.length;
    this.ensure(n * 4);
    const view = this.view;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 4) view.setFloat32(p, values[i]!);
    this.pos = p;
    return this;
  }

  /** int32 values, big-endian. Plain numbers are range-checked (RangeError naming the index). */
  i32ColumnBE(values: Int32Array | NumericColumn): this {
    if (values instanceof Int32Array) return this.bulkBE(values, values.byteLength, 4);
    const n = values.length;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if ((v | 0) !== v) throw new RangeError(`int32 column[${i}]: ${describe(v)} is not an int32`);
    }
    this.ensure(n * 4);
    const view = this.view;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 4) view.setInt32(p, values[i]!);
    this.pos = p;
    return this;
  }

  /** int64 values, big-endian, from a BigInt64Array or safe-integer numbers (no BigInt per value). */
  i64ColumnBE(values: BigInt64Array | NumericColumn): this {
    if (values instanceof BigInt64Array) return this.bulkBE(values, values.byteLength, 8);
    const n = values.length;
    for (let i = 0; i < n; i++) checkSafeInteger(values[i]!, `int64 column[${i}]`);
    this.ensure(n * 8);
    const view = this.view;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 8) {
      const v = values[i]!;
      view.setInt32(p, hiWord(v));
      view.setUint32(p + 4, loWord(v));
    }
    this.pos = p;
    return this;
  }

  /** n and width come from each typed caller, whose property loads stay monomorphic. */
  private bulkBE(values: TypedColumn, n: number, width: 4 | 8): this {
    this.ensure(n);
    writeBigEndian(this.buf, this.pos, values, n, width);
    this.pos += n;
    return this;
  }
}

function rangeError(kind: string, v: unknown): RangeError {
  return new RangeError(`${describe(v)} is not a valid ${kind}`);
}

function checkString(s: unknown): asserts s is string {
  if (typeof s !== "string") throw new TypeError(`expected a string, got ${describe(s)}`);
}

function bigintOrThrow(v: unknown, what: string): bigint {
  if (typeof v !== "bigint") throw new TypeError(`${what}: expected a bigint or number, got ${describe(v)}`);
  return v;
}

function putInt64(view: DataView, pos: number, v: Int64Input, le: boolean, what: string): void {
  if (typeof v === "number") {
    checkSafeInteger(v, what);
    const hi = hiWord(v);
    const lo = loWord(v);
    if (le) {
      view.setUint32(pos, lo, true);
      view.setInt32(pos + 4, hi, true);
    } else {
      view.setInt32(pos, hi);
      view.setUint32(pos + 4, lo);
    }
  } else {
    checkInt64(bigintOrThrow(v, what), what);
    view.setBigInt64(pos, v, le);
  }
}

function putUint64(view: DataView, pos: number, v: Int64Input, le: boolean): void {
  if (typeof v === "number") {
    checkUnsignedSafeInteger(v, "uint64");
    const hi = hiWord(v) >>> 0;
    const lo = loWord(v);
    if (le) {
      view.setUint32(pos, lo, true);
      view.setUint32(pos + 4, hi, true);
    } else {
      view.setUint32(pos, hi);
      view.setUint32(pos + 4, lo);
    }
  } else {
    checkUint64(bigintOrThrow(v, "uint64"), "uint64");
    view.setBigUint64(pos, v, le);
  }
}
