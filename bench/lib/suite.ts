// What a suite module (bench/suites/<name>.ts) exports: `export default defineSuite({...})`.

/** One comparison: our implementation against a baseline doing the same work. */
export interface BenchCase {
  /** Case name as read by tooling (stable; appears in results/<suite>.json). */
  name: string;
  /** One operation of ours. Must do the same work as the baseline, resets included. */
  ours: () => void;
  baseline: LocalBaseline | ExternalBaseline;
  /**
   * Optional proof that both sides produce the same output, run once before timing; throws if
   * they differ, so a number is never reported for wrong bytes.
   */
  check?: () => void;
  /** Ratio (baseline_ns / ours_ns) this case aims for; shown in the table, not in the JSON. */
  target?: number;
}

/** A baseline timed here, interleaved with ours. */
export interface LocalBaseline {
  /** What the baseline is (e.g. "pg-protocol", "memcpy"). */
  name: string;
  /** One operation of the baseline. */
  fn: () => void;
}

/**
 * A baseline timed by another process (e.g. the Java client in a warmed-up JVM): `measure()` runs
 * it right before ours is timed, so both see about the same load from the rest of the machine;
 * only ours is timed here, and the ratio is the returned ns / ours.
 */
export interface ExternalBaseline {
  name: string;
  /** Times the baseline elsewhere and returns its median ns per operation (may throw). */
  measure: () => number;
  /** Who measured it (shown under the table and in the JSON), e.g. "bench/java harness (JVM)". */
  measuredBy: string;
}

/** A suite of BenchCases, timed by bench/run.ts (measure.ts) and reported as one table. */
export interface CaseSuite {
  /** Suite name; equal to the file name under bench/suites/. */
  name: string;
  /** Builds the cases (inputs are created here, outside the timed operations). */
  cases: () => BenchCase[] | Promise<BenchCase[]>;
}

/**
 * A suite that times itself (e.g. the client benchmark: whole processes against a fake server),
 * prints its own table and writes its own results/<name>.json.
 */
export interface SelfTimedSuite {
  name: string;
  run: (level: BenchLevel) => Promise<void>;
}

/**
 * How long a run takes (bench/run.ts): "headline", the default, gives every suite's table in a
 * few minutes (short rounds; the client suite on its headline cases); "full" is the run the
 * README's figures come from; "quick" is a smoke run whose numbers mean little.
 */
export type BenchLevel = "quick" | "headline" | "full";

/** The level bench/run.ts runs at (BENCH_LEVEL, which it sets; BENCH_QUICK=1 means "quick"). */
export function benchLevel(): BenchLevel {
  const level = process.env.BENCH_LEVEL;
  if (level === "quick" || level === "headline" || level === "full") return level;
  return process.env.BENCH_QUICK === "1" ? "quick" : "full";
}

export type Suite = CaseSuite | SelfTimedSuite;

/** Identity helper that type-checks a suite definition. */
export function defineSuite<S extends Suite>(suite: S): S {
  return suite;
}
