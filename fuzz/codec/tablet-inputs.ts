// A reference tablet (row-major) as our three input forms: columnar typed arrays with null
// masks, columnar plain arrays with inline nulls (numbers where safe, 'YYYY-MM-DD' dates), and
// TabletBuilder rows (Date objects for dates).
import { TabletBuilder, type Cell, type ColumnValues, type Tablet, type TabletSchema } from "@zerowire/iotdb-codec";
import { dateToInt, type RefCell, type RefTablet } from "./reference-encoder.js";

function schemaOf(t: RefTablet): TabletSchema {
  return {
    model: t.model,
    target: t.target,
    aligned: t.aligned,
    columns: t.columns.map((c) => ({
      name: c.name,
      type: c.type as never,
      ...(t.model === "table" ? { category: c.category as never } : {}),
    })),
  };
}

const column = (t: RefTablet, c: number): RefCell[] => t.rows.map((row) => row[c]!);
const safe = (v: bigint): number | bigint => (v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : v);

export function typedForm(t: RefTablet): Tablet {
  const n = t.rows.length;
  const values: ColumnValues[] = t.columns.map((col, c) => {
    const cells = column(t, c);
    const fill = <A extends { [i: number]: number | bigint }>(a: A, f: (v: RefCell) => number | bigint): A => {
      cells.forEach((v, r) => {
        if (v !== null) a[r] = f(v);
      });
      return a;
    };
    switch (col.type) {
      case 0:
        return fill(new Uint8Array(n), (v) => (v ? 1 : 0));
      case 1:
        return fill(new Int32Array(n), (v) => v as number);
      case 2:
      case 8:
        return fill(new BigInt64Array(n), (v) => v as bigint);
      case 3:
        return fill(new Float32Array(n), (v) => v as number);
      case 4:
        return fill(new Float64Array(n), (v) => v as number);
      case 9:
        return fill(new Int32Array(n), (v) => dateToInt(v as string));
      default:
        return cells as Cell[];
    }
  });
  const nulls = t.columns.map((_, c) => Uint8Array.from(column(t, c), (v) => (v === null ? 1 : 0)));
  return { schema: schemaOf(t), timestamps: BigInt64Array.from(t.times), values, nulls, bitmapSection: t.mode };
}

export function plainForm(t: RefTablet): Tablet {
  const values = t.columns.map((col, c) =>
    column(t, c).map((v): Cell => (typeof v === "bigint" && (col.type === 2 || col.type === 8) ? safe(v) : v)),
  );
  return { schema: schemaOf(t), timestamps: t.times.map(safe), values, bitmapSection: t.mode };
}

export function rowsForm(t: RefTablet): Tablet {
  const b = new TabletBuilder(schemaOf(t), { bitmapSection: t.mode, initialCapacity: 3 });
  t.rows.forEach((row, r) => {
    b.addRow(
      t.times[r]!,
      row.map((v, c): Cell => (v !== null && t.columns[c]!.type === 9 ? new Date(`${v as string}T00:00:00Z`) : v)),
    );
  });
  return b.build();
}
