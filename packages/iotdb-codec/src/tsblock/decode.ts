// TsBlockSerde.deserialize, columnar: header, time column, value columns (docs/iotdb-wire-format.md §6.2).
//
// Policies for bad input (every one a DecodeError naming the column and the byte offset):
// - unknown type or encoding byte, an encoding that cannot hold the column's type, a logical
//   type that does not fit the physical one;
// - negative counts or lengths, counts the remaining bytes cannot hold (checked before
//   allocating), more RLE-expanded values than `maxCells` (see limits.ts);
// - dictionary ids out of range, or an id count other than the position count;
// - RLE/DICTIONARY nested more than MAX_ENCODING_NESTING deep;
// - trailing bytes after the last column (one TsBlock is one queryResult element, exactly).
// A null in the time column reads as 0, as it does in Java.
import { ReadError, Reader } from "@zerowire/writer";
import { DecodeError } from "../errors.js";
import type { TSDataType } from "../types.js";
import { readBinaryColumn } from "./binary-column.js";
import type { TsBlock, TsBlockColumn } from "./columns.js";
import { ColumnEncoding, encodingName, isColumnEncoding } from "./encoding.js";
import { type FixedRepresentation, readFixedColumn } from "./fixed-column.js";
import { CellBudget, DEFAULT_MAX_CELLS, leastColumnBytes } from "./limits.js";
import { fitsPhysical, isPhysicalType, representationOf, representationWidth, typeLabel } from "./representation.js";
import type { TsBlockArena } from "./arena.js";
import { Slab, SlabLayout } from "./slab.js";

export interface TsBlockDecodeOptions {
  /** Logical type per value column (the query's dataTypeList, mapped to TsBlock columns). A
   *  missing or undefined entry keeps the physical type, so TEXT stays strings unless typed BLOB. */
  readonly types?: readonly (TSDataType | undefined)[];
  /** Column names for error messages (default "value column <k>"). */
  readonly names?: readonly (string | undefined)[];
  /** Most positions of RLE content (values not backed by input bytes) one TsBlock may expand to
   *  (default DEFAULT_MAX_CELLS, 2^20); guards against forged counts. Content backed by bytes is
   *  bounded by the input's length instead. */
  readonly maxCells?: number;
  /** Decode the fixed-width columns into this arena's memory instead of a new allocation; the
   *  block then owns the arena until `arena.release()` (see TsBlockArena). */
  readonly arena?: TsBlockArena;
}

export const TIME_COLUMN_NAME = "time";

export function decodeTsBlock(bytes: Uint8Array, options: TsBlockDecodeOptions = {}): TsBlock {
  const r = new Reader(bytes);
  let column: string | undefined;
  try {
    const header = readHeader(r, options);
    const { positionCount, physical, encodings } = header;
    const n = physical.length;
    const names = (k: number) => options.names?.[k] ?? `value column ${k}`;

    const logical = new Array<TSDataType>(n);
    const layout = new SlabLayout();
    layout.add(positionCount, 8);
    for (let k = 0; k < n; k++) {
      const physicalType = physical[k] as TSDataType; // checked by readHeader
      const type = options.types?.[k] ?? physicalType;
      if (!fitsPhysical(type, physicalType)) {
        column = names(k);
        throw new DecodeError(
          `result type ${typeLabel(type)} cannot be read from a ${typeLabel(physicalType)} column`,
          header.typesAt + k,
        );
      }
      logical[k] = type;
      const width = representationWidth(representationOf(type)!);
      if (width > 0) layout.add(positionCount, width);
    }

    // Before allocating: every column but an RLE one needs bytes for each position; RLE columns
    // are charged to the budget (see limits.ts).
    const least = leastBodyBytes(encodings, positionCount);
    if (least > r.remaining) {
      throw new DecodeError(
        `${positionCount} positions need at least ${least} bytes of column bodies, ${r.remaining} follow`,
        header.positionCountAt,
      );
    }
    const budget = new CellBudget(options.maxCells ?? DEFAULT_MAX_CELLS);
    const rleColumns = countRle(encodings);
    if (rleColumns > 0) {
      budget.charge(
        rleColumns * positionCount,
        header.positionCountAt,
        `${positionCount} positions × ${rleColumns} RLE columns`,
      );
    }
    const slab = options.arena === undefined ? new Slab(layout) : new Slab(layout, options.arena.take(layout.size));

    column = TIME_COLUMN_NAME;
    const timeAt = slab.take(positionCount, 8);
    readFixedColumn(r, encodings[0]!, "i64", positionCount, slab, timeAt, budget, 0);
    const time = new BigInt64Array(slab.bytes.buffer, timeAt, positionCount);

    const columns: TsBlockColumn[] = [];
    for (let k = 0; k < n; k++) {
      column = names(k);
      columns.push(readColumn(r, logical[k]!, encodings[k + 1]!, positionCount, slab, budget));
    }
    column = undefined;
    slab.toHostOrder();
    if (r.remaining > 0) throw new DecodeError(`${r.remaining} bytes after the last column`, r.pos);
    options.arena?.own();
    return { positionCount, time, columns };
  } catch (err) {
    throw toDecodeError(err, column);
  }
}

