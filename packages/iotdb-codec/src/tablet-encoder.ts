// The tablet's time buffer (SessionUtils.getTimeBuffer) and value buffer (getValueBuffer),
// written straight into a Writer. Typed-array columns of an already sorted tablet go through the
// Writer's bulk big-endian copies; null cells are then patched to the Java placeholders. Plain
// arrays and sorted tablets take a per-cell loop. Nothing here allocates per value.
import { Writer } from "@zerowire/writer";
import { HI_WORD, LO_WORD, setInt64BE } from "@zerowire/writer/seams";
import { writeBitmapSection } from "./bitmap.js";
import { CELL_WIDTH, dateValue } from "./cells.js";
import { writeStringColumn, writeString } from "./string-cells.js";
import type { Tablet } from "./tablet.js";
import { isNullCell, prepareTablet, type PreparedColumn, type PreparedTablet } from "./tablet-prepare.js";
import { TSDataType } from "./types.js";

/** Null placeholders: Integer.MIN_VALUE, 1000-01-01, Long.MIN_VALUE high word, Float/Double.MIN_VALUE bits. */
const INT32_NULL = -0x80000000;
const DATE_NULL = 10000101;

/** rowCount × i64 big-endian, in wire (sorted) row order. */
export function writeTimeBuffer(w: Writer, t: PreparedTablet): void {
  const times = t.timestamps;
  const order = t.order;
  const n = t.rowCount;
  if (times instanceof BigInt64Array) {
    if (order === undefined) {
      w.i64ColumnBE(times);
      return;
    }
    const words = new Int32Array(times.buffer, times.byteOffset, n * 2);
    let p = w.reserve(8 * n);
    const view = w.rawView;
    for (let i = 0; i < n; i++, p += 8) {
      const r = order[i]!;
      view.setInt32(p, words[2 * r + HI_WORD]!);
      view.setInt32(p + 4, words[2 * r + LO_WORD]!);
    }
    return;
  }
  let p = w.reserve(8 * n);
  const view = w.rawView;
  for (let i = 0; i < n; i++, p += 8) setInt64BE(view, p, times[order === undefined ? i : order[i]!]!);
}

/** Column-major cells in schema order, then the bitmap section when the tablet has one. */
export function writeValueBuffer(w: Writer, t: PreparedTablet): void {
  w.ensure(t.valuesSizeEstimate); // one growth (and copy) at most, not one per column
  for (const col of t.columns) {
    if (col.typed && t.order === undefined) writeTypedColumn(w, col, t.rowCount);
    else if (CELL_WIDTH[col.type] === 0) writeVariableColumn(w, col, t.rowCount, t.order);
    else writeFixedColumn(w, col, t.rowCount, t.order);
  }
  if (t.hasBitmapSection) writeBitmapSection(w, t);
}

/** Bulk copy of a typed array in caller order, then the null cells patched. */
function writeTypedColumn(w: Writer, col: PreparedColumn, n: number): void {
  const start = w.length;
  switch (col.type) {
    case TSDataType.BOOLEAN:
      w.bytes(col.values as Uint8Array);
      break;
    case TSDataType.INT32:
    case TSDataType.DATE:
      w.i32ColumnBE(col.values as Int32Array);
      break;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      w.i64ColumnBE(col.values as BigInt64Array);
      break;
    case TSDataType.FLOAT:
      w.f32ColumnBE(col.values as Float32Array);
      break;
    case TSDataType.DOUBLE:
      w.f64ColumnBE(col.values as Float64Array);
      break;
  }
  if (!col.hasNull) return;
  const width = CELL_WIDTH[col.type]!;
  const view = w.rawView;
  for (let r = 0; r < n; r++) if (col.mask![r]) putPlaceholder(view, start + r * width, col.type);
}

