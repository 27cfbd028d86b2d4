// Vector `input` (docs/iotdb-wire-format.md §8 conventions) → our encoder inputs. INT64/TIMESTAMP values
// and times are decimal strings, FLOAT/DOUBLE may be "NaN"/"Infinity"/"-Infinity"/"-0" or other
// numeric strings, TEXT/STRING may be {hex}, BLOB is hex, DATE is 'YYYY-MM-DD', null is null.
import {
  insertRecordCall,
  insertRecordsCall,
  parseDate,
  TabletBuilder,
  type Cell,
  type ColumnValues,
  type InsertCall,
  type InsertRecord,
  type NullMask,
  type Tablet,
  type TabletSchema,
} from "@zerowire/iotdb-codec";

export interface VectorColumn {
  name: string;
  type: string;
  category?: string;
}

export interface TabletInput {
  model: "tree" | "table";
  target: string;
  aligned?: boolean;
  columns: VectorColumn[];
  timestamps: string[];
  rows: unknown[][];
  construction?: "api" | "arrays";
}

/** One vector cell as the JS value a user would pass (null stays null). */
export function vectorCell(type: string, v: unknown): Cell {
  if (v === null) return null;
  switch (type) {
    case "INT64":
    case "TIMESTAMP":
      return BigInt(v as string);
    case "FLOAT":
    case "DOUBLE":
      return typeof v === "number" ? v : Number(v as string);
    case "TEXT":
    case "STRING":
      return typeof v === "string" ? v : Buffer.from((v as { hex: string }).hex, "hex");
    case "BLOB":
      return Buffer.from(v as string, "hex");
    default:
      return v as Cell; // BOOLEAN, INT32, DATE ('YYYY-MM-DD')
  }
}

export function tabletSchema(input: TabletInput): TabletSchema {
  return {
    model: input.model,
    target: input.target,
    aligned: input.aligned ?? false,
    columns: input.columns.map((c) => ({
      name: c.name,
      type: c.type as TabletSchema["columns"][number]["type"],
      ...(c.category === undefined ? {} : { category: c.category as "TAG" | "FIELD" | "ATTRIBUTE" }),
    })),
  };
}

/**
 * The columnar form: typed arrays for numeric columns (DATE as yyyymmdd), null masks, BigInt64Array
 * times. Storing into typed arrays wraps or truncates values Java rejects (an INT32 of 1.5 or 2^31,
 * an INT64 of 2^63), so rejection checks use plainColumnarTablet instead.
 */
export function columnarTablet(input: TabletInput): Tablet {
  const n = input.timestamps.length;
  const values: ColumnValues[] = [];
  const nulls: (NullMask | undefined)[] = [];
  input.columns.forEach((col, c) => {
    const cells = input.rows.map((row) => vectorCell(col.type, row[c]));
    const mask = cells.some((v) => v === null) ? Uint8Array.from(cells, (v) => (v === null ? 1 : 0)) : undefined;
    nulls.push(mask);
    values.push(typedColumn(col.type, cells, n) ?? cells);
  });
  return {
    schema: tabletSchema(input),
    timestamps: BigInt64Array.from(input.timestamps, (t) => BigInt(t)),
    values,
    nulls,
    bitmapSection: input.construction ?? "api",
  };
}

function typedColumn(type: string, cells: Cell[], n: number): ColumnValues | undefined {
  const pick = <T extends { [i: number]: number | bigint }>(out: T, convert: (v: Cell) => number | bigint): T => {
    for (let r = 0; r < n; r++) if (cells[r] !== null) out[r] = convert(cells[r]);
    return out;
  };
  switch (type) {
    case "BOOLEAN":
      return pick(new Uint8Array(n), (v) => (v ? 1 : 0));
    case "INT32":
      return pick(new Int32Array(n), (v) => v as number);
    case "DATE":
      return pick(new Int32Array(n), (v) => parseDate(v as string)!);
    case "INT64":
    case "TIMESTAMP":
      return pick(new BigInt64Array(n), (v) => v as bigint);
    case "FLOAT":
      return pick(new Float32Array(n), (v) => v as number);
    case "DOUBLE":
      return pick(new Float64Array(n), (v) => v as number);
    default:
      return undefined;
  }
}

/** The columnar form with plain arrays (numbers, bigints, strings, bytes), so the encoder sees every value as it is. */
export function plainColumnarTablet(input: TabletInput): Tablet {
  return {
    schema: tabletSchema(input),
    timestamps: input.timestamps.map((t) => BigInt(t)),
    values: input.columns.map((col, c) => input.rows.map((row) => vectorCell(col.type, row[c]))),
    nulls: input.columns.map((_, c) => input.rows.map((row) => row[c] === null)),
    bitmapSection: input.construction ?? "api",
  };
}

/** The row form: the same data through TabletBuilder.addRow, times as bigints. */
export function rowsTablet(input: TabletInput): Tablet {
  const builder = new TabletBuilder(tabletSchema(input), { bitmapSection: input.construction ?? "api" });
  input.rows.forEach((row, r) => {
    builder.addRow(
      BigInt(input.timestamps[r]!),
      input.columns.map((col, c) => vectorCell(col.type, row[c])),
    );
  });
  return builder.build();
}

export interface RecordsInput {
  aligned: boolean;
  records: { deviceId: string; time: string; measurements: string[]; types: string[]; values: unknown[] }[];
}

export function vectorRecords(input: RecordsInput): InsertRecord[] {
  return input.records.map((r) => ({
    deviceId: r.deviceId,
    time: BigInt(r.time),
    measurements: r.measurements,
    types: r.types as InsertRecord["types"],
    values: r.values.map((v, i) => vectorCell(r.types[i]!, v)),
  }));
}

/** The insertRecord (kind "insertRecord", its one record) or insertRecords call of a records vector. */
export function vectorRecordsCall(kind: string, input: RecordsInput): InsertCall {
  const records = vectorRecords(input);
  const options = { aligned: input.aligned };
  return kind === "insertRecord" ? insertRecordCall(records[0]!, options) : insertRecordsCall(records, options);
}
