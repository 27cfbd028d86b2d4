// fast-check generators for tablets and records in the reference encoder's row-major form:
// every sendable type, tree/table, aligned, nulls (none, scattered, all-null columns, all-null
// rows), row counts around multiples of 8, unsorted and duplicate times, unicode incl. 4-byte
// characters and lone surrogates, extremes, NaN/-0/±Infinity.
import fc from "fast-check";
import type { RefCell, RefColumn, RefRecord, RefTablet } from "./reference-encoder.js";

export const SENDABLE_TYPES = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11] as const;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const int64 = fc.oneof(
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
  fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n }),
  fc.constantFrom(INT64_MIN, INT64_MAX, 0n, -1n, 2n ** 53n + 1n),
);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), loneSurrogate),
      maxLength: 6,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 40, maxLength: 120 }) },
);

const specialsF = fc.constantFrom(NaN, -0, 0, Infinity, -Infinity, 3.4028234663852886e38, 1.401298464324817e-45, 0.1);
const specialsD = fc.constantFrom(NaN, -0, 0, Infinity, -Infinity, Number.MAX_VALUE, 5e-324, 0.1);

const date = fc
  .date({ min: new Date(Date.UTC(1000, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A non-null cell of the given type, in the reference form. */
export function cellOf(type: number): fc.Arbitrary<RefCell> {
  switch (type) {
    case 0:
      return fc.boolean();
    case 1:
      return fc.oneof(fc.integer(), fc.constantFrom(-2147483648, 2147483647, 0));
    case 2:
    case 8:
      return int64;
    case 3:
      return fc.oneof(fc.float(), fc.double(), specialsF);
    case 4:
      return fc.oneof(fc.double(), specialsD);
    case 9:
      return date;
    case 10:
      return fc.uint8Array({ maxLength: 10 });
    default:
      return fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 6 }) });
  }
}

const name = fc.oneof(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 4 }),
);
export const rowCount = fc.oneof(
  fc.constantFrom(0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65),
  fc.integer({ min: 0, max: 40 }),
);

type NullMode = "none" | "scattered" | "all";
const times = (n: number) =>
  fc.oneof(
    fc.array(int64, { minLength: n, maxLength: n }).map((t) => t.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))),
    fc.array(fc.bigInt({ min: -5n, max: 5n }), { minLength: n, maxLength: n }), // unsorted, duplicates
    fc.array(int64, { minLength: n, maxLength: n }),
  );

export const tablet: fc.Arbitrary<RefTablet> = fc
  .record({
    model: fc.constantFrom("tree" as const, "table" as const),
    aligned: fc.boolean(),
    target: name,
    columns: fc.array(
      fc.record({
        name,
        type: fc.constantFrom(...SENDABLE_TYPES),
        category: fc.constantFrom(0, 1, 2),
        nulls: fc.constantFrom<NullMode>("none", "none", "scattered", "scattered", "all"),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    n: rowCount,
    mode: fc.constantFrom("api" as const, "api" as const, "arrays" as const),
  })
  .chain(({ model, aligned, target, columns, n, mode }) =>
    fc
      .record({
        times: times(n),
        nullRows: fc.array(fc.boolean(), { minLength: n, maxLength: n }).map((r) => r.map((b, i) => b && i % 5 === 0)),
        cells: fc.tuple(
          ...columns.map((c) =>
            fc.array(
              c.nulls === "scattered"
                ? fc.option(cellOf(c.type), { freq: 4 })
                : c.nulls === "all"
                  ? fc.constant(null)
                  : cellOf(c.type),
              { minLength: n, maxLength: n },
            ),
          ),
        ),
      })
      .map(
        ({ times, nullRows, cells }): RefTablet => ({
          model,
          target,
          aligned: model === "tree" && aligned,
          columns: columns.map(
            (c): RefColumn => ({ name: c.name, type: c.type, category: model === "table" ? c.category : 1 }),
          ),
          times,
          // a row marked in nullRows is null in every column
          rows: times.map((_, r) => columns.map((_, c) => (nullRows[r] ? null : (cells[c]![r] as RefCell)))),
          mode,
        }),
      ),
  );

const record: fc.Arbitrary<RefRecord> = fc
  .record({
    deviceId: name,
    time: int64,
    fields: fc.array(fc.record({ name, type: fc.constantFrom(...SENDABLE_TYPES), isNull: fc.boolean() }), {
      maxLength: 6,
    }),
  })
  .chain(({ deviceId, time, fields }) =>
    fc.tuple(...fields.map((f) => (f.isNull ? fc.constant(null) : cellOf(f.type)))).map(
      (values): RefRecord => ({
        deviceId,
        time,
        measurements: fields.map((f) => f.name),
        types: fields.map((f) => f.type),
        values,
      }),
    ),
  );

export const records = fc.record({ aligned: fc.boolean(), records: fc.array(record, { maxLength: 5 }) });
