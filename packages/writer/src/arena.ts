import { SCRATCH_BYTES, createKernels, registerView, type Kernels } from "./byteswap-kernels.js";
import { POISON, checkPoison } from "./poison.js";
import { CLASS_COUNT, MIN_CLASS_BYTES, classBytes } from "./size-classes.js";

// A pool's arena: pooled buffers carved out of one fixed-size WebAssembly memory, so the byte-swap
// kernels can address them and a big-endian column is swapped in place in the output buffer
// (copy + swap) instead of through a scratch area (copy in, swap, copy out). One memory per
// pool, never one per buffer: V8 reserves gigabytes of guard region per memory.
//
// Buddy allocation over the power-of-4 size classes: a free block of class k+1 splits into four
// blocks of class k, and four free sibling blocks merge back. The arena is a whole number of
// blocks of its top class (the largest class not above the requested size).

export class Arena {
  /** Free block offsets (absolute, in the memory) per class. */
  private readonly free: Set<number>[] = Array.from({ length: CLASS_COUNT }, () => new Set());

  private constructor(
    readonly kernels: Kernels,
    /** Bytes of the memory given to buffers (after the kernels' scratch page). */
    readonly bytes: number,
    private readonly topClass: number,
    private readonly poisoned: boolean,
  ) {}

  /**
   * An arena of about `bytes` (rounded down to whole top-class blocks), or undefined when that is
   * under 1 KiB or no WebAssembly memory can be had. `poisoned`: debug mode, free memory is
   * filled with the poison byte and checked when carved out.
   */
  static create(bytes: number, poisoned: boolean): Arena | undefined {
    if (!(bytes >= MIN_CLASS_BYTES)) return undefined;
    let top = 0;
    while (top + 1 < CLASS_COUNT && classBytes(top + 1) <= bytes) top++;
    const blockBytes = classBytes(top);
    const blocks = Math.floor(bytes / blockBytes);
    const kernels = createKernels(blocks * blockBytes);
    if (kernels === null) return undefined;
    const arena = new Arena(kernels, blocks * blockBytes, top, poisoned);
    for (let i = 0; i < blocks; i++) arena.free[top]!.add(SCRATCH_BYTES + i * blockBytes);
    if (poisoned) kernels.u8.fill(POISON, SCRATCH_BYTES);
    return arena;
  }

  /** The memory's buffer: a Buffer is in this arena when its `buffer` is this one. */
  get buffer(): ArrayBuffer {
    return this.kernels.buffer;
  }

  /** A buffer of class k carved from the arena, or undefined when no block is free. */
  alloc(k: number): Buffer | undefined {
    let j = k;
    while (j <= this.topClass && this.free[j]!.size === 0) j++;
    if (j > this.topClass) return undefined;
    const offset = takeAny(this.free[j]!);
    for (; j > k; j--) {
      const child = classBytes(j - 1);
      for (let i = 1; i < 4; i++) this.free[j - 1]!.add(offset + i * child);
    }
    const buf = Buffer.from(this.buffer, offset, classBytes(k));
    if (this.poisoned) checkPoison(buf);
    registerView(buf, this.kernels);
    return buf;
  }

  /** Gives back a buffer obtained from alloc() (its length is its class), merging free siblings. */
  release(buf: Buffer, k: number): void {
    if (this.poisoned) buf.fill(POISON);
    let offset = buf.byteOffset;
    for (; k < this.topClass; k++) {
      const parentBytes = classBytes(k + 1);
      const parent = offset - ((offset - SCRATCH_BYTES) % parentBytes);
      const child = classBytes(k);
      const bin = this.free[k]!;
      let siblingsFree = true;
      for (let i = 0; i < 4 && siblingsFree; i++) {
        const sibling = parent + i * child;
        siblingsFree = sibling === offset || bin.has(sibling);
      }
      if (!siblingsFree) break;
      for (let i = 0; i < 4; i++) bin.delete(parent + i * child);
      offset = parent;
    }
    this.free[k]!.add(offset);
  }

  /** Bytes not currently carved out. */
  freeBytes(): number {
    let total = 0;
    for (let k = 0; k <= this.topClass; k++) total += this.free[k]!.size * classBytes(k);
    return total;
  }
}

function takeAny(set: Set<number>): number {
  const first = set.values().next().value as number;
  set.delete(first);
  return first;
}
