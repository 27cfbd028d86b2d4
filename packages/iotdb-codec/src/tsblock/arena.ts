// Reusable output memory for decodeTsBlock (opt-in). A block's fixed-width columns (time,
// numbers, booleans) normally get a new allocation per block; decoded with `{ arena }` they go
// into the arena's memory instead, so a stream of blocks read one at a time stops allocating
// once the arena has grown to the largest block. Bench decode-tsblock-1000-numeric: a new ~72 KB
// ArrayBuffer per block cost ~0.5-3 µs plus the garbage collection it caused.
import { OwnershipError } from "@zerowire/writer";

/**
 * Memory that one decoded TsBlock at a time may use. Ownership is explicit, as for pooled bytes:
 * the block decoded into the arena owns it until `release()`, and decoding into an arena that is
 * still owned is an OwnershipError. After release() the block's typed arrays (time, numeric and
 * boolean values, not strings or BLOB views) are overwritten by the next block decoded here:
 * copy out what you keep first.
 */
export class TsBlockArena {
  private memory = Buffer.alloc(0);
  private owner = false;

  /** Whether a decoded block currently owns the arena. */
  get owned(): boolean {
    return this.owner;
  }

  /** Ends the current block's ownership. Releasing an arena that no block owns is an OwnershipError. */
  release(): void {
    if (!this.owner) throw new OwnershipError("TsBlockArena.release() while no decoded block owns the arena");
    this.owner = false;
  }

  /** Memory of at least `size` bytes at offset 0 of its ArrayBuffer, for the next block. Not zeroed. */
  take(size: number): Buffer {
    if (this.owner) {
      throw new OwnershipError(
        "TsBlockArena is owned by a block decoded before: release() it before decoding the next",
      );
    }
    if (size > this.memory.length) this.memory = Buffer.allocUnsafeSlow(size);
    return this.memory;
  }

  /** Called once a block was decoded into the memory from take(). */
  own(): void {
    this.owner = true;
  }
}
