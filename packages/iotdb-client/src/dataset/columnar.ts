// A whole result as one column per result column: the blocks' typed arrays joined end to end.
import { parseTypeName, type ResultBlock, type ResultColumn } from "@zerowire/iotdb-codec";

export interface ColumnarResult {
  readonly columnNames: readonly string[];
  readonly columnTypes: readonly string[];
  readonly rowCount: number;
  /** Same shapes as a block's columns (typed arrays, string[] or Buffer[]; nulls 1 = null), over all rows. */
  readonly columns: readonly ResultColumn[];
}

type Values = ResultColumn["values"];

export function concatBlocks(columnNames: readonly string[], columnTypes: readonly string[], blocks: readonly ResultBlock[]): ColumnarResult {
  const rowCount = blocks.reduce((n, b) => n + b.rowCount, 0);
  const columns = columnNames.map((name, c) => {
    const parts = blocks.map((b) => b.columns[c]!);
    return {
      name,
      type: parts[0]?.type ?? parseTypeName(columnTypes[c]!),
      values: concatValues(parts.map((p) => p.values), rowCount),
      nulls: concatNulls(blocks, c, rowCount),
    } as ResultColumn;
  });
  return { columnNames, columnTypes, rowCount, columns };
}

function concatValues(parts: Values[], total: number): Values {
  const first = parts[0];
  if (first === undefined) return [];
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
