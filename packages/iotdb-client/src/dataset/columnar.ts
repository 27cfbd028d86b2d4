// A whole result as one column per result column: the blocks' typed arrays joined end to end.
// Column i is columnNames[i], its type is columnTypes[i] by name ("INT64" for "Time"), as
// everywhere in the client's results; blocks keep the codec's type codes (their zero-copy view).
import type { ResultBlock, ResultColumn, TSDataTypeName } from "@zerowire/iotdb-codec";

/** A whole result column of type name T with values V (ColumnarColumn is the union of its instances). */
export interface ColumnarColumnOf<T extends TSDataTypeName, V> {
  readonly name: string;
  /** The type name, as in columnTypes. */
  readonly type: T;
  readonly values: V;
  /** 1 = null, one byte per row; undefined when no row is null. */
  readonly nulls: Uint8Array | undefined;
}

/**
 * One whole result column: BOOLEAN 0/1 bytes, INT32 and DATE (yyyymmdd) Int32Array, INT64 and TIMESTAMP BigInt64Array,
 * FLOAT Float32Array, DOUBLE Float64Array, TEXT/STRING strings, BLOB Buffers.
 */
export type ColumnarColumn =
  | ColumnarColumnOf<"BOOLEAN", Uint8Array>
  | ColumnarColumnOf<"INT32" | "DATE", Int32Array>
  | ColumnarColumnOf<"INT64" | "TIMESTAMP", BigInt64Array>
  | ColumnarColumnOf<"FLOAT", Float32Array>
  | ColumnarColumnOf<"DOUBLE", Float64Array>
  | ColumnarColumnOf<"TEXT" | "STRING", string[]>
  | ColumnarColumnOf<"BLOB", Buffer[]>;

export interface ColumnarResult {
  readonly columnNames: readonly string[];
  readonly columnTypes: readonly TSDataTypeName[];
  readonly rowCount: number;
  /** One per result column, in columnNames order ("Time" included), over all rows. */
  readonly columns: readonly ColumnarColumn[];
}

type Values = ResultColumn["values"];

const EMPTY: Record<string, () => Values> = {
  BOOLEAN: () => new Uint8Array(0),
  INT32: () => new Int32Array(0),
  DATE: () => new Int32Array(0),
  INT64: () => new BigInt64Array(0),
  TIMESTAMP: () => new BigInt64Array(0),
  FLOAT: () => new Float32Array(0),
  DOUBLE: () => new Float64Array(0),
};

export function concatBlocks(
  columnNames: readonly string[],
  columnTypes: readonly TSDataTypeName[],
  blocks: readonly ResultBlock[],
): ColumnarResult {
  const rowCount = blocks.reduce((n, b) => n + b.rowCount, 0);
  const columns = columnNames.map((name, c) => {
    const type = columnTypes[c]!;
    const parts = blocks.map((b) => b.columns[c]!.values);
    return {
      name,
      type,
      values: parts.length === 0 ? (EMPTY[type]?.() ?? []) : concatValues(parts, rowCount),
      nulls: concatNulls(blocks, c, rowCount),
    } as ColumnarColumn;
  });
  return { columnNames, columnTypes, rowCount, columns };
}

function concatValues(parts: Values[], total: number): Values {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  if (Array.isArray(first)) return ([] as unknown[]).concat(...(parts as unknown[][])) as Values;
  const TypedArray = first.constructor as new (n: number) => Exclude<Values, unknown[]>;
  const out = new TypedArray(total);
  let at = 0;
  for (const p of parts as Exclude<Values, unknown[]>[]) {
    out.set(p as never, at);
    at += p.length;
  }
  return out;
}

function concatNulls(blocks: readonly ResultBlock[], c: number, total: number): Uint8Array | undefined {
  if (blocks.every((b) => b.columns[c]!.nulls === undefined)) return undefined;
  const out = new Uint8Array(total);
  let at = 0;
  for (const b of blocks) {
    const nulls = b.columns[c]!.nulls;
    if (nulls !== undefined) out.set(nulls, at);
    at += b.rowCount;
  }
  return out;
}
