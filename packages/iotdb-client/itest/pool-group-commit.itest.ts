// Group commit on the real server: 50 concurrent insertRecord calls on a pool of 2 sessions, one
// of which writes TEXT into an INT32 series. The calls that wait go out merged; the server refuses
// a merged batch with the bad record as a whole (507, empty subStatus), or the codec refuses the
// auto-converted merged batch (one type per tablet column); either way each caller's record is
// re-sent alone, so exactly the conflicting caller rejects and every other record is stored and
// read back. Run both ways: 50 devices (merged as insertRecords) and 5 devices (a merged batch of
// 40 or more is converted to insertTablets, as the Java client converts it). And the table model:
// 50 concurrent one-row inserts into one table, one with a FIELD of the wrong type; the waiting
// ones go out as one tablet, and only the wrong one rejects (the server keeps its row without the
// field, as it does for a lone insert); and 50 inserts of sorted rows whose times interleave
// (merged in time order, table-merge.ts) read back row for row. And one caller's insertRecords /
// insertTablets with type conflicts in some parts: the pool re-sends the parts in halves
// (attributeRefusals) and the error's subStatus says exactly which parts were stored, checked
// against what reads back.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { IoTDBError, type PoolRequest, SessionPool, TableSessionPool } from "../src/index.js";
import { freshDatabases, openSession, openTableSession, sessionOptions, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_gc")}`;
const TABLE_DB = uniqueName("zw_gc_t");
const CALLS = 50;
const BAD = 17;

const databases = freshDatabases(DB, TABLE_DB);
test.before(
  setup(async () => {
    await databases.before();
    const table = await openTableSession();
    await table.executeNonQueryStatement(`CREATE TABLE ${TABLE_DB}.readings (dev STRING TAG, v INT32 FIELD)`);
    await table.close();
  }),
);
test.after(databases.after);

async function run(devices: number, group: string): Promise<void> {
  const deviceOf = (i: number) => `${DB}.${group}.d${i % devices}`;
  const setupSession = await openSession();
  for (let d = 0; d < devices; d++) await setupSession.createTimeseries(`${DB}.${group}.d${d}.s`, "INT32");
  await setupSession.close();

  const pool = new SessionPool({ ...sessionOptions(), maxSize: 2 });
  const requests: PoolRequest[] = [];
  pool.onRequest((r) => requests.push(r));
  try {
    const outcomes = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, i) =>
        i === BAD
          ? pool.insertRecord({
              deviceId: deviceOf(i),
              time: 1_000 + i,
              measurements: ["s"],
              types: ["TEXT"],
              values: ["not an int"],
            })
          : pool.insertRecord({
              deviceId: deviceOf(i),
              time: 1_000 + i,
              measurements: ["s"],
              types: ["INT32"],
              values: [i],
            }),
      ),
    );
    const rejected = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    assert.equal(
      rejected,
      [BAD],
      `only the conflicting caller rejects: ${outcomes
        .filter((o) => o.status === "rejected")
        .map((o) => String((o as PromiseRejectedResult).reason))
        .join("; ")}`,
    );
    assert.instance((outcomes[BAD] as PromiseRejectedResult).reason, IoTDBError);
    assert.ok(
      requests.some((r) => r.method === "insertRecords"),
      `some calls went out merged: ${requests.map((r) => `${r.method}(${r.devices.length})`).join(" ")}`,
    );

    const session = await openSession();
    try {
      const dataSet = await session.executeQueryStatement(`select s from ${DB}.${group}.** align by device`);
      const rows = await dataSet.toRows();
      const stored = rows.map((r) => `${r.fields[0]}@${r.timestamp}=${r.fields[1]}`).sort();
      const expected = Array.from({ length: CALLS }, (_, i) => i)
        .filter((i) => i !== BAD)
        .map((i) => `${deviceOf(i)}@${1_000 + i}=${i}`)
        .sort();
      assert.equal(stored, expected, "every other record is stored, and nothing of the conflicting one");
    } finally {
      await session.close();
    }
  } finally {
    await pool.close();
  }
}

test(`${CALLS} concurrent insertRecord calls over ${CALLS} devices on a pool of 2, one type conflict: only that caller rejects, the rest read back`, async () => {
  await run(CALLS, "many");
});

test(`${CALLS} concurrent insertRecord calls over 5 devices (merged batches auto-converted to tablets), one type conflict: only that caller rejects, the rest read back`, async () => {
  await run(5, "few");
});

/** The readings table's schema, with its FIELD v sent as `type`. */
function readingsSchema(type: "INT32" | "TEXT") {
  return {
    target: "readings",
    columns: [
      { name: "dev", type: "STRING", category: "TAG" },
      { name: "v", type },
    ],
  } as const;
}

