// Java's records-to-tablets auto-conversion (Session.insertRecords / insertRecordsOfOneDevice with
// enableRecordsAutoConvertTablet): when a batch converts, and the request it becomes. Expected
// requests are tablets written out by hand (columns and tablets in the HashMap order worked out
// from String.hashCode in the comments); the Java client's own bytes are in the session-call
// vectors (fuzz/vectors/check-session-calls.ts).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  EncodeError,
  insertRecordsCall,
  insertRecordsOfOneDeviceCall,
  insertTabletCall,
  insertTabletsCall,
  writeCallRequest,
  type InsertCall,
  type InsertRecord,
} from "../src/index.js";

const req = (call: InsertCall): string => {
  const w = new Writer();
  writeCallRequest(w, call, { sessionId: 42 });
  return Buffer.from(w.peek()).toString("hex");
};
const on = { autoConvertRecords: true };

function sameDevice(n: number, device = "root.sg.d1"): InsertRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    deviceId: device,
    time: i,
    measurements: ["s0", "s1"],
    types: ["INT32", "TEXT"] as const,
    values: [i, `v${i}`],
  }));
}

test("threshold: 39 records go as insertRecords, 40 as insertTablets; off by default in the codec and when asked", () => {
  assert.is(insertRecordsCall(sameDevice(39), on).method, "insertRecords");
  assert.is(insertRecordsCall(sameDevice(40), on).method, "insertTablets");
  assert.is(insertRecordsCall(sameDevice(40), { aligned: true, ...on }).method, "insertTablets");
  assert.is(insertRecordsCall(sameDevice(40)).method, "insertRecords");
  assert.is(insertRecordsCall(sameDevice(40), { autoConvertRecords: false }).method, "insertRecords");
  assert.is(insertRecordsOfOneDeviceCall("root.sg.d1", sameDevice(39), on).method, "insertRecordsOfOneDevice");
  assert.is(insertRecordsOfOneDeviceCall("root.sg.d1", sameDevice(40), on).method, "insertTablet");
  assert.throws(
    () => insertRecordsCall(sameDevice(40), { autoConvertRecords: "yes" as never }),
    /autoConvertRecords must be a boolean/,
  );
});

test("devices: converted only with at most one device per two records", () => {
  const spread = (devices: number) => sameDevice(40).map((r, i) => ({ ...r, deviceId: `root.sg.d${i % devices}` }));
  assert.is(insertRecordsCall(spread(20), on).method, "insertTablets");
  assert.is(insertRecordsCall(spread(21), on).method, "insertRecords");
});

// Session.judgeConvertOfOneDevice / judgeConvertOfMultiDevice (iotdb-session 2.0.5): k = (int) (n * 0.05)
// records drawn at random (distinct); per device the set of names in its sampled records; no conversion
// when a sampled record has `measurements.size() / set.size() < 0.5`. Sizes count names with null values.
// The expected methods below follow from that rule by counting, not from our code.

/**
 * `n` records of one device: a core of `core` names in every record plus `petal` names of its own; every 9th all-null.
 */
function sunflower(n: number, core: number, petal: number, device = (_: number) => "root.sg.flower"): InsertRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const measurements = [
      ...Array.from({ length: core }, (_, c) => `c${c}`),
      ...Array.from({ length: petal }, (_, p) => `p${i}_${p}`),
    ];
    return {
      deviceId: device(i),
      time: i,
      measurements,
      types: measurements.map(() => "INT64" as const),
      values: measurements.map((_, j) => (i % 9 === 4 ? null : BigInt(i * 10 + j))),
    };
  });
}

