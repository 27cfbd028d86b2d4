// Java's SessionDataSet.DataIterator: a cursor (current block, row position) over a query result,
// read cell by cell by 1-based column index or by column name, straight from the decoded block's
// typed columns; no object is made per row. It reads the data set's block stream (BlockStream),
// so fetching, closing at the end or on a failure, and close() mid-read behave as for `for await`.
// Which getter reads which type follows Java's column classes (getLong reads INT32, getDouble
// reads INT64, getInt truncates INT64 to its low 32 bits, as Java's (int) cast); any other pairing
// is a DataSetError naming the column and its type. A null cell reads as null (Java: 0 / false and
// wasNull). Values match the rows' fields: getObject is exactly the field a RowRecord holds.
// Speed (bench client fetch-5000x10-iterator): a getter is a mask test and one typed-array load;
// nextInBlock() (not in Java) moves within the fetched block without next()'s microtask per row.
import {
  type CellReader,
  type CellValue,
  formatDate,
  type Int64Mode,
  type Int64Of,
  type ResultBlock,
  type ResultSchema,
  type RowOptions,
  shortestFloat32,
  TSDataType,
  type TimestampPrecision,
  typeName,
} from "@zerowire/iotdb-codec";
import { HI_WORD, isSafeInt64Words, LO_WORD } from "@zerowire/writer/seams";
import { DataSetError } from "../errors.js";
import type { BlockStream } from "./block-stream.js";
import { javaBlobText, javaDatetimeText, javaDoubleText, javaFloatText, zoneOffsets } from "./java-text.js";

/** A column by 1-based index (Java's convention; "Time" is 1 when the result has it) or by name. */
export type ColumnRef = number | string;

// Which getters read a column, one bit per getter family.
const BOOLEAN = 1;
const INT = 2;
const LONG = 4;
const FLOAT = 8;
const DOUBLE = 16;
const BYTES = 32;
const DATE = 64;
const ANY = 127;

/** The getters Java's column class for a type answers (the time column answers getLong only). */
function readsOf(type: TSDataType | undefined): number {
  switch (type) {
    case undefined:
      return LONG;
    case TSDataType.BOOLEAN:
      return BOOLEAN;
    case TSDataType.INT32:
      return INT | LONG | FLOAT | DOUBLE;
    case TSDataType.DATE:
      return INT | LONG | FLOAT | DOUBLE | DATE;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return INT | LONG | DOUBLE;
    case TSDataType.FLOAT:
      return FLOAT | DOUBLE;
    case TSDataType.DOUBLE:
      return DOUBLE;
    default:
      return BYTES;
  }
}

const TRUE = Promise.resolve(true);
const FALSE = Promise.resolve(false);

/**
 * How a DataIterator reads: the int64 and float32 modes of rows(), the session's zone and precision for getString of
 * TIMESTAMP cells.
 */
export interface DataIteratorSettings<M extends Int64Mode> {
  read: Required<RowOptions<M>>;
  zoneId: string;
  timestampPrecision: TimestampPrecision;
}

/**
 * Java's SessionDataSet.DataIterator: `while (await it.next()) { it.getLong(2); it.getString("root.sg.d.s") }`.
 * Columns are 1-based indexes or names (a repeated name reads its first column, as Java). Getters
 * return null for a null cell. next() resolves false at the end, by then the query is closed;
 * close() (or the data set's close()) ends the query early.
 */
export class DataIterator<M extends Int64Mode = "bigint"> {
  private block: ResultBlock | undefined;
  // Speed (bench client fetch-5000x10-iterator): a getter takes its column's cursor (one array
  // load), then reads the current block's typed array straight from it, branching on the
  // column's type (fixed by the schema) to a load of one typed-array kind: every load site stays
  // monomorphic. One object per column instead of an array per field: fewer loads and bounds
  // checks per cell, and smaller getters, so more of them are inlined into the caller's loop.
  /** Per column, in result order. */
  private readonly cursors: ColumnCursor[];
  /** The current row in block; -1 before the block's first. */
  private position = -1;
  private rowCount = 0;
  private fetching: Promise<void> | undefined;
  private readonly typeNames: readonly string[];
  private readonly indexByName = new Map<string, number>();
  private readonly columnNames: readonly string[];
  private readonly columnTypes: readonly string[];
  /** The read's int64 mode is "bigint"; its float32 mode is "shortest". */
  private readonly bigints: boolean;
  private readonly shortestFloats: boolean;

