// Decodes a query's TsBlocks one at a time, the way the client receives them: the first batch in
// TSExecuteStatementResp.queryResult, then one batch per fetchResultsV2 while moreData is true.
// Nothing is kept between blocks, so memory holds only the block being read.
import { decodeTsBlock } from "../tsblock/decode.js";
import { DEFAULT_MAX_CELLS } from "../tsblock/limits.js";
import type { Int64Mode } from "./cell-values.js";
import { ResultBlock, type RowOptions, type RowRecord } from "./result-block.js";
import { type QueryResultMetadata, type ResultSchema, resultSchema } from "./result-schema.js";

export interface ResultSetOptions {
  /** Most RLE-expanded positions one TsBlock may decode to (decodeTsBlock's maxCells, default 2^20). */
  readonly maxCells?: number;
}

export class ResultSetDecoder {
  readonly schema: ResultSchema;
  private readonly maxCells: number;

  /** Throws a DecodeError (offset -1) when the metadata is inconsistent. */
  constructor(metadata: QueryResultMetadata, options: ResultSetOptions = {}) {
    this.schema = resultSchema(metadata);
    this.maxCells = options.maxCells ?? DEFAULT_MAX_CELLS;
  }

  get columnNames(): readonly string[] {
    return this.schema.columnNames;
  }

  get columnTypes(): readonly string[] {
    return this.schema.columnTypes;
  }

  /** Decodes one serialized TsBlock (one queryResult element). */
  decodeBlock(bytes: Uint8Array): ResultBlock {
    const tsBlock = decodeTsBlock(bytes, {
      types: this.schema.tsBlockTypes,
      names: this.schema.tsBlockNames,
      maxCells: this.maxCells,
    });
    return new ResultBlock(this.schema, tsBlock);
  }

  /** The rows of one batch (a queryResult list), decoding each TsBlock only when reached. */
  *rows(batch: Iterable<Uint8Array>, options: RowOptions = {}): Generator<RowRecord<Int64Mode>, void, undefined> {
    for (const bytes of batch) yield* this.decodeBlock(bytes).rows(options);
  }
}
