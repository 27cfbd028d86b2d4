// Random `kind: "tablet"` cases: tree (aligned or not) and table model, every sendable type,
// per-column null rates (incl. all-null columns), some all-null rows, row counts around multiples
// of 8, sorted / duplicate / unsorted timestamps, `api` and `arrays` construction, and sometimes a
// maxRowNumber above the row count (the Java Tablet's capacity; must not change the bytes).
import fc from "fast-check";
import type { ColumnInput, TabletCaseInput } from "./case-types.js";
import {
  devicePath,
  identifier,
  nullableCell,
  nullRate,
  rowCount,
  SENDABLE_TYPES,
  timestamps,
  type TypeName,
} from "./cell-values.js";

interface ColumnShape {
  name: string;
  type: TypeName;
  category: "TAG" | "FIELD" | "ATTRIBUTE";
  nullRate: number;
}

interface TabletShape {
  model: "tree" | "table";
  target: string;
  aligned: boolean;
  construction: "api" | "arrays";
  columns: ColumnShape[];
  rows: number;
  spareCapacity: number | undefined;
}

const columnShape: fc.Arbitrary<ColumnShape> = fc.record({
  name: identifier,
  type: fc.constantFrom(...SENDABLE_TYPES),
  category: fc.constantFrom("TAG", "FIELD", "FIELD", "ATTRIBUTE"),
  nullRate,
});

const columns = fc.oneof(
  { weight: 6, arbitrary: fc.uniqueArray(columnShape, { selector: (c) => c.name, minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.uniqueArray(columnShape, { selector: (c) => c.name, minLength: 7, maxLength: 14 }) },
);

function tabletShape(rows: fc.Arbitrary<number>): fc.Arbitrary<TabletShape> {
  return fc.oneof(
    fc.record({
      model: fc.constant("tree" as const),
      target: devicePath,
      aligned: fc.boolean(),
      construction: fc.constantFrom("api" as const, "api" as const, "arrays" as const),
      columns,
      rows,
      spareCapacity: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined, freq: 4 }),
    }),
    fc.record({
      model: fc.constant("table" as const),
      target: identifier,
      // The Java TableSession ignores `aligned` (always sends false); our codec rejects aligned table
      // tablets on purpose, so table cases are never aligned.
      aligned: fc.constant(false),
      construction: fc.constantFrom("api" as const, "api" as const, "arrays" as const),
      columns,
      rows,
      spareCapacity: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined, freq: 4 }),
    }),
  );
}

function tabletFromShape(shape: TabletShape): fc.Arbitrary<TabletCaseInput> {
  const n = shape.rows;
  const row = fc.tuple(...shape.columns.map((c) => nullableCell(c.type, c.nullRate, { forEncoding: true })));
  return fc
    .record({
      timestamps: timestamps(n),
      rows: fc.array(row, { minLength: n, maxLength: n }),
      allNullRows: n === 0 ? fc.constant([]) : fc.uniqueArray(fc.nat({ max: n - 1 }), { maxLength: 3 }),
    })
    .map(({ timestamps, rows, allNullRows }) => {
      const cells = rows.map((r) => [...r]);
      for (const r of allNullRows) cells[r]!.fill(null);
      const input: TabletCaseInput = {
        kind: "tablet",
        model: shape.model,
        target: shape.target,
        aligned: shape.aligned,
        construction: shape.construction,
        columns: shape.columns.map(
          (c): ColumnInput =>
            shape.model === "table"
              ? { name: c.name, type: c.type, category: c.category }
              : { name: c.name, type: c.type },
        ),
        timestamps,
        rows: cells,
      };
      if (shape.spareCapacity !== undefined) input.maxRowNumber = Math.max(1, n + shape.spareCapacity);
      return input;
    });
}

/** A tablet case with at least `minRows` rows. */
export function tabletCase(minRows = 0): fc.Arbitrary<TabletCaseInput> {
  const rows = minRows === 0 ? rowCount : rowCount.map((n) => Math.max(minRows, n));
  return tabletShape(rows).chain(tabletFromShape);
}
