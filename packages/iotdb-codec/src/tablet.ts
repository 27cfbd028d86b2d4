// The tablet input: a schema plus columnar values. See the package README for the accepted
// column representations per type.
import type { ColumnCategory, ColumnCategoryName, SendableType, SendableTypeName } from "./types.js";

export type TabletModel = "tree" | "table";

export interface TabletColumn {
  /** Measurement (tree) or column (table) name. */
  name: string;
  /** A type code (TSDataType.DOUBLE) or name ("DOUBLE"); VECTOR and UNKNOWN cannot be sent. */
  type: SendableType | SendableTypeName;
  /** Table model only: TAG, FIELD (the default) or ATTRIBUTE. */
  category?: ColumnCategory | ColumnCategoryName;
}

export interface TabletSchema {
  model: TabletModel;
  /** Device path (tree) or table name (table), sent as given. */
  target: string;
  /** Tree model: an aligned device (insertAlignedTablet). The table model is never aligned. */
  aligned?: boolean;
  columns: readonly TabletColumn[];
}

/** One cell of a plain-array column; null and undefined are null cells. */
export type Cell = boolean | number | bigint | string | Uint8Array | Date | null | undefined;

/**
 * The cells a column of type T (a name or code) takes, null included: what the encoder accepts
 * for it (a wrong one is still an EncodeError at run time; this makes it a compile error where
 * the type is known).
 */
export type CellOf<T extends SendableType | SendableTypeName> =
  | null
  | undefined
  | (T extends "BOOLEAN" | 0
      ? boolean
      : T extends "INT32" | 1
        ? number
        : T extends "INT64" | "TIMESTAMP" | 2 | 8
          ? bigint | number
          : T extends "FLOAT" | "DOUBLE" | 3 | 4
            ? number
            : T extends "TEXT" | "STRING" | 5 | 11
              ? string | Uint8Array
              : T extends "BLOB" | 10
                ? Uint8Array
                : T extends "DATE" | 9
                  ? string | number | Date
                  : never);

/**
 * A column's values, one per row:
 * BOOLEAN Uint8Array (0/1) or booleans; INT32 Int32Array or numbers; INT64/TIMESTAMP
 * BigInt64Array, safe-integer numbers or bigints; FLOAT Float32Array or numbers; DOUBLE
 * Float64Array or numbers; TEXT/STRING strings (or Uint8Array raw bytes); BLOB Uint8Arrays;
 * DATE Int32Array of yyyymmdd, or 'YYYY-MM-DD' strings, Dates or yyyymmdd numbers.
 */
export type ColumnValues = Float64Array | Float32Array | Int32Array | BigInt64Array | Uint8Array | readonly Cell[];

/** Per-row null flags for one column: nonzero / true = null. */
export type NullMask = Uint8Array | readonly boolean[];

/**
 * Whether and how the value buffer ends with a bitmap section, i.e. how the Java Tablet was made:
 * - "api" (default): built with addTimestamp/addValue. With ≥1 row the section is always there
 *   (one 00 byte per column without nulls) and bitmap padding bits are 1.
 * - "arrays": arrays filled directly, initBitMaps() + mark() only when there are nulls. The
 *   section is there only if some cell is null, and padding bits are 0.
 * Either way, sorting unsorted timestamps rebuilds the bitmaps with padding bits 0.
 */
export type BitmapSectionMode = "api" | "arrays";

export interface Tablet {
  schema: TabletSchema;
  /**
   * Row times: BigInt64Array, safe-integer numbers or bigints, or Dates (converted to the server's
   * timestamp precision: a session's, or the insert call's timestampPrecision option). Unsorted
   * rows are stable-sorted by time on the wire; the input arrays are never mutated.
   */
  timestamps: BigInt64Array | readonly (number | bigint | Date)[];
  /** One entry per schema column, each with one value per row. */
  values: readonly ColumnValues[];
  /** Optional null masks, one per column (or undefined for a column without a mask). */
  nulls?: readonly (NullMask | null | undefined)[];
  bitmapSection?: BitmapSectionMode;
}
