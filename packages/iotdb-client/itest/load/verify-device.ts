// Reads a writer's device back (select *, streamed) and compares every cell of every row with the
// tablets regenerated from the seed: each expected row must come back at its time with exactly its
// values (nulls included, and null in the columns of other tablets), and no other row may exist.
// A tablet whose insert was refused may be stored or not: the rows in its time range are skipped.
import type { SessionPool } from "../../src/index.js";
import { expectedCell, rowHasValue, type SeededTablet } from "./seeded-tablets.js";

export interface VerifyCounts {
  /** Result cells compared and equal, nulls included. */
  cellsVerified: number;
  /** Non-null expected cells found exactly. */
  pointsVerified: number;
  /** Cells that differ, expected points of missing rows, and rows that should not exist. */
  mismatches: number;
  /** The first few mismatches, described. */
  examples: string[];
}

const MAX_EXAMPLES = 5;

export async function verifyDevice(
  pool: SessionPool,
  device: string,
  tablets: Iterable<{ tablet: SeededTablet; acknowledged: boolean }>,
): Promise<VerifyCounts> {
  const counts: VerifyCounts = { cellsVerified: 0, pointsVerified: 0, mismatches: 0, examples: [] };
  const miss = (what: string, n = 1) => {
    counts.mismatches += n;
    if (counts.examples.length < MAX_EXAMPLES) counts.examples.push(`${device}: ${what}`);
  };
  const dataSet = await pool.executeQueryStatement(`select * from ${device}`);
  const names = dataSet.columnNames.slice(1).map((n) => n.slice(device.length + 1));
  const rows = dataSet[Symbol.asyncIterator]();
  try {
    let row = (await rows.next()).value;
    for (const { tablet, acknowledged } of tablets) {
      if (!acknowledged) {
        const last = tablet.times[tablet.times.length - 1]!;
        while (row !== undefined && (row.timestamp as bigint) <= last) row = (await rows.next()).value;
        continue;
      }
      // For each result column, the tablet column it comes from (-1: not in this tablet, so null).
      const source = names.map((n) => tablet.columns.findIndex((c) => c.name === n));
      tablet.columns.forEach((c, i) => {
        if (!names.includes(c.name) && tablet.nulls[i]!.includes(0))
          miss(`measurement ${c.name} is missing from the result`, tablet.nulls[i]!.filter((b) => b === 0).length);
      });
      for (let r = 0; r < tablet.times.length; r++) {
        if (!rowHasValue(tablet, r)) continue;
        const time = tablet.times[r]!;
        while (row !== undefined && (row.timestamp as bigint) < time) {
          miss(`unexpected row at ${row.timestamp}`);
          row = (await rows.next()).value;
        }
        if (row === undefined || row.timestamp !== time) {
          miss(`row ${time} is missing`, source.filter((s) => s >= 0 && tablet.nulls[s]![r] === 0).length);
          continue;
        }
        for (let j = 0; j < names.length; j++) {
          const expected = source[j]! < 0 ? null : expectedCell(tablet, source[j]!, r);
          const actual = row.fields[j];
          if (sameValue(expected, actual)) {
            counts.cellsVerified++;
            if (expected !== null) counts.pointsVerified++;
          } else {
            miss(`${names[j]} at ${time}: expected ${show(expected)}, got ${show(actual)}`);
          }
        }
        row = (await rows.next()).value;
      }
    }
    for (; row !== undefined; row = (await rows.next()).value) miss(`unexpected row at ${row.timestamp}`);
  } finally {
    await rows.return?.();
  }
  return counts;
}

/** Exact equality as stored: NaN equals NaN (Java keeps no NaN payload), -0 is not 0, bytes by content. */
function sameValue(expected: unknown, actual: unknown): boolean {
  if (expected instanceof Uint8Array) return actual instanceof Uint8Array && Buffer.compare(expected, actual) === 0;
  if (typeof expected === "number" && typeof actual === "number")
    return Object.is(expected, actual) || (Number.isNaN(expected) && Number.isNaN(actual));
  return expected === actual;
}

function show(v: unknown): string {
  if (v instanceof Uint8Array)
    return `bytes(${v.length}):${Buffer.from(v.buffer, v.byteOffset, Math.min(v.length, 16)).toString("hex")}`;
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === "bigint") return `${v}n`;
  return Object.is(v, -0) ? "-0" : String(v);
}
