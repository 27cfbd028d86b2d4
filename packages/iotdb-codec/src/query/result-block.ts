// One TsBlock of a query result seen through the result's columns: a columnar view (typed arrays
// shared with the TsBlock, no copy) and RowRecord-like rows.
import type { TsBlock, TsBlockColumn } from "../tsblock/columns.js";
import { TSDataType } from "../types.js";
import { type CellReader, type CellValue, cellReader, type Int64Mode, int64NumberReader } from "./cell-values.js";
import type { ResultSchema } from "./result-schema.js";

/** A result column over one block: the TsBlock column it maps to (the time column for index -1,
 *  typed TIMESTAMP as Java's getDataType gives it). Several result columns may share one. */
export type ResultColumn = TsBlockColumn & { readonly name: string };

/** What SessionDataSet.next() returns: the row time (0 in the table model) and one field per
 *  result column except a leading "Time". */
export interface RowRecord {
  readonly timestamp: bigint | number;
  readonly fields: CellValue[];
}

export interface RowOptions {
  /** "bigint" (default) or "number" for INT64/TIMESTAMP fields and the row timestamp. */
  readonly int64?: Int64Mode;
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
  *rows(options: RowOptions = {}): Generator<RowRecord, void, undefined> {
    const read = this.fieldReaders(options);
    const time = this.timeReader(options);
    for (let i = 0; i < this.tsBlock.positionCount; i++) {
      const fields: CellValue[] = new Array(read.length);
      for (let f = 0; f < read.length; f++) fields[f] = read[f]!(i);
      yield { timestamp: time(i), fields };
    }
  }

  private fieldReaders(options: RowOptions): CellReader[] {
    const int64 = options.int64 ?? "bigint";
    return this.schema.fieldSource.map((c) => cellReader(this.columns[c]!, int64, this.columns[c]!.name));
  }

  private timeReader(options: RowOptions): (i: number) => bigint | number {
    const time = this.tsBlock.time;
    return options.int64 === "number" ? int64NumberReader(time, "Time") : (i) => time[i]!;
  }
}
