// A small deterministic PRNG (mulberry32): the same seed gives the same sequence in every run, so
// test data can be regenerated for verification instead of being kept in memory.

export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A seed for item (a, b) of run `seed`: a different, reproducible stream per item. */
  static derive(seed: number, a: number, b: number): number {
    let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 0x632be5ab, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(b + 0x297a2d39, 0x27d4eb2f);
    return (h ^ (h >>> 13)) >>> 0;
  }

  /** 32 random bits as an unsigned integer. */
  uint32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** In [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** An integer in [1, max], log-uniform: small and large values equally likely per factor of 2. */
  logInt(max: number): number {
    return Math.min(max, Math.floor(Math.exp(this.float() * Math.log(max + 1))));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }
}
