// A small seeded generator (mulberry32) for the random-bytes source: fast-check is too slow to
// draw tens of thousands of byte strings, and a seed makes a run replayable (FUZZ_SEED).

export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Integer in [0, n). */
  below(n: number): number {
    return this.u32() % n;
  }

  /** One of the items. */
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** n random bytes. */
  bytes(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff;
    return out;
  }
}
