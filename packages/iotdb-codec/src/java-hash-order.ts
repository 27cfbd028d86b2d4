// The iteration order of a java.util.HashMap<String, …> (OpenJDK 8+), which the Java Session's
// records-to-tablets conversion leaks onto the wire: it orders a tablet's measurements (filled
// with put) and the tablets of a batch (filled with computeIfAbsent). A HashMap iterates its
// buckets in index order (hash spread by h ^ h>>>16, masked by capacity - 1). put appends a new
// key to its bucket; computeIfAbsent puts it at the head; a resize splits each bucket keeping the
// relative order. The capacity starts at the power of two ≥ the initial capacity and doubles
// when the size passes it (load factor 1, as the Session creates these maps: put checks after
// inserting, computeIfAbsent before every call), or when a bucket grows past the treeify
// threshold (8 keys before a put, 7 before a computeIfAbsent) while the capacity is below 64
// (treeifyBin resizes instead). Not modeled: such a bucket in a table of 64+ (it becomes a
// red-black tree whose root moves to the front of the bucket), which needs 8 or 9 names
// colliding in one bucket.

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

/** How keys go in: `put` (appended to the bucket) or `computeIfAbsent` (head of the bucket). */
export type HashMapInsertion = "put" | "computeIfAbsent";

/**
 * The order in which `new HashMap<>(initialCapacity, 1)` iterates its keys after `calls` (one
 * put or computeIfAbsent per entry; a key may repeat: computeIfAbsent may resize even for a key it
 * finds). Returns the distinct keys' indices in first-call order, first iterated first.
 */
export function javaHashMapOrder(calls: readonly string[], initialCapacity: number, insertion: HashMapInsertion = "put"): number[] {
  const indexOf = new Map<string, number>();
  const spread: number[] = []; // per distinct key
  const stamp: number[] = []; // insertion sequence per distinct key
  let capacity = tableSizeFor(initialCapacity);
  let counts = new Uint32Array(capacity);
  const resize = () => {
    capacity *= 2;
    counts = new Uint32Array(capacity);
    for (const h of spread) counts[h & (capacity - 1)]!++;
  };
  const atHead = insertion === "computeIfAbsent";
  for (const key of calls) {
    if (atHead && spread.length > capacity) resize();
    if (indexOf.has(key)) continue;
    const h = javaStringHash(key);
    const s = h ^ (h >>> 16);
    indexOf.set(key, spread.length);
    spread.push(s);
    stamp.push(spread.length);
    const bucket = s & (capacity - 1);
    const before = counts[bucket]!;
    counts[bucket] = before + 1;
    if (before >= (atHead ? TREEIFY_THRESHOLD - 1 : TREEIFY_THRESHOLD) && capacity < MIN_TREEIFY_CAPACITY) resize();
    if (!atHead && spread.length > capacity) resize();
  }
  const mask = capacity - 1;
  const order = spread.map((_, i) => i);
  // Within a bucket: insertion order for put, reverse insertion order for computeIfAbsent.
  order.sort((a, b) => (spread[a]! & mask) - (spread[b]! & mask) || (atHead ? stamp[b]! - stamp[a]! : stamp[a]! - stamp[b]!));
  return order;
}
