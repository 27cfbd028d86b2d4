// Row order of a tablet on the wire. Like Session.genTSInsertTabletReq: if some time is smaller
// than the one before, the rows are stable-sorted by time (equal times keep their order).
// BigInt64Array times are compared through 32-bit word views, so checking costs no BigInt per row.

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = HOST_IS_LITTLE_ENDIAN ? 1 : 0;
const LO = 1 - HI;

type Times = BigInt64Array | readonly (number | bigint)[];

/** The permutation (wire row → caller row) that sorts the rows, or undefined when they are already sorted. */
export function sortOrder(times: Times): Uint32Array | undefined {
  if (times instanceof BigInt64Array) return sortOrderOfWords(new Int32Array(times.buffer, times.byteOffset, times.length * 2), times.length);
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

function sortOrderOfWords(w: Int32Array, n: number): Uint32Array | undefined {
  let sorted = true;
  for (let i = 1; i < n; i++) {
    // time i < time i-1: signed high words first, then unsigned low words
    const hi = w[2 * i + HI]!;
    const prevHi = w[2 * i - 2 + HI]!;
    if (hi < prevHi || (hi === prevHi && w[2 * i + LO]! >>> 0 < w[2 * i - 2 + LO]! >>> 0)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return undefined;
  const order = identity(n);
  order.sort((a, b) => {
    const hi = w[2 * a + HI]! - w[2 * b + HI]!;
    return hi !== 0 ? hi : (w[2 * a + LO]! >>> 0) - (w[2 * b + LO]! >>> 0) || a - b;
  });
  return order;
}

function identity(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}
