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
    const rows = new RowBuilder<M>(this, options);
    return (i) => rows.row(i);
  }

  /** A reader of result column `column`'s cells in this block (position → value), each value as
   *  rows() shows it (null for null); for reading one cell at a time without building rows. */
  cellReader(column: number, options: RowOptions = {}): CellReader {
    const c = this.columns[column]!;
    return cellReader(c, options.int64 ?? "bigint", c.name, options.float32);
  }
}

/** The time of each row (row.timestamp) as the int64 mode shows it. */
function timeReader(time: BigInt64Array, options: RowOptions): (i: number) => bigint | number {
  return options.int64 === "number" ? int64NumberReader(time, "Time") : (i) => time[i]!;
}

// How RowBuilder reads a field: a typed-array (or JS array) load of one kind, or READER: the
// column's cellReader (DATE, FLOAT "shortest", INT64/TIMESTAMP "number": values made per cell).
const LOAD_BOOLEAN = 0;
const LOAD_INT32 = 1;
const LOAD_INT64 = 2;
const LOAD_FLOAT = 3;
const LOAD_DOUBLE = 4;
const LOAD_ARRAY = 5;
const READER = 6;

function loadOf(type: TSDataType, options: RowOptions): number {
  switch (type) {
    case TSDataType.BOOLEAN:
      return LOAD_BOOLEAN;
    case TSDataType.INT32:
      return LOAD_INT32;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return options.int64 === "number" ? READER : LOAD_INT64;
    case TSDataType.FLOAT:
      return options.float32 === "shortest" ? READER : LOAD_FLOAT;
    case TSDataType.DOUBLE:
      return LOAD_DOUBLE;
    case TSDataType.TEXT:
    case TSDataType.STRING:
    case TSDataType.BLOB:
      return LOAD_ARRAY;
    default:
      return READER;
  }
}

/**
 * Builds the rows of one block, row i on demand, each field as its column's cellReader gives it.
 * Speed (bench client fetch-5000x10): the field loop switches on the field's load kind, so each
 * load site sees one array kind; a cellReader closure per field made one megamorphic call site and
 * load. Each row's fields array is a copy of a template of nulls, whose elements kind (PACKED_ELEMENTS)
 * takes any value; an array from new Array(n) changed elements kind on its first double and again on
 * its first bigint or string, in every row.
 */
class RowBuilder<M extends Int64Mode> {
  private readonly loads: Uint8Array;
  private readonly values: ArrayLike<unknown>[] = [];
  private readonly nulls: (Uint8Array | undefined)[] = [];
  /** Per field: its cellReader where the load is READER. */
  private readonly readers: (CellReader | undefined)[] = [];
  private readonly template: CellValue[] = [];
  private readonly time: (i: number) => Int64Of<M>;

  constructor(block: ResultBlock, options: RowOptions<M>) {
    const fields = block.schema.fieldSource;
    this.loads = new Uint8Array(fields.length);
    fields.forEach((c, f) => {
      const column = block.columns[c]!;
      const load = loadOf(column.type, options);
      this.loads[f] = load;
      this.values.push(column.values);
      this.nulls.push(column.nulls);
      this.readers.push(load === READER ? block.cellReader(c, options) : undefined);
      this.template.push(null);
    });
    this.time = timeReader(block.tsBlock.time, options) as (i: number) => Int64Of<M>;
  }

  row(i: number): RowRecord<M> {
    const fields = this.template.slice();
    const { loads, values, nulls } = this;
    for (let f = 0; f < fields.length; f++) {
      const load = loads[f]!;
      if (load === READER) {
        fields[f] = this.readers[f]!(i);
        continue;
      }
      if (nulls[f]?.[i] === 1) continue; // the template's null
      const v = values[f];
      switch (load) {
        case LOAD_BOOLEAN:
          fields[f] = (v as Uint8Array)[i] === 1;
          break;
        case LOAD_INT32:
          fields[f] = (v as Int32Array)[i]!;
          break;
        case LOAD_INT64:
          fields[f] = (v as BigInt64Array)[i]!;
          break;
        case LOAD_FLOAT:
          fields[f] = (v as Float32Array)[i]!;
          break;
        case LOAD_DOUBLE:
          fields[f] = (v as Float64Array)[i]!;
          break;
        default:
          fields[f] = (v as ArrayLike<CellValue>)[i]!;
      }
    }
    return { timestamp: this.time(i), fields };
  }
}
