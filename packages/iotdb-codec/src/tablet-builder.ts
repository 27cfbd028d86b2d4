// Row-by-row tablet input (like the Java Tablet's addTimestamp/addValue) for callers who have
// records. Each row is checked whole before it is stored, so a bad row leaves the builder as it
// was. Numeric columns are kept in growing typed arrays; build() hands them out as views.
import { cellProblem, dateValue } from "./cells.js";
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { int64Problem } from "./int64.js";
import type { BitmapSectionMode, Cell, ColumnValues, NullMask, Tablet, TabletSchema } from "./tablet.js";
import { resolveSchema, type ResolvedSchema } from "./tablet-schema.js";
import { TSDataType, type SendableType } from "./types.js";

type NumericStore = Uint8Array | Int32Array | Float32Array | Float64Array;
type Store = NumericStore | Cell[];

export interface TabletBuilderOptions {
  /** Rows to allocate room for up front (default 64; storage doubles as needed). */
  initialCapacity?: number;
  bitmapSection?: BitmapSectionMode;
}

function newStore(type: SendableType, capacity: number): Store {
  switch (type) {
    case TSDataType.BOOLEAN:
      return new Uint8Array(capacity);
    case TSDataType.INT32:
    case TSDataType.DATE:
      return new Int32Array(capacity);
    case TSDataType.FLOAT:
      return new Float32Array(capacity);
    case TSDataType.DOUBLE:
      return new Float64Array(capacity);
    default:
      return []; // INT64/TIMESTAMP (numbers or bigints as given), TEXT, STRING, BLOB
  }
}

export class TabletBuilder {
  private readonly resolved: ResolvedSchema;
  private readonly bitmapSection: BitmapSectionMode;
  private capacity: number;
  private count = 0;
  private times: (number | bigint)[] = [];
  private readonly stores: Store[];
  /** Per column: null flags, allocated at the column's first null. */
  private readonly masks: (Uint8Array | undefined)[];

  constructor(
    readonly schema: TabletSchema,
    options: TabletBuilderOptions = {},
  ) {
    this.resolved = resolveSchema(schema);
    this.bitmapSection = options.bitmapSection ?? "api";
    this.capacity = Math.max(1, options.initialCapacity ?? 64);
    this.stores = this.resolved.columns.map((c) => newStore(c.type, this.capacity));
    this.masks = this.resolved.columns.map(() => undefined);
  }

  get rowCount(): number {
    return this.count;
  }

  /** Adds one row: a time and one value per schema column (null or undefined = null cell). */
  addRow(time: bigint | number, values: readonly Cell[]): this {
    const row = this.count;
    const columns = this.resolved.columns;
    const timeProblem = int64Problem(time);
    if (timeProblem !== undefined) throw new EncodeError(`row ${row}: time: ${timeProblem}`, undefined, row);
    if (!Array.isArray(values) || values.length !== columns.length) {
      throw new EncodeError(
        `row ${row}: expected ${columns.length} value(s) (one per column), got ${Array.isArray(values) ? values.length : describeValue(values)}`,
        undefined,
        row,
      );
    }
    for (let c = 0; c < columns.length; c++) {
      const v = values[c];
      if (v === null || v === undefined) continue;
      const problem = cellProblem(columns[c]!.type, v);
      if (problem !== undefined) {
        const name = columns[c]!.name;
        throw new EncodeError(`column ${JSON.stringify(name)} row ${row}: ${problem}`, name, row);
      }
    }
    if (row === this.capacity) this.grow();
    this.times.push(time);
    for (let c = 0; c < columns.length; c++) this.store(c, columns[c]!.type, row, values[c]);
    this.count = row + 1;
    return this;
  }

  private store(c: number, type: SendableType, row: number, v: Cell): void {
    const store = this.stores[c]!;
    if (v === null || v === undefined) {
      (this.masks[c] ??= new Uint8Array(this.capacity))[row] = 1;
      if (Array.isArray(store)) store.push(null);
      return;
    }
    if (Array.isArray(store)) store.push(v);
    else if (type === TSDataType.BOOLEAN) store[row] = v ? 1 : 0;
    else if (type === TSDataType.DATE) store[row] = dateValue(v)!;
    else store[row] = v as number;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    for (let c = 0; c < this.stores.length; c++) {
      const store = this.stores[c]!;
      if (!Array.isArray(store)) this.stores[c] = enlarged(store as NumericStore, capacity);
      const mask = this.masks[c];
      if (mask !== undefined) this.masks[c] = enlarged(mask, capacity) as Uint8Array;
    }
    this.capacity = capacity;
  }

  /** The rows so far as a columnar Tablet (numeric columns are views; later rows do not change it). */
  build(): Tablet {
    const n = this.count;
    const values: ColumnValues[] = this.stores.map((s) => (Array.isArray(s) ? s.slice() : s.subarray(0, n)));
    const nulls: (NullMask | undefined)[] = this.masks.map((m) => m?.subarray(0, n));
    return { schema: this.schema, timestamps: this.times.slice(), values, nulls, bitmapSection: this.bitmapSection };
  }
}

function enlarged(a: NumericStore, capacity: number): NumericStore {
  const next = new (a.constructor as new (n: number) => NumericStore)(capacity);
  next.set(a as never);
  return next;
}
