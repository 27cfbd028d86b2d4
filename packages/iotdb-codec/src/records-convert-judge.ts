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

/**
 * The majority of SAMPLE_TRIALS samples drawn as Java draws its one. One call does all its work in
 * loops, so they are written for the optimizing compiler's on-stack replacement: indexed loops, no
 * closures (a PRNG closure made per call deoptimized it on every call), stamps instead of clearing.
 */
function samplesVoteConvert(records: readonly DeviceRecord[], groups: readonly JudgedGroup[]): boolean {
  const n = records.length;
  const k = Math.trunc(n * SAMPLE_PROPORTION); // Java: (int) (size * SAMPLE_PROPORTION), in doubles too
  const groupOf = new Int32Array(n);
  const columnBase = new Int32Array(groups.length + 1);
  for (let gi = 0; gi < groups.length; gi++) {
    const rows = groups[gi]!.rows;
    for (let r = 0; r < rows.length; r++) groupOf[rows[r]!] = gi;
    columnBase[gi + 1] = columnBase[gi]! + groups[gi]!.names.length;
  }
  // Per trial stamps instead of clearing: sampled records, the columns and groups seen in the sample.
  const recordStamp = new Int32Array(n);
  const columnStamp = new Int32Array(columnBase[groups.length]!);
  const groupStamp = new Int32Array(groups.length);
  const unionSize = new Int32Array(groups.length);
  const smallest = new Int32Array(groups.length);
  const sample = new Int32Array(k);
  const majority = (SAMPLE_TRIALS + 1) >> 1;
  let state = SAMPLE_SEED; // mulberry32, inline: uniform 32-bit values
  let passed = 0;
  let failed = 0;
  for (let trial = 1; passed < majority && failed < majority; trial++) {
    for (let drawn = 0; drawn < k; ) {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      const i = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
      if (recordStamp[i] === trial) continue;
      recordStamp[i] = trial;
      sample[drawn++] = i;
    }
    // A sample fails when, in some device, its smallest sampled record over its sampled union is
    // below the threshold. Adding records only grows a union and lowers a minimum, so the sample
    // fails as soon as that holds for the records added so far: no need to add the rest.
    let passes = true;
    for (let s = 0; s < k && passes; s++) {
      const i = sample[s]!;
      const gi = groupOf[i]!;
      const columnOf = groups[gi]!.columnOf;
      const base = columnBase[gi]!;
      const measurements = records[i]!.measurements;
      if (groupStamp[gi] !== trial) {
        groupStamp[gi] = trial;
        unionSize[gi] = 0;
        smallest[gi] = measurements.length;
      } else if (measurements.length < smallest[gi]!) smallest[gi] = measurements.length;
      for (let j = 0; j < measurements.length; j++) {
        const column = base + columnOf.get(measurements[j]!)!;
        if (columnStamp[column] === trial) continue;
        columnStamp[column] = trial;
        unionSize[gi]!++;
      }
      // Java's `size / union < 0.5` (false for 0 / 0); the smallest size decides it for all.
      passes = !(smallest[gi]! / unionSize[gi]! < CONVERT_THRESHOLD);
    }
    if (passes) passed++;
    else failed++;
  }
  return passed >= majority;
}
