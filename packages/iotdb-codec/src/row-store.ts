// TabletBuilder's row stores: the code that checks a row's cells and stores them into the
// builder's typed columns, compiled once per list of column types (new Function) as straight-line
// code, one statement per column with its index and type fixed. Bench tablet-b-rows (500 rows ×
// 50 mixed columns): ~1.45x faster building than loops over the columns of each kind, which paid
// a column-list load, an offset load and a loop step per cell.
//
// Policy: a list of types is compiled when a builder of it reaches COMPILE_AFTER_ROWS rows (before
// that, or where generated-code.ts gives no function: code generation disallowed, or 64 lists
// cached, the builder stores cell by cell through its own store(), with the same checks); the
// compiled store is then cached for every later builder of those types. So a builder of a few
// rows never pays a compile.
import { GeneratedCode } from "./generated-code.js";
import { storeInt64 } from "./int64.js";
import type { Cell } from "./tablet.js";
import { TSDataType, type SendableType } from "./types.js";

/** The builder's typed memory as a row store writes it. */
export interface SlabViews {
  readonly f64: Float64Array;
  readonly f32: Float32Array;
  readonly i32: Int32Array;
  readonly i64: BigInt64Array;
  readonly u8: Uint8Array;
  /** Per column: where its store starts in the view of its element width (elements); 0 for a plain-array store. */
  readonly starts: Int32Array;
  /** Per column: its store (a row store writes the TEXT/STRING plain arrays itself). */
  readonly stores: readonly (ArrayLike<unknown> & { [row: number]: unknown })[];
}

/** The builder's own storing, for the cells a row store does not store itself. */
export interface CellSink {
  /** A null cell of column c. */
  storeNull(c: number, row: number): true;
  /** A non-null cell of column c the row store leaves to the builder: false if it is not valid for the type. */
  store(c: number, row: number, v: NonNullable<Cell>): boolean;
}

/**
 * Checks and stores a row's cells; false at the first cell in schema order the row store refuses (some cells may be
 * stored).
 */
export type RowStore = (values: readonly Cell[], row: number, views: SlabViews, sink: CellSink) => boolean;

/** A builder compiles its types' row store at this many rows (a smaller builder stores cell by cell). */
export const COMPILE_AFTER_ROWS = 16;
/** Compiled row stores by list of types, at most 64 lists; then new lists are stored cell by cell. */
const rowStores = new GeneratedCode<RowStore>(64);

/** The cache key of a list of column types. */
export function rowStoreKey(types: readonly SendableType[]): string {
  return types.join(",");
}

/** The compiled row store of these types if one is cached. */
export function cachedRowStore(key: string): RowStore | undefined {
  return rowStores.cached(key);
}

/**
 * The compiled row store of these types: cached, or compiled now; undefined where it cannot be compiled or the cache is
 * full.
 */
export function compileRowStore(key: string, types: readonly SendableType[]): RowStore | undefined {
  return rowStores.compile(
    key,
    () => rowStoreSource(types),
    (returned) => (returned as (store: typeof storeInt64) => RowStore)(storeInt64),
  );
}

/**
 * The source of a row store: for each column, its cell loaded once, then, by the column's type, a
 * typed store (number, int32, int64 by storeInt64, boolean) or a string kept in the column's
 * array, a null flagged through sink.storeNull, and anything else refused (`return false`) or, for
 * TEXT/STRING bytes, DATE and BLOB cells, left to sink.store, which checks it.
 */
function rowStoreSource(types: readonly SendableType[]): string {
  const isNull = "v === null || v === undefined";
  const lines = types.map((type, c) => {
    const at = `starts[${c}] + row`;
    const orNull = `else if (${isNull}) sink.storeNull(${c}, row); else return false;`;
    switch (type) {
      case TSDataType.DOUBLE:
        return `if (typeof v === "number") f64[${at}] = v; ${orNull}`;
      case TSDataType.FLOAT:
        return `if (typeof v === "number") f32[${at}] = v; ${orNull}`;
      case TSDataType.INT32:
        return `if (typeof v === "number" && (v | 0) === v) i32[${at}] = v; ${orNull}`;
      case TSDataType.INT64:
      case TSDataType.TIMESTAMP:
        return `if (${isNull}) sink.storeNull(${c}, row); else if (!storeInt64(i64, i32, ${at}, v)) return false;`;
      case TSDataType.BOOLEAN:
        return `if (typeof v === "boolean") u8[${at}] = v ? 1 : 0; ${orNull}`;
      case TSDataType.TEXT:
      case TSDataType.STRING:
        return `if (typeof v === "string") stores[${c}][row] = v; else if (${isNull}) sink.storeNull(${c}, row); else if (!sink.store(${c}, row, v)) return false;`;
      default: // DATE, BLOB
        return `if (${isNull}) sink.storeNull(${c}, row); else if (!sink.store(${c}, row, v)) return false;`;
    }
  });
  return `"use strict";
return (storeInt64) => function rowStore(values, row, views, sink) {
  const { f64, f32, i32, i64, u8, starts, stores } = views;
  let v;
${lines.map((line, c) => `  v = values[${c}];\n  ${line}`).join("\n")}
  return true;
};`;
}
