// String-valued records and records auto-converted to tablets, against the real server:
// - insertStringRecord(s) / insertStringRecordsOfOneDevice (aligned or not) leave the types to the
//   server, which infers them from the text with its defaults (iotdb-system.properties of
//   2.0.1-beta: boolean_string_infer_type BOOLEAN, integer_string_infer_type DOUBLE,
//   floating_string_infer_type DOUBLE, anything else TEXT); the values read back as those types.
// - typed insertRecords / insertRecordsOfOneDevice of 40+ records, which a session sends as
//   insertTablets / insertTablet (autoConvertRecords, default on), store exactly what the same
//   records store when sent as records (autoConvertRecords: false), nulls and missing values included.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { insertRecordsCall, insertRecordsOfOneDeviceCall } from "@zerowire/iotdb-codec";
import { type DeviceRecord, IoTDBError, type InsertRecord, type Session } from "../src/index.js";
import { comparable, openSession, setup, uniqueName } from "./env.js";

const DB = `root.${uniqueName("zw_string_records")}`;

let session: Session;
let recordsSession: Session;

test.before(
  setup(async () => {
    session = await openSession();
    recordsSession = await openSession({ autoConvertRecords: false });
    await session.deleteDatabase(DB).catch((e) => {
      if (!(e instanceof IoTDBError)) throw e; // absent is fine
    });
    await session.createDatabase(DB);
  }),
);

test.after(async () => {
  if (session === undefined) return;
  await session.deleteDatabase(DB);
  await Promise.all([session.close(), recordsSession?.close()]);
});

async function rows(sql: string): Promise<{ names: string[]; types: string[]; rows: unknown[] }> {
  const dataSet = await session.executeQueryStatement(sql);
  const all = await dataSet.toRows();
  return {
    names: [...dataSet.columnNames],
    types: [...dataSet.columnTypes],
    rows: all.map((r) => comparable([r.timestamp, ...r.fields])),
  };
}

test("insertStringRecord: the server infers BOOLEAN, DOUBLE and TEXT from the text; a null value is not sent", async () => {
  const d = `${DB}.sr`;
  await session.insertStringRecord({
    deviceId: d,
    time: 1,
    measurements: ["b", "i", "f", "t", "n"],
    values: ["true", "42", "2.5", "héllo 中文 😀", null],
  });
  const got = await rows(`select b, i, f, t from ${d}`);
  assert.equal(got.types, ["INT64", "BOOLEAN", "DOUBLE", "DOUBLE", "TEXT"]);
  assert.equal(got.rows, [["1n", true, 42, 2.5, "héllo 中文 😀"]]);
  const series = await rows(`count timeseries ${d}.**`);
  assert.equal(series.rows, [["0n", "4n"]], "n was not created");
});

test("insertAlignedStringRecord and insertAlignedStringRecords create aligned series", async () => {
  const d = `${DB}.sra`;
  await session.insertAlignedStringRecord({ deviceId: d, time: 1, measurements: ["x"], values: ["1"] });
  await session.insertAlignedStringRecords([
    { deviceId: d, time: 2, measurements: ["x", "y"], values: ["2", "two"] },
    { deviceId: d, time: 3, measurements: ["y"], values: ["three"] },
  ]);
  assert.equal((await rows(`select x, y from ${d}`)).rows, [
    ["1n", 1, null],
    ["2n", 2, "two"],
    ["3n", null, "three"],
  ]);
  const devices = await rows(`show devices ${d}`);
  const isAligned = devices.names.indexOf("IsAligned");
  assert.ok(isAligned > 0, `columns ${devices.names}`);
  // rows() puts the row's timestamp first; SHOW DEVICES has no Time column.
  assert.equal(
    devices.rows.map((r) => (r as unknown[])[isAligned + 1]),
    ["true"],
  );
});

test("insertStringRecords over two devices, and insertStringRecordsOfOneDevice with unsorted times", async () => {
  await session.insertStringRecords([
    { deviceId: `${DB}.a`, time: 10, measurements: ["m"], values: ["false"] },
    { deviceId: `${DB}.b`, time: 5, measurements: ["m"], values: ["NaN"] },
    { deviceId: `${DB}.a`, time: 11, measurements: ["m"], values: [undefined] },
  ]);
  assert.equal((await rows(`select m from ${DB}.a`)).rows, [["10n", false]]);
  const b = await rows(`select m from ${DB}.b`);
  assert.equal(b.types, ["INT64", "DOUBLE"]);
  assert.equal(b.rows, [["5n", "NaN"]]);
  await session.insertStringRecordsOfOneDevice(`${DB}.o`, [
    { time: 3, measurements: ["v"], values: ["3"] },
    { time: 1, measurements: ["v"], values: ["1"] },
    { time: 2, measurements: ["v", "w"], values: ["2", "w2"] },
  ]);
  assert.equal((await rows(`select v, w from ${DB}.o`)).rows, [
    ["1n", 1, null],
    ["2n", 2, "w2"],
    ["3n", 3, null],
  ]);
});

/** 60 typed records over 2 devices: a null every 7th value, every 5th record without `t`. */
function typedRecords(prefix: string): InsertRecord[] {
  return Array.from({ length: 60 }, (_, i) => {
    const withText = i % 5 !== 0;
    return {
      deviceId: `${prefix}${i % 2}`,
      time: 1_700_000_000_000 + (i % 3 === 0 ? 1000 - i : i), // not in time order
      measurements: withText ? ["i", "d", "t"] : ["i", "d"],
      types: withText ? ["INT64", "DOUBLE", "TEXT"] : ["INT64", "DOUBLE"],
      values: withText
        ? [i % 7 === 0 ? null : BigInt(i) * 1_000_000_007n, i / 4, `row ${i}`]
        : [BigInt(-i), i % 7 === 0 ? null : -i / 8],
    };
  });
}

async function storedDevice(device: string): Promise<unknown[]> {
  return (await rows(`select i, d, t from ${device}`)).rows;
}

test("insertRecords of 60 records over 2 devices: sent as insertTablets, stored as the same records sent as records", async () => {
  const converted = typedRecords(`${DB}.conv`);
  const plain = typedRecords(`${DB}.plain`);
  assert.is(insertRecordsCall(converted, { autoConvertRecords: true }).method, "insertTablets", "the batch converts");
  await session.insertRecords(converted);
  await recordsSession.insertRecords(plain);
  for (const k of [0, 1]) {
    const a = await storedDevice(`${DB}.conv${k}`);
    assert.is(a.length, 30);
    assert.equal(a, await storedDevice(`${DB}.plain${k}`), `device ${k}`);
  }
});

test("insertAlignedRecordsOfOneDevice of 50 records: sent as insertTablet, stored as the same records sent as records", async () => {
  const records: DeviceRecord[] = typedRecords("unused").slice(0, 50);
  assert.is(
    insertRecordsOfOneDeviceCall(`${DB}.one`, records, { aligned: true, autoConvertRecords: true }).method,
    "insertTablet",
  );
  await session.insertAlignedRecordsOfOneDevice(`${DB}.one`, records);
  await recordsSession.insertAlignedRecordsOfOneDevice(`${DB}.one_plain`, records);
  const a = await storedDevice(`${DB}.one`);
  assert.is(a.length, 50);
  assert.equal(a, await storedDevice(`${DB}.one_plain`));
});

test.run();
