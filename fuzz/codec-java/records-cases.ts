// Random insertRecords / insertRecord cases, aligned or not: a few devices shared between records,
// 0..6 measurements of any type per record, null values, all-null and empty records.
import fc from "fast-check";
import type { RecordInput, RecordsCaseInput } from "./case-types.js";
import { devicePath, identifier, int64Text, nullableCell, nullRate, SENDABLE_TYPES } from "./cell-values.js";

const measurement = fc.record({ name: identifier, type: fc.constantFrom(...SENDABLE_TYPES) });

function record(devices: string[]): fc.Arbitrary<RecordInput> {
  return fc
    .record({
      deviceId: fc.constantFrom(...devices),
      time: int64Text,
      measurements: fc.array(measurement, { maxLength: 6 }),
      nullRate,
    })
    .chain(({ deviceId, time, measurements, nullRate }) =>
      fc.tuple(...measurements.map((m) => nullableCell(m.type, nullRate, { forEncoding: true }))).map((values) => ({
        deviceId,
        time,
        measurements: measurements.map((m) => m.name),
        types: measurements.map((m) => m.type),
        values,
      })),
    );
}

/** insertRecords with 0..12 records (insertRecord when `single`), over 1..3 devices. */
export function recordsCase(single: boolean): fc.Arbitrary<RecordsCaseInput> {
  return fc
    .record({ aligned: fc.boolean(), devices: fc.uniqueArray(devicePath, { minLength: 1, maxLength: 3 }) })
    .chain(({ aligned, devices }) =>
      fc
        .array(record(devices), single ? { minLength: 1, maxLength: 1 } : { maxLength: 12 })
        .map((records): RecordsCaseInput => ({ kind: single ? "insertRecord" : "insertRecords", aligned, records })),
    );
}
