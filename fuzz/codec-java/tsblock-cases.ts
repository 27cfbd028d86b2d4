// Random `kind: "tsblock"` cases: a TimeColumn (any int64 times) or the table model's RLE dummy
// time column, and value columns of every type built plain (with nulls, all-null ones become
// RLE(null) in Java), as RLE of one value (maybe null) or as DICTIONARY (entries maybe null,
// unused entries, ids in any order).
import fc from "fast-check";
import type { TsBlockCaseInput, TsBlockColumnInput } from "./case-types.js";
import {
  identifier,
  nullableCell,
  nullRate,
  rowCount,
  SENDABLE_TYPES,
  timestamps,
  type TypeName,
} from "./cell-values.js";

const TEXT_AS_STRINGS = { forEncoding: false }; // decoded TEXT is compared as strings

interface ColumnShape {
  name: string;
  type: TypeName;
  encoding: "plain" | "rle" | "dictionary";
  nullRate: number;
}

const columnShape: fc.Arbitrary<ColumnShape> = fc.record({
  name: identifier,
  type: fc.constantFrom(...SENDABLE_TYPES),
  encoding: fc.constantFrom("plain", "plain", "plain", "plain", "rle", "dictionary", "dictionary"),
  nullRate,
});

function column(shape: ColumnShape, n: number): fc.Arbitrary<TsBlockColumnInput> {
  const { name, type } = shape;
  const value = nullableCell(type, shape.nullRate, TEXT_AS_STRINGS);
  switch (shape.encoding) {
    case "plain":
      return fc.array(value, { minLength: n, maxLength: n }).map((values) => ({ name, type, values }));
    case "rle":
      return value.map((v) => ({ name, type, encoding: "rle" as const, value: v }));
    case "dictionary":
      return fc
        .array(value, { minLength: 1, maxLength: 6 })
        .chain((dictionary) =>
          fc
            .array(fc.nat({ max: dictionary.length - 1 }), { minLength: n, maxLength: n })
            .map((ids) => ({ name, type, encoding: "dictionary" as const, dictionary, ids })),
        );
  }
}

export const tsblockCase: fc.Arbitrary<TsBlockCaseInput> = fc
  .record({
    timeColumn: fc.constantFrom("time" as const, "time" as const, "table-rle" as const),
    positions: rowCount,
    columns: fc.array(columnShape, { maxLength: 8 }),
  })
  .chain(({ timeColumn, positions, columns }) =>
    fc
      .record({
        times: timeColumn === "time" ? timestamps(positions) : fc.constant(undefined),
        columns: fc.tuple(...columns.map((c) => column(c, positions))),
      })
      .map(
        ({ times, columns }): TsBlockCaseInput =>
          times === undefined
            ? { kind: "tsblock", timeColumn, positionCount: positions, columns }
            : { kind: "tsblock", timeColumn, timestamps: times, columns },
      ),
  );