  /** @internal Made by SessionDataSet.iterator(). */
  constructor(
    private readonly stream: BlockStream,
    schema: ResultSchema,
    private readonly settings: DataIteratorSettings<M>,
    private readonly closeDataSet: () => Promise<void>,
  ) {
    const types = schema.tsBlockColumnOf.map((k) => (k === -1 ? undefined : schema.tsBlockTypes[k]));
    this.cursors = types.map((type, c) => newCursor(c, type));
    this.typeNames = types.map((t, c) => (t === undefined ? schema.columnTypes[c]! : typeName(t)));
    schema.columnNames.forEach((name, c) => {
      if (!this.indexByName.has(name)) this.indexByName.set(name, c);
    });
    this.columnNames = schema.columnNames;
    this.columnTypes = schema.columnTypes;
    this.bigints = settings.read.int64 === "bigint";
    this.shortestFloats = settings.read.float32 === "shortest";
  }

  /** Moves to the next row: true while there is one; false at the end, when the query has been closed. */
  next(): Promise<boolean> {
    if (this.nextInBlock()) return TRUE;
    if (this.fetching !== undefined) return this.fetching.then(() => this.next());
    if (this.block !== undefined) {
      if (this.stream.interrupted) return this.endEarly();
      this.leaveBlock(); // its last row was read
    }
    if (this.stream.done) return FALSE;
    this.fetching = this.stream.next().then(
      (block) => {
        this.fetching = undefined;
        if (block !== undefined) this.enterBlock(block);
      },
      (error: unknown) => {
        this.fetching = undefined;
        throw error;
      },
    );
    return this.fetching.then(() => this.next());
  }

  /**
   * Moves to the next row without waiting, when it has been fetched already (it is in the current
   * block): true, as next() would resolve; false otherwise, staying on the current row, and then
   * `await next()` goes on (it fetches the next block, or resolves false at the end). An optional
   * companion of next() that saves its wait per row on large results:
   * `while (await it.next()) do { read the row } while (it.nextInBlock());`.
   */
  // Speed (bench client fetch-5000x10-iterator): each `await next()` costs a microtask hop per row.
  nextInBlock(): boolean {
    if (this.position + 1 >= this.rowCount || this.fetching !== undefined || this.stream.interrupted) return false;
    this.position++;
    return true;
  }

  /** Ends the query (closeOperation) without reading the rest. Idempotent. */
  async close(): Promise<void> {
    this.leaveBlock();
    await this.stream.end();
    await this.closeDataSet();
  }

  /** The result's column names, "Time" first when the result has a time column (Java's getColumnNameList). */
  getColumnNameList(): string[] {
    return [...this.columnNames];
  }

  /** The result's type names per column, "INT64" for "Time" (Java's getColumnTypeList). */
  getColumnTypeList(): string[] {
    return [...this.columnTypes];
  }

  /** The 1-based index of the first column named `name`; a DataSetError for a name the result does not have. */
  findColumn(name: string): number {
    return this.columnOf(name) + 1;
  }

  /** Whether the current row's cell is null ("Time" never is). */
  isNull(column: ColumnRef): boolean {
    const nulls = this.at(column, ANY, "isNull").nulls;
    return nulls !== undefined && nulls[this.position] === 1;
  }

  /** A BOOLEAN cell. */
  getBoolean(column: ColumnRef): boolean | null {
    const col = this.at(column, BOOLEAN, "getBoolean");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    return (col.values as Uint8Array)[i] === 1;
  }

  /** An INT32 or DATE (yyyymmdd) cell; INT64 and TIMESTAMP cells cut to their low 32 bits, as Java's (int). */
  getInt(column: ColumnRef): number | null {
    const col = this.at(column, INT, "getInt");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    const kind = col.kind;
    if (kind === TSDataType.INT64 || kind === TSDataType.TIMESTAMP)
      return Number(BigInt.asIntN(32, (col.values as BigInt64Array)[i]!));
    return (col.values as Int32Array)[i]!;
  }

  /** "Time", an INT64 or TIMESTAMP cell (bigint, or number in int64 "number" mode), or an INT32 / DATE cell widened. */
  getLong(column: ColumnRef): Int64Of<M> | null {
    return this.long(this.at(column, LONG, "getLong"));
  }

  /**
   * The same as getLong (Java turns it into a java.sql.Timestamp; here it stays the time in the session's precision).
   */
  getTimestamp(column: ColumnRef): Int64Of<M> | null {
    return this.long(this.at(column, LONG, "getTimestamp"));
  }

