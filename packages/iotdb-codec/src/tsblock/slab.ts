// One allocation for every fixed-width output of a TsBlock (time, numbers, booleans): each
// column gets an 8-byte-aligned region, so typed arrays can view it directly. One backing store
// per block instead of one per column matters at 1000-row blocks, where allocation would cost
// as much as copying the values.
import { endianness } from "node:os";

const HOST_IS_LITTLE_ENDIAN = endianness() === "LE";

export class Slab {
  readonly bytes: Buffer;
  /** The same memory as int32 words, for moving 4- and 8-byte values without touching floats
   *  (a float register may quieten a NaN payload) or bigints (which would allocate). */
  readonly words: Int32Array;
  private next = 0;

  constructor(byteLength: number) {
    // allocUnsafeSlow: its own ArrayBuffer starting at offset 0, not zero-filled (every byte of a
    // region is written before it is read).
    this.bytes = Buffer.allocUnsafeSlow(byteLength);
    this.words = new Int32Array(this.bytes.buffer, this.bytes.byteOffset, byteLength >>> 2);
  }

  /** Bytes a region of `count` values of `width` bytes takes: room for at least one value (an RLE
   *  column decodes its single value before repeating it, even when count is 0), rounded to 8. */
  static regionSize(count: number, width: number): number {
    return (Math.max(count, 1) * width + 7) & ~7;
  }

  /** Reserves the next region; returns its byte offset. */
  take(count: number, width: number): number {
    const at = this.next;
    this.next += Slab.regionSize(count, width);
    if (this.next > this.bytes.length) throw new Error(`slab overflow: ${this.next} > ${this.bytes.length}`);
    return at;
  }

  /** Byte-swaps n bytes at `at` from big-endian to host order, in place. */
  toHostOrder(at: number, n: number, width: 4 | 8): void {
    if (!HOST_IS_LITTLE_ENDIAN || n === 0) return;
    const region = this.bytes.subarray(at, at + n);
    if (width === 8) region.swap64();
    else region.swap32();
  }
}