test("measurements, decided by every sample: converted when no sample of Java's can fail, not when none can pass", () => {
  // 116 records (k = 5), aligned, one device: a sample's union is core + 5 petals. core 3, petal 1:
  // 4 / 8 is not below 0.5 in any sample, so Java always converts (though a record holds 4 of the device's 119).
  const aligned = { aligned: true, ...on };
  assert.is(insertRecordsCall(sunflower(116, 3, 1), aligned).method, "insertTablets");
  assert.is(insertRecordsOfOneDeviceCall("root.sg.flower", sunflower(116, 3, 1), aligned).method, "insertTablet");
  // Negative control: core 2, petal 1: 3 / 7 < 0.5 in every sample, so Java never converts.
  assert.is(insertRecordsCall(sunflower(116, 2, 1), aligned).method, "insertRecords");
  assert.is(
    insertRecordsOfOneDeviceCall("root.sg.flower", sunflower(116, 2, 1), aligned).method,
    "insertRecordsOfOneDevice",
  );
  // 40 records (k = 2) of 2 of five measurements each (different pairs; every 9th all-null): two
  // records' union is at most 4, 2 / 4 passes, so Java always converts (2 of the device's 5 each).
  const pairs = ["s0", "s1", "s2", "s3", "s4"].flatMap((a, x, all) => all.slice(x + 1).map((b) => [a, b]));
  const twoOfFive: InsertRecord[] = Array.from({ length: 40 }, (_, i) => ({
    deviceId: "root.sg.pairs",
    time: 40 - i,
    measurements: pairs[i % pairs.length]!,
    types: ["DOUBLE", "DOUBLE"],
    values: i % 9 === 4 ? [null, null] : [i, -i],
  }));
  assert.is(insertRecordsCall(twoOfFive, on).method, "insertTablets");
  // Many devices. 80 records (k = 4) over two devices, core 2, petal 1: at most 4 sampled records of
  // a device, 3 / 6 passes: always converted. 100 records (k = 5) over two devices, core 1, petal 2:
  // some device has 3 or more of the 5 sampled records, and 3 / 7 < 0.5: never converted.
  const twoDevices = (i: number) => `root.sg.d${i % 2}`;
  assert.is(insertRecordsCall(sunflower(80, 2, 1, twoDevices), on).method, "insertTablets");
  assert.is(insertRecordsCall(sunflower(100, 1, 2, twoDevices), on).method, "insertRecords");
});

test("measurements, decided by Java's sample: Java's more likely answer, the same every time", () => {
  const wide = sameDevice(40).map((r) => ({
    ...r,
    measurements: ["s0", "s1", "s2", "s3"],
    types: ["INT32", "INT32", "INT32", "INT32"] as const,
    values: [1, 2, 3, 4],
  }));
  // 40 records (k = 2); record 7 holds 2 of 5 names: a sample fails only when it holds record 7
  // (2 / 5), which a sample of 2 of 40 does with probability 2/40: Java converts 95% of the time.
  const one = wide.map((r, i) =>
    i === 7 ? { ...r, measurements: ["s3", "s9"], types: ["INT32", "INT32"] as const, values: [1, 2] } : r,
  );
  for (let again = 0; again < 3; again++) assert.is(insertRecordsCall(one, on).method, "insertTablets");
  assert.is(insertRecordsOfOneDeviceCall("root.sg.d1", one, on).method, "insertTablet");
  // 60 records (k = 3), half of them only "s9": a sample fails when it mixes the two kinds (1 / 5),
  // with probability 1 - 2 * C(30,3) / C(60,3) = 0.76: Java converts 24% of the time.
  const half = wide
    .concat(wide.slice(0, 20))
    .map((r, i) =>
      i % 2 === 0 ? { ...r, time: i, measurements: ["s9"], types: ["INT32"] as const, values: [i] } : { ...r, time: i },
    );
  for (let again = 0; again < 3; again++) assert.is(insertRecordsCall(half, on).method, "insertRecords");
  // Every record holds at least half of its device's union: every sample passes.
  const enough = wide.map((r, i) =>
    i === 7 ? { ...r, measurements: ["s3", "s1"], types: ["INT32", "INT32"] as const, values: [1, 2] } : r,
  ); // 2 of 4
  assert.is(insertRecordsCall(enough, on).method, "insertTablets");
  assert.is(insertRecordsOfOneDeviceCall("root.sg.d1", enough, on).method, "insertTablet");
});

