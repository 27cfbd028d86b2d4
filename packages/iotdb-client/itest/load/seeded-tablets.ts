// Random tablets derived from (seed, writer, index) alone: random column types (TEXT and BLOB
// included), null rates from none to all, log-uniform row counts and string widths (so frames land
// in every size class from 1 KiB up), random bits in numeric columns and garbage under null cells.
// The writer generates a tablet, sends it and drops it; the verifier generates it again.
import { formatDate, type ColumnValues, type SessionTablet, type TSDataTypeName } from "../../src/index.js";
import { SeededRandom } from "./seeded-random.js";

const LOAD_TYPES: readonly TSDataTypeName[] = [
  "BOOLEAN",
  "INT32",
  "INT64",
  "FLOAT",
  "DOUBLE",
  "TEXT",
  "STRING",
  "BLOB",
  "DATE",
  "TIMESTAMP",
];
/** Measurements per type on a device: a tablet takes some of these, so tablets of one device differ in columns. */
const SLOTS_PER_TYPE = 2;
const NULL_RATES = [0, 0, 0.05, 0.3, 0.9, 1];
const FIRST_TIME = 1_700_000_000_000n;
/** Tablet i of a device holds times in [FIRST_TIME + i*SPAN, FIRST_TIME + (i+1)*SPAN). */
const TABLET_SPAN = 1_000_000n;
const MAX_GAP_MS = 3;

/** How big tablets get. */
export interface TabletShape {
  maxRows: number;
  maxColumns: number;
  /** Longest TEXT/STRING (UTF-16 units) or BLOB (bytes) value. */
  maxValueLength: number;
  /**
   * Chance that a tablet is bulk: `bulkRows` rows led by a BLOB column of values averaging
   * `bulkValueLength` bytes, a frame bigger than the kernel takes from a socket at once (~4 MiB
   * on loopback), so its write stays pending and frames sent after it on that socket wait too.
   */
  bulkChance: number;
  bulkRows: number;
  bulkValueLength: number;
}

export interface SeededTablet {
  device: string;
  aligned: boolean;
  bulk: boolean;
  columns: { name: string; type: TSDataTypeName }[];
  times: BigInt64Array;
  values: ColumnValues[];
  /** 1 = null, one mask per column. */
  nulls: Uint8Array[];
}

/** Writer w's device: odd writers write aligned devices. */
export function writerDevice(database: string, writer: number): { device: string; aligned: boolean } {
  return { device: `${database}.w${writer}`, aligned: writer % 2 === 1 };
}

export function seededTablet(
  database: string,
  seed: number,
  writer: number,
  index: number,
  shape: TabletShape,
): SeededTablet {
  const random = new SeededRandom(SeededRandom.derive(seed, writer, index));
  const { device, aligned } = writerDevice(database, writer);
  const bulk = random.chance(shape.bulkChance);
  const rows = bulk ? shape.bulkRows : random.logInt(shape.maxRows);
  const columnCount = random.int(1, shape.maxColumns);
  const chosen = new Set<string>(bulk ? ["blob_0"] : []);
  const columns: SeededTablet["columns"] = bulk ? [{ name: "blob_0", type: "BLOB" }] : [];
  while (columns.length < columnCount) {
    const type = random.pick(LOAD_TYPES);
    const name = `${type.toLowerCase()}_${random.int(0, SLOTS_PER_TYPE - 1)}`;
    if (chosen.has(name)) continue;
    chosen.add(name);
    columns.push({ name, type });
  }
  const times = new BigInt64Array(rows);
  let t = FIRST_TIME + BigInt(index) * TABLET_SPAN;
  for (let r = 0; r < rows; r++) times[r] = t += BigInt(random.int(1, MAX_GAP_MS));
  const nulls = columns.map((_, i) => {
    const rate = bulk && i === 0 ? 0.05 : random.pick(NULL_RATES);
    return Uint8Array.from({ length: rows }, () => (random.chance(rate) ? 1 : 0));
  });
  // IoTDB 2.0.1-beta: an aligned tablet with no value at all, once flushed to a TsFile of its own,
  // makes every later query of its device fail with 301 "Device ... is not in tsFileMetaData".
  // Such tablets are not sent; non-aligned ones are (the server stores nothing for them).
  if (aligned && nulls.every((mask) => !mask.includes(0))) nulls[0]![0] = 0;
  const values = columns.map((c, i) => {
    const maxLength = bulk && i === 0 ? 2 * shape.bulkValueLength : random.logInt(shape.maxValueLength);
    return columnValues(random, c.type, rows, nulls[i]!, maxLength);
  });
  return { device, aligned, bulk, columns, times, values, nulls };
}

