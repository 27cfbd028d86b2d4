// Row-by-row tablet input (like the Java Tablet's addTimestamp/addValue) for callers who have
// records. Every column with a typed form is kept in a growing typed array (INT64/TIMESTAMP in a
// BigInt64Array), so build() hands out typed columns and the encoder takes its bulk paths.
// Each cell is checked and stored in one pass; a bad cell undoes the row, so a refused row
// leaves the builder as it was. (Bench tablet-b-rows: checking a row whole before storing it,
// and INT64 kept as given, cost ~2x this per cell.)
import { cellProblem, dateValue } from "./cells.js";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { int64Problem, storeInt64 } from "./int64.js";
import type { BitmapSectionMode, Cell, ColumnValues, NullMask, Tablet, TabletSchema } from "./tablet.js";
import { resolveSchema } from "./tablet-schema.js";
import { TSDataType, type SendableType } from "./types.js";

type NumericStore = Uint8Array | Int32Array | Float32Array | Float64Array | BigInt64Array;
type Store = NumericStore | Cell[];

export interface TabletBuilderOptions {
  /** Rows to allocate room for up front (default 64; storage doubles as needed). */
  initialCapacity?: number;
  bitmapSection?: BitmapSectionMode;
}

/** Bytes per value of the typed store of a type; 0 for the plain-array stores (TEXT, STRING, BLOB). */
function storeWidth(type: SendableType): number {
  switch (type) {
    case TSDataType.BOOLEAN:
      return 1;
    case TSDataType.INT32:
    case TSDataType.DATE:
    case TSDataType.FLOAT:
      return 4;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
    case TSDataType.DOUBLE:
      return 8;
    default:
      return 0;
  }
}

/** Bytes the typed stores of `capacity` rows take (each rounded up to 8). */
function storesSize(types: readonly SendableType[], capacity: number): number {
  let size = 0;
  for (const type of types) size += (storeWidth(type) * capacity + 7) & ~7;
  return size;
}

/**
 * A store per column for `capacity` rows, the typed ones all views of `memory` from byte `start`
 * on (each at an 8-byte-aligned offset). Not zeroed: every row stores a value in every column (0
 * for a null) before it counts, and only counted rows are ever read.
 */
function newStores(types: readonly SendableType[], capacity: number, memory: ArrayBuffer, start: number): Store[] {
  let at = start;
  return types.map((type) => {
    const store = typedStore(type, memory, at, capacity);
    at += (storeWidth(type) * capacity + 7) & ~7;
    return store;
  });
}

/**
 * Stores are carved from slabs of at least this many bytes: an ArrayBuffer is an allocation of
 * its own (~0.5-1.8 µs, more than 50 rows cost), zeroing costs more than the rows will (bench
 * tablet-b-rows: 50 columns of 500 rows), and a writer resets a builder per target per batch,
 * often after a few dozen rows (bench ingest-write-cost: 100 devices, ~50 rows per tablet). A
 * slab lives while a tablet built from it does: at most this much beyond the stores themselves.
 */
const SLAB_BYTES = 32 * 1024;

/** The indexes of the columns whose type passes `test`, in schema order. */
function columnsWhere(types: readonly SendableType[], test: (type: SendableType) => boolean): Int32Array {
  const columns: number[] = [];
  for (let c = 0; c < types.length; c++) if (test(types[c]!)) columns.push(c);
  return Int32Array.from(columns);
}

/** The types whose cells storeByKind stores in a loop of their own, per loop; the rest go through store(). */
const LOOP_TYPES = {
  doubles: [TSDataType.DOUBLE],
  floats: [TSDataType.FLOAT],
  int32s: [TSDataType.INT32],
  int64s: [TSDataType.INT64, TSDataType.TIMESTAMP],
  booleans: [TSDataType.BOOLEAN],
  texts: [TSDataType.TEXT, TSDataType.STRING],
} as const;
const OWN_LOOP_TYPES: ReadonlySet<number> = new Set(Object.values(LOOP_TYPES).flat());

function typedStore(type: SendableType, memory: ArrayBuffer, at: number, capacity: number): Store {
  switch (type) {
    case TSDataType.BOOLEAN:
      return new Uint8Array(memory, at, capacity);
    case TSDataType.INT32:
    case TSDataType.DATE:
      return new Int32Array(memory, at, capacity);
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return new BigInt64Array(memory, at, capacity);
    case TSDataType.FLOAT:
      return new Float32Array(memory, at, capacity);
    case TSDataType.DOUBLE:
      return new Float64Array(memory, at, capacity);
    default:
      return []; // TEXT, STRING, BLOB
  }
}

