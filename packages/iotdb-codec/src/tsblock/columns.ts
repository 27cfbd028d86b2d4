// The decoded, columnar form of a TsBlock.
import type { TSDataType } from "../types.js";

/** A decoded column of type T with values V (BooleanColumn, Int32Column, ... are its instances). */
export interface ColumnOf<T extends TSDataType, V> {
  /** The logical type (from dataTypeList when given, else the physical type in the header). */
  readonly type: T;
  /** One value per position; a null position holds 0, false (0), "" or an empty Buffer. */
  readonly values: V;
  /** 1 = null, one byte per position; undefined when no position is null. */
  readonly nulls: Uint8Array | undefined;
}

export type BooleanColumn = ColumnOf<typeof TSDataType.BOOLEAN, Uint8Array>;
/** INT32, or DATE as yyyymmdd (formatDate gives 'YYYY-MM-DD'). */
export type Int32Column = ColumnOf<typeof TSDataType.INT32 | typeof TSDataType.DATE, Int32Array>;
export type Int64Column = ColumnOf<typeof TSDataType.INT64 | typeof TSDataType.TIMESTAMP, BigInt64Array>;
export type FloatColumn = ColumnOf<typeof TSDataType.FLOAT, Float32Array>;
export type DoubleColumn = ColumnOf<typeof TSDataType.DOUBLE, Float64Array>;
/** TEXT or STRING, decoded as UTF-8 (invalid sequences become U+FFFD, as in Java). */
export type TextColumn = ColumnOf<typeof TSDataType.TEXT | typeof TSDataType.STRING, string[]>;
/** BLOB: views into the decoded input (no copy); they keep the input's memory alive. */
export type BlobColumn = ColumnOf<typeof TSDataType.BLOB, Buffer[]>;

export type TsBlockColumn =
  | BooleanColumn
  | Int32Column
  | Int64Column
  | FloatColumn
  | DoubleColumn
  | TextColumn
  | BlobColumn;

export interface TsBlock {
  readonly positionCount: number;
  /** The time column. Table-model blocks carry a dummy (all 0); their time is a value column. */
  readonly time: BigInt64Array;
  readonly columns: readonly TsBlockColumn[];
}
