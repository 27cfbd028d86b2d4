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
  int64NumberReader,
} from "./cell-values.js";
import type { ResultSchema } from "./result-schema.js";

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
      return { ...source, name } as ResultColumn;
    });
  }

  get rowCount(): number {
    return this.tsBlock.positionCount;
  }

  /** The rows of this block in order, as SessionDataSet.next() gives them. */
  *rows<M extends Int64Mode = "bigint">(options: RowOptions<M> = {}): Generator<RowRecord<M>, void, undefined> {
    const read = this.fieldReaders(options);
    const time = this.timeReader(options) as (i: number) => Int64Of<M>;
    for (let i = 0; i < this.tsBlock.positionCount; i++) {
      const fields: CellValue[] = new Array(read.length);
      for (let f = 0; f < read.length; f++) fields[f] = read[f]!(i);
      yield { timestamp: time(i), fields };
    }
  }

  /** A reader of result column `column`'s cells in this block (position → value), each value as
   *  rows() shows it (null for null); for reading one cell at a time without building rows. */
  cellReader(column: number, options: RowOptions = {}): CellReader {
    const c = this.columns[column]!;
    return cellReader(c, options.int64 ?? "bigint", c.name, options.float32);
  }

  private fieldReaders(options: RowOptions): CellReader[] {
    return this.schema.fieldSource.map((c) => this.cellReader(c, options));
  }

  private timeReader(options: RowOptions): (i: number) => bigint | number {
    const time = this.tsBlock.time;
    return options.int64 === "number" ? int64NumberReader(time, "Time") : (i) => time[i]!;
  }
}
