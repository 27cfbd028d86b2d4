// Kind `tsblock`: decode `tsblockHex` with the logical types of `input.columns` and compare with
// `decoded` (what the Java TsBlockSerde read), in the vector's JSON conventions.
import { decodeTsBlock, formatDate, parseTypeName, TSDataType } from "@zerowire/iotdb-codec";
import type { TsBlockColumn } from "@zerowire/iotdb-codec";
import { type CheckResult, compareValue, type Vector } from "./vector.js";

export function checkTsBlock(vector: Vector): CheckResult {
  const result: CheckResult = { passed: [], failures: [] };
  const columns = vector.input.columns as { name: string; type: string }[];
  const expected = vector.output.decoded;
  const block = decodeTsBlock(Buffer.from(vector.output.tsblockHex, "hex"), {
    types: columns.map((c) => parseTypeName(c.type)),
    names: columns.map((c) => c.name),
  });
  compareValue(result, "decoded.positionCount", block.positionCount, expected.positionCount);
  compareValue(result, "decoded.time", Array.from(block.time, String), expected.time);
  compareValue(result, "decoded.columns.length", block.columns.length, expected.columns.length);
  block.columns.forEach((column, k) => {
    const json = Array.from({ length: block.positionCount }, (_, i) => cellAsJson(column, i));
    compareValue(result, `decoded.columns[${k}] (${columns[k]?.name})`, json, expected.columns[k]);
  });
  return result;
}

/** One decoded cell in the vectors' conventions: INT64/TIMESTAMP as decimal strings, FLOAT as the
 *  double of the float, NaN/±Infinity/-0 as strings, DATE 'YYYY-MM-DD', BLOB as hex. */
export function cellAsJson(column: TsBlockColumn, i: number): unknown {
  if (column.nulls?.[i] === 1) return null;
  switch (column.type) {
    case TSDataType.BOOLEAN:
      return column.values[i] === 1;
    case TSDataType.INT32:
      return column.values[i];
    case TSDataType.DATE:
      return formatDate(column.values[i]!);
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return String(column.values[i]);
    case TSDataType.FLOAT:
    case TSDataType.DOUBLE:
      return floatAsJson(column.values[i]!);
    case TSDataType.TEXT:
    case TSDataType.STRING:
      return column.values[i];
    case TSDataType.BLOB:
      return column.values[i]!.toString("hex");
  }
}

export function floatAsJson(v: number): number | string {
  if (Object.is(v, -0)) return "-0";
  return Number.isFinite(v) ? v : String(v); // "NaN", "Infinity", "-Infinity"
}
