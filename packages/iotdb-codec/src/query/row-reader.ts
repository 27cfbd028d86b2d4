// A result block's rows by position (ResultBlock.rowReader, rows()): each a new RowRecord, its
// fields as the columns' cellReaders give them.
//
// Speed (bench client fetch-5000x10): a block of COMPILE_AFTER_ROWS rows or more is read by a row
// function compiled once per list of field loads and int64 mode (generated-code.ts): one
// expression per field, in an array literal, each loading from its own column array; about half
// the cost of the loop below, which loads and dispatches on each field's kind in every row. A
// smaller block (a query of one row) is read by the loop: it never pays a compile nor the key's
// making and look-up (bench client query-one-row). So is every block where no code can be
// generated (see generated-code.ts for that policy and the cache's bound).
import { GeneratedCode } from "../generated-code.js";
import { TSDataType } from "../types.js";
import { type CellReader, type CellValue, type Int64Mode, type Int64Of, int64NumberReader } from "./cell-values.js";
import type { ResultBlock, RowOptions, RowRecord } from "./result-block.js";

/** A block with this many rows or more is read by a compiled row function (compiled if not cached). */
const COMPILE_AFTER_ROWS = 16;

// How a field is read: a typed-array (or JS array) load of one kind, or READER: the column's
// cellReader (DATE, FLOAT "shortest", INT64/TIMESTAMP "number": values made per cell).
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

/** One block's fields as a row reads them: per field its load, column values, null flags and (READER) cellReader. */
interface BlockFields {
  readonly loads: Uint8Array;
  readonly values: readonly ArrayLike<unknown>[];
  readonly nulls: readonly (Uint8Array | undefined)[];
  readonly readers: readonly (CellReader | undefined)[];
  /** The row times: the BigInt64Array (int64 "bigint"), or a reader of them as numbers. */
  readonly time: BigInt64Array | ((i: number) => number);
}

type RowFunction = (i: number) => RowRecord<Int64Mode>;
/** Generated: binds one block's fields to a row function. */
type RowFactory = (fields: BlockFields) => RowFunction;

/** Row factories by list of loads and int64 mode, at most 64; then blocks of new lists are read by the loop. */
const rowFactories = new GeneratedCode<RowFactory>(64);

/** A reader of `block`'s rows by position (0 ≤ position < rowCount). */
export function blockRowReader<M extends Int64Mode>(
  block: ResultBlock,
  options: RowOptions<M>,
): (i: number) => RowRecord<M> {
  const fields = blockFields(block, options);
  if (block.rowCount >= COMPILE_AFTER_ROWS) {
    const key = rowKey(fields.loads, options);
    const factory = rowFactories.compile(
      key,
      () => rowFactorySource(fields),
      (returned) => returned as RowFactory,
    );
    if (factory !== undefined) return factory(fields) as (i: number) => RowRecord<M>;
  }
  const rows = new RowLoop<M>(fields);
  return (i) => rows.row(i);
}

/** The key of a compiled row function: the int64 mode's initial, then a digit per field's load. */
function rowKey(loads: Uint8Array, options: RowOptions): string {
  let key = options.int64 === "number" ? "n" : "b";
  for (const load of loads) key += String.fromCharCode(48 + load);
  return key;
}

// Made per block, so for a one-row query too (bench client query-one-row): one pass over the fields.
function blockFields(block: ResultBlock, options: RowOptions): BlockFields {
  const sources = block.schema.fieldSource;
  const loads = new Uint8Array(sources.length);
  const values: ArrayLike<unknown>[] = [];
  const nulls: (Uint8Array | undefined)[] = [];
  const readers: (CellReader | undefined)[] = [];
  for (let f = 0; f < sources.length; f++) {
    const c = sources[f]!;
    const column = block.columns[c]!;
    const load = loadOf(column.type, options);
    loads[f] = load;
    values.push(column.values);
    nulls.push(column.nulls);
    readers.push(load === READER ? block.cellReader(c, options) : undefined);
  }
  const times = block.tsBlock.time;
  const time = options.int64 === "number" ? int64NumberReader(times, "Time") : times;
  return { loads, values, nulls, readers, time };
}

/**
 * The source of a row factory: it takes one block's fields into constants (v<f> values, n<f> null
 * flags, r<f> cellReader) and returns `(i) => ({ timestamp, fields: [...] })`, a field per
 * expression: null where flagged, else its load. Only indexes and fixed text.
 */
function rowFactorySource({ loads, time }: BlockFields): string {
  const constants: string[] = [];
  const expressions = Array.from(loads, (load, f) => {
    if (load === READER) {
      constants.push(`r${f} = fields.readers[${f}]`);
      return `r${f}(i)`;
    }
    constants.push(`v${f} = fields.values[${f}]`, `n${f} = fields.nulls[${f}]`);
    return `n${f} !== undefined && n${f}[i] === 1 ? null : ${load === LOAD_BOOLEAN ? `v${f}[i] === 1` : `v${f}[i]`}`;
  });
  constants.push("time = fields.time");
  const timestamp = typeof time === "function" ? "time(i)" : "time[i]";
  return `"use strict";
return function bindRows(fields) {
  const ${constants.join(",\n    ")};
  return function row(i) {
    return {
      timestamp: ${timestamp},
      fields: [${expressions.join(", ")}],
    };
  };
};`;
}

/**
 * The rows of a block with a loop over its fields, for blocks no compiled row function reads.
 * Speed (bench client fetch-5000x10, before the compiled rows): the field loop switches on the
 * field's load kind, so each load site sees one array kind; a cellReader closure per field made
 * one megamorphic call site and load. Each row's fields array is a copy of a template of nulls,
 * whose elements kind (PACKED_ELEMENTS) takes any value; an array from new Array(n) changed
 * elements kind on its first double and again on its first bigint or string, in every row.
 */
class RowLoop<M extends Int64Mode> {
  private readonly template: CellValue[];
  private readonly time: (i: number) => Int64Of<M>;

  constructor(private readonly fields: BlockFields) {
    this.template = [];
    for (let f = 0; f < fields.loads.length; f++) this.template.push(null);
    const time = fields.time;
    this.time = (typeof time === "function" ? time : (i: number) => time[i]!) as (i: number) => Int64Of<M>;
  }

  row(i: number): RowRecord<M> {
    const fields = this.template.slice();
    const { loads, values, nulls, readers } = this.fields;
    for (let f = 0; f < fields.length; f++) {
      const load = loads[f]!;
      if (load === READER) {
        fields[f] = readers[f]!(i);
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