function putPlaceholder(view: DataView, p: number, type: number): void {
  switch (type) {
    case TSDataType.BOOLEAN:
      view.setUint8(p, 0);
      break;
    case TSDataType.INT32:
      view.setInt32(p, INT32_NULL);
      break;
    case TSDataType.DATE:
      view.setInt32(p, DATE_NULL);
      break;
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      view.setInt32(p, INT32_NULL);
      view.setInt32(p + 4, 0);
      break;
    case TSDataType.FLOAT:
      view.setInt32(p, 1);
      break;
    case TSDataType.DOUBLE:
      view.setInt32(p, 0);
      view.setInt32(p + 4, 1);
      break;
  }
}

/** Fixed-width cells one by one, in wire row order. */
function writeFixedColumn(w: Writer, col: PreparedColumn, n: number, order: Uint32Array | undefined): void {
  const type = col.type;
  const width = CELL_WIDTH[type]!;
  let p = w.reserve(width * n);
  const view = w.rawView;
  const values = col.values;
  // BigInt64Array cells are read as two int32 words: indexing the array would allocate a BigInt.
  const words = values instanceof BigInt64Array ? new Int32Array(values.buffer, values.byteOffset, n * 2) : undefined;
  for (let i = 0; i < n; i++, p += width) {
    const r = order === undefined ? i : order[i]!;
    if (col.hasNull && isNullCell(col, r)) {
      putPlaceholder(view, p, type);
      continue;
    }
    const v = values[r]!;
    switch (type) {
      case TSDataType.BOOLEAN:
        view.setUint8(p, v === true || v === 1 ? 1 : 0);
        break;
      case TSDataType.INT32:
        view.setInt32(p, v as number);
        break;
      case TSDataType.DATE:
        view.setInt32(p, dateValue(v)!);
        break;
      case TSDataType.INT64:
      case TSDataType.TIMESTAMP:
        if (words === undefined) setInt64BE(view, p, v as number | bigint);
        else {
          view.setInt32(p, words[2 * r + HI_WORD]!);
          view.setInt32(p + 4, words[2 * r + LO_WORD]!);
        }
        break;
      case TSDataType.FLOAT:
        view.setFloat32(p, v as number);
        break;
      case TSDataType.DOUBLE:
        view.setFloat64(p, v as number);
        break;
    }
  }
}

/** TEXT, STRING, BLOB: i32 byte length + bytes per cell (UTF-8 for strings); a null is 00000000. */
function writeVariableColumn(w: Writer, col: PreparedColumn, n: number, order: Uint32Array | undefined): void {
  if (col.joinable) {
    const strings = col.hasNull || order !== undefined ? wireStrings(col, n, order) : (col.values as readonly string[]);
    if (writeStringColumn(w, strings)) return;
  }
  const values = col.values as readonly unknown[];
  for (let i = 0; i < n; i++) {
    const r = order === undefined ? i : order[i]!;
    const v = values[r];
    if (col.hasNull && isNullCell(col, r)) w.i32be(0);
    else if (typeof v === "string") writeString(w, v);
    else {
      const bytes = v as Uint8Array;
      w.i32be(bytes.length);
      w.bytes(bytes);
    }
  }
}

/** The cells of a joinable column in wire row order, "" for a null. */
function wireStrings(col: PreparedColumn, n: number, order: Uint32Array | undefined): string[] {
  const values = col.values as readonly (string | null | undefined)[];
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const r = order === undefined ? i : order[i]!;
    out[i] = col.hasNull && isNullCell(col, r) ? "" : values[r]!;
  }
  return out;
}

/**
 * The time and value buffers of a tablet as two Buffers (validated first; EncodeError on bad
 * input). Both are views of one allocation: an ArrayBuffer of ~88 KB took ~2-4 µs to allocate
 * here, a sizeable part of bench tablet-a-columnar.
 */
export function encodeTabletBuffers(tablet: Tablet): { timestamps: Buffer; values: Buffer } {
  const t = prepareTablet(tablet);
  const w = new Writer({ initialSize: 8 * t.rowCount + t.valuesSizeEstimate });
  writeTimeBuffer(w, t);
  const timeBytes = w.length;
  writeValueBuffer(w, t);
  const bytes = w.finish().bytes;
  return { timestamps: bytes.subarray(0, timeBytes), values: bytes.subarray(timeBytes) };
}
