import { OwnershipError } from "./errors.js";

// Buffers come in size classes (powers of 4 from 1 KiB to 16 MiB) and are kept per class up to a
// bound, so a steady stream of frames reuses warm memory instead of page-faulting fresh
// allocations (bench case `frame-200k-pooled`). Larger requests are allocated and dropped.

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

const MIN_CLASS_BYTES = 1024;
const CLASS_COUNT = 8; // 1 KiB · 4^k for k = 0..7, i.e. up to 16 MiB
const POISON = 0xde;

/** Size class index for a request of n bytes, or -1 when it is too large to pool. */
function classOf(n: number): number {
  let size = MIN_CLASS_BYTES;
  for (let k = 0; k < CLASS_COUNT; k++, size *= 4) if (n <= size) return k;
  return -1;
}

export class BufferPool {
  /** Largest buffer the pool keeps; larger requests are allocated and dropped. */
  static readonly MAX_POOLED_BYTES = MIN_CLASS_BYTES * 4 ** (CLASS_COUNT - 1);

  readonly debug: boolean;
  private readonly maxPerClass: number;
  private readonly maxRetainedBytes: number;
  private readonly free: Buffer[][] = Array.from({ length: CLASS_COUNT }, () => []);
  private readonly handedOut = new WeakSet<ArrayBufferLike>();
  private hits = 0;
  private misses = 0;
  private outstanding = 0;
  private retainedBytes = 0;

  constructor(options: BufferPoolOptions = {}) {
    this.maxPerClass = options.maxPerClass ?? 8;
    this.maxRetainedBytes = options.maxRetainedBytes ?? 64 * 1024 * 1024;
    this.debug = options.debug ?? false;
  }

  /** A buffer of at least n bytes (its length is the size class), owned by the caller until released. */
  acquire(n: number): Buffer {
    const k = classOf(n);
    let buf = k < 0 ? undefined : this.free[k]!.pop();
    if (buf === undefined) {
      this.misses++;
      // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared 8 KiB slab, so
      // releasing it can never hand out memory that another Buffer still views.
      buf = Buffer.allocUnsafeSlow(k < 0 ? n : MIN_CLASS_BYTES * 4 ** k);
    } else {
      this.retainedBytes -= buf.length;
      // A buffer written after release is dropped (not counted as handed out), then reported.
      if (this.debug) checkPoison(buf);
      this.hits++;
    }
    this.outstanding++;
    if (this.debug) this.handedOut.add(buf.buffer);
    return buf;
  }

  /** Gives a buffer obtained from acquire() back. The caller must hold no view of it afterwards. */
  release(buf: Buffer): void {
    if (this.debug) {
      if (!this.handedOut.has(buf.buffer)) {
        throw new OwnershipError("buffer released to the pool twice, or not acquired from this pool");
      }
      this.handedOut.delete(buf.buffer);
    }
    this.outstanding--;
    const k = classOf(buf.length);
    if (k < 0 || buf.length !== MIN_CLASS_BYTES * 4 ** k) return;
    const bin = this.free[k]!;
    if (bin.length >= this.maxPerClass || this.retainedBytes + buf.length > this.maxRetainedBytes) return;
    if (this.debug) buf.fill(POISON);
    bin.push(buf);
    this.retainedBytes += buf.length;
  }

  stats(): PoolStats {
    return { hits: this.hits, misses: this.misses, outstanding: this.outstanding, retainedBytes: this.retainedBytes };
  }

  /** Drops every retained buffer. */
  clear(): void {
    for (const bin of this.free) bin.length = 0;
    this.retainedBytes = 0;
  }
}

function checkPoison(buf: Buffer): void {
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] !== POISON) {
      throw new OwnershipError(`pooled buffer was written at byte ${i} after it was released`);
    }
  }
}
