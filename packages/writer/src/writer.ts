import { writeBigEndian, type TypedColumn } from "./byteswap.js";
import { describe } from "./errors.js";
import { checkInt64, checkSafeInteger, checkUint64, checkUnsignedSafeInteger, hiWord, loWord } from "./int64.js";
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

/** A 64-bit integer as a bigint or a safe-integer number. */
export type Int64Input = bigint | number;
/** A column of numbers: a typed array or a plain array. */
export type NumericColumn = ArrayLike<number>;

const EMPTY = Buffer.alloc(0);
const EMPTY_VIEW = new DataView(EMPTY.buffer, EMPTY.byteOffset, 0);

/** Prefix kinds of fork(): an int32 big-endian length, or a varint length. */
const PREFIX_I32BE = 0;

/**
 * A growable binary writer. Every write appends after the bytes written so far (`length`);
 * multi-byte writes come in big- and little-endian forms (`be` / `le`). Integer writes check
 * their range and throw a RangeError naming the value instead of wrapping silently; nothing is
 * written then.
 *
 * The buffer and the position are private, so `length <= capacity` always holds. Encoders that
 * fill bytes in place (whole columns, backfilled lengths) use the public seams instead: `ensure`
 * + `rawBytes`/`rawView` + `commit`, `reserve` + the `...At` methods, `truncate` to undo, and
 * `fork`/`join` for length-prefixed sub-messages. They are small methods and getters that V8
 * inlines, so a driver's loop over `rawView` costs what a loop over the fields did.
 */
export class Writer {
  /** The current buffer; its first `pos` bytes are the output. Replaced when the writer grows. */
  private buf: Buffer = EMPTY;
  /** DataView over `buf`, rebuilt only when `buf` changes. */
  private view: DataView = EMPTY_VIEW;
  /** Write position (= bytes written so far). */
  private pos = 0;
  /**
   * Open fork()s, innermost last: where each prefix starts, and its kind (PREFIX_I32BE, or the varint's guessed size).
   */
  private readonly forkAt: number[] = [];
  private readonly forkPrefix: number[] = [];

  private readonly pool: BufferPool | undefined;
  private readonly initialSize: number;

  constructor(options: WriterOptions = {}) {
    this.pool = options.pool;
    this.initialSize = options.initialSize ?? 1024;
    if (!(this.initialSize >= 0)) throw new RangeError(`initialSize: ${describe(this.initialSize)} is not a size`);
  }

  /** Bytes written so far (the offset the next write goes to). */
  get length(): number {
    return this.pos;
  }

  /**
   * The current buffer, to fill in place: the bytes before `length` (e.g. reserved ones) and the
   * room an `ensure(n)` made after it. Valid until the next call that may grow the writer (any
   * write, `ensure`, `reserve`); its length is the capacity, not the bytes written.
   */
  get rawBytes(): Buffer {
    return this.buf;
  }

  /** A DataView over `rawBytes` (same offsets), valid as long as `rawBytes` is. */
  get rawView(): DataView {
    return this.view;
  }

  /**
   * Takes the bytes filled in place up to `end` as written: `length <= end <= capacity` (make
   * the room with `ensure` first). A RangeError otherwise, and nothing changes.
   */
  commit(end: number): void {
    if (!(end >= this.pos && end <= this.buf.length && Number.isInteger(end))) {
      throw new RangeError(
        `commit: ${describe(end)} is not between the ${this.pos} bytes written and the capacity ${this.buf.length}`,
      );
    }
    this.pos = end;
  }

  /**
   * Drops the bytes after the first `length` (to undo a partly written message); the buffer is
   * kept. Sub-messages forked at or after that point are dropped too.
   */
  truncate(length: number): void {
    if (!(length >= 0 && length <= this.pos && Number.isInteger(length))) {
      throw new RangeError(`truncate: ${describe(length)} is not between 0 and the ${this.pos} bytes written`);
    }
    this.pos = length;
    const forks = this.forkAt;
    while (forks.length > 0 && forks[forks.length - 1]! >= length) {
      forks.pop();
      this.forkPrefix.pop();
    }
  }

