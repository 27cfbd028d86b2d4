// Row order of a tablet on the wire. Like Session.genTSInsertTabletReq: if some time is smaller
// than the one before, the rows are stable-sorted by time (equal times keep their order).
// BigInt64Array times are checked element by element: optimized code compares BigInt64Array
// elements without allocating a BigInt, ~0.4 ns per row (bench tablet-a-columnar, 1000 rows),
// twice as fast as comparing 32-bit word views. The sort itself, rare, compares word views.
import { HI_WORD, LO_WORD } from "@zerowire/writer/seams";

type Times = BigInt64Array | readonly (number | bigint)[];

/** The permutation (wire row → caller row) that sorts the rows, or undefined when they are already sorted. */
export function sortOrder(times: Times): Uint32Array | undefined {
  if (times instanceof BigInt64Array) {
    return isSorted(times)
      ? undefined
      : sortOrderOfWords(new Int32Array(times.buffer, times.byteOffset, times.length * 2), times.length);
  }
  const n = times.length;
  let sorted = true;
  for (let i = 1; i < n; i++) {
    if (times[i]! < times[i - 1]!) {
      sorted = false;
      break;
    }
  }
  if (sorted) return undefined;
  const order = identity(n);
  order.sort((a, b) => {
    const ta = times[a]!;
    const tb = times[b]!;
    return ta < tb ? -1 : ta > tb ? 1 : a - b;
  });
  return order;
}

function isSorted(times: BigInt64Array): boolean {
  for (let i = 1; i < times.length; i++) if (times[i]! < times[i - 1]!) return false;
  return true;
}

function sortOrderOfWords(w: Int32Array, n: number): Uint32Array {
  const order = identity(n);
  order.sort((a, b) => {
    const hi = w[2 * a + HI_WORD]! - w[2 * b + HI_WORD]!;
    return hi !== 0 ? hi : (w[2 * a + LO_WORD]! >>> 0) - (w[2 * b + LO_WORD]! >>> 0) || a - b;
  });
  return order;
}

function identity(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}