interface Header {
  physical: Uint8Array;
  typesAt: number;
  positionCount: number;
  positionCountAt: number;
  encodings: Uint8Array;
}

function readHeader(r: Reader, options: TsBlockDecodeOptions): Header {
  const n = r.i32be("value column count");
  // Each value column takes at least a type byte, an encoding byte and a 1-byte body.
  if (n < 0 || n * 3 > r.remaining) {
    throw new DecodeError(`value column count ${n} does not fit the ${r.remaining} bytes that follow`, 0);
  }
  if (options.types !== undefined && options.types.length > n) {
    throw new DecodeError(`the result reads ${options.types.length} value columns, the TsBlock has ${n}`, 0);
  }
  const typesAt = r.pos;
  const physical = r.bytes(n, "value column types");
  for (let k = 0; k < n; k++) {
    if (!isPhysicalType(physical[k]!)) {
      const name = options.names?.[k] ?? `value column ${k}`;
      throw columnError(`${typeLabel(physical[k]!)} is not a TsBlock column type`, typesAt + k, name);
    }
  }
  const positionCountAt = r.pos;
  const positionCount = r.i32be("position count");
  if (positionCount < 0) throw new DecodeError(`negative position count ${positionCount}`, positionCountAt);
  const encodingsAt = r.pos;
  const encodings = r.bytes(n + 1, "column encodings");
  for (let k = 0; k <= n; k++) {
    if (!isColumnEncoding(encodings[k]!)) {
      const name = k === 0 ? TIME_COLUMN_NAME : (options.names?.[k - 1] ?? `value column ${k - 1}`);
      throw columnError(`unknown ${encodingName(encodings[k]!)}`, encodingsAt + k, name);
    }
  }
  return { physical, typesAt, positionCount, positionCountAt, encodings };
}

/** The fewest body bytes the columns can take for `count` positions; checked before allocating
 *  so a forged position count fails unless every column is RLE (then maxCells bounds it). */
function leastBodyBytes(encodings: Uint8Array, count: number): number {
  let total = 0;
  for (const encoding of encodings) total += leastColumnBytes(encoding, count);
  return total;
}

function countRle(encodings: Uint8Array): number {
  let n = 0;
  for (const encoding of encodings) if (encoding === ColumnEncoding.RLE) n++;
  return n;
}

function readColumn(
  r: Reader,
  type: TSDataType,
  encoding: number,
  count: number,
  slab: Slab,
  budget: CellBudget,
): TsBlockColumn {
  const rep = representationOf(type)!;
  if (rep === "text" || rep === "bytes") {
    const { values, mask } = readBinaryColumn(r, encoding, rep === "text", count, budget, 0);
    return { type, values, nulls: mask } as TsBlockColumn;
  }
  const at = slab.take(count, representationWidth(rep));
  const nulls = readFixedColumn(r, encoding, rep as FixedRepresentation, count, slab, at, budget, 0);
  return { type, values: typedView(rep, slab.bytes.buffer, at, count), nulls } as TsBlockColumn;
}

function typedView(rep: FixedRepresentation, buffer: ArrayBufferLike, at: number, count: number) {
  switch (rep) {
    case "bool":
      return new Uint8Array(buffer, at, count);
    case "i32":
      return new Int32Array(buffer, at, count);
    case "i64":
      return new BigInt64Array(buffer, at, count);
    case "f32":
      return new Float32Array(buffer, at, count);
    case "f64":
      return new Float64Array(buffer, at, count);
  }
}

function columnError(message: string, offset: number, column: string | undefined): DecodeError {
  const where = column === undefined ? "TsBlock" : `TsBlock column ${JSON.stringify(column)}`;
  return new DecodeError(`${where}: ${message}`, offset, column);
}

/** A ReadError from the Reader, or a DecodeError from a column reader, as a DecodeError that
 *  names the column (the original is its `cause`). */
function toDecodeError(err: unknown, column: string | undefined): unknown {
  if (!(err instanceof ReadError || (err instanceof DecodeError && err.column === undefined))) return err;
  const out = columnError(err.message, err.offset, column);
  Object.defineProperty(out, "cause", { value: err, enumerable: false, writable: true, configurable: true });
  return out;
}
