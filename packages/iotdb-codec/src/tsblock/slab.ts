// One allocation for every fixed-width output of a TsBlock (time, numbers, booleans): each
// column gets an 8-byte-aligned region that typed arrays view directly. Regions are grouped by
// value width, so after every column is copied in (still big-endian) one native swap per width
// turns the whole block to host order. One backing store and two swaps per block, instead of
// one of each per column, matter at 1000-row blocks, where the per-call costs rival the copying.
import { swapToHostOrder } from "@zerowire/writer/seams";

/** Bytes reserved per value width: 8 (INT64, TIMESTAMP, DOUBLE, time), 4 (INT32, DATE, FLOAT), 1 (BOOLEAN). */
export class SlabLayout {
  wide = 0;
  narrow = 0;
  single = 0;

  get size(): number {
    return this.wide + this.narrow + this.single;
  }

  add(count: number, width: number): void {
    const size = regionSize(count, width);
    if (width === 8) this.wide += size;
    else if (width === 4) this.narrow += size;
    else this.single += size;
  }
}

export class Slab {
  readonly bytes: Buffer;
  /** The same memory as int32 words, for moving 4- and 8-byte values without touching floats
   *  (a float register may quieten a NaN payload) or bigints (which would allocate). */
  readonly words: Int32Array;
  private nextWide = 0;
  private nextNarrow: number;
  private nextSingle: number;

  /**
   * `memory`: where to lay the regions out (an arena's, at least layout.size bytes, at offset 0 of
   * its ArrayBuffer); by default a new allocation. Either way the memory is not zero-filled:
   * take() zeroes the padding and the column readers write every value.
   */
  constructor(
    private readonly layout: SlabLayout,
    memory: Buffer = Buffer.allocUnsafeSlow(layout.size),
  ) {
    const size = layout.size;
    this.bytes = memory;
    this.words = new Int32Array(this.bytes.buffer, this.bytes.byteOffset, size >>> 2);
    this.nextNarrow = layout.wide;
    this.nextSingle = layout.wide + layout.narrow;
  }

  /** A slab holding a single region (a dictionary's values). */
  static single(count: number, width: number): Slab {
    const layout = new SlabLayout();
    layout.add(count, width);
    return new Slab(layout);
  }

  /** Reserves the next region of its width group (as planned in the layout); returns its offset. */
  take(count: number, width: number): number {
    const size = regionSize(count, width);
    let at: number;
    if (width === 8) {
      at = this.nextWide;
      this.nextWide += size;
    } else if (width === 4) {
      at = this.nextNarrow;
      this.nextNarrow += size;
    } else {
      at = this.nextSingle;
      this.nextSingle += size;
    }
    this.bytes.fill(0, at + count * width, at + size);
    return at;
  }

  /** Swaps every 8-byte and 4-byte value from big-endian to host order; call once, at the end. */
  toHostOrder(): void {
    const { wide, narrow } = this.layout;
    if (wide > 0) swapToHostOrder(this.bytes.subarray(0, wide), 8);
    if (narrow > 0) swapToHostOrder(this.bytes.subarray(wide, wide + narrow), 4);
  }
}

/** Room for at least one value (an RLE column decodes its single value before repeating it, even
 *  when count is 0), rounded up to 8 bytes so every region stays 8-byte aligned. */
function regionSize(count: number, width: number): number {
  return (Math.max(count, 1) * width + 7) & ~7;
}
