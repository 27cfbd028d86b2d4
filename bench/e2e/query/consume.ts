// Every value of a query result consumed into per-column sums in row order (numbers as double,
// TEXT as its length, BOOLEAN as 1/0, the time column first): the same sums come out whichever
// way the result is read, ours or Java's, so the sums prove every way read the same values.
import type { IoTDBClient } from "../client.js";

type Cell = IoTDBClient.CellValue;

export function cellNumber(value: Cell): number {
  switch (typeof value) {
    case "number":
      return value;
    case "bigint":
      return Number(value);
    case "string":
      return value.length;
    case "boolean":
      return value ? 1 : 0;
    default:
      return 0;
  }
}

/** Rows mode: one RowRecord per row (time, then fields); returns the row count. */
export async function consumeRows(dataSet: IoTDBClient.SessionDataSet, sums: Float64Array): Promise<number> {
  let rows = 0;
  for await (const row of dataSet) {
    sums[0]! += cellNumber(row.timestamp);
    const fields = row.fields;
    for (let f = 0; f < fields.length; f++) sums[f + 1]! += cellNumber(fields[f]!);
    rows++;
  }
  return rows;
}

/** Columnar mode: one block at a time, each column's typed array walked in row order. */
export async function consumeBlocks(dataSet: IoTDBClient.SessionDataSet, sums: Float64Array): Promise<number> {
  let rows = 0;
  for await (const block of dataSet.blocks()) {
    const columns = block.columns;
    for (let c = 0; c < columns.length; c++) sums[c] = columnSum(columns[c]!.values, columns[c]!.nulls, sums[c]!);
    rows += block.rowCount;
  }
  return rows;
}

/**
 * Arrow mode: dataSet.arrowBatches(), each RecordBatch's columns walked in row order: numeric
 * values straight from the typed arrays, BOOLEAN from the bits, TEXT as its UTF-8 byte length (the
 * benchmark's text is ASCII, so that is its length), nulls from the validity bitmaps.
 */
export async function consumeArrow(dataSet: IoTDBClient.SessionDataSet, sums: Float64Array): Promise<number> {
  let rows = 0;
  for await (const batch of dataSet.arrowBatches()) {
    for (let c = 0; c < batch.numCols; c++) {
      for (const data of batch.getChildAt(c)!.data) sums[c] = arrowSum(data, sums[c]!);
    }
    rows += batch.numRows;
  }
  return rows;
}

interface ArrowData {
  readonly length: number;
  readonly offset: number;
  readonly values: ArrayLike<number | bigint>;
  readonly valueOffsets: Int32Array | undefined;
  readonly nullBitmap: Uint8Array | undefined;
  readonly type: { readonly typeId: number };
}

// apache-arrow's Type enum: Bool, Utf8.
const ARROW_BOOL = 6;
const ARROW_UTF8 = 5;

/** `sum` plus one Arrow column chunk's values in row order; one loop per layout, as columnSum. */
function arrowSum(data: ArrowData, sum: number): number {
  const { length, offset, values } = data;
  const bitmap = data.nullBitmap !== undefined && data.nullBitmap.length > 0 ? data.nullBitmap : undefined;
  const valid = (i: number) => bitmap === undefined || ((bitmap[i >>> 3]! >>> (i & 7)) & 1) === 1;
  if (data.type.typeId === ARROW_BOOL) {
    const bits = values as Uint8Array;
    for (let i = offset; i < offset + length; i++) if (valid(i)) sum += (bits[i >>> 3]! >>> (i & 7)) & 1;
  } else if (data.type.typeId === ARROW_UTF8) {
    const offsets = data.valueOffsets!;
    for (let i = offset; i < offset + length; i++) if (valid(i)) sum += offsets[i + 1]! - offsets[i]!;
  } else if (values instanceof BigInt64Array) {
    for (let i = offset; i < offset + length; i++) if (valid(i)) sum += Number(values[i]!);
  } else {
    const numbers = values as Float64Array | Float32Array | Int32Array;
    for (let i = offset; i < offset + length; i++) if (valid(i)) sum += numbers[i]!;
  }
  return sum;
}

/** `sum` plus the column's values, added one by one so the rounding matches a row-by-row read. */
function columnSum(values: IoTDBClient.ResultColumn["values"], nulls: Uint8Array | undefined, sum: number): number {
  const n = values.length;
  if (values instanceof BigInt64Array) {
    for (let i = 0; i < n; i++) if (nulls === undefined || nulls[i] === 0) sum += Number(values[i]!);
  } else if (Array.isArray(values)) {
    for (let i = 0; i < n; i++) if (nulls === undefined || nulls[i] === 0) sum += (values[i] as string | Buffer).length;
  } else {
    const numbers = values as Float64Array | Float32Array | Int32Array | Uint8Array;
    for (let i = 0; i < n; i++) if (nulls === undefined || nulls[i] === 0) sum += numbers[i]!;
  }
  return sum;
}
