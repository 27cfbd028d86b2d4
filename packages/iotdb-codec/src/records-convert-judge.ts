// Whether the Java Session (iotdb-session 2.0.5) would send a batch of records as tablets, on
// the measurement rule: Session.judgeConvertOfMultiDevice (insertRecords / insertAlignedRecords)
// and Session.judgeConvertOfOneDevice (insert(Aligned)RecordsOfOneDevice). Java draws
// k = (int) (records * SAMPLE_PROPORTION) distinct record indices at random
// (ThreadLocalRandom.ints(0, n).distinct().limit(k): a uniform k-subset), builds per device the
// set of measurement names of its sampled records, and converts unless some sampled record has
// `measurements.size() / set.size() < CONVERT_THRESHOLD`. The lists are the caller's as given:
// null values, all-null records and names given twice all count (nulls are dropped only on the
// records path, after this decision, by filterNullValueAndMeasurement).
//
// A random decision cannot be reproduced, so this one is deterministic and equals Java's whenever
// Java's does not depend on its sample:
// - every record holds at least half of its device's whole union: every sample passes (fast path,
//   taken by bench/client insert-records-100);
// - otherwise SAMPLE_TRIALS samples drawn exactly as Java draws them (uniform k-subsets; a fixed
//   seed, so the same batch always gets the same answer) vote, and the majority decides. When no
//   sample of Java's can fail (a device's sampled union stays small enough: e.g. with k = 2 and
//   records of equal size) or none can pass, every trial agrees with Java. When Java's sample
//   decides (some samples pass, some fail), this is Java's more likely answer, and Java itself
//   gives different answers for the same batch.
import type { DeviceRecord } from "./records.js";

/** Session.CONVERT_THRESHOLD: least share of its device's sampled measurements a sampled record holds. */
export const CONVERT_THRESHOLD = 0.5;
/** Session.SAMPLE_PROPORTION: the share of records Java samples. */
const SAMPLE_PROPORTION = 0.05;
/** Samples that vote when Java's decision depends on its sample: odd, so there is no tie. */
const SAMPLE_TRIALS = 15;
/** Any fixed seed: the trials only need to be uniform k-subsets, the same ones every time. */
const SAMPLE_SEED = 0x2005_0005;

/** A device's records (indices, in order) and the union of their measurement names, name → column. */
export interface JudgedGroup {
  readonly rows: readonly number[];
  readonly names: readonly string[];
  readonly columnOf: ReadonlyMap<string, number>;
}

/** The measurement rule of Session.judgeConvertOf*Device for `records` grouped by device. */
export function javaJudgesConvert(records: readonly DeviceRecord[], groups: readonly JudgedGroup[]): boolean {
  return everyRecordFits(records, groups) || samplesVoteConvert(records, groups);
}

function everyRecordFits(records: readonly DeviceRecord[], groups: readonly JudgedGroup[]): boolean {
  for (const g of groups) {
    // Java's test, `size / union < 0.5`, is false for 0 / 0 (NaN); so is this one.
    for (const i of g.rows) if (records[i]!.measurements.length / g.names.length < CONVERT_THRESHOLD) return false;
  }
  return true;
}

/** The majority of SAMPLE_TRIALS samples drawn as Java draws its one. */
function samplesVoteConvert(records: readonly DeviceRecord[], groups: readonly JudgedGroup[]): boolean {
  const n = records.length;
  const k = Math.trunc(n * SAMPLE_PROPORTION); // Java: (int) (size * SAMPLE_PROPORTION), in doubles too
  const groupOf = new Int32Array(n);
  const columnBase = new Int32Array(groups.length + 1);
  groups.forEach((g, gi) => {
    for (const i of g.rows) groupOf[i] = gi;
    columnBase[gi + 1] = columnBase[gi]! + g.names.length;
  });
  // Per trial stamps instead of clearing: sampled records, the columns and groups seen in the sample.
  const recordStamp = new Int32Array(n);
  const columnStamp = new Int32Array(columnBase[groups.length]!);
  const groupStamp = new Int32Array(groups.length);
  const unionSize = new Int32Array(groups.length);
  const sample = new Int32Array(k);
  const random = mulberry32(SAMPLE_SEED);
  const majority = (SAMPLE_TRIALS + 1) / 2;
  let passed = 0;
  let failed = 0;
  for (let trial = 1; passed < majority && failed < majority; trial++) {
    for (let drawn = 0; drawn < k; ) {
      const i = Math.floor(random() * n);
      if (recordStamp[i] === trial) continue;
      recordStamp[i] = trial;
      sample[drawn++] = i;
    }
    for (const i of sample) {
      const gi = groupOf[i]!;
      const g = groups[gi]!;
      if (groupStamp[gi] !== trial) {
        groupStamp[gi] = trial;
        unionSize[gi] = 0;
      }
      for (const name of records[i]!.measurements) {
        const column = columnBase[gi]! + g.columnOf.get(name)!;
        if (columnStamp[column] === trial) continue;
        columnStamp[column] = trial;
        unionSize[gi]!++;
      }
    }
    let passes = true;
    for (const i of sample) if (records[i]!.measurements.length / unionSize[groupOf[i]!]! < CONVERT_THRESHOLD) passes = false;
    if (passes) passed++;
    else failed++;
  }
  return passed >= majority;
}

/** A small seeded PRNG (mulberry32): uniform doubles in [0, 1) from 32 bits. */
function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