test("the tablets: HashMap order of devices and measurements, first type wins, missing and null values are null cells, rows sorted by time", () => {
  // "d1".hashCode() = 3149, "d2" = 3150; the device map has capacity tableSizeFor(2 + 1) = 4: buckets 1, 2 → d1 first.
  // "s0" = 3613, "s1" = 3614, "s2" = 3615; d2's first record has 3 measurements → capacity 4: buckets 1, 2, 3;
  // d1's first record has 1 → capacity tableSizeFor(2) = 2, never resized for 2 names: s1 in bucket 0, s0 in bucket 1.
  const records: InsertRecord[] = [];
  for (let i = 0; i < 40; i++) {
    if (i % 2 === 0)
      records.push({
        deviceId: "d2",
        time: 100 - i,
        measurements: ["s2", "s1", "s0"],
        types: ["STRING", "INT64", "BOOLEAN"],
        values: [i === 4 ? null : `x${i}`, BigInt(i), i % 4 === 0],
      });
    else
      records.push({
        deviceId: "d1",
        time: i,
        measurements: i === 1 ? ["s1"] : ["s1", "s0"],
        types: i === 1 ? ["DOUBLE"] : ["DOUBLE", "TEXT"],
        values: i === 1 ? [0.5] : [i / 2, "t"],
      });
  }
  const d2rows = records.filter((r) => r.deviceId === "d2");
  const d1rows = records.filter((r) => r.deviceId === "d1");
  const expected = insertTabletsCall([
    {
      schema: {
        model: "tree",
        target: "d1",
        columns: [
          { name: "s1", type: "DOUBLE" },
          { name: "s0", type: "TEXT" },
        ],
      },
      timestamps: d1rows.map((r) => r.time),
      values: [d1rows.map((r) => r.values[0]!), d1rows.map((r) => (r.measurements.length === 1 ? null : "t"))],
    },
    {
      schema: {
        model: "tree",
        target: "d2",
        columns: [
          { name: "s0", type: "BOOLEAN" },
          { name: "s1", type: "INT64" },
          { name: "s2", type: "STRING" },
        ],
      },
      timestamps: d2rows.map((r) => r.time),
      values: [d2rows.map((r) => r.values[2]!), d2rows.map((r) => r.values[1]!), d2rows.map((r) => r.values[0]!)],
    },
  ]);
  assert.is(req(insertRecordsCall(records, on)), req(expected));
});

test("one device: an insertTablet of the union, with all-null records kept as all-null rows", () => {
  const records = sameDevice(40).map((r, i) => ({ ...r, values: i === 3 ? [null, null] : r.values }));
  const expected = insertTabletCall({
    schema: {
      model: "tree",
      target: "root.sg.d1",
      aligned: true,
      columns: [
        { name: "s0", type: "INT32" },
        { name: "s1", type: "TEXT" },
      ],
    },
    timestamps: records.map((r) => r.time),
    values: [records.map((r) => r.values[0]!), records.map((r) => r.values[1]!)],
  });
  assert.is(req(insertRecordsOfOneDeviceCall("root.sg.d1", records, { aligned: true, ...on })), req(expected));
});

test("a measurement typed differently across a device's records: Java's value classes decide", () => {
  const retyped = (type: string, value: unknown) =>
    sameDevice(40).map((r, i) =>
      i === 9 ? { ...r, types: ["INT32", type] as never, values: [1, value] as never } : r,
    );
  // TEXT, STRING and BLOB share Java's Binary; the column keeps its first type (TEXT).
  assert.is(insertRecordsCall(retyped("STRING", "x"), on).method, "insertTablets");
  assert.is(insertRecordsCall(retyped("BLOB", Uint8Array.of(1)), on).method, "insertTablets");
  try {
    insertRecordsCall(retyped("INT32", 5), on);
    assert.unreachable("INT32 into a TEXT column converted");
  } catch (e) {
    assert.instance(e, EncodeError);
    assert.match(
      (e as Error).message,
      /record 9 measurement "s1": INT32 here, TEXT in an earlier record of the device \(record 0\)/,
    );
    assert.match((e as Error).message, "Nothing was sent");
    assert.is((e as EncodeError).row, 9);
    assert.is((e as EncodeError).column, "s1");
  }
  // Sent as records, the same batch is fine.
  assert.is(insertRecordsCall(retyped("INT32", 5)).method, "insertRecords");
});

