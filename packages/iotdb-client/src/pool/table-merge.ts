// Table-model tablets of several callers as one (group commit of TableSessionPool.insert): tablets
// of one table with the same columns (names, types, categories, in order) and bitmap mode are
// concatenated row by row in arrival order, which is the tablet a Java user adding the callers'
// rows to one Tablet would send (the codec then stable-sorts the rows by time, as Java does).
// A tablet whose shape is not plain (columns and rows that do not line up) never merges: sent
// alone, the session reports what is wrong with it.
//
// Merged in time order where that cannot change a byte (bench e2e-table-default, where sorting
// the merged rows cost more than the requests merging saved): when every part's BigInt64Array
// times are sorted and no cell is null, the parts are merged (ties in arrival order), which is
// exactly the codec's stable sort of their concatenation, without its comparator calls, and the
// per-row devices of the answer need no sort either. With a null the bitmap padding bits would
// differ (1s unsorted, 0s after the codec's sort), so such tablets are concatenated and sorted
// by the codec as before.
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

/**
 * The tablets (of one shape, see sameTableShape) as one: their rows in arrival order, or that order stable-sorted by
 * time.
 */
export function concatTablets(tablets: readonly SessionTablet[]): SessionTablet {
  const first = tablets[0]!;
  const columns = first.schema.columns;
  const joined = concatColumn(
    tablets.map((t) => t.timestamps as ColumnValues),
    false,
  ) as SessionTablet["timestamps"];
  const values = columns.map((column, c) =>
    concatColumn(
      tablets.map((t) => t.values[c]!),
      column.type === "BOOLEAN" || column.type === 0,
    ),
  );
  const hasNulls = tablets.some((t) => t.nulls !== undefined);
  const order =
    joined instanceof BigInt64Array && !hasNulls && !values.some(hasNullCell)
      ? timeOrder(
          joined,
          tablets.map((t) => t.timestamps.length),
        )
      : undefined;
  const timestamps = order === undefined ? joined : gather(joined, order);
  const merged: SessionTablet = {
    schema: first.schema,
    timestamps,
    values: order === undefined ? values : values.map((v) => gather(v, order)),
  };
  if (hasNulls) merged.nulls = columns.map((_, c) => concatNulls(tablets, c));
  if (first.bitmapSection !== undefined) merged.bitmapSection = first.bitmapSection;
  return merged;
}

/**
 * The stable time order (wire row → joined row) of parts joined one after another, when each part
 * is sorted and the whole is not: adjacent runs merged pairwise, the earlier part first on a tie.
 * Undefined when the joined times are already in order or some part is not sorted.
 */
function timeOrder(times: BigInt64Array, lengths: readonly number[]): Uint32Array | undefined {
  const edges = [0];
  for (const n of lengths) edges.push(edges[edges.length - 1]! + n);
  let inOrder = true;
  for (let p = 0; p < lengths.length; p++) {
    for (let i = edges[p]! + 1; i < edges[p + 1]!; i++) if (times[i]! < times[i - 1]!) return undefined;
    // A non-empty part after some row: in order when its first time is not below the row before it.
    const start = edges[p]!;
    if (start > 0 && start < edges[p + 1]! && times[start]! < times[start - 1]!) inOrder = false;
  }
  if (inOrder) return undefined;
  const n = times.length;
  let from = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to = new Uint32Array(n);
  let runs = edges;
  while (runs.length > 2) {
    const next = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const lo = runs[r]!;
      const mid = runs[r + 1]!;
      const hi = r + 2 < runs.length ? runs[r + 2]! : mid;
      mergeRuns(times, from, to, lo, mid, hi);
      next.push(hi);
    }
    [from, to] = [to, from];
    runs = next;
  }
  return from;
}

function mergeRuns(
  times: BigInt64Array,
  from: Uint32Array,
  to: Uint32Array,
  lo: number,
  mid: number,
  hi: number,
): void {
  let i = lo;
  let j = mid;
  let k = lo;
  while (i < mid && j < hi) to[k++] = times[from[j]!]! < times[from[i]!]! ? from[j++]! : from[i++]!;
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}

function hasNullCell(column: ColumnValues): boolean {
  if (ArrayBuffer.isView(column)) return false;
  for (const v of column) if (v === null || v === undefined) return true;
  return false;
}

function gather<C extends ColumnValues | SessionTablet["timestamps"]>(column: C, order: Uint32Array): C {
  if (!ArrayBuffer.isView(column)) {
    const cells = column as readonly unknown[];
    return Array.from(order, (row) => cells[row]) as unknown as C;
  }
  // Copied as 32-bit words (bytes for 1-byte elements): one monomorphic loop for every column type,
  // where indexing each typed array kind made the gather the merge's main cost (bench e2e-table-default).
  const typed = column as unknown as TypedColumn;
  const out = new (typed.constructor as new (n: number) => TypedColumn)(order.length);
  const size = typed.BYTES_PER_ELEMENT;
  if (size === 1) {
    const from = new Uint8Array(typed.buffer, typed.byteOffset, typed.length);
    const to = new Uint8Array(out.buffer);
    for (let i = 0; i < order.length; i++) to[i] = from[order[i]!]!;
  } else {
    const words = size / 4;
    const from = new Int32Array(typed.buffer, typed.byteOffset, typed.length * words);
    const to = new Int32Array(out.buffer);
    if (words === 1) for (let i = 0; i < order.length; i++) to[i] = from[order[i]!]!;
    else {
      for (let i = 0; i < order.length; i++) {
        const at = 2 * order[i]!;
        to[2 * i] = from[at]!;
        to[2 * i + 1] = from[at + 1]!;
      }
    }
  }
  return out as unknown as C;
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
