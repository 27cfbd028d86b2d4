// Test data covering every type's edge values, with null patterns that together put a null in
// every (row, column) cell, and the insert inputs built from it in each form the client takes.
import {
  parseDate,
  TabletBuilder,
  type Cell,
  type ColumnValues,
  type DeviceRecord,
  type InsertRecord,
  type TabletColumn,
  type TSDataTypeName,
} from "../src/index.js";
import type { SessionTablet } from "../src/index.js";

interface FieldColumn {
  name: string;
  type: TSDataTypeName;
  pool: readonly Cell[];
}

const NOT_UTF8 = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28]);

/** One column per type, each cycling through its edge values. */
export const FIELD_COLUMNS: readonly FieldColumn[] = [
  { name: "b", type: "BOOLEAN", pool: [true, false] },
  { name: "i32", type: "INT32", pool: [2147483647, -2147483648, 0, -1, 1] },
  { name: "i64", type: "INT64", pool: [9223372036854775807n, -9223372036854775808n, 0n, 2n ** 53n + 1n, -1n] },
  {
    name: "f",
    type: "FLOAT",
    pool: [Number.NaN, -0, Infinity, -Infinity, Math.fround(3.14), Math.fround(-1e-40), 3.4028234663852886e38, 0],
  },
  {
    name: "d",
    type: "DOUBLE",
    pool: [-0, Number.NaN, Infinity, -Infinity, Number.MIN_VALUE, Number.MAX_VALUE, 0.1, 0],
  },
  {
    name: "txt",
    type: "TEXT",
    pool: ["", "héllo wörld", "😀👍🏽 four-byte", "日本語テキスト", "tab\tnew\nline 'quote\"", "x".repeat(1000)],
  },
  { name: "str", type: "STRING", pool: ["𝄞 clef", "", "plain", "Ωμέγα"] },
  { name: "blob", type: "BLOB", pool: [NOT_UTF8, Buffer.alloc(0), Buffer.from("abc"), Buffer.from([0, 0, 0])] },
  { name: "dt", type: "DATE", pool: ["1000-01-01", "2024-02-29", "9999-12-31", "1970-01-01"] },
  { name: "ts", type: "TIMESTAMP", pool: [0n, -1n, 1_700_000_000_123n, 9223372036854775807n, -9223372036854775807n] },
];

/** Never null, so every row exists on the server whatever the other cells are. */
export const KEY_COLUMN: FieldColumn = { name: "k", type: "INT32", pool: [] };

export const ALL_COLUMNS: readonly FieldColumn[] = [KEY_COLUMN, ...FIELD_COLUMNS];

export type NullPattern = "diagonal" | "inverse";

export interface Dataset {
  times: bigint[];
  /** rows[r][c] over ALL_COLUMNS; null = null cell. */
  rows: Cell[][];
}

/** diagonal: cell (r, c) null when (r + c) % 3 == 0; inverse: null everywhere else. Key column never null. */
export function makeDataset(rowCount: number, pattern: NullPattern, firstTime: bigint): Dataset {
  const times: bigint[] = [];
  const rows: Cell[][] = [];
  for (let r = 0; r < rowCount; r++) {
    times.push(firstTime + BigInt(r) * 1000n);
    const row: Cell[] = [r];
    FIELD_COLUMNS.forEach((col, c) => {
      const diagonalNull = (r + c) % 3 === 0;
      const isNull = pattern === "diagonal" ? diagonalNull : !diagonalNull;
      row.push(isNull ? null : col.pool[(r + c) % col.pool.length]!);
    });
    rows.push(row);
  }
  return { times, rows };
}

export const tabletColumns = (extra: TabletColumn[] = []): TabletColumn[] => [
  ...extra,
  ...ALL_COLUMNS.map((c) => ({ name: c.name, type: c.type })),
];

/** The columnar form: typed arrays with null masks for numeric types, plain arrays otherwise. */
export function columnarValues(ds: Dataset): { values: ColumnValues[]; nulls: Uint8Array[] } {
  const n = ds.rows.length;
  const values: ColumnValues[] = [];
  const nulls: Uint8Array[] = [];
  ALL_COLUMNS.forEach((col, c) => {
    const cells = ds.rows.map((row) => row[c]!);
    nulls.push(Uint8Array.from(cells, (v) => (v === null ? 1 : 0)));
    const fill = <T extends { [i: number]: number | bigint }>(out: T, convert: (v: Cell) => number | bigint): T => {
      cells.forEach((v, r) => {
        if (v !== null) out[r] = convert(v);
      });
      return out;
    };
    switch (col.type) {
      case "BOOLEAN":
        values.push(fill(new Uint8Array(n), (v) => (v ? 1 : 0)));
        break;
      case "INT32":
        values.push(fill(new Int32Array(n), (v) => v as number));
        break;
      case "DATE":
        values.push(fill(new Int32Array(n), (v) => parseDate(v as string)!));
        break;
      case "INT64":
      case "TIMESTAMP":
        values.push(fill(new BigInt64Array(n), (v) => v as bigint));
        break;
      case "FLOAT":
        values.push(fill(new Float32Array(n), (v) => v as number));
        break;
      case "DOUBLE":
        values.push(fill(new Float64Array(n), (v) => v as number));
        break;
      default:
        values.push(cells);
    }
  });
  return { values, nulls };
}

/** Columns put before ALL_COLUMNS (the table model's TAG and ATTRIBUTE columns), with a value per row. */
export interface LeadingColumns {
  columns: TabletColumn[];
  cells: (row: number) => Cell[];
}

const NO_LEADING: LeadingColumns = { columns: [], cells: () => [] };

export function columnarTablet(target: string, ds: Dataset, leading: LeadingColumns = NO_LEADING): SessionTablet {
  const { values, nulls } = columnarValues(ds);
  const lead = leading.columns.map((_, c) => ds.rows.map((_r, r) => leading.cells(r)[c]!));
  return {
    schema: { target, columns: tabletColumns(leading.columns) },
    timestamps: BigInt64Array.from(ds.times),
    values: [...lead, ...values],
    nulls: [...lead.map((cells) => Uint8Array.from(cells, (v) => (v === null ? 1 : 0))), ...nulls],
  };
}

/** The row form, through TabletBuilder.addRow. */
export function rowsTablet(
  model: "tree" | "table",
  target: string,
  ds: Dataset,
  leading: LeadingColumns = NO_LEADING,
): SessionTablet {
  const builder = new TabletBuilder({ model, target, columns: tabletColumns(leading.columns) });
  ds.rows.forEach((row, r) => builder.addRow(ds.times[r]!, [...leading.cells(r), ...row]));
  return builder.build();
}

export function deviceRecords(ds: Dataset): DeviceRecord[] {
  return ds.rows.map((row, r) => ({
    time: ds.times[r]!,
    measurements: ALL_COLUMNS.map((c) => c.name),
    types: ALL_COLUMNS.map((c) => c.type),
    values: row,
  }));
}

export function records(deviceId: string, ds: Dataset): InsertRecord[] {
  return deviceRecords(ds).map((r) => ({ ...r, deviceId }));
}
