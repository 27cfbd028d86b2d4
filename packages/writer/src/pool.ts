import { Arena } from "./arena.js";
import { registerView } from "./byteswap-kernels.js";
import type { TypedColumn } from "./byteswap.js";
import { OwnershipError } from "./errors.js";
import { POISON, checkPoison } from "./poison.js";
import { CLASS_COUNT, classBytes, classOf } from "./size-classes.js";

// Buffers come in size classes (powers of 4 from 1 KiB to 16 MiB) and are kept per class up to a
// bound, so a steady stream of frames reuses warm memory instead of page-faulting fresh
// allocations (bench case `frame-200k-pooled`). Larger requests are allocated and dropped.
// With `arenaBytes`, misses are carved out of one WebAssembly memory (arena.ts) before falling
// back to ordinary allocations, which makes big-endian column writes into them one pass shorter.

export interface BufferPoolOptions {
  /** Buffers kept per size class (default 8). */
  maxPerClass?: number;
  /** Upper bound on the bytes kept in the pool across all classes (default 64 MiB). */
  maxRetainedBytes?: number;
  /**
   * Ownership checks: released buffers are filled with a poison byte and checked on reuse, so a
   * write through a stale view is reported instead of corrupting the next owner's data.
   */
  debug?: boolean;
  /**
   * Size of a WebAssembly memory to carve pooled buffers from (default 0: none), rounded down to
   * whole blocks of the largest size class that fits. Reserved on the first miss, fixed from then
   * on; when it is full, or for requests over 16 MiB, buffers are ordinary allocations.
   */
  arenaBytes?: number;
}

export interface PoolStats {
  /** Acquisitions served from the pool. */
  hits: number;
  /** Acquisitions that allocated. */
  misses: number;
  /** Buffers currently handed out. */
  outstanding: number;
  /** Bytes held by the pool, ready for reuse. */
  retainedBytes: number;
}

export interface ArenaStats {
  /** Size of the arena's memory available to buffers. */
  bytes: number;
  /** Of those, bytes neither handed out nor retained. */
  freeBytes: number;
}

/** A typed-array type that acquireColumn() can allocate. */
export interface ColumnType<T extends TypedColumn> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

export class BufferPool {
  /** Largest buffer the pool keeps; larger requests are allocated and dropped. */
  static readonly MAX_POOLED_BYTES = classBytes(CLASS_COUNT - 1);

  readonly debug: boolean;
  private readonly maxPerClass: number;
  private readonly maxRetainedBytes: number;
  private readonly free: Buffer[][] = Array.from({ length: CLASS_COUNT }, () => []);
  /** Debug mode: buffers handed out, by their memory (ordinary) or offset (arena: one memory). */
  private readonly handedOut = new WeakSet<ArrayBufferLike>();
  private readonly handedOutOfArena = new Set<number>();
  private hits = 0;
  private misses = 0;
  private outstanding = 0;
  private retainedBytes = 0;
  /** undefined until the first miss; null when there is none (not asked for, or unavailable). */
  private arena: Arena | null | undefined;
  private readonly arenaBytes: number;
  /** Columns handed out by acquireColumn(), with the buffer each one views. */
  private readonly columns = new WeakMap<TypedColumn, Buffer>();

  constructor(options: BufferPoolOptions = {}) {
    this.maxPerClass = options.maxPerClass ?? 8;
    this.maxRetainedBytes = options.maxRetainedBytes ?? 64 * 1024 * 1024;
    this.debug = options.debug ?? false;
    this.arenaBytes = options.arenaBytes ?? 0;
    if (!(Number.isSafeInteger(this.arenaBytes) && this.arenaBytes >= 0)) {
      throw new RangeError(`arenaBytes: ${this.arenaBytes} is not a size`);
    }
  }

