// Validates a whole tablet before a single byte is written, and works out what the encoder needs:
// resolved schema, row order, which columns have nulls, whether there is a bitmap section, and
// a size estimate of the value buffer (exact except that strings count UTF-16 units as bytes).
import { CELL_WIDTH, cellProblem, yyyymmddValue } from "./cells.js";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { dateTime, type InsertOptions, maxValueBytesOf, valueSizeProblem } from "./insert-options.js";
import { int64Problem } from "./int64.js";
import type { ColumnValues, NullMask, Tablet } from "./tablet.js";
import { sortOrder } from "./tablet-order.js";
import { resolveSchema, type ResolvedColumn, type ResolvedSchema } from "./tablet-schema.js";
import { TSDataType, typeName, type SendableType } from "./types.js";

export interface PreparedColumn extends ResolvedColumn {
  readonly values: ColumnValues;
  /** A typed array (bulk-copied when the rows need no sorting), as opposed to a plain array. */
  readonly typed: boolean;
  readonly mask: NullMask | undefined;
  /** Some row of this column is null. */
  readonly hasNull: boolean;
  /** A TEXT/STRING column whose non-null cells are all strings, with at most MAX_JOINED_CHARS
   *  chars in total: the encoder may write it as a whole column (writeStringColumn: a JS loop
   *  for short non-ASCII strings, else one native UTF-8 write of the joined strings; only a lone
   *  surrogate in a joined column sends it cell by cell). */
  readonly joinable: boolean;
}

/** Most chars of one joined string column: far below the JS string length limit. */
export const MAX_JOINED_CHARS = 1 << 24;

export interface PreparedTablet {
  readonly schema: ResolvedSchema;
  readonly columns: readonly PreparedColumn[];
  readonly rowCount: number;
  /** The row times as sent (Date times converted). */
  readonly timestamps: BigInt64Array | readonly (number | bigint)[];
  /** Wire row → caller row, when the rows had to be sorted by time; else undefined. */
  readonly order: Uint32Array | undefined;
  readonly hasBitmapSection: boolean;
  /** Fill of bitmap bits beyond the last row: 1s for API-built tablets, 0s after a sort or for "arrays". */
  readonly bitmapPaddingByte: 0 | 0xff;
  readonly valuesSizeEstimate: number;
}

/**
 * Checks everything about the tablet; EncodeError naming the column and row on the first problem.
 * Date times are converted to `options.timestampPrecision` (into a copy of the timestamps).
 */
export function prepareTablet(tablet: Tablet, options?: InsertOptions): PreparedTablet {
  if (tablet === null || typeof tablet !== "object")
    throw new EncodeError(`expected a tablet object, got ${describeValue(tablet)}`);
  const schema = resolveSchema(tablet.schema);
  const { values, nulls, bitmapSection = "api" } = tablet;
  const maxValueBytes = maxValueBytesOf(options);
  if (bitmapSection !== "api" && bitmapSection !== "arrays") {
    throw new EncodeError(`bitmapSection must be "api" or "arrays", got ${describeValue(bitmapSection)}`);
  }
  const timestamps = checkedTimestamps(tablet.timestamps, options);
  const rowCount = timestamps.length;
  const columnCount = schema.columns.length;
  if (!Array.isArray(values) || values.length !== columnCount) {
    throw new EncodeError(
      `tablet values: expected an array of ${columnCount} column(s) (one per schema column), got ${Array.isArray(values) ? `${values.length}` : describeValue(values)}`,
    );
  }
  if (nulls !== undefined && (!Array.isArray(nulls) || nulls.length !== columnCount)) {
    throw new EncodeError(
      `tablet nulls: expected an array of ${columnCount} mask(s) (one per schema column), got ${Array.isArray(nulls) ? `${nulls.length}` : describeValue(nulls)}`,
    );
  }
  const columns: PreparedColumn[] = [];
  let valuesSizeEstimate = 0;
  let anyNull = false;
  for (let c = 0; c < columnCount; c++) {
    const column = prepareColumn(schema.columns[c]!, values[c], nulls?.[c] ?? undefined, rowCount, maxValueBytes);
    columns.push(column);
    valuesSizeEstimate += column.sizeEstimate;
    anyNull ||= column.hasNull;
  }
  const order = sortOrder(timestamps);
  const hasBitmapSection = bitmapSection === "api" ? rowCount > 0 : anyNull;
  if (hasBitmapSection) {
    for (const column of columns) valuesSizeEstimate += column.hasNull ? 2 + (rowCount >>> 3) : 1;
  }
  return {
    schema,
    columns,
    rowCount,
    timestamps,
    order,
    hasBitmapSection,
    bitmapPaddingByte: order === undefined && bitmapSection === "api" ? 0xff : 0,
    valuesSizeEstimate,
  };
}

/** The timestamps, checked; a copy with Date times converted when there are any. */
function checkedTimestamps(
  timestamps: unknown,
  options: InsertOptions | undefined,
): BigInt64Array | readonly (number | bigint)[] {
  if (timestamps instanceof BigInt64Array) return timestamps;
  if (!Array.isArray(timestamps)) {
    throw new EncodeError(`tablet timestamps: expected a BigInt64Array or an array, got ${describeValue(timestamps)}`);
  }
  let converted: (number | bigint)[] | undefined;
  for (let r = 0; r < timestamps.length; r++) {
    const t = timestamps[r];
    if (t instanceof Date) {
      const time = dateTime(t, options?.timestampPrecision);
      if (typeof time === "object") throw new EncodeError(`timestamps[${r}]: ${time.problem}`, undefined, r);
      (converted ??= timestamps.slice())[r] = time;
      continue;
    }
    const problem = int64Problem(t);
    if (problem !== undefined) throw new EncodeError(`timestamps[${r}]: ${problem}`, undefined, r);
  }
  return converted ?? timestamps;
}

