// When a case's warm-up is over. With WARMUP_UNTIL_STABLE (the write cases' default) the
// warm-up rounds go on, both libraries alternating, until neither library's round throughput
// still rises: a JIT, a connection pool or a server cache still warming would otherwise be
// counted against whichever library happens to run first. "Still rising" is a new best by more
// than RISE_TOLERANCE over every earlier warm-up round of that library; a smaller gain is noise
// on a shared machine. WARMUP_MAX_ROUNDS bounds it, so a drifting server cannot stall the run.
/** A warm-up round that beats the library's best earlier warm-up round by more than this still rises. */
export const RISE_TOLERANCE = 0.03;

export interface WarmupPolicy {
  /** Warm-up rounds per library at least (with `untilStable`, at least 2: a rise needs two rounds). */
  minRounds: number;
  /** Keep going past `minRounds` while a library's round throughput still rises. */
  untilStable: boolean;
  /** Warm-up rounds per library at most, when `untilStable`. */
  maxRounds: number;
}

/** Whether round throughputs (oldest first) are still rising: the last is a new best by more than RISE_TOLERANCE. */
export function stillRising(rates: readonly number[]): boolean {
  if (rates.length < 2) return true;
  const best = Math.max(...rates.slice(0, -1));
  return rates[rates.length - 1]! > best * (1 + RISE_TOLERANCE);
}

/**
 * Whether another warm-up round is due after `done` of them, given the round throughputs so far
 * of each writer (a library, or a library's method), oldest first.
 */
export function moreWarmup(p: WarmupPolicy, done: number, rates: ReadonlyMap<string, readonly number[]>): boolean {
  const least = p.untilStable ? Math.max(2, p.minRounds) : p.minRounds;
  if (done < least) return true;
  if (!p.untilStable || done >= p.maxRounds) return false;
  return [...rates.values()].some(stillRising);
}
