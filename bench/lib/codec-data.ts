// Deterministic inputs of the codec suite: the tablet shapes and the 1000-position TsBlock
// contents, each generated once in Node and then given to every side in the form it takes
// (typed columns or rows for ours, row-major cells for the naive reference, JSON for Java).
import type { Cell, Tablet } from "@zerowire/iotdb-codec";
import { ASCII, CJK, CJK_WITH_ASCII, EMOJI, flatString, LATIN1_ACCENTED, randomStrings, seededRandom } from "./data.js";

export type BenchType = "BOOLEAN" | "INT32" | "INT64" | "FLOAT" | "DOUBLE" | "TEXT";

type ColumnData = Uint8Array | Int32Array | BigInt64Array | Float32Array | Float64Array | string[];

export interface BenchColumn {
  name: string;
  type: BenchType;
  /** BOOLEAN Uint8Array of 0/1, INT32 Int32Array, INT64 BigInt64Array, FLOAT Float32Array,
   *  DOUBLE Float64Array, TEXT strings. */
  values: ColumnData;
  /** 1 = null (TsBlock contents only; the tablet shapes have no nulls). */
  nulls?: Uint8Array;
}

export interface BenchTable {
  name: string;
  /** Sorted times, 1 s apart. */
  timestamps: BigInt64Array;
  columns: BenchColumn[];
}

/** `rows` rows of columns of the given types (in the listed order, `count` of each). */
export function makeTable(
  name: string,
  rows: number,
  counts: readonly [BenchType, number][],
  seed: number,
): BenchTable {
  const random = seededRandom(seed);
  const timestamps = new BigInt64Array(rows);
  for (let r = 0; r < rows; r++) timestamps[r] = 1_700_000_000_000n + BigInt(r) * 1000n;
  const types = counts.flatMap(([type, n]) => Array.from({ length: n }, () => type));
  const columns = types.map((type, c) => ({ name: `s${c}`, type, values: randomValues(type, rows, random) }));
  return { name, timestamps, columns };
}

function randomValues(type: BenchType, n: number, random: () => number): ColumnData {
  const word = () => Math.floor(random() * 2 ** 32) | 0;
  switch (type) {
    case "BOOLEAN":
      return Uint8Array.from({ length: n }, () => (random() < 0.5 ? 1 : 0));
    case "INT32":
      return Int32Array.from({ length: n }, word);
    case "INT64": // full 64-bit range
      return BigInt64Array.from({ length: n }, () => BigInt.asIntN(64, (BigInt(word()) << 32n) | BigInt(word() >>> 0)));
    case "FLOAT":
      return Float32Array.from({ length: n }, () => (random() - 0.5) * 2000);
    case "DOUBLE":
      return Float64Array.from({ length: n }, () => (random() - 0.5) * 2e6);
    case "TEXT": // 16 printable ASCII characters
      return randomStrings(n, 16, ASCII, Math.floor(random() * 2 ** 31)).map(flatString);
  }
}

/** Marks every `every`-th position (from `first`) of a column null, with 0 or "" as its value. */
export function withNulls(column: BenchColumn, first: number, every: number): BenchColumn {
  const n = column.values.length;
  const nulls = new Uint8Array(n);
  const values = column.values.slice() as ColumnData;
  for (let i = first; i < n; i += every) {
    nulls[i] = 1;
    if (Array.isArray(values)) values[i] = "";
    else if (values instanceof BigInt64Array) values[i] = 0n;
    else values[i] = 0;
  }
  return { ...column, values, nulls };
}

/** The columnar tablet input of ours (tree model, not aligned). */
export function columnarTablet(t: BenchTable): Tablet {
  return {
    schema: {
      model: "tree",
      target: `root.bench.${t.name}`,
      aligned: false,
      columns: t.columns.map(({ name, type }) => ({ name, type })),
    },
    timestamps: t.timestamps,
    values: t.columns.map((c) => c.values),
  };
}

/** Row-major user values: numbers (FLOAT as the float's double), bigints, strings, booleans. */
export function rowCells(t: BenchTable): Cell[][] {
  return Array.from({ length: t.timestamps.length }, (_, r) => t.columns.map((c) => cellOf(c, r)));
}

