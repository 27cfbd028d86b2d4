// The rows of one target not yet sent: a TabletBuilder (growing typed arrays per column and a
// null mask per column, no object per row), with the counts the writer schedules by. A row is
// checked whole against the declared types before anything of it is kept (the builder undoes a
// refused row), and the error names the target, the column and the row.
import { EncodeError, TabletBuilder, TSDataType, type Cell, type Tablet } from "@zerowire/iotdb-codec";
import type { TargetSchema } from "./target-schema.js";

/** The rows taken out of a buffer to be sent together. */
export interface Batch {
  readonly target: string;
  readonly tablet: Tablet;
  readonly rows: number;
  readonly points: number;
  /** Called once the batch is acknowledged or reported failed (flush() waiting on it). */
  readonly settled: (() => void)[];
}

/** Bytes of one value by type code (the wire's), 0 for the length-prefixed TEXT, STRING and BLOB. */
const VALUE_BYTES: readonly number[] = [1, 4, 8, 4, 8, 0, 0, 0, 8, 4, 0, 0];

export class TargetBuffer {
  readonly target: string;
  readonly columns: number;
  private readonly builder: TabletBuilder;
  private readonly fixedRowBytes: number;
  /**
   * The TEXT/STRING/BLOB columns (counted by length per row; none for an all-numeric target, bench ingest-write-cost).
   */
  private readonly varColumns: readonly number[];
  /** Rows ever accepted for this target (the row number errors name). */
  private accepted = 0;
  points = 0;
  bytes = 0;
  /** A request carrying this target is in flight (its next rows wait: one device's rows stay in order). */
  busy = false;
  /** Sent at the next chance whatever its size (flush(), the interval, close()). */
  due = false;
  /** flush() callers waiting for the rows buffered now. */
  settled: (() => void)[] = [];

  constructor(
    readonly schema: TargetSchema,
    /** Targets of one group may share a request (tree: same alignment). */
    readonly group: string,
  ) {
    this.target = schema.target;
    this.builder = new TabletBuilder({ ...schema, model: schema.model ?? "tree" });
    this.columns = schema.columns.length;
    // Per column: bytes of a value of a fixed-width type, 0 for TEXT/STRING/BLOB (counted by length).
    const widths = schema.columns.map(
      (c) => VALUE_BYTES[typeof c.type === "number" ? c.type : TSDataType[c.type]] ?? 0,
    );
    this.fixedRowBytes = 8 + widths.reduce((a, b) => a + b, 0);
    this.varColumns = widths.flatMap((w, c) => (w === 0 ? [c] : []));
  }

  get rows(): number {
    return this.builder.rowCount;
  }

  /**
   * Keeps the row, or throws an EncodeError naming target, column and row with nothing kept. Returns its estimated
   * bytes.
   */
  add(time: number | bigint | Date, values: readonly Cell[]): number {
    try {
      this.builder.addRow(time, values);
    } catch (error) {
      throw this.named(error, time);
    }
    this.accepted++;
    let bytes = this.fixedRowBytes;
    for (let k = 0; k < this.varColumns.length; k++) {
      const v = values[this.varColumns[k]!];
      if (typeof v === "string") bytes += 4 + v.length;
      else if (v instanceof Uint8Array) bytes += 4 + v.byteLength;
    }
    this.points += this.columns;
    this.bytes += bytes;
    return bytes;
  }

  /** Everything buffered, as one batch; the buffer is empty afterwards. */
  take(): Batch {
    const batch: Batch = {
      target: this.target,
      tablet: this.builder.build(),
      rows: this.builder.rowCount,
      points: this.points,
      settled: this.settled,
    };
    this.builder.reset();
    this.points = 0;
    this.bytes = 0;
    this.due = false;
    this.settled = [];
    return batch;
  }

  /** The builder's error with the target and the writer's row number (rows of this target ever accepted) in front. */
  private named(error: unknown, time: unknown): unknown {
    if (!(error instanceof EncodeError)) return error;
    const row = this.accepted;
    const own =
      error.column === undefined ? `row ${error.row}: ` : `column ${JSON.stringify(error.column)} row ${error.row}: `;
    const problem = error.message.startsWith(own) ? error.message.slice(own.length) : error.message;
    const column = error.column === undefined ? "" : `, column ${JSON.stringify(error.column)}`;
    const at = typeof time === "number" || typeof time === "bigint" ? ` (time ${time})` : "";
    return new EncodeError(`${JSON.stringify(this.target)}${column}, row ${row}${at}: ${problem}`, error.column, row);
  }
}