  /** A FLOAT cell (in the float32 mode of the read), or an INT32 / DATE cell rounded to float32 as Java's (float). */
  getFloat(column: ColumnRef): number | null {
    const col = this.at(column, FLOAT, "getFloat");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    if (col.kind === TSDataType.FLOAT) {
      const value = (col.values as Float32Array)[i]!;
      return this.shortestFloats ? shortestFloat32(value) : value;
    }
    return Math.fround((col.values as Int32Array)[i]!);
  }

  /** A DOUBLE cell, or a FLOAT (its exact value), INT32, DATE, INT64 or TIMESTAMP cell as a double. */
  getDouble(column: ColumnRef): number | null {
    const col = this.at(column, DOUBLE, "getDouble");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    switch (col.kind) {
      case TSDataType.DOUBLE:
        return (col.values as Float64Array)[i]!;
      case TSDataType.FLOAT:
        return (col.values as Float32Array)[i]!;
      case TSDataType.INT64:
      case TSDataType.TIMESTAMP:
        return Number((col.values as BigInt64Array)[i]!);
      default:
        return (col.values as Int32Array)[i]!;
    }
  }

  /** A BLOB cell's bytes, or a TEXT / STRING cell as UTF-8 bytes (Java's getBlob reads all three). */
  getBlob(column: ColumnRef): Uint8Array | null {
    const col = this.at(column, BYTES, "getBlob");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    if (col.kind === TSDataType.BLOB) return (col.values as Buffer[])[i]!;
    return Buffer.from((col.values as string[])[i]!, "utf8");
  }

  /** A DATE cell as 'YYYY-MM-DD', as rows show it (Java: a LocalDate). */
  getDate(column: ColumnRef): string | null {
    const col = this.at(column, DATE, "getDate");
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    return formatDate((col.values as Int32Array)[i]!);
  }

  /**
   * Any cell as Java's getString writes it (see the README for FLOAT, DOUBLE, TIMESTAMP and BLOB); "Time" as its
   * number.
   */
  getString(column: ColumnRef): string | null {
    const col = this.at(column, ANY, "getString");
    const i = this.position;
    const values = col.values;
    if (col.isTime) return String((values as BigInt64Array)[i]);
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    switch (col.kind) {
      case TSDataType.BOOLEAN:
        return (values as Uint8Array)[i] === 1 ? "true" : "false";
      case TSDataType.INT32:
        return String((values as Int32Array)[i]);
      case TSDataType.DATE:
        return formatDate((values as Int32Array)[i]!);
      case TSDataType.INT64:
        return String((values as BigInt64Array)[i]);
      case TSDataType.TIMESTAMP:
        return javaDatetimeText(
          (values as BigInt64Array)[i]!,
          this.settings.timestampPrecision,
          zoneOffsets(this.settings.zoneId),
        );
      case TSDataType.FLOAT:
        return javaFloatText((values as Float32Array)[i]!);
      case TSDataType.DOUBLE:
        return javaDoubleText((values as Float64Array)[i]!);
      case TSDataType.BLOB:
        return javaBlobText((values as Buffer[])[i]!);
      default:
        return (values as string[])[i]!;
    }
  }

  /** The cell as the RowRecord field (row.timestamp for "Time") that `for await` gives for this row. */
  getObject(column: ColumnRef): CellValue {
    return this.reader(this.at(column, ANY, "getObject"))(this.position);
  }

  private long(col: ColumnCursor): Int64Of<M> | null {
    const i = this.position;
    const nulls = col.nulls;
    if (nulls !== undefined && nulls[i] === 1) return null;
    const kind = col.kind;
    if (kind === TSDataType.INT32 || kind === TSDataType.DATE) {
      const value = (col.values as Int32Array)[i]!;
      return (this.bigints ? BigInt(value) : value) as Int64Of<M>;
    }
    if (this.bigints) return (col.values as BigInt64Array)[i]! as Int64Of<M>;
    // INT64, TIMESTAMP or "Time" in int64 "number" mode: read as two int32 words, no bigint made
    // (bench client fetch-5000x10-iterator); beyond 2^53 the rows' reader throws its RangeError.
    const words = (col.words ??= int64Words(col.values as BigInt64Array));
    const hi = words[2 * i + HI_WORD]!;
    const lo = words[2 * i + LO_WORD]! >>> 0;
    return (isSafeInt64Words(hi, lo) ? hi * 4294967296 + lo : this.reader(col)(i)) as Int64Of<M>;
  }

