// Row-by-row tablet input (like the Java Tablet's addTimestamp/addValue) for callers who have
// records. Every column with a typed form is kept in a growing typed array (INT64/TIMESTAMP in a
// BigInt64Array), so build() hands out typed columns and the encoder takes its bulk paths.
// Each cell is checked and stored in one pass; a bad cell undoes the row, so a refused row
// leaves the builder as it was. (Bench tablet-b-rows: checking a row whole before storing it,
// and INT64 kept as given, cost ~2x this per cell.) The pass is a row store compiled for the
// builder's column types once it has a few rows (row-store.ts), else store() cell by cell.
import { cellProblem, dateValue } from "./cells.js";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { int64Problem, storeInt64 } from "./int64.js";
import type { BitmapSectionMode, Cell, ColumnValues, NullMask, Tablet, TabletSchema } from "./tablet.js";
import { presized } from "./presized.js";
import { resolveSchema } from "./tablet-schema.js";
import {
  cachedRowStore,
  type CellSink,
  COMPILE_AFTER_ROWS,
  compileRowStore,
  type RowStore,
  rowStoreKey,
  type SlabViews,
} from "./row-store.js";
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
 * on (each at an 8-byte-aligned offset), and where each typed one starts in the slab's view of
 * its element width. Not zeroed: every row stores a value in every column (0 for a null) before
 * it counts, and only counted rows are ever read.
 */
function newStores(
  types: readonly SendableType[],
  capacity: number,
  memory: ArrayBuffer,
  start: number,
): { stores: Store[]; starts: Int32Array } {
  const starts = new Int32Array(types.length);
  let at = start;
  const stores = types.map((type, c) => {
    const store = typedStore(type, memory, at, capacity);
    const width = storeWidth(type);
    if (width > 0) starts[c] = at / width;
    at += (width * capacity + 7) & ~7;
    return store;
  });
  return { stores, starts };
}

/**
 * Stores are carved from slabs of at least this many bytes: an ArrayBuffer is an allocation of
 * its own (~0.5-1.8 µs, more than 50 rows cost), zeroing costs more than the rows will (bench
 * tablet-b-rows: 50 columns of 500 rows), and a writer resets a builder per target per batch,
 * often after a few dozen rows (bench ingest-write-cost: 100 devices, ~50 rows per tablet). A
 * slab lives while a tablet built from it does: at most this much beyond the stores themselves.
 */