test(`table model: ${CALLS} concurrent one-row inserts on a pool of 2, one FIELD of the wrong type: only that caller rejects, every row reads back`, async () => {
  const pool = new TableSessionPool({ ...sessionOptions(), maxSize: 2, database: TABLE_DB });
  const requests: PoolRequest[] = [];
  pool.onRequest((r) => requests.push(r));
  try {
    const outcomes = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, i) =>
        pool.insert({
          schema: readingsSchema(i === BAD ? "TEXT" : "INT32"),
          timestamps: [1_000 + i],
          values: [[`d${i}`], [i === BAD ? "not an int" : i]],
        }),
      ),
    );
    const rejected = outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : []));
    assert.equal(
      rejected,
      [BAD],
      `only the wrong caller rejects: ${outcomes
        .filter((o) => o.status === "rejected")
        .map((o) => String((o as PromiseRejectedResult).reason))
        .join("; ")}`,
    );
    assert.ok(
      requests.some((r) => r.devices.length > 1),
      `waiting inserts went out merged: ${requests.map((r) => r.devices.length).join(" ")}`,
    );
    const dataSet = await pool.executeQueryStatement("select time, dev, v from readings where time < 5000");
    const stored = (await dataSet.toRows()).map((r) => `${r.fields[1]}@${r.fields[0]}=${r.fields[2]}`).sort();
    const expected = Array.from({ length: CALLS }, (_, i) => `d${i}@${1_000 + i}=${i === BAD ? "null" : i}`).sort();
    assert.equal(stored, expected, "every row, the wrong one without its field");
  } finally {
    await pool.close();
  }
});

test(`table model: ${CALLS} concurrent 4-row inserts with interleaved BigInt64Array times (merged in time order): every row reads back`, async () => {
  const pool = new TableSessionPool({ ...sessionOptions(), maxSize: 2, database: TABLE_DB });
  const requests: PoolRequest[] = [];
  pool.onRequest((r) => requests.push(r));
  const rows = 4;
  // Caller i writes times 5000 + i + k * CALLS (k < rows): each caller's times are sorted, any two callers' interleave.
  const timeOf = (i: number, k: number) => 5_000 + i + k * CALLS;
  try {
    await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        pool.insert({
          schema: readingsSchema("INT32"),
          timestamps: BigInt64Array.from({ length: rows }, (_, k) => BigInt(timeOf(i, k))),
          values: [
            Array.from({ length: rows }, () => `m${i % 7}`),
            Int32Array.from({ length: rows }, (_, k) => i * 10 + k),
          ],
        }),
      ),
    );
    assert.ok(
      requests.some((r) => r.devices.length > rows),
      `waiting inserts went out merged: ${requests.map((r) => r.devices.length).join(" ")}`,
    );
    const dataSet = await pool.executeQueryStatement("select time, dev, v from readings where time >= 5000");
    const stored = (await dataSet.toRows()).map((r) => `${r.fields[1]}@${r.fields[0]}=${r.fields[2]}`).sort();
    const expected = Array.from({ length: CALLS }, (_, i) =>
      Array.from({ length: rows }, (_, k) => `m${i % 7}@${timeOf(i, k)}=${i * 10 + k}`),
    )
      .flat()
      .sort();
    assert.equal(stored, expected, "every row with its own device, time and value");
  } finally {
    await pool.close();
  }
});

async function storedOf(path: string): Promise<string[]> {
  const session = await openSession();
  try {
    const dataSet = await session.executeQueryStatement(`select s from ${path} align by device`);
    return (await dataSet.toRows()).map((r) => `${r.fields[0]}@${r.timestamp}`).sort();
  } finally {
    await session.close();
  }
}

test("one caller's insertRecords (12 records, 2 type conflicts) and insertTablets (6 tablets, 1 conflict): subStatus names exactly the refused parts, the rest reads back", async () => {
  const setupSession = await openSession();
  for (let d = 0; d < 12; d++) await setupSession.createTimeseries(`${DB}.attr.r${d}.s`, "INT32");
  for (let d = 0; d < 6; d++) await setupSession.createTimeseries(`${DB}.attr.t${d}.s`, "INT32");
  await setupSession.close();
  const pool = new SessionPool({ ...sessionOptions(), maxSize: 1 });
  try {
    const badRecords = new Set([4, 9]);
    const records = Array.from({ length: 12 }, (_, i) =>
      badRecords.has(i)
        ? { deviceId: `${DB}.attr.r${i}`, time: 5, measurements: ["s"], types: ["TEXT" as const], values: ["x"] }
        : { deviceId: `${DB}.attr.r${i}`, time: 5, measurements: ["s"], types: ["INT32" as const], values: [i] },
    );
    const recordsError = await pool.insertRecords(records).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(recordsError, IoTDBError);
    const recordCodes = (recordsError as IoTDBError).subStatus.map((s) => s.code);
    assert.is((recordsError as IoTDBError).code, 302, String(recordsError));
    const storedRecords = await storedOf(`${DB}.attr.r*`);
    records.forEach((r, i) => {
      assert.is(recordCodes[i] === 200, storedRecords.includes(`${r.deviceId}@5`), `record ${i}: ${recordCodes[i]}`);
      assert.is(recordCodes[i] === 200, !badRecords.has(i), `record ${i}: ${recordCodes[i]}`);
    });

    const tablets = Array.from({ length: 6 }, (_, i) => ({
      schema: {
        target: `${DB}.attr.t${i}`,
        columns: [{ name: "s", type: i === 2 ? ("TEXT" as const) : ("INT32" as const) }],
      },
      timestamps: [7, 8],
      values: [i === 2 ? ["a", "b"] : [i, i]],
    }));
    const tabletsError = await pool.insertTablets(tablets).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(tabletsError, IoTDBError);
    assert.equal(
      (tabletsError as IoTDBError).subStatus.map((s) => s.code === 200),
      [true, true, false, true, true, true],
      String(tabletsError),
    );
    const storedTablets = await storedOf(`${DB}.attr.t*`);
    assert.equal(storedTablets, [0, 1, 3, 4, 5].flatMap((i) => [`${DB}.attr.t${i}@7`, `${DB}.attr.t${i}@8`]).sort());
  } finally {
    await pool.close();
  }
});

test.run();