/** The int32 words of an INT64 store (numbers are stored through them), else undefined. */
function wordsOf(store: Store): Int32Array | undefined {
  return store instanceof BigInt64Array ? new Int32Array(store.buffer, store.byteOffset, store.length * 2) : undefined;
}

export class TabletBuilder {
  private readonly types: SendableType[];
  private readonly names: string[];
  private readonly bitmapSection: BitmapSectionMode;
  private capacity: number;
  private count = 0;
  private times: (number | bigint | Date)[] = [];
  private stores: Store[];
  private words: (Int32Array | undefined)[];
  /** Per kind of column: its columns, in schema order (the fast row path stores each kind in a loop of its own). */
  private readonly doubles: Int32Array;
  private readonly floats: Int32Array;
  private readonly int32s: Int32Array;
  /** INT64 and TIMESTAMP columns. */
  private readonly int64s: Int32Array;
  private readonly booleans: Int32Array;
  /** TEXT and STRING columns (their stores are plain arrays). */
  private readonly texts: Int32Array;
  private readonly others: Int32Array;
  /** Per column of `doubles` / `floats` / `int32s` / `int64s` / `booleans`: where its store starts
   *  in `f64` / `f32` / `i32` / `i64` / `u8` (elements). */
  private doubleAt: Int32Array;
  private floatAt: Int32Array;
  private int32At: Int32Array;
  private int64At: Int32Array;
  private booleanAt: Int32Array;
  /** The memory the typed stores are carved from, the bytes of it taken, and where the current stores start. */
  private slab = new ArrayBuffer(0);
  private slabUsed = 0;
  /** Where the current stores start in the slab, in 8-byte and 4-byte elements. */
  private base8 = 0;
  private base4 = 0;
  /** Views of the whole slab. */
  private f64 = new Float64Array(0);
  private f32 = new Float32Array(0);
  private i32 = new Int32Array(0);
  private i64 = new BigInt64Array(0);
  private u8 = new Uint8Array(0);
  /** Per column: null flags, allocated at the column's first null. */
  private readonly masks: (Uint8Array | undefined)[];

  constructor(
    readonly schema: TabletSchema,
    options: TabletBuilderOptions = {},
  ) {
    const columns = resolveSchema(schema).columns;
    this.types = columns.map((c) => c.type);
    this.names = columns.map((c) => c.name);
    this.bitmapSection = options.bitmapSection ?? "api";
    this.capacity = Math.max(1, options.initialCapacity ?? 64);
    this.stores = this.allocate(this.capacity);
    this.words = this.stores.map(wordsOf);
    this.masks = this.types.map(() => undefined);
    // A plain loop: flatMap's array per column was ~9% of building tablet-b-rows' 500 rows.
    const kind = (wanted: readonly number[]) => columnsWhere(this.types, (t) => wanted.includes(t));
    this.doubles = kind(LOOP_TYPES.doubles);
    this.floats = kind(LOOP_TYPES.floats);
    this.int32s = kind(LOOP_TYPES.int32s);
    this.int64s = kind(LOOP_TYPES.int64s);
    this.booleans = kind(LOOP_TYPES.booleans);
    this.texts = kind(LOOP_TYPES.texts);
    this.others = columnsWhere(this.types, (t) => !OWN_LOOP_TYPES.has(t));
    this.doubleAt = this.floatAt = this.int32At = this.int64At = this.booleanAt = new Int32Array(0);
    this.bindOffsets();
  }

  /** Stores for `capacity` rows, from the slab (a new slab when it has no room left). */
  private allocate(capacity: number): Store[] {
    const size = storesSize(this.types, capacity);
    if (this.slab.byteLength - this.slabUsed < size) {
      const bytes = Math.max(size, SLAB_BYTES);
      this.slab = Buffer.allocUnsafeSlow(bytes).buffer as ArrayBuffer;
      this.slabUsed = 0;
      this.f64 = new Float64Array(this.slab, 0, bytes >> 3);
      this.f32 = new Float32Array(this.slab, 0, bytes >> 2);
      this.i32 = new Int32Array(this.slab, 0, bytes >> 2);
      this.i64 = new BigInt64Array(this.slab, 0, bytes >> 3);
      this.u8 = new Uint8Array(this.slab, 0, bytes);
    }
    const start = this.slabUsed;
    this.slabUsed += size;
    this.base8 = start >> 3;
    this.base4 = start >> 2;
    return newStores(this.types, capacity, this.slab, start);
  }

