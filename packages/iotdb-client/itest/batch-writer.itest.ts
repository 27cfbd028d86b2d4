// The batching writer on the real server: rows written one at a time (interleaved over devices,
// in many small requests) read back exactly, for every type with nulls, tree aligned and
// non-aligned and the table model; a producer faster than the server is held under the
// high-water mark; and a type conflict on one device among several leaves the
// others written and reports exactly that device's rows.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IoTDBError, SessionPool, TableSessionPool, type WriterFailure } from "../src/index.js";
import { ALL_COLUMNS, type Dataset, makeDataset } from "./dataset.js";
import { comparable, freshDatabases, sessionOptions, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_batch_writer")}`;
const TABLE_DB = uniqueName("zw_batch_writer_t");
const FIRST_TIME = 1_700_000_000_000n;
const ROWS = 41;
const names = ALL_COLUMNS.map((c) => c.name);
const types = ALL_COLUMNS.map((c) => c.type);

const databases = freshDatabases(DB, TABLE_DB);
test.before(setup(databases.before));

test.after(databases.after);

/** Writes the datasets row by row, one row of each target in turn (so requests mix targets). */
function interleave(
  targets: readonly [string, Dataset][],
  write: (target: string, time: bigint, row: Dataset["rows"][number]) => void,
): void {
  for (let r = 0; r < ROWS; r++) for (const [target, ds] of targets) write(target, ds.times[r]!, ds.rows[r]!);
}

test("tree, aligned and non-aligned: every type with nulls, written row by row, reads back exactly", async () => {
  const pool = new SessionPool(sessionOptions());
  try {
    // 11 columns: a request about every 18 rows of the 4 devices, so each device's rows span several requests.
    const writer = pool.writer({ batchPoints: 200, maxInFlight: 3 });
    const targets: [string, Dataset][] = [];
    for (const aligned of [false, true]) {
      for (const pattern of ["diagonal", "inverse"] as const) {
        const device = `${DB}.${aligned ? "a" : "n"}_${pattern}`;
        writer.defineDevice(device, { measurements: names, types, aligned });
        targets.push([device, makeDataset(ROWS, pattern, FIRST_TIME)]);
      }
    }
    interleave(targets, (device, time, row) => writer.write(device, time, row));
    const result = await writer.close();
    assert.equal(result, { written: ROWS * targets.length, failed: 0, pending: 0, unobservedFailures: [] });
    assert.ok(writer.metrics().requests >= 4, `${writer.metrics().requests} requests`);
    for (const [device, ds] of targets) {
      const rows = await (await pool.executeQueryStatement(`select ${names.join(", ")} from ${device}`)).toRows();
      assert.equal(
        rows.map((r) => comparable([r.timestamp, ...r.fields])),
        ds.rows.map((row, i) => comparable([ds.times[i], ...row])),
        device,
      );
    }
  } finally {
    await pool.close();
  }
});

test("table model: every type with nulls, two devices of one table, written row by row, reads back exactly", async () => {
  const pool = new TableSessionPool({ ...sessionOptions(), database: TABLE_DB });
  try {
    const writer = pool.writer({ batchPoints: 150 });
    writer.defineTable("t_writer", {
      columns: ["dev", ...names],
      types: ["STRING", ...types],
      categories: ["TAG", ...names.map(() => "FIELD" as const)],
    });
    const devices = [
      ["dev1", makeDataset(ROWS, "diagonal", FIRST_TIME)],
      ["dev2", makeDataset(ROWS, "inverse", FIRST_TIME)],
    ] as [string, Dataset][];
    interleave(devices, (dev, time, row) => writer.write("t_writer", time, [dev, ...row]));
    const result = await writer.close();
    assert.equal([result.written, result.failed, result.pending], [ROWS * 2, 0, 0]);
    for (const [dev, ds] of devices) {
      const rows = await (
        await pool.executeQueryStatement(
          `select time, ${names.join(", ")} from t_writer where dev = '${dev}' order by time`,
        )
      ).toRows();
      assert.equal(
        rows.map((r) => comparable(r.fields)),
        ds.rows.map((row, i) => comparable([ds.times[i], ...row])),
        dev,
      );
    }
  } finally {
    await pool.close();
  }
});

test("a producer faster than the server: the points held never pass the high-water mark (plus the row that reached it)", async () => {
  const pool = new SessionPool(sessionOptions());
  try {
    const HIGH_WATER = 20_000;
    const writer = pool.writer({ batchPoints: 5_000, highWaterMark: HIGH_WATER, maxBufferedPoints: HIGH_WATER + 10 });
    const measurements = Array.from({ length: 10 }, (_, i) => `s${i}`);
    const devices = Array.from({ length: 50 }, (_, d) => `${DB}.fast.d${d}`);
    for (const d of devices) writer.defineDevice(d, { measurements, types: measurements.map(() => "FLOAT" as const) });
    const values = measurements.map((_, i) => i / 2);
    let mostHeld = 0;
    let waits = 0;
    for (let t = 0; t < 400; t++) {
      for (const d of devices) {
        if (!writer.write(d, t, values)) {
          waits++;
          await writer.ready();
        }
        const { buffered, inFlightPoints } = writer.metrics();
        mostHeld = Math.max(mostHeld, buffered + inFlightPoints);
      }
    }
    const result = await writer.close();
    assert.equal([result.written, result.failed, result.pending], [400 * devices.length, 0, 0]);
    assert.ok(waits > 0, "the producer was held back");
    assert.ok(mostHeld <= HIGH_WATER + measurements.length, `held ${mostHeld} points`);
    const [count] = await (await pool.executeQueryStatement(`select count(s0) from ${DB}.fast.*`)).toRows();
    assert.equal(
      count!.fields,
      devices.map(() => 400n),
    );
  } finally {
    await pool.close();
  }
});

test("a type conflict on one device of several: the others are written, exactly that device's rows are reported failed", async () => {
  const pool = new SessionPool(sessionOptions());
  try {
    await pool.createTimeseries(`${DB}.conflict.c2.s`, "INT32");
    const writer = pool.writer({ flushIntervalMs: 0 });
    const failures: WriterFailure[] = [];
    writer.on("failed", (f) => failures.push(f));
    const devices = ["c1", "c2", "c3"].map((d) => `${DB}.conflict.${d}`);
    for (const d of devices) writer.defineDevice(d, { measurements: ["s"], types: ["TEXT"] });
    for (const t of [1, 2, 3]) for (const d of devices) writer.write(d, t, [`v${t}`]);
    const result = await writer.close();
    assert.equal([result.written, result.failed, result.pending], [6, 3, 0]);
    assert.equal(
      failures.map((f) => [f.target, f.times]),
      [[`${DB}.conflict.c2`, [1, 2, 3]]],
    );
    assert.instance(failures[0]!.error, IoTDBError);
    for (const d of [devices[0]!, devices[2]!]) {
      const rows = await (await pool.executeQueryStatement(`select s from ${d}`)).toRows();
      assert.equal(
        rows.map((r) => [r.timestamp, ...r.fields]),
        [
          [1n, "v1"],
          [2n, "v2"],
          [3n, "v3"],
        ],
        d,
      );
    }
    const c2 = await (await pool.executeQueryStatement(`select count(s) from ${devices[1]}`)).toRows();
    assert.equal(c2[0]!.fields, [0n], "nothing of the conflicting device was stored");
  } finally {
    await pool.close();
  }
});

test.run();
