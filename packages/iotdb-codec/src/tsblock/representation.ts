// How a TsBlock column's values are held after decoding. The header carries a physical type
// (BOOLEAN, INT32, INT64, FLOAT, DOUBLE, TEXT; tsfile's encoders also accept DATE and TIMESTAMP);
// the query's dataTypeList gives the logical type, which must share the representation.
import { TSDataType, typeName } from "../types.js";

/** bool → Uint8Array, i32 → Int32Array, i64 → BigInt64Array, f32 → Float32Array,
 *  f64 → Float64Array, text → string[], bytes → Buffer[]. */
export type Representation = "bool" | "i32" | "i64" | "f32" | "f64" | "text" | "bytes";

/** Byte width in the decoded typed array; 0 for JS arrays (text, bytes). */
export function representationWidth(rep: Representation): 0 | 1 | 4 | 8 {
  switch (rep) {
    case "bool":
      return 1;
    case "i32":
    case "f32":
      return 4;
    case "i64":
    case "f64":
      return 8;
    default:
      return 0;
  }
}

/** The representation of a logical type. */
export function representationOf(type: TSDataType): Representation | undefined {
  switch (type) {
    case TSDataType.BOOLEAN:
      return "bool";
    case TSDataType.INT32:
    case TSDataType.DATE:
      return "i32";
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return "i64";
    case TSDataType.FLOAT:
      return "f32";
    case TSDataType.DOUBLE:
      return "f64";
    case TSDataType.TEXT:
    case TSDataType.STRING:
      return "text";
    case TSDataType.BLOB:
      return "bytes";
    default:
      return undefined;
  }
}

/** True for the type bytes tsfile's TsBlockSerde can decode as a value column. STRING and BLOB
 *  are not among them: their columns are sent as TEXT. */
export function isPhysicalType(code: number): boolean {
  return code !== TSDataType.STRING && code !== TSDataType.BLOB && representationOf(code as TSDataType) !== undefined;
}

/** True when values of `physical` may be read as `logical` (e.g. INT32 as DATE, TEXT as BLOB). */
export function fitsPhysical(logical: TSDataType, physical: TSDataType): boolean {
  const l = representationOf(logical);
  const p = representationOf(physical);
  return l === p || (l === "bytes" && p === "text");
}

export function typeLabel(code: number): string {
  try {
    return typeName(code);
  } catch {
    return `type ${code}`;
  }
}