  /** The per-kind offsets of the stores from their start (they change with the capacity only). */
  private bindOffsets(): void {
    const start = this.base8 * 8;
    const at = (columns: Int32Array, width: number) =>
      columns.map((c) => ((this.stores[c] as NumericStore).byteOffset - start) / width);
    this.doubleAt = at(this.doubles, 8);
    this.floatAt = at(this.floats, 4);
    this.int32At = at(this.int32s, 4);
    this.int64At = at(this.int64s, 8);
    this.booleanAt = at(this.booleans, 1);
  }

  get rowCount(): number {
    return this.count;
  }

  /**
   * Adds one row: a time and one value per schema column (null or undefined = null cell). A Date
   * time is kept as given and converted when the tablet is sent, by the session's precision.
   */
  addRow(time: bigint | number | Date, values: readonly Cell[]): this {
    const row = this.count;
    const n = this.types.length;
    // A safe-integer number time (the common case) is taken before the Date and bigint checks (bench
    // ingest-write-cost).
    const timeProblem =
      typeof time === "number" && Number.isSafeInteger(time)
        ? undefined
        : time instanceof Date
          ? Number.isNaN(time.getTime())
            ? "an invalid Date"
            : undefined
          : int64Problem(time);
    if (timeProblem !== undefined) throw new EncodeError(`row ${row}: time: ${timeProblem}`, undefined, row);
    if (!Array.isArray(values) || values.length !== n) {
      throw new EncodeError(
        `row ${row}: expected ${n} value(s) (one per column), got ${Array.isArray(values) ? values.length : describeValue(values)}`,
        undefined,
        row,
      );
    }
    if (row === this.capacity) this.grow();
    if (!this.storeByKind(row, values)) this.refuse(row, values);
    this.times.push(time);
    this.count = row + 1;
    return this;
  }

  /**
   * Stores the row's cells kind by kind: DOUBLE, FLOAT, INT32, INT64/TIMESTAMP and BOOLEAN
   * columns each in a loop of their own, straight into one view of the shared memory (no type
   * switch, no per-column store load per cell), TEXT/STRING strings in a loop of their own too,
   * the rest (BLOB, DATE, a TEXT cell given as bytes) through store(). False at the first bad
   * cell (which one is found again, in schema order, by refuse()). (Bench ingest-write-cost and
   * tablet-b-rows: the per-cell switch and store load were most of a row's cost.)
   */
  private storeByKind(row: number, values: readonly Cell[]): boolean {
    const at8 = this.base8 + row;
    const at4 = this.base4 + row;
    const f64 = this.f64;
    const doubles = this.doubles;
    const doubleAt = this.doubleAt;
    for (let k = 0; k < doubles.length; k++) {
      const c = doubles[k]!;
      const v = values[c];
      if (typeof v === "number") f64[doubleAt[k]! + at8] = v;
      else if (v === null || v === undefined) this.storeNull(c, row);
      else return false;
    }
    const f32 = this.f32;
    const floats = this.floats;
    const floatAt = this.floatAt;
    for (let k = 0; k < floats.length; k++) {
      const c = floats[k]!;
      const v = values[c];
      if (typeof v === "number") f32[floatAt[k]! + at4] = v;
      else if (v === null || v === undefined) this.storeNull(c, row);
      else return false;
    }
    const i32 = this.i32;
    const int32s = this.int32s;
    const int32At = this.int32At;
    for (let k = 0; k < int32s.length; k++) {
      const c = int32s[k]!;
      const v = values[c];
      if (typeof v === "number" && (v | 0) === v) i32[int32At[k]! + at4] = v;
      else if (v === null || v === undefined) this.storeNull(c, row);
      else return false;
    }
    const i64 = this.i64;
    const int64s = this.int64s;
    const int64At = this.int64At;
    for (let k = 0; k < int64s.length; k++) {
      const c = int64s[k]!;
      const v = values[c];
      if (v === null || v === undefined) this.storeNull(c, row);
      else if (!storeInt64(i64, i32, int64At[k]! + at8, v)) return false;
    }
    const u8 = this.u8;
    const at1 = (this.base8 << 3) + row;
    const booleans = this.booleans;
    const booleanAt = this.booleanAt;
    for (let k = 0; k < booleans.length; k++) {
      const c = booleans[k]!;
      const v = values[c];
      if (typeof v === "boolean") u8[booleanAt[k]! + at1] = v ? 1 : 0;
      else if (v === null || v === undefined) this.storeNull(c, row);
      else return false;
    }
    const stores = this.stores;
    const texts = this.texts;
    for (let k = 0; k < texts.length; k++) {
      const c = texts[k]!;
      const v = values[c];
      if (typeof v === "string") (stores[c] as Cell[])[row] = v;
      else if (!(v === null || v === undefined ? this.storeNull(c, row) : this.store(c, row, v))) return false;
    }
    const others = this.others;
    for (let k = 0; k < others.length; k++) {
      const c = others[k]!;
      const v = values[c];
      if (!(v === null || v === undefined ? this.storeNull(c, row) : this.store(c, row, v))) return false;
    }
    return true;
  }