test("batches in turn: a device's column order is worked out again when its first record's size or its types change", () => {
  // "s0" = 3613, "s1" = 3614. A first record of 2 measurements: capacity tableSizeFor(3) = 4, buckets 1, 2 → s0, s1.
  // A first record of 1: capacity 2, s1 in bucket 0, s0 in bucket 1 → s1, s0 (a layout kept from the batch before would
  // say s0, s1).
  const both = sameDevice(40, "root.sg.turn").map((r) => ({
    ...r,
    measurements: ["s1", "s0"],
    types: ["INT32", "TEXT"] as const,
    values: [r.time as number, "t"],
  }));
  const tablet = (
    types: readonly ["INT32" | "DOUBLE", "TEXT"],
    order: "s0 s1" | "s1 s0",
    records: readonly InsertRecord[],
  ) => {
    const s1 = { name: "s1", type: types[0] };
    const s0 = { name: "s0", type: types[1] };
    const s1Values = records.map((r) => r.values[0]!);
    const s0Values = records.map((r) => (r.measurements.length === 1 ? null : "t"));
    return insertTabletsCall([
      {
        schema: { model: "tree", target: "root.sg.turn", columns: order === "s0 s1" ? [s0, s1] : [s1, s0] },
        timestamps: records.map((r) => r.time),
        values: order === "s0 s1" ? [s0Values, s1Values] : [s1Values, s0Values],
      },
    ]);
  };
  assert.is(req(insertRecordsCall(both, on)), req(tablet(["INT32", "TEXT"], "s0 s1", both)));
  const firstAlone = both.map((r, i) =>
    i === 0 ? { ...r, measurements: ["s1"], types: ["INT32"] as const, values: [0] } : r,
  );
  assert.is(req(insertRecordsCall(firstAlone, on)), req(tablet(["INT32", "TEXT"], "s1 s0", firstAlone)));
  const retyped = both.map((r) => ({
    ...r,
    types: ["DOUBLE", "TEXT"] as const,
    values: [(r.values[0] as number) + 0.5, "t"],
  }));
  assert.is(req(insertRecordsCall(retyped, on)), req(tablet(["DOUBLE", "TEXT"], "s0 s1", retyped)));
  assert.is(req(insertRecordsCall(both, on)), req(tablet(["INT32", "TEXT"], "s0 s1", both)));
});

test("devices sharing one measurements array: one device's extra measurement stays out of the others' tablets", () => {
  // "s2" = 3615: d2's union s0, s1, s2 in a table of 4 → buckets 1, 2, 3. "d1" = 3149, "d2" = 3150: d1 first.
  const measurements = ["s0", "s1"];
  const types = ["INT32", "INT32"] as const;
  const records: InsertRecord[] = Array.from({ length: 40 }, (_, i) =>
    i === 5
      ? {
          deviceId: "d2",
          time: i,
          measurements: ["s0", "s1", "s2"],
          types: ["INT32", "INT32", "INT32"],
          values: [i, i, 99],
        }
      : { deviceId: i % 2 === 0 ? "d1" : "d2", time: i, measurements, types, values: [i, -i] },
  );
  const d1 = records.filter((r) => r.deviceId === "d1");
  const d2 = records.filter((r) => r.deviceId === "d2");
  const expected = insertTabletsCall([
    {
      schema: {
        model: "tree",
        target: "d1",
        columns: [
          { name: "s0", type: "INT32" },
          { name: "s1", type: "INT32" },
        ],
      },
      timestamps: d1.map((r) => r.time),
      values: [d1.map((r) => r.values[0]!), d1.map((r) => r.values[1]!)],
    },
    {
      schema: {
        model: "tree",
        target: "d2",
        columns: [
          { name: "s0", type: "INT32" },
          { name: "s1", type: "INT32" },
          { name: "s2", type: "INT32" },
        ],
      },
      timestamps: d2.map((r) => r.time),
      values: [d2.map((r) => r.values[0]!), d2.map((r) => r.values[1]!), d2.map((r) => r.values[2] ?? null)],
    },
  ]);
  assert.is(req(insertRecordsCall(records, on)), req(expected));
});

test.run();