  /** A buffer of at least n bytes (its length is the size class), owned by the caller until released. */
  acquire(n: number): Buffer {
    const k = classOf(n);
    let buf = k < 0 ? undefined : this.free[k]!.pop();
    if (buf === undefined) {
      this.misses++;
      // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared 8 KiB slab, so
      // releasing it can never hand out memory that another Buffer still views.
      buf = (k < 0 ? undefined : this.arenaOrNull()?.alloc(k)) ?? Buffer.allocUnsafeSlow(k < 0 ? n : classBytes(k));
    } else {
      this.retainedBytes -= buf.length;
      // A buffer written after release is dropped (not counted as handed out), then reported.
      if (this.debug) checkPoison(buf);
      this.hits++;
    }
    this.outstanding++;
    if (this.debug) {
      if (this.inArena(buf)) this.handedOutOfArena.add(buf.byteOffset);
      else this.handedOut.add(buf.buffer);
    }
    return buf;
  }

  /** Gives a buffer obtained from acquire() back. The caller must hold no view of it afterwards. */
  release(buf: Buffer): void {
    const inArena = this.inArena(buf);
    if (this.debug) {
      const owned = inArena ? this.handedOutOfArena.delete(buf.byteOffset) : this.handedOut.delete(buf.buffer);
      if (!owned) throw new OwnershipError("buffer released to the pool twice, or not acquired from this pool");
    }
    this.outstanding--;
    const k = classOf(buf.length);
    if (k < 0 || buf.length !== classBytes(k)) return;
    const bin = this.free[k]!;
    if (bin.length >= this.maxPerClass || this.retainedBytes + buf.length > this.maxRetainedBytes) {
      if (inArena) this.arena!.release(buf, k); // not kept: its block goes back to the arena
      return;
    }
    if (this.debug) buf.fill(POISON);
    bin.push(buf);
    this.retainedBytes += buf.length;
  }

  /**
   * A typed array of `length` elements over a pooled buffer (carved from the arena when there is
   * room), owned by the caller until releaseColumn(). A Writer on this pool writes such a column
   * big-endian in one fused pass. The contents are not initialized.
   */
  acquireColumn<T extends TypedColumn>(type: ColumnType<T>, length: number): T {
    if (!(Number.isInteger(length) && length >= 0)) throw new RangeError(`acquireColumn: ${length} is not a length`);
    const buf = this.acquire(length * type.BYTES_PER_ELEMENT);
    const column = new type(buf.buffer as ArrayBuffer, buf.byteOffset, length);
    this.columns.set(column, buf);
    if (this.inArena(buf)) registerView(column, this.arena!.kernels);
    return column;
  }

  /** Gives back a column from acquireColumn(); releasing it twice is an OwnershipError. */
  releaseColumn(column: TypedColumn): void {
    const buf = this.columns.get(column);
    if (buf === undefined) throw new OwnershipError("column released twice, or not acquired from this pool");
    this.columns.delete(column);
    this.release(buf);
  }

  stats(): PoolStats {
    return { hits: this.hits, misses: this.misses, outstanding: this.outstanding, retainedBytes: this.retainedBytes };
  }

  /** The arena's size and free bytes, or undefined when the pool has none (yet). */
  arenaStats(): ArenaStats | undefined {
    const arena = this.arena;
    if (!arena) return undefined;
    return { bytes: arena.bytes, freeBytes: arena.freeBytes() };
  }

  /** True when buf is carved out of this pool's arena (so column writes into it swap in place). */
  isArenaBuffer(buf: Uint8Array): boolean {
    return this.inArena(buf);
  }

  /** Drops every retained buffer (arena buffers go back to the arena). */
  clear(): void {
    for (let k = 0; k < CLASS_COUNT; k++) {
      const bin = this.free[k]!;
      for (const buf of bin) if (this.inArena(buf)) this.arena!.release(buf, k);
      bin.length = 0;
    }
    this.retainedBytes = 0;
  }

  private inArena(buf: Uint8Array): boolean {
    return this.arena != null && buf.buffer === this.arena.buffer;
  }

  private arenaOrNull(): Arena | null {
    if (this.arena === undefined)
      this.arena = this.arenaBytes > 0 ? (Arena.create(this.arenaBytes, this.debug) ?? null) : null;
    return this.arena;
  }
}
