// A query result as Apache Arrow record batches: one RecordBatch per TsBlock, built on the
// block's decoded columns. apache-arrow is an optional peer dependency, loaded on first use, so
// the client runs without it and says what to install when a caller asks for Arrow. It is loaded
// the way the caller loads it: import() from the ESM build, require() from the CJS build (whose
// `module` is defined), so the Table is an instance of the caller's own apache-arrow classes
// (the package ships an ESM and a CJS copy, and instanceof tells them apart).
//
// Layouts (the Arrow columnar format against the codec's decoded TsBlock columns):
// - INT32, INT64, FLOAT, DOUBLE, the time column and TIMESTAMP: the block's typed arrays as they
//   are (no copy); a null position holds 0, which Arrow ignores under its validity bit.
// - Null masks: the codec keeps one byte per position (1 = null); Arrow wants a bitmap, LSB-first,
//   1 = valid: packed once per column that has a null, none for a column without.
// - BOOLEAN: the codec's 0/1 bytes packed into Arrow's LSB-first bits.
// - DATE: the codec's yyyymmdd ints turned into Date32 days since 1970-01-01.
// - TEXT / STRING: the codec decodes them to JS strings (the wire interleaves i32 lengths with the
//   bytes, so its bytes are not an Arrow data buffer anyway): encoded once, all values of the
//   column joined, into one UTF-8 buffer; offsets are string lengths when the column is ASCII.
// - BLOB: the codec's Buffer views joined into one data buffer with offsets.
// Time and TIMESTAMP are Timestamp[unit, "UTC"] in the session's precision: IoTDB times are
// instants (offsets from the epoch), which Arrow spells with a time zone.
import { type ResultBlock, type ResultSchema, TSDataType, type TimestampPrecision } from "@zerowire/iotdb-codec";
import type * as Arrow from "apache-arrow";

type ArrowModule = typeof Arrow;

const INSTALL_HINT =
  "dataSet.toArrow() and arrowBatches() need the optional package apache-arrow, which is not installed: npm install apache-arrow";

let loading: Promise<ArrowModule> | undefined;

/** apache-arrow, loaded once; an Error naming `npm install apache-arrow` when it cannot be found. */
export function loadArrow(): Promise<ArrowModule> {
  loading ??= importArrow().then(
    (module) => module as ArrowModule,
    (error: unknown) => {
      loading = undefined;
      if (!isMissing(error)) throw error;
      throw new Error(INSTALL_HINT, { cause: error });
    },
  );
  return loading;
}

function importArrow(): Promise<unknown> {
  return typeof module === "object" ? Promise.resolve().then(() => require("apache-arrow")) : import("apache-arrow");
}

/** The package itself is not there (not a failure inside it, which is rethrown as it is). */
function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    String((error as Error).message).includes("apache-arrow")
  );
}

/**
 * The result's blocks as RecordBatches, one per block with rows; ending early ends the blocks (which closes the query).
 */
export async function* arrowBatches(
  blocks: AsyncIterable<ResultBlock>,
  schema: ResultSchema,
  precision: TimestampPrecision,
): AsyncGenerator<Arrow.RecordBatch, void, undefined> {
  const arrow = await loadArrow();
  const arrowSchema = schemaOf(arrow, schema, precision);
  for await (const block of blocks) {
    if (block.rowCount > 0) yield recordBatch(arrow, arrowSchema, block);
  }
}

/** Every remaining block as one Table (its batches are the blocks' RecordBatches). */
export async function arrowTable(
  blocks: AsyncIterable<ResultBlock>,
  schema: ResultSchema,
  precision: TimestampPrecision,
): Promise<Arrow.Table> {
  const arrow = await loadArrow();
  const batches: Arrow.RecordBatch[] = [];
  for await (const batch of arrowBatches(blocks, schema, precision)) batches.push(batch);
  return new arrow.Table(schemaOf(arrow, schema, precision), batches);
}

/** One field per result column, in columnNames order; only the time column is not nullable. */
function schemaOf(arrow: ArrowModule, schema: ResultSchema, precision: TimestampPrecision): Arrow.Schema {
  const fields = schema.columnNames.map((name, c) => {
    const k = schema.tsBlockColumnOf[c]!;
    const type = k === -1 ? TSDataType.TIMESTAMP : schema.tsBlockTypes[k]!;
    return new arrow.Field(name, arrowType(arrow, type, precision), k !== -1);
  });
  return new arrow.Schema(fields);
}

