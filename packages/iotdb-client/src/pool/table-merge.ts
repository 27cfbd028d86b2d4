// Table-model tablets of several callers as one (group commit of TableSessionPool.insert): tablets
// of one table with the same columns (names, types, categories, in order) and bitmap mode are
// concatenated row by row in arrival order, which is the tablet a Java user adding the callers'
// rows to one Tablet would send (the codec then stable-sorts the rows by time, as Java does).
// A tablet whose shape is not plain (columns and rows that do not line up) never merges: sent
// alone, the session reports what is wrong with it.
import type { Cell, ColumnValues, NullMask } from "@zerowire/iotdb-codec";
import type { SessionTablet } from "../session/tablet-input.js";

type TypedColumn = Exclude<ColumnValues, readonly Cell[]>;

/** Whether `other` can be appended to `first`: same table, columns and bitmap mode, both well formed. */
export function sameTableShape(first: SessionTablet, other: SessionTablet): boolean {
  if (!wellFormed(first) || !wellFormed(other)) return false;
  const a = first.schema;
  const b = other.schema;
  if (a.target !== b.target || first.bitmapSection !== other.bitmapSection) return false;
  if (a.columns === b.columns) return true;
  if (a.columns.length !== b.columns.length) return false;
  return a.columns.every((c, i) => {
    const d = b.columns[i]!;
    return c.name === d.name && c.type === d.type && (c.category ?? "FIELD") === (d.category ?? "FIELD");
  });
}

function wellFormed(t: SessionTablet): boolean {
  try {
    const rows = t.timestamps.length;
    const columns = t.schema.columns.length;
    return (
      typeof t.schema.target === "string" &&
      t.values.length === columns &&
      t.values.every((v) => v.length === rows) &&
      (t.nulls === undefined ||
        (t.nulls.length <= columns && t.nulls.every((m) => m === null || m === undefined || m.length === rows)))
    );
  } catch {
    return false;
  }
}

/** The tablets (of one shape, see sameTableShape) as one, rows in the given order. */
export function concatTablets(tablets: readonly SessionTablet[]): SessionTablet {
  const first = tablets[0]!;
  const columns = first.schema.columns;
  const timestamps = concatColumn(
    tablets.map((t) => t.timestamps as ColumnValues),
    false,
  ) as SessionTablet["timestamps"];
  const values = columns.map((column, c) =>
    concatColumn(
      tablets.map((t) => t.values[c]!),
      column.type === "BOOLEAN" || column.type === 0,
    ),
  );
  const merged: SessionTablet = { schema: first.schema, timestamps, values };
  if (tablets.some((t) => t.nulls !== undefined)) merged.nulls = columns.map((_, c) => concatNulls(tablets, c));
  if (first.bitmapSection !== undefined) merged.bitmapSection = first.bitmapSection;
  return merged;
}

function concatColumn(parts: readonly ColumnValues[], boolean: boolean): ColumnValues {
  const typed = parts[0]!;
  if (ArrayBuffer.isView(typed) && parts.every((p) => p.constructor === typed.constructor)) {
    const total = parts.reduce((n, p) => n + p.length, 0);
    const out = new (typed.constructor as new (n: number) => TypedColumn)(total);
    let at = 0;
    for (const p of parts as readonly TypedColumn[]) {
      (out as { set(a: ArrayLike<number | bigint>, o: number): void }).set(p, at);
      at += p.length;
    }
    return out;
  }
  // Mixed forms: plain cells (a BOOLEAN Uint8Array's 0/1 as booleans, the form plain arrays use).
  const cells: Cell[] = [];
  for (const p of parts) {
    if (ArrayBuffer.isView(p)) for (const v of p as Iterable<number | bigint>) cells.push(boolean ? v !== 0 : v);
    else for (const v of p) cells.push(v);
  }
  return cells;
}

function concatNulls(tablets: readonly SessionTablet[], column: number): NullMask {
  const mask: boolean[] = [];
  for (const t of tablets) {
    const own = t.nulls?.[column];
    for (let row = 0; row < t.timestamps.length; row++)
      mask.push(own !== null && own !== undefined && Boolean(own[row]));
  }
  return mask;
}