  /** The cursor of the column a reference names, checked to be one `getter` reads and read on a current row. */
  private at(column: ColumnRef, reads: number, getter: string): ColumnCursor {
    const c = typeof column === "number" ? column - 1 : this.columnOf(column);
    const col = this.cursors[c];
    // Two tests (bench client fetch-5000x10-iterator) for a bad index (out of range, fractional,
    // NaN: no cursor), a wrong type and no current row (a cursor's reads are 0 then).
    if (col === undefined || (col.reads & reads) === 0) this.refuse(column, c, reads, getter);
    return col;
  }

  /** The error for a reference at() refused: a bad index, then a wrong type, then no current row. */
  private refuse(column: ColumnRef, c: number, reads: number, getter: string): never {
    if (typeof column === "number") this.columnAtIndex(column);
    if ((this.cursors[c]!.typeReads & reads) === 0) {
      throw new DataSetError(
        `${getter}: column ${JSON.stringify(this.columnNames[c])} (index ${c + 1}) is ${this.cursors[c]!.isTime ? "the time column" : this.typeNames[c]}, which ${getter} does not read`,
      );
    }
    throw new DataSetError(`${getter}: there is no current row; call next() and read while it resolves true`);
  }

  private columnAtIndex(index: number): number {
    if (Number.isInteger(index) && index >= 1 && index <= this.columnNames.length) return index - 1;
    throw new DataSetError(
      `column index ${index} is out of range: columns are numbered 1 to ${this.columnNames.length}, as in Java`,
    );
  }

  private columnOf(name: string): number {
    const c = this.indexByName.get(name);
    if (c === undefined)
      throw new DataSetError(
        `no column named ${JSON.stringify(name)}; the columns are ${JSON.stringify(this.columnNames)}`,
      );
    return c;
  }

  private reader(col: ColumnCursor): CellReader {
    return (col.reader ??= this.block!.cellReader(col.index, this.settings.read));
  }

  private enterBlock(block: ResultBlock): void {
    this.block = block;
    this.cursors.forEach((col, c) => {
      const column = block.columns[c]!;
      col.reads = col.typeReads;
      col.values = column.values;
      col.nulls = column.nulls;
    });
    this.rowCount = block.rowCount;
    this.position = -1;
  }

  private leaveBlock(): void {
    this.block = undefined;
    for (const col of this.cursors) {
      col.reads = 0;
      col.values = NO_VALUES;
      col.nulls = undefined;
      col.words = undefined;
      col.reader = undefined;
    }
    this.rowCount = 0;
    this.position = -1;
  }

  private endEarly(): Promise<boolean> {
    this.leaveBlock();
    return this.stream.stop().then(() => false);
  }
}

/** One column's state over the current block; between blocks nothing reads it and it holds nothing. */
interface ColumnCursor {
  /** Its 0-based index in the result. */
  readonly index: number;
  /** The getters that read its type (readsOf). */
  readonly typeReads: number;
  /** `typeReads` while on a row of a block; 0 (nothing reads) otherwise. */
  reads: number;
  /** Its TSDataType, TIMESTAMP for "Time". */
  readonly kind: TSDataType;
  readonly isTime: boolean;
  /** The current block's values: a typed array, or string[] / Buffer[]. */
  values: ArrayLike<unknown>;
  /** The current block's null flags, undefined when none is null. */
  nulls: Uint8Array | undefined;
  /** In int64 "number" mode: the current block's INT64 / TIMESTAMP values as int32 words, made on first use. */
  words: Int32Array | undefined;
  /** The current block's cell reader, made on first use (getObject, int64 "number", float32 "shortest"). */
  reader: CellReader | undefined;
}

const NO_VALUES: ArrayLike<unknown> = [];

/**
 * Column `index`'s cursor (type undefined: "Time") between blocks; every field is set here, so all cursors share one
 * shape.
 */
function newCursor(index: number, type: TSDataType | undefined): ColumnCursor {
  return {
    index,
    typeReads: readsOf(type),
    reads: 0,
    kind: type ?? TSDataType.TIMESTAMP,
    isTime: type === undefined,
    values: NO_VALUES,
    nulls: undefined,
    words: undefined,
    reader: undefined,
  };
}

/** An int64 column's values as int32 words (HI_WORD, LO_WORD per value), sharing its memory. */
function int64Words(values: BigInt64Array): Int32Array {
  return new Int32Array(values.buffer, values.byteOffset, values.length * 2);
}
