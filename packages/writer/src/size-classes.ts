// Pooled buffer sizes: 1 KiB · 4^k for k = 0..7, i.e. 1 KiB to 16 MiB. Shared by the pool's free
// lists and the arena's buddy allocator, whose blocks split into four of the class below.

export const MIN_CLASS_BYTES = 1024;
export const CLASS_COUNT = 8;

/** Bytes of size class k. */
export function classBytes(k: number): number {
  return MIN_CLASS_BYTES * 4 ** k;
}

/** Size class index for a request of n bytes, or -1 when it is too large to pool. */
export function classOf(n: number): number {
  let size = MIN_CLASS_BYTES;
  for (let k = 0; k < CLASS_COUNT; k++, size *= 4) if (n <= size) return k;
  return -1;
}
