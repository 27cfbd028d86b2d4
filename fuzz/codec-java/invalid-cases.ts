// Cases that must be rejected: a valid tablet or records case with ONE bad spot injected.
// - javaRejects: an invalid DATE (year outside 1000..9999, no such day, bad format), an INT32 that
//   is fractional or out of range, an INT64/TIMESTAMP value or a time outside int64. The Java
//   client throws; our encoder must throw EncodeError.
// - policyRejects: a column or measurement name, a table name or a device id that is empty or
//   holds a lone surrogate. Java would send it ('?' for the surrogate); the project's policy is
//   that our encoder throws EncodeError. (Lone surrogates in VALUES are sent as '?' like Java
//   does: cell-values.ts generates them in valid cases.)
import fc from "fast-check";
import type { FuzzCase, RecordInput, RecordsCaseInput, TabletCaseInput } from "./case-types.js";
import { loneSurrogateString } from "./cell-values.js";
import { recordsCase } from "./records-cases.js";
import { tabletCase } from "./tablet-cases.js";

interface BadValue {
  type: "DATE" | "INT32" | "INT64" | "TIMESTAMP" | "time";
  value: unknown;
}

const INT64_OUT_OF_RANGE = ["9223372036854775808", "-9223372036854775809", "18446744073709551615"];

const javaRejectedValue: fc.Arbitrary<BadValue> = fc.oneof(
  fc.record({
    type: fc.constant("DATE" as const),
    value: fc.constantFrom(
      "0999-12-31",
      "0001-01-01",
      "0000-06-15",
      "+10000-01-01", // years outside 1000..9999
      "2023-02-29",
      "1900-02-29",
      "2100-02-29",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "2024-01-00", // no such day
      "2024-1-05",
      "24-01-05", // not YYYY-MM-DD
    ),
  }),
  fc.record({
    type: fc.constant("INT32" as const),
    value: fc.constantFrom(2147483648, -2147483649, 1.5, -0.25, 1e10, 4294967296),
  }),
  fc.record({
    type: fc.constantFrom("INT64" as const, "TIMESTAMP" as const),
    value: fc.constantFrom(...INT64_OUT_OF_RANGE),
  }),
  fc.record({ type: fc.constant("time" as const), value: fc.constantFrom(...INT64_OUT_OF_RANGE) }),
);

/** A name our encoder refuses: one with a lone surrogate, or an empty one. */
const badName = fc.oneof({ weight: 4, arbitrary: loneSurrogateString }, { weight: 1, arbitrary: fc.constant("") });

/** Where the bad name goes: a column/measurement name, or the device id / table name. */
const badNameSpot = fc.record({ where: fc.constantFrom("name" as const, "target" as const), text: badName });

/** A device id or table name with the bad text: empty, or a real name with the surrogates at its end. */
const inName = (name: string, text: string) => (text === "" ? "" : name + text);

/** Column `c` becomes `bad.type` with every cell null except row `r`. */
function tabletWithBadCell(t: TabletCaseInput, bad: BadValue, c: number, r: number): TabletCaseInput {
  if (bad.type === "time")
    return { ...t, timestamps: t.timestamps.map((ts, i) => (i === r ? (bad.value as string) : ts)) };
  return {
    ...t,
    columns: t.columns.map((col, i) => (i === c ? { ...col, type: bad.type } : col)),
    rows: t.rows.map((row, i) => row.map((v, j) => (j !== c ? v : i === r ? bad.value : null))),
  };
}

/** Record `k` gets the bad time, or one more measurement holding the bad value. */
function recordsWithBadValue(rc: RecordsCaseInput, bad: BadValue, k: number): RecordsCaseInput {
  const records: RecordInput[] =
    rc.records.length > 0
      ? rc.records
      : [{ deviceId: "root.sg.d1", time: "1", measurements: [], types: [], values: [] }];
  const at = k % records.length;
  return {
    ...rc,
    records: records.map((rec, i) => {
      if (i !== at) return rec;
      if (bad.type === "time") return { ...rec, time: bad.value as string };
      return {
        ...rec,
        measurements: [...rec.measurements, "bad"],
        types: [...rec.types, bad.type],
        values: [...rec.values, bad.value],
      };
    }),
  };
}

const pick = fc.nat();

function rejectedTablets(badValue: fc.Arbitrary<BadValue>): fc.Arbitrary<TabletCaseInput> {
  return fc
    .tuple(tabletCase(1), badValue, pick, pick)
    .map(([t, bad, c, r]) => tabletWithBadCell(t, bad, c % t.columns.length, r % t.rows.length));
}

function rejectedRecords(badValue: fc.Arbitrary<BadValue>): fc.Arbitrary<RecordsCaseInput> {
  return fc
    .tuple(fc.boolean().chain(recordsCase), badValue, pick)
    .map(([rc, bad, k]) => recordsWithBadValue(rc, bad, k));
}

export const javaRejectedCase: fc.Arbitrary<FuzzCase> = fc
  .oneof(rejectedTablets(javaRejectedValue), rejectedRecords(javaRejectedValue))
  .map((input) => ({ family: "javaRejects", input }));

const badNameTablet = fc.tuple(tabletCase(1), badNameSpot, pick).map(([t, spot, c]): TabletCaseInput => {
  const col = c % t.columns.length;
  if (spot.where === "target") return { ...t, target: inName(t.target, spot.text) };
  return { ...t, columns: t.columns.map((cc, i) => (i === col ? { ...cc, name: spot.text } : cc)) };
});

const badNameRecords = fc
  .tuple(fc.boolean().chain(recordsCase), badNameSpot, pick)
  .map(([rc, spot, k]): RecordsCaseInput => {
    // a non-null value, so Java would send the record
    const withValue = recordsWithBadValue(rc, { type: "INT32", value: 1 }, k);
    const at = k % withValue.records.length;
    return {
      ...withValue,
      records: withValue.records.map((rec, i) =>
        i !== at
          ? rec
          : spot.where === "name"
            ? { ...rec, measurements: [...rec.measurements.slice(0, -1), spot.text] }
            : { ...rec, deviceId: inName(rec.deviceId, spot.text) },
      ),
    };
  });

export const policyRejectedCase: fc.Arbitrary<FuzzCase> = fc
  .oneof(badNameTablet, badNameRecords)
  .map((input) => ({ family: "policyRejects", input }));