/** The typed array a column of this type may be given as. */
function typedArrayFor(type: SendableType): (new (length: number) => ArrayBufferView) | undefined {
  switch (type) {
    case TSDataType.BOOLEAN:
      return Uint8Array;
    case TSDataType.INT32:
    case TSDataType.DATE:
      return Int32Array;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return BigInt64Array;
    case TSDataType.FLOAT:
      return Float32Array;
    case TSDataType.DOUBLE:
      return Float64Array;
    default:
      return undefined;
  }
}

function prepareColumn(
  col: ResolvedColumn,
  values: unknown,
  mask: unknown,
  rowCount: number,
  maxValueBytes: number,
): PreparedColumn & { sizeEstimate: number } {
  const { name, type } = col;
  if (mask !== undefined) {
    if (!(mask instanceof Uint8Array) && !Array.isArray(mask))
      throw columnError(name, `null mask must be a Uint8Array or a boolean array, got ${describeValue(mask)}`);
    if ((mask as NullMask).length !== rowCount)
      throw columnError(name, `null mask has ${(mask as NullMask).length} entries for ${rowCount} row(s)`);
  }
  const nullMask = mask as NullMask | undefined;
  const typedCtor = typedArrayFor(type);
  const typed = typedCtor !== undefined && values instanceof typedCtor;
  if (!typed && !Array.isArray(values)) {
    const accepted = typedCtor === undefined ? "an array" : `a ${typedCtor.name} or an array`;
    throw columnError(name, `${typeName(type)} values must be ${accepted}, got ${describeValue(values)}`);
  }
  const cells = values as ColumnValues;
  if (cells.length !== rowCount) throw columnError(name, `has ${cells.length} value(s) for ${rowCount} row(s)`);
  let hasNull = false;
  let sizeEstimate = CELL_WIDTH[type]! * rowCount;
  let stringChars = 0;
  let stringsOnly = true;
  if (typed) {
    if (nullMask !== undefined) for (let r = 0; r < rowCount && !hasNull; r++) hasNull = !!nullMask[r];
    if (type === TSDataType.BOOLEAN) {
      const r = firstBadBoolean(cells as Uint8Array, nullMask);
      if (r >= 0) throw columnError(name, `boolean byte ${(cells as Uint8Array)[r]} is neither 0 nor 1`, r);
    } else if (type === TSDataType.DATE) {
      const dates = cells as Int32Array;
      for (let r = 0; r < rowCount; r++) {
        if ((nullMask === undefined || !nullMask[r]) && yyyymmddValue(dates[r]!) === undefined) {
          throw columnError(name, `${dates[r]} is not a yyyymmdd date in years 1000..9999`, r);
        }
      }
    }
  } else {
    const variable = CELL_WIDTH[type] === 0;
    const textual = type === TSDataType.TEXT || type === TSDataType.STRING;
    // Strings this long may be over maxValueBytes (3 UTF-8 bytes per UTF-16 unit at most).
    const measureFrom = maxValueBytes / 3;
    for (let r = 0; r < rowCount; r++) {
      const v = (cells as readonly unknown[])[r];
      if (v === null || v === undefined || nullMask?.[r]) {
        hasNull = true;
        if (variable) sizeEstimate += 4;
        continue;
      }
      // The common cell, a string of a TEXT/STRING column, accepted without the generic check.
      if (textual && typeof v === "string") {
        if (v.length > measureFrom) {
          const tooLarge = valueSizeProblem(v, maxValueBytes);
          if (tooLarge !== undefined) throw columnError(name, tooLarge, r);
        }
        sizeEstimate += 4 + v.length;
        stringChars += v.length;
        continue;
      }
      stringsOnly = false;
      const problem = cellProblem(type, v);
      if (problem !== undefined) throw columnError(name, problem, r);
      if (variable) {
        const tooLarge = valueSizeProblem(v as string | Uint8Array, maxValueBytes);
        if (tooLarge !== undefined) throw columnError(name, tooLarge, r);
        sizeEstimate += 4 + (typeof v === "string" ? v.length : (v as Uint8Array).length);
      }
    }
  }
  // Explicit fields, not `...col`: the object spread was the slowest step of preparing a tablet.
  const joinable =
    !typed &&
    stringsOnly &&
    (type === TSDataType.TEXT || type === TSDataType.STRING) &&
    stringChars <= MAX_JOINED_CHARS;
  return { name, type, category: col.category, values: cells, typed, mask: nullMask, hasNull, joinable, sizeEstimate };
}

/** The EncodeError of a bad column (a function, not a closure per column: that was allocated on every call). */
function columnError(name: string, message: string, row?: number): EncodeError {
  return new EncodeError(
    `column ${JSON.stringify(name)}${row === undefined ? "" : ` row ${row}`}: ${message}`,
    name,
    row,
  );
}

/** The first row whose byte is neither 0 nor 1 and that is not masked null, or -1. One OR over
 *  the bytes settles the usual case (bench tablet-b/c: 1 ns per row through the general loop). */
function firstBadBoolean(bytes: Uint8Array, mask: NullMask | undefined): number {
  let or = 0;
  for (let r = 0; r < bytes.length; r++) or |= bytes[r]!;
  if (or <= 1) return -1;
  for (let r = 0; r < bytes.length; r++) if (bytes[r]! > 1 && (mask === undefined || !mask[r])) return r;
  return -1;
}

/** Whether caller row `r` of the column is null (by its mask, or a null entry of a plain array). */
export function isNullCell(col: PreparedColumn, r: number): boolean {
  return (col.mask !== undefined && !!col.mask[r]) || (!col.typed && (col.values as readonly unknown[])[r] == null);
}