export function toSessionTablet(t: SeededTablet): SessionTablet {
  return { schema: { target: t.device, columns: t.columns }, timestamps: t.times, values: t.values, nulls: t.nulls };
}

/** What a query returns for cell (column c, row r): null, boolean, number, bigint, string, or the BLOB's bytes. */
export function expectedCell(t: SeededTablet, c: number, r: number): unknown {
  if (t.nulls[c]![r] === 1) return null;
  const v = t.values[c]!;
  switch (t.columns[c]!.type) {
    case "BOOLEAN":
      return (v as Uint8Array)[r] !== 0;
    case "DATE":
      return formatDate((v as Int32Array)[r]!);
    default:
      return (v as ArrayLike<unknown>)[r];
  }
}

/** True when some cell of row r is not null: only such rows exist on the server. */
export function rowHasValue(t: SeededTablet, r: number): boolean {
  for (const mask of t.nulls) if (mask[r] === 0) return true;
  return false;
}

/** Cells that are not null (the points the server stores). */
export function pointCount(t: SeededTablet): number {
  let n = 0;
  for (const mask of t.nulls) for (let r = 0; r < mask.length; r++) n += 1 - mask[r]!;
  return n;
}

function columnValues(
  random: SeededRandom,
  type: TSDataTypeName,
  rows: number,
  nulls: Uint8Array,
  maxLength: number,
): ColumnValues {
  switch (type) {
    case "BOOLEAN": {
      // Any byte under a null cell: the encoder must mask it, not check it.
      const out = new Uint8Array(rows);
      for (let r = 0; r < rows; r++) out[r] = nulls[r] ? random.uint32() & 0xff : random.uint32() & 1;
      return out;
    }
    case "INT32":
      return new Int32Array(randomBits(random, rows * 4));
    case "INT64":
    case "TIMESTAMP":
      return new BigInt64Array(randomBits(random, rows * 8));
    case "FLOAT":
      return new Float32Array(randomBits(random, rows * 4)); // every bit pattern: NaNs, -0, subnormals
    case "DOUBLE":
      return new Float64Array(randomBits(random, rows * 8));
    case "DATE":
      return Int32Array.from({ length: rows }, () => randomDate(random));
    case "BLOB":
      return Array.from({ length: rows }, () => new Uint8Array(randomBits(random, random.int(0, maxLength))));
    default:
      return Array.from({ length: rows }, () => randomText(random, random.int(0, maxLength)));
  }
}

function randomBits(random: SeededRandom, bytes: number): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes);
  const words = new Uint32Array(buffer, 0, bytes >>> 2);
  for (let i = 0; i < words.length; i++) words[i] = random.uint32();
  const tail = new Uint8Array(buffer, words.length * 4);
  for (let i = 0; i < tail.length; i++) tail[i] = random.uint32() & 0xff;
  return buffer;
}

function randomDate(random: SeededRandom): number {
  const year = random.int(1000, 9999);
  const month = random.int(1, 12);
  const day = random.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return year * 10000 + month * 100 + day;
}

// Code point ranges from 1 to 4 UTF-8 bytes (no surrogates: a lone one is not valid text).
const TEXT_RANGES: readonly [number, number][] = [
  [0x20, 0x7e],
  [0x20, 0x7e],
  [0x09, 0x0d],
  [0xa0, 0x24f],
  [0x391, 0x3c9],
  [0x4e00, 0x9fff],
  [0x1f300, 0x1f64f],
];

function randomText(random: SeededRandom, length: number): string {
  let s = "";
  while (s.length < length) {
    const [lo, hi] = random.pick(TEXT_RANGES);
    s += String.fromCodePoint(random.int(lo, hi));
  }
  return s;
}
