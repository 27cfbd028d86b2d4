// The iteration order of a java.util.HashMap<String, …> (OpenJDK 8+), which the Java client leaks
// onto the wire in two places: the records-to-tablets conversion orders a tablet's measurements
// (a map filled with put) and the tablets of a batch (filled with computeIfAbsent), both made as
// `new HashMap<>(n, 1)`; Template.serialize walks its measurements (a default `new HashMap<>()`:
// capacity 16, load factor 0.75) in that order.
//
// A HashMap iterates its buckets in index order (hash spread by h ^ h>>>16, masked by capacity -
// 1). put appends a new key to its bucket; computeIfAbsent puts it at the head; a resize splits
// each bucket keeping the relative order. The capacity starts at the power of two ≥ the initial
// capacity and doubles when the size passes capacity × load factor (put checks after inserting,
// computeIfAbsent before every call), or when a bucket grows past the treeify threshold (8 keys
// before a put, 7 before a computeIfAbsent) while the capacity is below 64 (treeifyBin resizes
// instead). Such a bucket in a table of 64 or more becomes a red-black tree whose order is not
// reproduced: it needs 8 or 9 names whose hashes agree in their low six bits, and is refused
// (EncodeError) rather than sent in an order Java would not use.
import { EncodeError } from "./errors.js";

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

/** How a map was made and filled: `new HashMap<>(initialCapacity, loadFactor)`, keys by put or computeIfAbsent. */
export interface HashMapShape {
  readonly initialCapacity: number;
  readonly loadFactor: number;
  /** `put` (appended to the bucket) or `computeIfAbsent` (head of the bucket). */
  readonly insertion: "put" | "computeIfAbsent";
}

/** `new HashMap<>()` filled with put. */
export const DEFAULT_HASH_MAP: HashMapShape = { initialCapacity: 16, loadFactor: 0.75, insertion: "put" };

/**
 * The order in which a map of `shape` iterates its keys after `calls` (one put or
 * computeIfAbsent per entry; a key may repeat: computeIfAbsent may resize even for a key it
 * finds). Returns the distinct keys' indices in first-call order, first iterated first.
 */
export function javaHashMapOrder(calls: readonly string[], shape: HashMapShape): number[] {
  const indexOf = new Map<string, number>();
  const spread: number[] = []; // per distinct key
  const stamp: number[] = []; // insertion sequence per distinct key
  let capacity = tableSizeFor(shape.initialCapacity);
  let counts = new Uint32Array(capacity);
  const resize = () => {
    capacity *= 2;
    counts = new Uint32Array(capacity);
    for (const h of spread) counts[h & (capacity - 1)]!++;
  };
  const atHead = shape.insertion === "computeIfAbsent";
  for (const key of calls) {
    if (atHead && spread.length > capacity * shape.loadFactor) resize();
    if (indexOf.has(key)) continue;
    const h = javaStringHash(key);
    const s = h ^ (h >>> 16);
    indexOf.set(key, spread.length);
    spread.push(s);
    stamp.push(spread.length);
    const bucket = s & (capacity - 1);
    const before = counts[bucket]!;
    counts[bucket] = before + 1;
    if (before >= (atHead ? TREEIFY_THRESHOLD - 1 : TREEIFY_THRESHOLD)) {
      if (capacity >= MIN_TREEIFY_CAPACITY) {
        throw new EncodeError(
          `${before + 1} names share one bucket of Java's HashMap (e.g. ${JSON.stringify(key)}); Java orders such a bucket as a tree, which is not reproduced`,
        );
      }
      resize();
    }
    if (!atHead && spread.length > capacity * shape.loadFactor) resize();
  }
  const mask = capacity - 1;
  const order = spread.map((_, i) => i);
  // Within a bucket: insertion order for put, reverse insertion order for computeIfAbsent.
  order.sort(
    (a, b) => (spread[a]! & mask) - (spread[b]! & mask) || (atHead ? stamp[b]! - stamp[a]! : stamp[a]! - stamp[b]!),
  );
  return order;
}
