// Random session-call cases (kind "sessionCalls", the format of vectors/java-2.0.5-calls):
// - string records: insertStringRecord / insertStringRecords / insertStringRecordsOfOneDevice,
//   aligned or not, null values, unsorted times, lone surrogates in values;
// - typed insertRecords / insertRecordsOfOneDevice batches around Java's auto-conversion rule:
//   38..42, 60 or 100 records, over devices whose count puts the batch on either side of "at most
//   one device per two records", with differing measurement lists, nulls and unsorted times,
//   auto-conversion on (mostly) or off;
// - the last queries executeFastLastDataQueryForOnePrefixPath / executeLastDataQueryForOneDevice,
//   and setFetchSize / setQueryTimeout before them.
// Java decides the measurement rule on a random sample (records-to-tablets.ts), so every record
// here holds at least half of its device's measurement pool: the decision is then the same for
// every sample, and the case has one right answer.
import fc from "fast-check";
import type { RecordInput } from "./case-types.js";
import {
  devicePath,
  identifier,
  int64Text,
  loneSurrogateString,
  nullableCell,
  nullRate,
  SENDABLE_TYPES,
  timestamps,
  wellFormedString,
  type TypeName,
} from "./cell-values.js";

export interface SessionCall {
  method: string;
  args: Record<string, unknown>;
}

export interface SessionCallsCaseInput {
  kind: "sessionCalls";
  autoConvert?: boolean;
  calls: SessionCall[];
}

const stringValue = fc.oneof(
  { weight: 8, arbitrary: wellFormedString },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: loneSurrogateString },
);

/** Measurements and string values of one record (names unique within it). */
const stringRow = fc
  .uniqueArray(identifier, { maxLength: 5 })
  .chain((measurements) =>
    fc.tuple(
      fc.constant(measurements),
      fc.array(stringValue, { minLength: measurements.length, maxLength: measurements.length }),
    ),
  );

const stringRecordCall: fc.Arbitrary<SessionCall> = fc
  .record({ aligned: fc.boolean(), deviceId: devicePath, time: int64Text, row: stringRow })
  .map(({ aligned, deviceId, time, row: [measurements, values] }) => ({
    method: "insertStringRecord",
    args: { aligned, deviceId, time, measurements, values },
  }));

const stringRecordsCall: fc.Arbitrary<SessionCall> = fc
  .record({
    aligned: fc.boolean(),
    devices: fc.uniqueArray(devicePath, { minLength: 1, maxLength: 3 }),
    n: fc.integer({ min: 0, max: 8 }),
  })
  .chain(({ aligned, devices, n }) =>
    fc
      .record({
        deviceIds: fc.array(fc.constantFrom(...devices), { minLength: n, maxLength: n }),
        times: fc.array(int64Text, { minLength: n, maxLength: n }),
        rows: fc.array(stringRow, { minLength: n, maxLength: n }),
      })
      .map(({ deviceIds, times, rows }) => ({
        method: "insertStringRecords",
        args: { aligned, deviceIds, times, measurementsList: rows.map((r) => r[0]), valuesList: rows.map((r) => r[1]) },
      })),
  );

const stringRecordsOfOneDeviceCall: fc.Arbitrary<SessionCall> = fc
  .record({ aligned: fc.boolean(), haveSorted: fc.boolean(), deviceId: devicePath, n: fc.integer({ min: 0, max: 8 }) })
  .chain(({ aligned, haveSorted, deviceId, n }) =>
    fc
      .record({ times: timestamps(n), rows: fc.array(stringRow, { minLength: n, maxLength: n }) })
      .map(({ times, rows }) => ({
        method: "insertStringRecordsOfOneDevice",
        args: {
          aligned,
          haveSorted,
          deviceId,
          times,
          measurementsList: rows.map((r) => r[0]),
          valuesList: rows.map((r) => r[1]),
        },
      })),
  );

/** A device's measurement pool: unique names, one type each. */
const pool = fc
  .uniqueArray(identifier, { minLength: 1, maxLength: 6 })
  .chain((names) =>
    fc
      .array(fc.constantFrom(...SENDABLE_TYPES), { minLength: names.length, maxLength: names.length })
      .map((types) => names.map((name, i) => ({ name, type: types[i]! as TypeName }))),
  );

