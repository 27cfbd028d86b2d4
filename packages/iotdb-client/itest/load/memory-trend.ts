// Memory samples of the soak and their trend: least-squares slopes over the whole sampled window
// and over its second half, of the samples themselves and of their floor, and the leak verdict.
//
// Even right after a full GC a sample holds whatever the requests in flight hold at that moment
// (fetched result blocks, frames being sent): upward spikes of up to a few MB in arrayBuffers, a
// few hundred KB in heapUsed. A spike near either end of a window tilts its slope by tens of KB/s.
// A leak raises the floor under the spikes, so the verdict fits the floor: the smallest sample of
// each FLOOR_WINDOW_S seconds. Growth that goes on shows over the whole window AND over its second
// half; warm-up growth (JIT code and feedback, pools and socket buffers filling) fades in the
// second. So a metric leaks only when both floor slopes exceed its threshold.

export interface MemorySample {
  /** Seconds since sampling started (after the warm-up). */
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export type MemoryMetric = Exclude<keyof MemorySample, "t">;

/** From this many sampled seconds on, a soak is long: its slopes are steadier, its thresholds tighter. */
const LONG_SOAK_S = 300;

/**
 * Leak thresholds (bytes/s) that both floor slopes of a metric must exceed; undefined: reported
 * only. heapUsed is what the client keeps alive in JS; arrayBuffers what it keeps in Buffers
 * (frames, pooled buffers, fetched blocks). The rest of `external` is V8's and Node's own memory and
 * moves in steps of MBs when the heap resizes, as do heapTotal and RSS: in a short soak a
 * single step outweighs any leak worth finding, so RSS is judged in long soaks only.
 * See README "Soak" for the figures these were chosen from.
 */
export function leakThresholds(sampledSeconds: number): Record<MemoryMetric, number | undefined> {
  const long = sampledSeconds >= LONG_SOAK_S;
  return {
    heapUsed: (long ? 4 : 16) * 1024,
    arrayBuffers: (long ? 4 : 16) * 1024,
    rss: long ? 64 * 1024 : undefined,
    external: undefined,
    heapTotal: undefined,
  };
}

export interface Slope {
  bytesPerSecond: number;
  mbPerHour: number;
}

/** Seconds of samples per floor point. */
export const FLOOR_WINDOW_S = 5;

export interface MetricTrend {
  first: number;
  last: number;
  min: number;
  max: number;
  /** Slopes of every sample. */
  all: Slope;
  secondHalf: Slope;
  /** Slopes of the floor (the minimum of each FLOOR_WINDOW_S seconds): what the verdict uses. */
  floorAll: Slope;
  floorSecondHalf: Slope;
  /** Bytes/s both slopes must exceed to count as a leak; undefined: reported only. */
  threshold: number | undefined;
  leak: boolean;
}

/** Least-squares slope of v over t. */
export function leastSquaresSlope(points: readonly { t: number; v: number }[]): number {
  const n = points.length;
  if (n < 2) throw new RangeError(`a slope needs 2 samples or more, got ${n}`);
  let st = 0;
  let sv = 0;
  for (const p of points) {
    st += p.t;
    sv += p.v;
  }
  const mt = st / n;
  const mv = sv / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.v - mv);
    den += (p.t - mt) ** 2;
  }
  return num / den;
}

const slope = (bytesPerSecond: number): Slope => ({ bytesPerSecond, mbPerHour: (bytesPerSecond * 3600) / 1e6 });

export function metricTrend(
  samples: readonly MemorySample[],
  metric: MemoryMetric,
  threshold: number | undefined,
): MetricTrend {
  const points = samples.map((s) => ({ t: s.t, v: s[metric] }));
  const values = points.map((p) => p.v);
  const floor = floorPoints(points);
  const fit = (ps: readonly { t: number; v: number }[]) => ({
    all: slope(leastSquaresSlope(ps)),
    secondHalf: slope(leastSquaresSlope(ps.slice(Math.floor(ps.length / 2)))),
  });
  const raw = fit(points);
  const low = fit(floor);
  return {
    first: values[0]!,
    last: values[values.length - 1]!,
    min: Math.min(...values),
    max: Math.max(...values),
    ...raw,
    floorAll: low.all,
    floorSecondHalf: low.secondHalf,
    threshold,
    leak: threshold !== undefined && low.all.bytesPerSecond > threshold && low.secondHalf.bytesPerSecond > threshold,
  };
}

/** The smallest value of each FLOOR_WINDOW_S seconds (windows with fewer than half their samples left out). */
function floorPoints(points: readonly { t: number; v: number }[]): { t: number; v: number }[] {
  const windows = new Map<number, { low: { t: number; v: number }; n: number }>();
  for (const p of points) {
    const w = Math.floor(p.t / FLOOR_WINDOW_S);
    const seen = windows.get(w);
    if (seen === undefined) windows.set(w, { low: p, n: 1 });
    else {
      seen.n++;
      if (p.v < seen.low.v) seen.low = p;
    }
  }
  const floor = [...windows.values()].filter((w) => w.n >= FLOOR_WINDOW_S / 2).map((w) => w.low);
  if (floor.length < 4) throw new RangeError(`a floor trend needs ${4 * FLOOR_WINDOW_S} s of samples or more`);
  return floor;
}