const SLAB_BYTES = 32 * 1024;

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
      // TEXT, STRING, BLOB: made with the capacity's room, as the typed stores (bench tablet-b-rows:
      // ~0.9x the build time of an array grown as rows are stored)
      return presized(capacity);
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
  /**
   * The rows' times as given, in an array made with room for the capacity and stored by index
   * (bench tablet-b-rows: 0.91-0.95x the build time of pushing onto a growing array).
   */
  private times: (number | bigint | Date)[];
  private stores: Store[];
  private words: (Int32Array | undefined)[];
  /** The memory the typed stores are carved from, and the bytes of it taken. */
  private slab = new ArrayBuffer(0);
  private slabUsed = 0;
  /** Views of the whole slab, where each current store starts in them, and the stores. */
  private views: SlabViews;
  /** Per column: null flags, allocated at the column's first null. */
  private readonly masks: (Uint8Array | undefined)[];
  /** The compiled row store of these column types (row-store.ts), once there is one. */
  private rowStore: RowStore | undefined;
  private readonly rowStoreKey: string;
  private readonly sink: CellSink = {
    storeNull: (c, row) => this.storeNull(c, row),
    store: (c, row, v) => this.store(c, row, v),
  };

  constructor(
    readonly schema: TabletSchema,
    options: TabletBuilderOptions = {},
  ) {
    const columns = resolveSchema(schema).columns;
    this.types = columns.map((c) => c.type);
    this.names = columns.map((c) => c.name);
    this.bitmapSection = options.bitmapSection ?? "api";
    this.capacity = Math.max(1, options.initialCapacity ?? 64);
    this.times = presized(this.capacity);
    this.views = this.allocate(this.capacity);
    this.stores = this.views.stores as Store[];
    this.words = this.stores.map(wordsOf);
    this.masks = this.types.map(() => undefined);
    this.rowStoreKey = rowStoreKey(this.types);
    this.rowStore = cachedRowStore(this.rowStoreKey);
  }

  /** Stores for `capacity` rows, from the slab (a new slab when it has no room left), with the slab's views. */
  private allocate(capacity: number): SlabViews {
    const size = storesSize(this.types, capacity);
    let views = this.views as SlabViews | undefined;
    if (views === undefined || this.slab.byteLength - this.slabUsed < size) {
      const bytes = Math.max(size, SLAB_BYTES);
      this.slab = Buffer.allocUnsafeSlow(bytes).buffer as ArrayBuffer;
      this.slabUsed = 0;
      views = undefined;
    }
    const { stores, starts } = newStores(this.types, capacity, this.slab, this.slabUsed);
    this.slabUsed += size;
    const slab = this.slab;
    return {
      f64: views?.f64 ?? new Float64Array(slab, 0, slab.byteLength >> 3),
      f32: views?.f32 ?? new Float32Array(slab, 0, slab.byteLength >> 2),
      i32: views?.i32 ?? new Int32Array(slab, 0, slab.byteLength >> 2),
      i64: views?.i64 ?? new BigInt64Array(slab, 0, slab.byteLength >> 3),
      u8: views?.u8 ?? new Uint8Array(slab, 0, slab.byteLength),
      starts,
      stores,
    };
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
    if (row === COMPILE_AFTER_ROWS && this.rowStore === undefined)
      this.rowStore = compileRowStore(this.rowStoreKey, this.types);
    const stored =
      this.rowStore !== undefined ? this.rowStore(values, row, this.views, this.sink) : this.storeEach(row, values);
    if (!stored) this.refuse(row, values);
    this.times[row] = time;
    this.count = row + 1;
    return this;
  }

  /** Stores the row's cells one by one through store(); false at the first bad cell (a row store's stand-in). */
  private storeEach(row: number, values: readonly Cell[]): boolean {
    for (let c = 0; c < values.length; c++) {
      const v = values[c];
      if (!(v === null || v === undefined ? this.storeNull(c, row) : this.store(c, row, v))) return false;
    }
    return true;
  }

  /** A row the row store refused: undoes its null flags and throws for its first bad cell in schema order. */
  private refuse(row: number, values: readonly Cell[]): never {
    this.undoNulls(row);
    for (let c = 0; c < this.types.length; c++) {
      const v = values[c];
      if (v === null || v === undefined || this.store(c, row, v)) continue;
      const name = this.names[c]!;
      throw new EncodeError(`column ${JSON.stringify(name)} row ${row}: ${cellProblem(this.types[c]!, v)}`, name, row);
    }
    // unreachable: the row store refused a cell store() takes
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
    const views = this.allocate(capacity);
    const stores = views.stores as Store[];
    for (let c = 0; c < stores.length; c++) {
      const store = this.stores[c]!;
      if (Array.isArray(store)) stores[c] = store;
      else (stores[c] as NumericStore).set(store as never);
      const mask = this.masks[c];
      if (mask !== undefined) (this.masks[c] = new Uint8Array(capacity)).set(mask);
    }
    this.views = views;
    this.stores = stores;
    this.words = stores.map(wordsOf);
    this.capacity = capacity;
  }

  /**
   * Empties the builder for the next batch of rows, as Java's Tablet.reset(): the schema stays,
   * rowCount is 0. Tablets built before keep their rows (new rows go to fresh storage).
   */
  reset(): this {
    this.count = 0;
    this.times = presized(this.capacity);
    this.views = this.allocate(this.capacity);
    this.stores = this.views.stores as Store[];
    this.words = this.stores.map(wordsOf);
    this.masks.fill(undefined);
    return this;
  }

  /** The rows so far as a columnar Tablet (typed columns are views; later rows do not change it). */
  build(): Tablet {
    const n = this.count;
    const values: ColumnValues[] = this.stores.map((s) => (Array.isArray(s) ? s.slice(0, n) : s.subarray(0, n)));
    const nulls: (NullMask | undefined)[] = this.masks.map((m) => m?.subarray(0, n));
    return {
      schema: this.schema,
      timestamps: this.times.slice(0, n),
      values,
      nulls,
      bitmapSection: this.bitmapSection,
    };
  }
}
