// The iteration order of a java.util.HashMap<String, …> (OpenJDK 8+), which the Java Session's
// records-to-tablets conversion leaks onto the wire: it orders a tablet's measurements and the
// tablets of a batch. A HashMap iterates its buckets in index order (hash spread by h ^ h>>>16,
// masked by capacity - 1), each bucket in insertion order (a resize splits a bucket keeping the
// relative order). The capacity starts at the power of two ≥ the initial capacity and doubles
// when the size passes it (load factor 1, as the Session creates these maps), or when a put makes
// a bucket longer than 8 while the capacity is below 64 (treeifyBin resizes instead). Not
// modeled: a bucket of 9+ keys in a table of 64+ (it becomes a red-black tree whose root moves to
// the front of the bucket), which needs 9 measurement names colliding in one bucket.

const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

/** Java's String.hashCode: s[0]·31^(n-1) + … + s[n-1] over UTF-16 units, in int32 arithmetic. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** HashMap.tableSizeFor: the power of two ≥ c (1 for c ≤ 1). */
function tableSizeFor(c: number): number {
  let n = 1;
  while (n < c) n *= 2;
  return n;
}

/**
 * The order in which `new HashMap<>(initialCapacity, 1)` iterates `keys` (distinct) put in the
 * given order: the indices of `keys`, first iterated first.
 */
export function javaHashMapOrder(keys: readonly string[], initialCapacity: number): number[] {
  const spread = keys.map((k) => {
    const h = javaStringHash(k);
    return h ^ (h >>> 16);
  });
  let capacity = tableSizeFor(initialCapacity);
  let counts = new Uint32Array(capacity);
  const rebucket = (inserted: number) => {
    counts = new Uint32Array(capacity);
    for (let j = 0; j < inserted; j++) counts[spread[j]! & (capacity - 1)]!++;
  };
  for (let i = 0; i < keys.length; i++) {
    const bucket = spread[i]! & (capacity - 1);
    const before = counts[bucket]!;
    counts[bucket] = before + 1;
    if (before >= TREEIFY_THRESHOLD && capacity < MIN_TREEIFY_CAPACITY) {
      capacity *= 2;
      rebucket(i + 1);
    }
    if (i + 1 > capacity) {
      capacity *= 2;
      rebucket(i + 1);
    }
  }
  const order = keys.map((_, i) => i);
  const mask = capacity - 1;
  order.sort((a, b) => (spread[a]! & mask) - (spread[b]! & mask) || a - b);
  return order;
}
