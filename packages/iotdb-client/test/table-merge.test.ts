// Group commit's table merge: whatever route concatTablets takes (merging sorted parts in time
// order, or concatenating for the codec to sort), the merged tablet's wire bytes are those of the
// parts' rows joined in arrival order and stable-sorted by time. Oracle: a naive join (plain
// arrays, one row at a time, built here) encoded by the codec, which sorts it itself.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { encodeTabletBuffers, type Cell } from "@zerowire/iotdb-codec";
import type { SessionTablet } from "../src/index.js";
import { concatTablets } from "../src/pool/table-merge.js";
import { tableRowDevices } from "../src/pool/table-devices.js";

const columns = [
  { name: "dev", type: "STRING" as const, category: "TAG" as const },
  { name: "i", type: "INT64" as const },
  { name: "d", type: "DOUBLE" as const },
  { name: "b", type: "BOOLEAN" as const },
  { name: "f", type: "FLOAT" as const },
];

function part(random: () => number, dev: string, rows: number, sorted: boolean, nullAt?: number): SessionTablet {
  let t = Math.floor(random() * 20);
  const times = Array.from({ length: rows }, () =>
    sorted ? (t += Math.floor(random() * 3)) : Math.floor(random() * 30),
  );
  return {
    schema: { target: "t1", columns },
    timestamps: BigInt64Array.from(times.map(BigInt)),
    values: [
      times.map((_, r) => (r === nullAt ? null : dev)),
      BigInt64Array.from(times.map((_, r) => BigInt(r * 7 + dev.length))),
      Float64Array.from(times.map((_, r) => r / 4 + dev.charCodeAt(0))),
      Uint8Array.from(times.map((_, r) => r % 2)),
      Float32Array.from(times.map((_, r) => r * 1.5 - dev.length)),
    ],
  };
}

/** The parts' rows one after another as plain cells: what a user adding them to one tablet would hold. */
function naiveJoin(parts: readonly SessionTablet[]): SessionTablet {
  const timestamps: bigint[] = [];
  const values: Cell[][] = columns.map(() => []);
  for (const p of parts) {
    for (let r = 0; r < p.timestamps.length; r++) {
      timestamps.push(BigInt(p.timestamps[r] as bigint));
      columns.forEach((c, i) => {
        const v = (p.values[i] as ArrayLike<Cell>)[r];
        values[i]!.push(c.type === "BOOLEAN" ? v === 1 : v);
      });
    }
  }
  return { schema: { target: "t1", columns }, timestamps, values };
}

function hex(t: SessionTablet): string {
  const { timestamps, values } = encodeTabletBuffers({ ...t, schema: { ...t.schema, model: "table" } });
  return `${timestamps.toString("hex")}|${values.toString("hex")}`;
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

test("merged table tablets encode as the naive join sorted by the codec: sorted parts, unsorted parts, ties, nulls", () => {
  let inTimeOrder = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const random = seeded(seed);
    const count = 1 + Math.floor(random() * 12);
    const withNull = seed % 5 === 0;
    const parts = Array.from({ length: count }, (_, p) =>
      part(random, `d${p % 4}`, Math.floor(random() * 6), seed % 7 !== 0, withNull && p === 0 ? 0 : undefined),
    );
    const merged = concatTablets(parts);
    assert.is(hex(merged), hex(naiveJoin(parts)), `seed ${seed}`);
    const times = merged.timestamps as BigInt64Array;
    if (times.every((t, i) => i === 0 || t >= times[i - 1]!)) inTimeOrder++;
  }
  // Most seeds take the merge route (sorted parts, no null): the merged tablet is itself in time order.
  assert.ok(inTimeOrder > 200, `${inTimeOrder} of 300 merged tablets in time order`);
});

test("negative control: a join whose ties do not keep arrival order gives other bytes", () => {
  const a = part(seeded(3), "a", 3, true);
  const b = part(seeded(3), "b", 3, true); // the same times: every row ties with one of a's
  assert.is.not(hex(concatTablets([a, b])), hex(naiveJoin([b, a])));
  assert.is(hex(concatTablets([a, b])), hex(naiveJoin([a, b])));
});

test("the devices of a merged tablet's rows, in wire order, name each row's own device", () => {
  const a = part(seeded(9), "a", 4, true);
  const b = part(seeded(9), "b", 4, true);
  const merged = concatTablets([a, b]);
  const devices = tableRowDevices(merged)!;
  const expected = naiveJoin([a, b]);
  const order = Array.from({ length: 8 }, (_, i) => i).sort(
    (x, y) => Number((expected.timestamps[x] as bigint) - (expected.timestamps[y] as bigint)) || x - y,
  );
  assert.equal(
    Array.from({ length: devices.count }, (_, i) => devices.device(i)),
    order.map((row) => `t1\u0000${(expected.values[0] as Cell[])[row]}`),
  );
});

test.run();
