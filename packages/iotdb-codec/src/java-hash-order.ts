// The order in which a java.util.HashMap<String, V> (JDK 8 and later, default capacity 16 and load
// factor 0.75) hands back its entries when the keys were put in a given order and none removed.
// Java's Template.serialize walks its children in that order (pushed on a stack, then popped), so
// the serialized template is byte-identical only if ours repeats it.
//
// The map is simulated put by put: bucket = spread(String.hashCode) & (capacity - 1), a new key is
// appended to its bucket's chain, the table doubles when the size passes 0.75 * capacity or when a
// chain reaches 9 keys while the table is smaller than 64 (treeifyBin resizes instead), and a
// resize keeps each chain's relative order. A chain of 9 in a table of 64 or more becomes a
// red-black tree whose order this module does not reproduce: that case (nine names whose hashes
// agree in at least their low six bits) is refused rather than sent in a different order.
import { EncodeError } from "./errors.js";

const INITIAL_CAPACITY = 16;
const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

/** Java's String.hashCode(): s[0]*31^(n-1) + ... + s[n-1] over UTF-16 code units, in int32. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** HashMap.hash(): the high half folded into the low half. */
function spread(h: number): number {
  return h ^ (h >>> 16);
}

/** The distinct `keys` (in insertion order) in the order HashMap.keySet() iterates them. */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  const hashes = new Map<string, number>();
  let capacity = INITIAL_CAPACITY;
  let buckets: string[][] = [];
  const resize = () => {
    capacity *= 2;
    const next: string[][] = [];
    for (const chain of buckets) {
      if (chain === undefined) continue;
      for (const key of chain) (next[hashes.get(key)! & (capacity - 1)] ??= []).push(key);
    }
    buckets = next;
  };
  for (const key of keys) {
    const hash = spread(javaStringHash(key));
    hashes.set(key, hash);
    const chain = (buckets[hash & (capacity - 1)] ??= []);
    chain.push(key);
    if (chain.length > TREEIFY_THRESHOLD) {
      if (capacity >= MIN_TREEIFY_CAPACITY) {
        throw new EncodeError(`${chain.length} names share one bucket of Java's HashMap (e.g. ${JSON.stringify(key)}); Java orders such a bucket as a tree, which is not reproduced`);
      }
      resize();
    }
    if (hashes.size > capacity * 0.75) resize();
  }
  return buckets.flatMap((chain) => chain ?? []);
}
