// Random typed insertRecords / insertRecordsOfOneDevice batches whose records carry different
// subsets of their device's measurements, some all-null (every value null, the names still given),
// 40..180 records over one or several devices, aligned or not: the batches where Java's
// records-to-tablets decision hangs on its measurement rule (Session.judgeConvertOf*Device).
// Java decides on a random sample of k = (int) (n * 0.05) records (records-convert-judge.ts), so
// each batch is built so that the decision is the same for every sample, and the case has one
// right answer, while many records hold less than half of their device's whole union:
// - "sunflower" devices: each record holds the device's `core` names plus `petal` names of its
//   own. A sample's union within a device of j sampled records is core + j * petal, and a record
//   holds core + petal. With core >= (k - 2) * petal every sample passes (Java converts); with
//   petal > core any 3 sampled records of a device fail, and with k > 2 * devices some device has
//   3 in every sample (Java never converts);
// - "pairs": 40..59 records (k = 2), each a random subset of `size` names of its device's pool
//   (size below half the pool as often as not): two records' union is at most 2 * size, so every
//   sample passes (Java converts).
import fc from "fast-check";
import type { RecordInput } from "./case-types.js";
import {
  devicePath,
  identifier,
  nullableCell,
  nullRate,
  SENDABLE_TYPES,
  timestamps,
  type TypeName,
} from "./cell-values.js";
import type { SessionCall, SessionCallsCaseInput } from "./session-calls-cases.js";

interface Measurement {
  name: string;
  type: TypeName;
}

/** Session.SAMPLE_PROPORTION: Java samples k = (int) (n * 0.05) records. */
const sampleSize = (n: number): number => Math.trunc(n * 0.05);

const typedName = (name: string): fc.Arbitrary<Measurement> =>
  fc.constantFrom(...SENDABLE_TYPES).map((type) => ({ name, type }));

/** A record of `measurements` (rotated by `turn`): all-null one time in eight, else nulls at `rate`. */
function record(deviceId: string, time: string, measurements: Measurement[], rate: number): fc.Arbitrary<RecordInput> {
  return fc
    .record({ allNull: fc.integer({ min: 0, max: 7 }), turn: fc.nat(Math.max(0, measurements.length - 1)) })
    .chain(({ allNull, turn }) => {
      const picked = [...measurements.slice(turn), ...measurements.slice(0, turn)];
      const values = picked.map((m) => nullableCell(m.type, allNull === 0 ? 1 : rate, { forEncoding: true }));
      return fc.tuple(...values).map((cells) => ({
        deviceId,
        time,
        measurements: picked.map((m) => m.name),
        types: picked.map((m) => m.type),
        values: cells,
      }));
    });
}

interface Shape {
  n: number;
  devices: number;
  /** Per device: the names of each of its records, drawn once the record's index is known. */
  recordNames: (device: number, index: number) => fc.Arbitrary<Measurement[]>;
}

/** Sunflower devices (see the file comment): `converts` picks the side of Java's rule. */
const sunflowerShape: fc.Arbitrary<Shape> = fc
  .record({
    converts: fc.boolean(),
    oneDevice: fc.boolean(),
    devices: fc.integer({ min: 2, max: 3 }),
    extra: fc.integer({ min: 0, max: 40 }),
  })
  .chain(({ converts, oneDevice, devices: many, extra }) => {
    const devices = oneDevice ? 1 : many;
    // Never converted: k > 2 * devices, i.e. n >= 20 * (2 * devices + 1).
    const n = converts ? 40 + extra * 2 : 20 * (2 * devices + 1) + extra;
    const k = sampleSize(n);
    const petalCore = fc
      .integer({ min: 1, max: 2 })
      .chain((petal) =>
        converts
          ? fc.integer({ min: (k - 2) * petal, max: (k - 2) * petal + 1 }).map((core) => ({ petal, core }))
          : fc.integer({ min: 0, max: petal - 1 }).map((core) => ({ petal, core })),
      );
    return fc.array(petalCore, { minLength: devices, maxLength: devices }).chain((sizes) =>
      fc
        .tuple(
          ...sizes.map(({ core }) =>
            fc
              .uniqueArray(identifier, { minLength: core, maxLength: core })
              .chain((names) => fc.tuple(...names.map((name) => typedName(`k${name}`)))),
          ),
        )
        .map(
          (cores): Shape => ({
            n,
            devices,
            recordNames: (device, index) => {
              const petals = Array.from({ length: sizes[device]!.petal }, (_, j) => typedName(`p${index}_${j}`));
              return fc.tuple(...petals).map((own) => [...cores[device]!, ...own]);
            },
          }),
        ),
    );
  });

/** Pairs: k = 2 and records of one size per device (see the file comment). */
const pairsShape: fc.Arbitrary<Shape> = fc
  .record({ n: fc.integer({ min: 40, max: 59 }), oneDevice: fc.boolean(), devices: fc.integer({ min: 2, max: 4 }) })
  .chain(({ n, oneDevice, devices: many }) => {
    const devices = oneDevice ? 1 : many;
    const pool = fc
      .uniqueArray(identifier, { minLength: 3, maxLength: 6 })
      .chain((names) => fc.tuple(...names.map(typedName)));
    return fc
      .array(
        pool.chain((measurements) =>
          fc.integer({ min: 1, max: Math.ceil(measurements.length / 2) }).map((size) => ({ measurements, size })),
        ),
        { minLength: devices, maxLength: devices },
      )
      .map(
        (pools): Shape => ({
          n,
          devices,
          recordNames: (device) => {
            const { measurements, size } = pools[device]!;
            return fc.shuffledSubarray(measurements, { minLength: size, maxLength: size });
          },
        }),
      );
  });

/** One insertRecords (or, for one device, sometimes insertRecordsOfOneDevice) call of a shape. */
export const sparseRecordsCall: fc.Arbitrary<SessionCall> = fc
  .record({
    shape: fc.oneof(sunflowerShape, pairsShape),
    aligned: fc.boolean(),
    ofOneDevice: fc.boolean(),
    rate: nullRate,
  })
  .chain(({ shape, aligned, ofOneDevice, rate }) =>
    fc
      .record({
        paths: fc.uniqueArray(devicePath, { minLength: shape.devices, maxLength: shape.devices }),
        times: timestamps(shape.n),
        which: fc.array(fc.nat(shape.devices - 1), { minLength: shape.n, maxLength: shape.n }),
      })
      .chain(({ paths, times, which }) =>
        fc
          .tuple(
            ...which.map((d, i) => shape.recordNames(d, i).chain((names) => record(paths[d]!, times[i]!, names, rate))),
          )
          .map(
            (records): SessionCall =>
              shape.devices === 1 && ofOneDevice
                ? { method: "insertRecordsOfOneDevice", args: { aligned, deviceId: paths[0], records } }
                : { method: "insertRecords", args: { aligned, records } },
          ),
      ),
  );

/** A session-call case of one such batch, auto-conversion on (Java's default). */
export const sparseRecordsCase: fc.Arbitrary<SessionCallsCaseInput> = sparseRecordsCall.map((call) => ({
  kind: "sessionCalls",
  calls: [call],
}));
