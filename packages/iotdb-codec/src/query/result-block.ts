// One TsBlock of a query result seen through the result's columns: a columnar view (typed arrays
// shared with the TsBlock, no copy) and RowRecord-like rows.
import type { TsBlock, TsBlockColumn } from "../tsblock/columns.js";
import { TSDataType } from "../types.js";
import {
  type CellReader,
  type CellValue,
  cellReader,
  type Float32Mode,
  type Int64Mode,
  type Int64Of,
} from "./cell-values.js";
import type { ResultSchema } from "./result-schema.js";
import { blockRowReader } from "./row-reader.js";

/** A result column over one block: the TsBlock column it maps to (the time column for index -1,
 *  typed TIMESTAMP as Java's getDataType gives it). Several result columns may share one. */
export type ResultColumn = TsBlockColumn & { readonly name: string };

/** What SessionDataSet.next() returns: the row time (0 in the table model) and one field per
 *  result column except a leading "Time". Typed by the int64 mode it was read in (bigint by default). */
export interface RowRecord<M extends Int64Mode = "bigint"> {
  readonly timestamp: Int64Of<M>;
  readonly fields: CellValue[];
}

export interface RowOptions<M extends Int64Mode = Int64Mode> {
  /** "bigint" (default) or "number" for INT64/TIMESTAMP fields and the row timestamp. */
  readonly int64?: M;
  /** "exact" (default) or "shortest" for FLOAT fields (see Float32Mode). */
  readonly float32?: Float32Mode;
}

export class ResultBlock {
  /** The result columns over this block, in columnNames order. */
  readonly columns: readonly ResultColumn[];

  constructor(
    readonly schema: ResultSchema,
    readonly tsBlock: TsBlock,
  ) {
    this.columns = schema.columnNames.map((name, i) => {
      const k = schema.tsBlockColumnOf[i]!;
      const source: TsBlockColumn =
        k === -1 ? { type: TSDataType.TIMESTAMP, values: tsBlock.time, nulls: undefined } : tsBlock.columns[k]!;
      // A literal, not a spread: it builds one object shape at once (bench client query-one-row).
      return { type: source.type, values: source.values, nulls: source.nulls, name } as ResultColumn;
    });
  }

  get rowCount(): number {
    return this.tsBlock.positionCount;
  }

  /** The rows of this block in order, as SessionDataSet.next() gives them. */
  *rows<M extends Int64Mode = "bigint">(options: RowOptions<M> = {}): Generator<RowRecord<M>, void, undefined> {
    const row = this.rowReader(options);
    for (let i = 0; i < this.tsBlock.positionCount; i++) yield row(i);
  }

  /**
   * A reader of this block's rows by position (0 ≤ position < rowCount), each a new RowRecord as
   * rows() gives it; for reading rows without a generator (the client's `for await` does).
   */
  rowReader<M extends Int64Mode = "bigint">(options: RowOptions<M> = {}): (position: number) => RowRecord<M> {
    return blockRowReader(this, options);
  }

  /** A reader of result column `column`'s cells in this block (position → value), each value as
   *  rows() shows it (null for null); for reading one cell at a time without building rows. */
  cellReader(column: number, options: RowOptions = {}): CellReader {
    const c = this.columns[column]!;
    return cellReader(c, options.int64 ?? "bigint", c.name, options.float32);
  }
}