  /** Makes room for n more bytes. */
  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(this.pos + n);
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.buf.length * 2, this.initialSize);
    // Without a pool, Buffer.alloc: a zeroed buffer of its own. Not allocUnsafe (a slice of Node's
    // shared 8 KiB slab, which other small Buffers view) nor allocUnsafeSlow (uninitialised memory,
    // possibly a freed frame): a Writer's unwritten capacity is shown by util.inspect, and frames
    // can hold credentials (openSession; security-passwords itest). Pooled buffers are reused.
    const next = this.pool ? this.pool.acquire(size) : Buffer.alloc(size);
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
    this.dropForks();
    return owned;
  }

  /** The bytes written so far, as a view that is valid until the next write. */
  peek(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** Discards what was written, keeping the buffer. */
  reset(): void {
    this.pos = 0;
    this.dropForks();
  }

  /** Discards what was written and gives the buffer back to the pool. */
  dispose(): void {
    this.releaseBuffer();
    this.pos = 0;
    this.dropForks();
  }

  private dropForks(): void {
    // Only when some fork was left open: `length = 0` drops the arrays' storage, and the next
    // fork would allocate it again (measurable on small frames).
    if (this.forkAt.length !== 0) {
      this.forkAt.length = 0;
      this.forkPrefix.length = 0;
    }
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

  // int64 from a number: the whole fast path is inline in each method (bench case
  // `int64-from-number-dataview`, against two hand-written DataView writes): one
  // Number.isSafeInteger check (TurboFan lowers it to a truncation and two compares), one
  // capacity compare, hi = floor(v / 2^32) and lo = v >>> 0 (v modulo 2^32, right for
  // negatives). Everything else (bigint, errors) is out of line, so these stay small enough to
  // be inlined into the caller's loop. 2^32 is a literal on purpose: the bundler turns a
  // module-level const into a `var`, which TurboFan must load and type-check per call, and then
  // divides (vdivsd) instead of multiplying by 2^-32: that alone cost half the case's time.

  /** int64 from a bigint or a safe-integer number (split into words: no BigInt per value). */
  i64be(v: Int64Input): this {
    // Written out, not through putWords: that extra inlined call measured ~12% slower here.
    if (typeof v === "number" && Number.isSafeInteger(v)) {
      const p = this.pos;
      if (p + 8 > this.buf.length) this.grow(p + 8);
      const view = this.view;
      view.setInt32(p, Math.floor(v / 4294967296));
      view.setUint32(p + 4, v >>> 0);
      this.pos = p + 8;
      return this;
    }
    return this.putInt64Slow(v, false);
  }
  i64le(v: Int64Input): this {
    if (typeof v === "number" && Number.isSafeInteger(v))
      return this.putWords(Math.floor(v / 4294967296), v >>> 0, true);
    return this.putInt64Slow(v, true);
  }
  u64be(v: Int64Input): this {
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0)
      return this.putWords(Math.floor(v / 4294967296), v >>> 0, false);
    return this.putUint64Slow(v, false);
  }
  u64le(v: Int64Input): this {
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0)
      return this.putWords(Math.floor(v / 4294967296), v >>> 0, true);
    return this.putUint64Slow(v, true);
  }

  /**
   * The 8 bytes of words hi (int32 or uint32: the same bits) and lo (uint32), in the byte order
   * `le`, a constant at each caller, so the inlined copy keeps one branch of it.
   */
  private putWords(hi: number, lo: number, le: boolean): this {
    const p = this.pos;
    if (p + 8 > this.buf.length) this.grow(p + 8);
    setWords(this.view, p, hi, lo, le);
    this.pos = p + 8;
    return this;
  }

  /** i64be / i64le of a bigint, or the RangeError / TypeError of a number or other value. */
  private putInt64Slow(v: Int64Input, le: boolean): this {
    this.ensure(8);
    putInt64(this.view, this.pos, v, le, "int64");
    this.pos += 8;
    return this;
  }
  private putUint64Slow(v: Int64Input, le: boolean): this {
    this.ensure(8);
    putUint64(this.view, this.pos, v, le);
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
    this.pos = this.putVarintPrefix(this.pos, guess, len);
    return this;
  }

  /**
   * Writes the varint `len` at `at`, where `guess` bytes were left for it before a body of `len`
   * bytes, moving the body when the varint has another size (room for a longer prefix is the
   * caller's: ensure). Returns the end of the body.
   */
  private putVarintPrefix(at: number, guess: number, len: number): number {
    const actual = varint32Size(len);
    const bodyStart = at + guess;
    if (actual !== guess) this.buf.copyWithin(at + actual, bodyStart, bodyStart + len);
    putVarint32(this.buf, at, len);
    return at + actual + len;
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

  // ---- length-prefixed sub-messages ----

  /**
   * Opens a sub-message whose byte length goes before it: reserves the prefix (`"i32be"`: 4
   * bytes; `"varint"`: the size of a varint of `estimate`, moved once at `join` if the body's
   * length needs another size) and returns its offset, the mark to give `join`. Forks nest;
   * `join` closes the innermost one.
   */
  fork(prefix: "i32be" | "varint", estimate = 0): number {
    let kind: number;
    if (prefix === "i32be") kind = PREFIX_I32BE;
    else if (prefix === "varint") {
      if (!(estimate >= 0)) throw new RangeError(`fork: estimate ${describe(estimate)} is not a byte count`);
      kind = varint32Size(estimate); // 1..5
    } else throw new RangeError(`fork: prefix ${describe(prefix)} is not "i32be" or "varint"`);
    const at = this.reserve(kind === PREFIX_I32BE ? 4 : kind);
    this.forkAt.push(at);
    this.forkPrefix.push(kind);
    return at;
  }

  /**
   * Closes the innermost open fork, whose mark is `mark`: writes the length of what was written
   * after its prefix into the prefix. Returns that length. A mark that is not the innermost
   * open fork's is a RangeError, and nothing changes.
   */
  join(mark: number): number {
    const forks = this.forkAt;
    if (forks.length === 0 || forks[forks.length - 1] !== mark) {
      throw new RangeError(`join: ${describe(mark)} is not the mark of the innermost open fork`);
    }
    const kind = this.forkPrefix[forks.length - 1]!;
    if (kind === PREFIX_I32BE) {
      const len = this.pos - mark - 4;
      if (len > 0x7fffffff) throw new RangeError(`join: ${len} bytes do not fit an int32 length prefix`);
      this.view.setInt32(mark, len);
      forks.pop();
      this.forkPrefix.pop();
      return len;
    }
    const len = this.pos - mark - kind;
    if (len > 0xffffffff) throw new RangeError(`join: ${len} bytes do not fit a uint32 varint length prefix`);
    if (varint32Size(len) > kind) this.ensure(varint32Size(len) - kind);
    this.pos = this.putVarintPrefix(mark, kind, len);
    forks.pop();
    this.forkPrefix.pop();
    return len;
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
    // Numbers: one loop that checks and writes each value, with the split inline and 2^32 a literal
    // (bench case `int64-column-from-numbers-dataview`; see i64be for why a literal). A bad value
    // throws before the position moves, so what was written of the column is not part of the output.
    const n = values.length;
    this.ensure(n * 8);
    const view = this.view;
    let p = this.pos;
    for (let i = 0; i < n; i++, p += 8) {
      const v = values[i]!;
      if (!Number.isSafeInteger(v)) checkSafeInteger(v, `int64 column[${i}]`);
      view.setInt32(p, Math.floor(v / 4294967296));
      view.setUint32(p + 4, v >>> 0);
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

/** Words hi (int32 or uint32: the same bits) and lo (uint32) as 8 bytes at pos, in byte order `le`. */
function setWords(view: DataView, pos: number, hi: number, lo: number, le: boolean): void {
  if (le) {
    view.setUint32(pos, lo, true);
    view.setInt32(pos + 4, hi, true);
  } else {
    view.setInt32(pos, hi);
    view.setUint32(pos + 4, lo);
  }
}

function putInt64(view: DataView, pos: number, v: Int64Input, le: boolean, what: string): void {
  if (typeof v === "number") {
    checkSafeInteger(v, what);
    setWords(view, pos, hiWord(v), loWord(v), le);
  } else {
    checkInt64(bigintOrThrow(v, what), what);
    view.setBigInt64(pos, v, le);
  }
}

function putUint64(view: DataView, pos: number, v: Int64Input, le: boolean): void {
  if (typeof v === "number") {
    checkUnsignedSafeInteger(v, "uint64");
    setWords(view, pos, hiWord(v), loWord(v), le);
  } else {
    checkUint64(bigintOrThrow(v, "uint64"), "uint64");
    view.setBigUint64(pos, v, le);
  }
}
