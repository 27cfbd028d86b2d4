// The column layout of a query result, as the Java IoTDBRpcDataSet builds it from
// TSExecuteStatementResp (docs/iotdb-wire-format.md §6.3, client mapping).
import { DecodeError } from "../errors.js";
import { parseTypeName, type TSDataType, type TSDataTypeName } from "../types.js";

/** The fields of TSExecuteStatementResp the result mapping uses (names as in client.thrift). */
export interface QueryResultMetadata {
  readonly columns: readonly string[];
  /** Type names such as "INT32" or "TIMESTAMP", one per column. */
  readonly dataTypeList: readonly string[];
  /** false (tree model): a "Time" column taken from the TsBlock time column comes first. */
  readonly ignoreTimeStamp?: boolean | null;
  /** TsBlock value column of each result column (-1: the TsBlock time column); identity when absent. */
  readonly columnIndex2TsBlockColumnIndexList?: readonly number[] | null;
}

export interface ResultSchema {
  /** Result columns, "Time" first when the time is not ignored (SessionDataSet.getColumnNames). */
  readonly columnNames: readonly string[];
  /** Declared types, "INT64" for "Time" (SessionDataSet.getColumnTypes). */
  readonly columnTypes: readonly TSDataTypeName[];
  readonly ignoreTimeStamp: boolean;
  /** TsBlock value column per result column; -1 is the TsBlock time column. */
  readonly tsBlockColumnOf: readonly number[];
  /** Logical type per TsBlock value column: the type of the LAST result column mapped to it,
   *  as Java's dataTypeForTsBlockColumn; undefined for a column no result column reads. */
  readonly tsBlockTypes: readonly (TSDataType | undefined)[];
  /** Name per TsBlock value column for error messages: the first result column mapped to it. */
  readonly tsBlockNames: readonly (string | undefined)[];
  /** Result column whose value each RowRecord field shows, for columns fieldStart.. . Java builds
   *  RowRecords by column NAME, so a repeated name shows its first occurrence's column. */
  readonly fieldSource: readonly number[];
  /** First result column that is a RowRecord field: 1 when "Time" leads, else 0. */
  readonly fieldStart: number;
}

export const TIME_COLUMN = "Time";

/** The result layout, validated; a metadata inconsistency is a DecodeError at offset -1. */
export function resultSchema(meta: QueryResultMetadata): ResultSchema {
  const { columns, dataTypeList } = meta;
  if (dataTypeList.length !== columns.length) {
    throw metadataError(`dataTypeList has ${dataTypeList.length} types for ${columns.length} columns`);
  }
  const mapping = meta.columnIndex2TsBlockColumnIndexList ?? columns.map((_, i) => i);
  if (mapping.length !== columns.length) {
    throw metadataError(
      `columnIndex2TsBlockColumnIndexList has ${mapping.length} entries for ${columns.length} columns`,
    );
  }
  const ignoreTimeStamp = meta.ignoreTimeStamp === true;
  const columnNames: string[] = [];
  const columnTypes: TSDataTypeName[] = [];
  const tsBlockColumnOf: number[] = [];
  if (!ignoreTimeStamp) {
    columnNames.push(TIME_COLUMN);
    columnTypes.push("INT64");
    tsBlockColumnOf.push(-1);
  }
  const tsBlockTypes: (TSDataType | undefined)[] = [];
  const tsBlockNames: (string | undefined)[] = [];
  columns.forEach((name, i) => {
    const typeName = dataTypeList[i]!;
    let type: TSDataType;
    try {
      type = parseTypeName(typeName);
    } catch {
      throw metadataError(`unknown type ${JSON.stringify(typeName)}`, name);
    }
    const k = mapping[i]!;
    // Result columns may share TsBlock columns, so a TsBlock never has more value columns than
    // the result has columns. Checked here: the index sizes the arrays below.
    if (!Number.isInteger(k) || k < -1 || k >= columns.length) {
      throw metadataError(`TsBlock column index ${k} is not -1 (the time column) or in [0, ${columns.length})`, name);
    }
    if (k >= 0) {
      tsBlockTypes[k] = type;
      tsBlockNames[k] ??= name;
    }
    columnNames.push(name);
    columnTypes.push(typeName as TSDataTypeName);
    tsBlockColumnOf.push(k);
  });
  const fieldStart = ignoreTimeStamp ? 0 : 1;
  const firstByName = new Map<string, number>();
  columnNames.forEach((name, i) => {
    if (!firstByName.has(name)) firstByName.set(name, i);
  });
  const fieldSource = columnNames.slice(fieldStart).map((name) => firstByName.get(name)!);
  // Array.from fills holes (TsBlock columns no result column reads) with undefined; their length
  // is the highest index read + 1, which decodeTsBlock checks against each block's column count.
  return {
    columnNames,
    columnTypes,
    ignoreTimeStamp,
    tsBlockColumnOf,
    tsBlockTypes: Array.from(tsBlockTypes),
    tsBlockNames: Array.from(tsBlockNames),
    fieldSource,
    fieldStart,
  };
}

function metadataError(message: string, column?: string): DecodeError {
  const where = column === undefined ? "query result metadata" : `query result column ${JSON.stringify(column)}`;
  return new DecodeError(`${where}: ${message}`, -1, column);
}
