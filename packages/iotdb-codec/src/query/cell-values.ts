// One cell of a decoded column as the JS value a row shows: BOOLEAN boolean, INT32/FLOAT/DOUBLE
// number, INT64/TIMESTAMP bigint (or a number that is never rounded), DATE 'YYYY-MM-DD',
// TEXT/STRING string, BLOB Buffer, null for null.
import { HI_WORD, LO_WORD, isSafeInt64Words } from "@zerowire/writer/seams";
import { formatDate } from "../date.js";
import type { TsBlockColumn } from "../tsblock/columns.js";
import { TSDataType } from "../types.js";

export type CellValue = boolean | number | bigint | string | Buffer | null;

/** How INT64 and TIMESTAMP values (and row timestamps) are returned. "number" throws a
 *  RangeError for a value beyond ±(2^53-1) instead of rounding it. */
export type Int64Mode = "bigint" | "number";

/** The JS type of an INT64/TIMESTAMP value (and a row time) in a mode: bigint, or number. */
export type Int64Of<M extends Int64Mode> = M extends "number" ? number : bigint;

/**
 * How FLOAT values are returned: "exact" (default) the float32's exact value as a number
 * (21.3f reads 21.299999237060547), "shortest" the shortest decimal that reads back as the same
 * float32 (21.3, as Java's Float.toString and the IoTDB CLI show it).
 */
export type Float32Mode = "exact" | "shortest";

/**
 * The shortest decimal (fewest significant digits) whose float32 rounding is `x`; `x` itself for
 * NaN, ±Infinity and ±0. 9 significant digits always suffice for a float32.
 */
export function shortestFloat32(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(x.toPrecision(digits));
    if (Math.fround(candidate) === x) return candidate;
  }
  return Number(x.toPrecision(9));
}

export type CellReader = (position: number) => CellValue;

/** A reader for one column, chosen once per block so the per-cell work is a typed-array load. */
export function cellReader(
  column: TsBlockColumn,
  int64: Int64Mode,
  name: string,
  float32: Float32Mode = "exact",
): CellReader {
  const read = valueReader(column, int64, name, float32);
  const nulls = column.nulls;
  return nulls === undefined ? read : (i) => (nulls[i] === 1 ? null : read(i));
}

function valueReader(column: TsBlockColumn, int64: Int64Mode, name: string, float32: Float32Mode): CellReader {
  switch (column.type) {
    case TSDataType.BOOLEAN: {
      const v = column.values;
      return (i) => v[i] === 1;
    }
    case TSDataType.DATE: {
      const v = column.values;
      return (i) => formatDate(v[i]!);
    }
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP: {
      const v = column.values;
      return int64 === "bigint" ? (i) => v[i]! : int64NumberReader(v, name);
    }
    case TSDataType.FLOAT: {
      const v = column.values;
      return float32 === "shortest" ? (i) => shortestFloat32(v[i]!) : (i) => v[i]!;
    }
    case TSDataType.INT32:
    case TSDataType.DOUBLE:
    case TSDataType.TEXT:
    case TSDataType.STRING:
    case TSDataType.BLOB: {
      const v: ArrayLike<CellValue> = column.values;
      return (i) => v[i]!;
    }
  }
}

/** int64 values as numbers, read as two int32 words: no bigint is created per value. */
export function int64NumberReader(values: BigInt64Array, name: string): (position: number) => number {
  const words = new Int32Array(values.buffer, values.byteOffset, values.length * 2);
  return (i) => {
    const hi = words[2 * i + HI_WORD]!;
    const lo = words[2 * i + LO_WORD]! >>> 0;
    if (!isSafeInt64Words(hi, lo)) {
      throw new RangeError(
        `column ${JSON.stringify(name)}, block position ${i}: ${values[i]} is beyond Number.MAX_SAFE_INTEGER`,
      );
    }
    return hi * 4294967296 + lo;
  };
}