function arrowType(arrow: ArrowModule, type: TSDataType, precision: TimestampPrecision): Arrow.DataType {
  switch (type) {
    case TSDataType.BOOLEAN:
      return new arrow.Bool();
    case TSDataType.INT32:
      return new arrow.Int32();
    case TSDataType.INT64:
      return new arrow.Int64();
    case TSDataType.FLOAT:
      return new arrow.Float32();
    case TSDataType.DOUBLE:
      return new arrow.Float64();
    case TSDataType.DATE:
      return new arrow.DateDay();
    case TSDataType.TIMESTAMP:
      if (precision === "us") return new arrow.TimestampMicrosecond("UTC");
      if (precision === "ns") return new arrow.TimestampNanosecond("UTC");
      return new arrow.TimestampMillisecond("UTC");
    case TSDataType.BLOB:
      return new arrow.Binary();
    default:
      return new arrow.Utf8(); // TEXT, STRING
  }
}

function recordBatch(arrow: ArrowModule, schema: Arrow.Schema, block: ResultBlock): Arrow.RecordBatch {
  const length = block.rowCount;
  const children = block.columns.map((column, c) => {
    const type = schema.fields[c]!.type;
    const { nullCount, nullBitmap } = validity(column.nulls, length);
    const base = { type, length, nullCount, nullBitmap };
    switch (column.type) {
      case TSDataType.BOOLEAN:
        return arrow.makeData({ ...base, data: packBits(column.values, length) });
      case TSDataType.DATE:
        return arrow.makeData({ ...base, data: epochDays(column.values, column.nulls) });
      case TSDataType.TEXT:
      case TSDataType.STRING:
        return arrow.makeData({ ...base, ...utf8(column.values) });
      case TSDataType.BLOB:
        return arrow.makeData({ ...base, ...binary(column.values) });
      default:
        // Speed (bench/e2e query-arrow): the block's own typed array, no copy.
        return arrow.makeData({ ...base, data: column.values });
    }
  });
  const data = arrow.makeData({ type: new arrow.Struct(schema.fields), length, nullCount: 0, children });
  return new arrow.RecordBatch(schema, data);
}

/** Arrow's validity bitmap (LSB-first, 1 = valid) from the codec's null bytes (1 = null); none without a null. */
function validity(
  nulls: Uint8Array | undefined,
  length: number,
): { nullCount: number; nullBitmap: Uint8Array | undefined } {
  if (nulls === undefined) return { nullCount: 0, nullBitmap: undefined };
  const bitmap = new Uint8Array((length + 7) >>> 3);
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    if (nulls[i] === 0) bitmap[i >>> 3]! |= 1 << (i & 7);
    else nullCount++;
  }
  return nullCount === 0 ? { nullCount: 0, nullBitmap: undefined } : { nullCount, nullBitmap: bitmap };
}

/** 0/1 bytes as Arrow's LSB-first bits. */
function packBits(bytes: Uint8Array, length: number): Uint8Array {
  const bits = new Uint8Array((length + 7) >>> 3);
  for (let i = 0; i < length; i++) if (bytes[i] !== 0) bits[i >>> 3]! |= 1 << (i & 7);
  return bits;
}

/** yyyymmdd ints as days since 1970-01-01 (0 at null positions, whose value is 0, not a date). */
function epochDays(yyyymmdd: Int32Array, nulls: Uint8Array | undefined): Int32Array {
  const days = new Int32Array(yyyymmdd.length);
  for (let i = 0; i < days.length; i++) {
    if (nulls !== undefined && nulls[i] === 1) continue;
    const v = yyyymmdd[i]!;
    days[i] = daysFromCivil(Math.trunc(v / 10000), Math.trunc(v / 100) % 100, v % 100);
  }
  return days;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (month 1-12), in integer arithmetic. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.trunc((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.trunc(yearOfEra / 4) - Math.trunc(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

const encoder = new TextEncoder();

/** Strings as UTF-8 data and offsets (null positions hold "", so they take no bytes). */
function utf8(values: readonly string[]): { data: Uint8Array; valueOffsets: Int32Array } {
  // Speed (bench/e2e query-arrow): one native encode of the whole column; when it has as many
  // bytes as chars every char was ASCII and a value's length is its byte length.
  const joined = values.join("");
  const data = encoder.encode(joined);
  const ascii = data.length === joined.length;
  const valueOffsets = new Int32Array(values.length + 1);
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += ascii ? values[i]!.length : Buffer.byteLength(values[i]!, "utf8");
    valueOffsets[i + 1] = at;
  }
  return { data, valueOffsets };
}

/** Byte strings joined into one data buffer with offsets. */
function binary(values: readonly Uint8Array[]): { data: Uint8Array; valueOffsets: Int32Array } {
  const valueOffsets = new Int32Array(values.length + 1);
  for (let i = 0; i < values.length; i++) valueOffsets[i + 1] = valueOffsets[i]! + values[i]!.length;
  const data = new Uint8Array(valueOffsets[values.length]!);
  for (let i = 0; i < values.length; i++) data.set(values[i]!, valueOffsets[i]!);
  return { data, valueOffsets };
}
