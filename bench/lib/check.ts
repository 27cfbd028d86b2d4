// Output comparisons used by suites' `check()`.

/** Throws unless a and b hold the same bytes, naming the first difference. */
export function assertSameBytes(what: string, ours: Uint8Array, expected: Uint8Array): void {
  const n = Math.min(ours.length, expected.length);
  for (let i = 0; i < n; i++) {
    if (ours[i] !== expected[i]) {
      throw new Error(`${what}: byte ${i} is ${ours[i]}, expected ${expected[i]}`);
    }
  }
  if (ours.length !== expected.length) {
    throw new Error(`${what}: ${ours.length} bytes, expected ${expected.length}`);
  }
}
