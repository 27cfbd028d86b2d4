// Kind `queryResponse`: rows assembled from `tsblocksHex` and each `fetchResults` batch, with the
// response metadata from `input`, against `javaClientRows` (what SessionDataSet.next() gave).
// Replaying the `conversation` frames through Thrift belongs to the client's checks.
import { ResultSetDecoder, TSDataType } from "@zerowire/iotdb-codec";
import type { CellValue, QueryResultMetadata, ResultSchema } from "@zerowire/iotdb-codec";
import { floatAsJson } from "./check-tsblock.js";
import { type CheckResult, compareValue, type Vector } from "./vector.js";

export function checkQuery(vector: Vector): CheckResult {
  const result: CheckResult = { passed: [], failures: [] };
  const { input, output } = vector;
  const decoder = new ResultSetDecoder(input as QueryResultMetadata);
  const expected = output.javaClientRows;
  compareValue(result, "javaClientRows.columnNames", decoder.columnNames, expected.columnNames);
  compareValue(result, "javaClientRows.columnTypes", decoder.columnTypes, expected.columnTypes);

  const batches: string[][] = [output.tsblocksHex, ...(output.fetchResults ?? []).map((f: any) => f.tsblocksHex)];
  const rows: { timestamp: string; fields: unknown[] }[] = [];
  for (const batch of batches) {
    for (const row of decoder.rows(batch.map((hex) => Buffer.from(hex, "hex")))) {
      rows.push({
        timestamp: String(row.timestamp),
        fields: row.fields.map((v, f) => fieldAsJson(decoder.schema, f, v)),
      });
    }
  }
  compareValue(result, "javaClientRows.rows.length", rows.length, expected.rows.length);
  expected.rows.forEach((row: unknown, i: number) => compareValue(result, `javaClientRows.rows[${i}]`, rows[i], row));
  return result;
}

/** A row field in the vectors' conventions (see cellAsJson); the field's type is the one Java's
 *  name-based getters use: the type of the TsBlock column behind the field's source column. */
function fieldAsJson(schema: ResultSchema, field: number, v: CellValue): unknown {
  if (v === null) return null;
  if (typeof v === "bigint") return String(v);
  if (Buffer.isBuffer(v)) return v.toString("hex");
  const source = schema.fieldSource[field]!;
  const k = schema.tsBlockColumnOf[source]!;
  const type = k === -1 ? TSDataType.TIMESTAMP : schema.tsBlockTypes[k];
  return type === TSDataType.FLOAT || type === TSDataType.DOUBLE ? floatAsJson(v as number) : v;
}
