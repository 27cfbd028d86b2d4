import { OwnershipError } from "./errors.js";
import type { BufferPool } from "./pool.js";

/**
 * Bytes a Writer finished, owned by the caller until release(). For a socket write, release in
 * the write callback: only then has the kernel taken the bytes.
 */
export class OwnedBytes {
  private view: Buffer | undefined;

  constructor(
    view: Buffer,
    private readonly backing: Buffer,
    private readonly pool: BufferPool | undefined,
  ) {
    this.view = view;
  }

  /** The written bytes (a view into the pooled buffer). Throws once released. */
  get bytes(): Buffer {
    if (this.view === undefined) throw new OwnershipError("bytes used after release()");
    return this.view;
  }

  get released(): boolean {
    return this.view === undefined;
  }

  /** Returns the memory to the pool. A second call is an OwnershipError, never a silent double free. */
  release(): void {
    if (this.view === undefined) throw new OwnershipError("release() called twice on the same bytes");
    this.view = undefined;
    this.pool?.release(this.backing);
  }
}
