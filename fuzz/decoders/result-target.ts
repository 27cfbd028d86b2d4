// ResultSetDecoder as a fuzz target: from a query's metadata and one TsBlock to a ResultBlock and
// all of its rows, as a client reads a result. The decoder is built per input, so forged
// metadata is fuzzed together with the bytes.
import {
  DecodeError,
  formatDate,
  type QueryResultMetadata,
  type ResultBlock,
  ResultSetDecoder,
  type RowRecord,
  TSDataType,
} from "@zerowire/iotdb-codec";
import type { DecodeTarget } from "./harness.js";
import { MAX_CELLS } from "./settings.js";
import { checkTsBlock, digestTsBlock, tsBlockFootprint } from "./tsblock-target.js";

export interface DecodedResult {
  block: ResultBlock;
  rows: RowRecord[];
}

export const resultTarget: DecodeTarget<QueryResultMetadata, DecodedResult> = {
  name: "ResultSetDecoder",
  decode: (view, metadata) => decodeResult(view, metadata),
  isTypedError: (e) => e instanceof DecodeError,
  check: (out, view) => checkResult(out, view),
  footprint: (out, view) => tsBlockFootprint(out.block.tsBlock, view),
  digest: (out) => `${digestTsBlock(out.block.tsBlock)}|${out.block.schema.columnNames.join(",")}|${out.rows.length}`,
  // Materialising the rows costs time linear in rows x fields, and a few RLE bytes may stand for
  // up to maxCells positions (limits.ts): a 19-byte block of 65,536 positions under 5 fields took
  // ~70 ms of rows on a busy machine, over MAX_MS though the decode itself took ~1 ms.
  extraMs: (out) => (out.rows.length * (out.block.schema.fieldSource.length + 1) * ROW_CELL_ALLOWANCE_NS) / 1e6,
};

/** Time allowed per materialised row cell (time included); about 5x what one costs on a busy 2-core machine. */
const ROW_CELL_ALLOWANCE_NS = 1000;

export function decodeResult(view: Buffer, metadata: QueryResultMetadata): DecodedResult {
  const block = new ResultSetDecoder(metadata, { maxCells: MAX_CELLS }).decodeBlock(view);
  return { block, rows: Array.from(block.rows()) };
}

/** The TsBlock is consistent, the result columns are the TsBlock's arrays as the schema maps
 *  them, and every row field is its column's value (null exactly where the mask says). */
function checkResult({ block, rows }: DecodedResult, view: Buffer): void {
  const { schema, tsBlock } = block;
  checkTsBlock(tsBlock, view, schema.tsBlockTypes);
  expect(
    block.columns.length === schema.columnNames.length,
    `${block.columns.length} result columns for ${schema.columnNames.length} names`,
  );
  block.columns.forEach((col, i) => {
    const k = schema.tsBlockColumnOf[i]!;
    expect(col.name === schema.columnNames[i], `result column ${i} is named ${col.name}`);
    const source = k === -1 ? tsBlock.time : tsBlock.columns[k]?.values;
    expect(col.values === source, `result column ${i} does not show TsBlock column ${k}`);
  });
  const count = tsBlock.positionCount;
  expect(rows.length === count, `${rows.length} rows for ${count} positions`);
  const fields = schema.fieldSource.length;
  for (let i = 0; i < count; i++) {
    const row = rows[i]!;
    expect(row.timestamp === tsBlock.time[i], `row ${i} timestamp ${row.timestamp}, time column ${tsBlock.time[i]}`);
    expect(row.fields.length === fields, `row ${i} has ${row.fields.length} fields, expected ${fields}`);
    for (let f = 0; f < fields; f++) {
      const col = block.columns[schema.fieldSource[f]!]!;
      const got = row.fields[f];
      const want = col.nulls?.[i] === 1 ? null : cellOf(col.type, (col.values as ArrayLike<unknown>)[i]);
      expect(Object.is(got, want), `row ${i} field ${f} is ${String(got)}, its column holds ${String(want)}`);
    }
  }
}

function cellOf(type: number, v: unknown): unknown {
  if (type === TSDataType.BOOLEAN) return v === 1;
  if (type === TSDataType.DATE) return formatDate(v as number);
  return v;
}

function expect(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}