/** Row times as numbers (epoch milliseconds, as user code usually has them). */
export function rowTimes(t: BenchTable): number[] {
  return Array.from(t.timestamps, Number);
}

function cellOf(c: BenchColumn, r: number): boolean | number | bigint | string | null {
  if (c.nulls?.[r] === 1) return null;
  const v = c.values[r]!;
  return c.type === "BOOLEAN" ? v === 1 : v;
}

/**
 * `n` flat strings of `length` (default 16) characters (a character: one code point) from
 * `alphabet`, and, every `emojiEvery` strings (0: never), one emoji in place of the last character.
 */
export function textColumn(
  n: number,
  alphabet: readonly string[],
  emojiEvery: number,
  seed: number,
  length = 16,
): string[] {
  const random = seededRandom(seed);
  return randomStrings(n, length, alphabet, Math.floor(random() * 2 ** 31)).map((s, i) => {
    if (emojiEvery === 0 || i % emojiEvery !== 0) return flatString(s);
    const emoji = EMOJI[Math.floor(random() * EMOJI.length)]!;
    return flatString(s.slice(0, -1) + emoji);
  });
}

/** Latin-1 with accents (LATIN1_ACCENTED) in every column; no emoji. */
export const LATIN1_MIXES: readonly (readonly [alphabet: readonly string[], emojiEvery: number])[] = [
  [LATIN1_ACCENTED, 0],
  [LATIN1_ACCENTED, 0],
  [LATIN1_ACCENTED, 0],
];

/** Strings of 1 KiB (1024 chars): ASCII; Latin-1 with accents; CJK with an emoji in every string. */
export const KIB_MIXES: readonly (readonly [alphabet: readonly string[], emojiEvery: number])[] = [
  [ASCII, 0],
  [LATIN1_ACCENTED, 0],
  [CJK, 1],
];

/** Chinese text with ASCII digits and punctuation (CJK_WITH_ASCII) in every column; no emoji. */
export const CJK_ASCII_MIXES: readonly (readonly [alphabet: readonly string[], emojiEvery: number])[] = [
  [CJK_WITH_ASCII, 0],
  [CJK_WITH_ASCII, 0],
  [CJK_WITH_ASCII, 0],
];

/** CJK ideographs with an emoji in every string; CJK only; and mostly ASCII, one emoji per 100 strings. */
export const NON_ASCII_MIXES: readonly (readonly [alphabet: readonly string[], emojiEvery: number])[] = [
  [CJK, 1],
  [CJK, 0],
  [ASCII, 100],
];

/** A cell in the shared JSON conventions: INT64 and times as decimal strings, FLOAT as the
 *  float's double (Java's `(float) Double.parseDouble` gives the float back exactly). */
function jsonCell(c: BenchColumn, r: number): boolean | number | string | null {
  const v = cellOf(c, r);
  return typeof v === "bigint" ? String(v) : v;
}

/** A tablet of the Java timing harness request (bench/java/README.md). */
export function harnessTablet(t: BenchTable, caseName: string) {
  return {
    name: caseName,
    deviceId: `root.bench.${t.name}`,
    timestamps: Array.from(t.timestamps, String),
    columns: t.columns.map((c) => ({
      name: c.name,
      type: c.type,
      values: Array.from({ length: c.values.length }, (_, r) => jsonCell(c, r)),
    })),
  };
}

/** A `tablet` case of the shared input format, for the vector generator (fuzz/java). */
export function tabletCase(t: BenchTable) {
  return {
    kind: "tablet",
    name: `bench_${t.name}`,
    model: "tree",
    target: `root.bench.${t.name}`,
    aligned: false,
    columns: t.columns.map(({ name, type }) => ({ name, type })),
    timestamps: Array.from(t.timestamps, String),
    rows: Array.from({ length: t.timestamps.length }, (_, r) => t.columns.map((c) => jsonCell(c, r))),
  };
}

/** A `tsblock` case of the shared input format: a time column and the table's columns. */
export function tsBlockCase(t: BenchTable) {
  return {
    kind: "tsblock",
    name: `bench_${t.name}`,
    timeColumn: "time",
    timestamps: Array.from(t.timestamps, String),
    columns: t.columns.map((c) => ({
      name: c.name,
      type: c.type,
      values: Array.from({ length: c.values.length }, (_, r) => jsonCell(c, r)),
    })),
  };
}