  /** A row storeByKind() refused: undoes its null flags and throws for its first bad cell in schema order. */
  private refuse(row: number, values: readonly Cell[]): never {
    this.undoNulls(row);
    for (let c = 0; c < this.types.length; c++) {
      const v = values[c];
      if (v === null || v === undefined || this.store(c, row, v)) continue;
      const name = this.names[c]!;
      throw new EncodeError(`column ${JSON.stringify(name)} row ${row}: ${cellProblem(this.types[c]!, v)}`, name, row);
    }
    // unreachable: storeByKind refused a cell store() takes
    throw new EncodeError(`row ${row}: refused`, undefined, row);
  }

  /**
   * Stores a non-null cell if it is valid for the column's type; false (nothing stored that
   * counts) otherwise. Each type stores through its own line, so every element store sees one
   * kind of array (bench tablet-b-rows, 25,000 cells).
   */
  private store(c: number, row: number, v: NonNullable<Cell>): boolean {
    const store = this.stores[c]!;
    switch (this.types[c]) {
      case TSDataType.BOOLEAN:
        if (typeof v !== "boolean") return false;
        (store as Uint8Array)[row] = v ? 1 : 0;
        return true;
      case TSDataType.INT32:
        if (typeof v !== "number" || (v | 0) !== v) return false;
        (store as Int32Array)[row] = v;
        return true;
      case TSDataType.FLOAT:
        if (typeof v !== "number") return false;
        (store as Float32Array)[row] = v;
        return true;
      case TSDataType.DOUBLE:
        if (typeof v !== "number") return false;
        (store as Float64Array)[row] = v;
        return true;
      case TSDataType.INT64:
      case TSDataType.TIMESTAMP:
        return storeInt64(store as BigInt64Array, this.words[c]!, row, v);
      case TSDataType.DATE: {
        const date = dateValue(v);
        if (date === undefined) return false;
        (store as Int32Array)[row] = date;
        return true;
      }
      case TSDataType.TEXT:
      case TSDataType.STRING:
        if (typeof v !== "string" && !(v instanceof Uint8Array)) return false;
        (store as Cell[])[row] = v;
        return true;
      default: // BLOB
        if (!(v instanceof Uint8Array)) return false;
        (store as Cell[])[row] = v;
        return true;
    }
  }

  /** A null cell: flagged in the column's mask; its value slot holds 0 (or null). */
  private storeNull(c: number, row: number): true {
    (this.masks[c] ??= new Uint8Array(this.capacity))[row] = 1;
    const store = this.stores[c]!;
    if (Array.isArray(store)) store[row] = null;
    else if (store instanceof BigInt64Array) store[row] = 0n;
    else store[row] = 0;
    return true;
  }

  /** Clears the null flags a refused row set; its stored values lie beyond rowCount, unseen. */
  private undoNulls(row: number): void {
    for (const mask of this.masks) if (mask !== undefined) mask[row] = 0;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const stores = this.allocate(capacity);
    for (let c = 0; c < stores.length; c++) {
      const store = this.stores[c]!;
      if (Array.isArray(store)) stores[c] = store;
      else (stores[c] as NumericStore).set(store as never);
      const mask = this.masks[c];
      if (mask !== undefined) (this.masks[c] = new Uint8Array(capacity)).set(mask);
    }
    this.stores = stores;
    this.words = stores.map(wordsOf);
    this.capacity = capacity;
    this.bindOffsets();
  }

  /**
   * Empties the builder for the next batch of rows, as Java's Tablet.reset(): the schema stays,
   * rowCount is 0. Tablets built before keep their rows (new rows go to fresh storage).
   */
  reset(): this {
    this.count = 0;
    this.times = [];
    this.stores = this.allocate(this.capacity);
    this.words = this.stores.map(wordsOf);
    this.masks.fill(undefined);
    return this;
  }

  /** The rows so far as a columnar Tablet (typed columns are views; later rows do not change it). */
  build(): Tablet {
    const n = this.count;
    const values: ColumnValues[] = this.stores.map((s) => (Array.isArray(s) ? s.slice(0, n) : s.subarray(0, n)));
    const nulls: (NullMask | undefined)[] = this.masks.map((m) => m?.subarray(0, n));
    return { schema: this.schema, timestamps: this.times.slice(), values, nulls, bitmapSection: this.bitmapSection };
  }
}