/** A record of a device: a shuffled subset of at least half its pool, values null at `rate`. */
function typedRecord(
  deviceId: string,
  measurements: { name: string; type: TypeName }[],
  time: string,
  rate: number,
): fc.Arbitrary<RecordInput> {
  const least = Math.ceil(measurements.length / 2);
  return fc.shuffledSubarray(measurements, { minLength: least }).chain((picked) =>
    fc.tuple(...picked.map((m) => nullableCell(m.type, rate, { forEncoding: true }))).map((values) => ({
      deviceId,
      time,
      measurements: picked.map((m) => m.name),
      types: picked.map((m) => m.type),
      values,
    })),
  );
}

const batchSize = fc.oneof(fc.integer({ min: 38, max: 42 }), fc.constantFrom(60, 100));

const typedRecordsCall: fc.Arbitrary<SessionCall> = fc
  .record({
    aligned: fc.boolean(),
    oneDevice: fc.boolean(),
    n: batchSize,
    deviceCount: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom(20, 21, 30, 31)),
    rate: nullRate,
  })
  .chain(({ aligned, oneDevice, n, deviceCount, rate }) => {
    const devices = oneDevice ? 1 : Math.min(deviceCount, n);
    return fc
      .record({
        paths: fc.uniqueArray(devicePath, { minLength: devices, maxLength: devices }),
        pools: fc.array(pool, { minLength: devices, maxLength: devices }),
        times: timestamps(n),
        which: fc.array(fc.nat(devices - 1), { minLength: n, maxLength: n }),
      })
      .chain(({ paths, pools, times, which }) =>
        fc
          .tuple(...which.map((d, i) => typedRecord(paths[d]!, pools[d]!, times[i]!, rate)))
          .map(
            (records): SessionCall =>
              oneDevice
                ? { method: "insertRecordsOfOneDevice", args: { aligned, deviceId: paths[0], records } }
                : { method: "insertRecords", args: { aligned, records } },
          ),
      );
  });

// The last queries and the settings that shape every query after them (the capturing peers on
// both sides answer a query with a finished empty result). Names come from `identifier`: non-empty
// and without lone surrogates, which our sessions refuse and Java would send.
const fastLastCall: fc.Arbitrary<SessionCall> = fc
  .array(identifier, { minLength: 1, maxLength: 4 })
  .map((nodes) => ({ method: "executeFastLastDataQueryForOnePrefixPath", args: { prefixes: ["root", ...nodes] } }));

const lastForOneDeviceCall: fc.Arbitrary<SessionCall> = fc
  .record({
    db: devicePath,
    device: devicePath,
    sensors: fc.uniqueArray(identifier, { minLength: 1, maxLength: 5 }),
    isLegalPathNodes: fc.boolean(),
  })
  .map((args) => ({ method: "executeLastDataQueryForOneDevice", args }));

const settingCall: fc.Arbitrary<SessionCall> = fc.oneof(
  fc.integer({ min: 1, max: 0x7fffffff }).map((fetchSize) => ({ method: "setFetchSize", args: { fetchSize } })),
  fc
    .oneof(fc.constant(0), fc.integer({ min: 1, max: 2 ** 40 }))
    .map((ms) => ({ method: "setQueryTimeout", args: { timeoutInMs: String(ms) } })),
);

/** A sequence of 1..3 calls on one session. */
export const sessionCallsCase: fc.Arbitrary<SessionCallsCaseInput> = fc
  .record({
    autoConvert: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.boolean() }),
    calls: fc.array(
      fc.oneof(
        { weight: 2, arbitrary: stringRecordCall },
        { weight: 2, arbitrary: stringRecordsCall },
        { weight: 2, arbitrary: stringRecordsOfOneDeviceCall },
        { weight: 3, arbitrary: typedRecordsCall },
        { weight: 1, arbitrary: fastLastCall },
        { weight: 1, arbitrary: lastForOneDeviceCall },
        { weight: 1, arbitrary: settingCall },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map(({ autoConvert, calls }) =>
    autoConvert === undefined ? { kind: "sessionCalls", calls } : { kind: "sessionCalls", autoConvert, calls },
  );
