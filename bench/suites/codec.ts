// The IoTDB codec against the official Java client (iotdb-session 2.0.5), the naive JS reference
// encoder and memcpy. Case names are read by tooling: keep them.
//
// Java-baseline cases: the data is generated here; for each case, the Java timing harness
// (bench/java) times the Java client on the same data in a warmed-up JVM of its own, and right
// after, ours is timed in this process (ratio = java ns / ours ns). The two are timed one after
// the other, not interleaved, so load from other processes can favour either: the load average
// is logged with each Java figure. Before anything is timed, the Java client's own bytes for the
// same data (fuzz/java, the vector generator) are checked against ours, and so are the buffer
// sizes and TsBlock counts that the timed Java op reports.
//
// Two Java routes to a tablet's bytes, each a labelled baseline: `-arrays`, Java's fastest from
// in-memory columns (the Tablet built around the arrays, its bitmaps set directly), the baseline
// of the columnar cases, which start from typed arrays too; and `-addValue` (new Tablet, addValue
// per cell), the like-for-like baseline of tablet-b-rows and a second row for each columnar case.
// The harness checks that both routes give identical bytes before timing either.
//
// Headline cases time the path the client takes by default: its TsBlocks are decoded without an
// arena (ResultSetDecoder allocates each block's arrays); the arena is a labelled variant.
import {
  decodeTsBlock,
  parseTypeName,
  TabletBuilder,
  TsBlockArena,
  type Tablet,
  type TsBlock,
  type TsBlockColumn,
} from "@zerowire/iotdb-codec";
import { prepareTablet, writeTimeBuffer, writeValueBuffer } from "@zerowire/iotdb-codec/lower-level";
import { BufferPool, Writer } from "@zerowire/writer";
import { availableParallelism, loadavg } from "node:os";
import { refTimeBuffer, refValueBuffer, type RefTablet } from "../../fuzz/codec/reference-encoder.js";
import { assertSameBytes } from "../lib/check.js";
import {
  type BenchTable,
  type BenchType,
  columnarTablet,
  harnessTablet,
  makeTable,
  KIB_MIXES,
  LATIN1_MIXES,
  NON_ASCII_MIXES,
  CJK_ASCII_MIXES,
  textColumn,
  rowCells,
  rowTimes,
  tabletCase,
  tsBlockCase,
  withNulls,
} from "../lib/codec-data.js";
import { type HarnessRequest, type HarnessResult, harnessTiming, javaVectors, runHarness } from "../lib/java.js";
import { benchLevel, defineSuite, type BenchCase, type ExternalBaseline } from "../lib/suite.js";

const JAVA = "java-session-2.0.5";
/** The Java routes to a tablet's buffers (bench/java/README.md), by baseline name. */
const JAVA_ROUTES = { arrays: `${JAVA}-arrays`, addValue: `${JAVA}-addValue` } as const;
type JavaRoute = keyof typeof JAVA_ROUTES;
const MEASURED_BY = "the bench/java harness (JVM: warm-up, then median of timed batches)";
// The Java harness's short timing unless this is a full run.
const quick = benchLevel() !== "full";

/** Tablet shapes of the issue: a 1000 × 10 DOUBLE; b 500 × 50 mixed; c 100 × 10 mixed; no nulls. */
const SHAPE_A: [BenchType, number][] = [["DOUBLE", 10]];
const SHAPE_B: [BenchType, number][] = [
  ["FLOAT", 15],
  ["DOUBLE", 10],
  ["INT32", 10],
  ["INT64", 5],
  ["TEXT", 5],
  ["BOOLEAN", 5],
];
const SHAPE_C: [BenchType, number][] = [
  ["FLOAT", 3],
  ["DOUBLE", 2],
  ["INT32", 2],
  ["INT64", 1],
  ["TEXT", 1],
  ["BOOLEAN", 1],
];

/** Non-ASCII text: 500 rows × 3 TEXT columns of 16 characters (NON_ASCII_MIXES: CJK with an
 *  emoji in every string, CJK only, and ASCII with an emoji in one string of 100). */
const TEXT_ROWS = 500;
/** The same with Latin-1 accented text (LATIN1_MIXES), and with Chinese text that has ASCII digits
 *  and punctuation (CJK_ASCII_MIXES); and 100 rows × 3 columns of 1 KiB
 *  strings (KIB_MIXES: ASCII, Latin-1 accented, CJK with an emoji). */
const KIB_ROWS = 100;
type TextMix = readonly (readonly [alphabet: readonly string[], emojiEvery: number])[];

/** A table of TEXT columns, column k from mixes[k], strings of `length` chars. */
function textTable(name: string, rows: number, mixes: TextMix, seed: number, length = 16) {
  const t = makeTable(name, rows, [["TEXT", mixes.length]], seed);
  t.columns.forEach((col, k) => (col.values = textColumn(rows, mixes[k]![0], mixes[k]![1], seed * 10 + k, length)));
  return t;
}

/** TsBlocks of 1000 positions (plus the time column). Numeric: 10 number columns, no nulls.
 *  Mixed: one column of each type, DOUBLE with 1% and TEXT (16 ASCII) with 10% nulls. */
const NUMERIC: [BenchType, number][] = [
  ["DOUBLE", 4],
  ["INT64", 2],
  ["FLOAT", 2],
  ["INT32", 2],
];
const MIXED: [BenchType, number][] = [
  ["BOOLEAN", 1],
  ["INT32", 1],
  ["INT64", 1],
  ["FLOAT", 1],
  ["DOUBLE", 1],
  ["TEXT", 1],
];

export default defineSuite({
  name: "codec",
  cases: () => {
    const a = makeTable("a", 1000, SHAPE_A, 1);
    const b = makeTable("b", 500, SHAPE_B, 2);
    const c = makeTable("c", 100, SHAPE_C, 3);
    const numeric = makeTable("numeric", 1000, NUMERIC, 4);
    const mixed = makeTable("mixed", 1000, MIXED, 5);
    const text = textTable("text", TEXT_ROWS, NON_ASCII_MIXES, 6);
    const latin1 = textTable("latin1", TEXT_ROWS, LATIN1_MIXES, 7);
    const kib = textTable("kib", KIB_ROWS, KIB_MIXES, 8, 1024);
    const cjkAscii = textTable("cjkascii", TEXT_ROWS, CJK_ASCII_MIXES, 9);
    mixed.columns[4] = withNulls(mixed.columns[4]!, 0, 100);
    mixed.columns[5] = withNulls(mixed.columns[5]!, 3, 10);

    console.log("  java: the client's bytes for the same data (fuzz/java)");
    const [va, vb, vc, vNumeric, vMixed, vText, vLatin1, vKib, vCjkAscii] = javaVectors([
      tabletCase(a),
      tabletCase(b),
      tabletCase(c),
      tsBlockCase(numeric),
      tsBlockCase(mixed),
      tabletCase(text),
      tabletCase(latin1),
      tabletCase(kib),
      tabletCase(cjkAscii),
    ]);
    const numericBytes = Buffer.from(vNumeric!.output.tsblockHex as string, "hex");
    const mixedBytes = Buffer.from(vMixed!.output.tsblockHex as string, "hex");

    const expected = (v: typeof va) => ({ time: hex(v!.output.timestampsHex), values: hex(v!.output.valuesHex) });

    return [
      columnarCase("tablet-a-columnar", a, expected(va), "arrays", 4),
      columnarCase("tablet-b-columnar", b, expected(vb), "arrays", 1.5),
      columnarCase("tablet-c-columnar", c, expected(vc), "arrays", 1.5),
      columnarCase("tablet-a-columnar-addvalue", a, expected(va), "addValue"),
      columnarCase("tablet-b-columnar-addvalue", b, expected(vb), "addValue"),
      columnarCase("tablet-c-columnar-addvalue", c, expected(vc), "addValue"),
      rowsCase("tablet-b-rows", b, expected(vb)),
      // Text shapes: the targets (#22) are 1.5 for CJK against the arrays route and 1 for
      // every text shape against both routes.
      columnarCase("tablet-text-cjk-emoji-columnar", text, expected(vText), "arrays", 1.5),
      columnarCase("tablet-text-cjk-emoji-columnar-addvalue", text, expected(vText), "addValue", 1),
      columnarCase("tablet-text-latin1-columnar", latin1, expected(vLatin1), "arrays", 1),
      columnarCase("tablet-text-latin1-columnar-addvalue", latin1, expected(vLatin1), "addValue", 1),
      columnarCase("tablet-text-1kib-columnar", kib, expected(vKib), "arrays", 1),
      columnarCase("tablet-text-1kib-columnar-addvalue", kib, expected(vKib), "addValue", 1),
      columnarCase("tablet-text-cjk-ascii-columnar", cjkAscii, expected(vCjkAscii), "arrays", 1),
      columnarCase("tablet-text-cjk-ascii-columnar-addvalue", cjkAscii, expected(vCjkAscii), "addValue", 1),
      naiveCase("tablet-b-naive", b),
      numericDecodeCase("decode-tsblock-1000-numeric", numeric, numericBytes, "default"),
      numericDecodeCase("decode-tsblock-1000-numeric-arena", numeric, numericBytes, "arena"),
      mixedDecodeCase("decode-tsblock-1000-mixed", mixed, mixedBytes),
    ];
  },
});

interface Buffers {
  time: Buffer;
  values: Buffer;
}

function hex(s: unknown): Buffer {
  return Buffer.from(s as string, "hex");
}

/**
 * Ours for the tablet cases: the tablet validated (prepareTablet), its time and value buffers
 * written into a pooled Writer, handed over (finish) and released: what the client does for an
 * insertTablet frame, without the Thrift fields. The Java op allocates its two ByteBuffers each
 * time; its API has no way to reuse them. (encodeTabletBuffers allocates its output per call
 * instead: for shape a, a fresh ~88 KB ArrayBuffer and the garbage collection it causes cost
 * ~2-3 µs per op more here.)
 */
function encodePooled(w: Writer, tablet: Tablet): void {
  const t = prepareTablet(tablet);
  writeTimeBuffer(w, t);
  writeValueBuffer(w, t);
  w.finish().release();
}

/** The same buffers, copied out, for the checks. */
function encodeCopy(tablet: Tablet): { timestamps: Buffer; values: Buffer } {
  const t = prepareTablet(tablet);
  const w = new Writer();
  writeTimeBuffer(w, t);
  const timestamps = Buffer.from(w.finish().bytes);
  writeValueBuffer(w, t);
  return { timestamps, values: Buffer.from(w.finish().bytes) };
}

/**
 * The Java client timed by the bench/java harness on one case (a JVM of its own), right before
 * ours is timed. `verify` checks what the timed Java op produced against ours, before any
 * number is kept.
 */
function javaBaseline(
  name: string,
  request: Pick<HarnessRequest, "tablets" | "tsblocks">,
  verify: (java: HarnessResult) => void,
): ExternalBaseline {
  return {
    name,
    measuredBy: MEASURED_BY,
    measure: () => {
      const load = loadavg()[0]!.toFixed(1);
      const results = [...runHarness({ ...harnessTiming(quick), ...request }).values()];
      if (results.length !== 1) throw new Error(`the Java harness reported ${results.length} cases, expected 1`);
      const java = results[0]!;
      verify(java);
      console.log(
        `  ${name} ${java.case}: median ${java.medianNsPerOp} ns (min ${java.minNsPerOp}, max ${java.maxNsPerOp}), load average ${load} on ${availableParallelism()} cores`,
      );
      return java.medianNsPerOp;
    },
  };
}

/** The harness timing the tablet's Java op by `route`; the buffers it produced must have our sizes. */
function javaTablet(
  name: string,
  table: BenchTable,
  ours: { timestamps: Buffer; values: Buffer },
  route: JavaRoute,
): ExternalBaseline {
  const tablet = { ...harnessTablet(table, `tablet-${table.name}-${route}`), route };
  return javaBaseline(JAVA_ROUTES[route], { tablets: [tablet], tsblocks: [] }, (java) => {
    if (ours.timestamps.length !== java.timeBytes || ours.values.length !== java.valueBytes) {
      throw new Error(
        `${name}: ours is ${ours.timestamps.length}+${ours.values.length} bytes, the timed Java op gave ${java.timeBytes}+${java.valueBytes}`,
      );
    }
  });
}

/** Ours equals the Java client's bytes. */
function checkTablet(name: string, ours: { timestamps: Buffer; values: Buffer }, expected: Buffers): void {
  assertSameBytes(`${name} time buffer`, ours.timestamps, expected.time);
  assertSameBytes(`${name} value buffer`, ours.values, expected.values);
}

/**
 * One op: the columnar tablet (typed arrays, text as strings) to its buffers (encodePooled).
 * Java by `route`: "arrays", the Tablet around the same columns (TEXT as a Binary per cell, a
 * clear BitMap per column); or "addValue", new Tablet, addTimestamp + typed addValue per cell;
 * then checkSorted, getTimeBuffer + getValueBuffer.
 */
function columnarCase(
  name: string,
  table: BenchTable,
  expected: Buffers,
  route: JavaRoute,
  target?: number,
): BenchCase {
  const tablet = columnarTablet(table);
  const w = new Writer({ pool: new BufferPool() });
  return {
    name,
    target,
    ours: () => encodePooled(w, tablet),
    baseline: javaTablet(name, table, encodeCopy(tablet), route),
    check: () => checkTablet(name, encodeCopy(tablet), expected),
  };
}

/**
 * One op: a TabletBuilder sized for the rows (as Java's Tablet is), one addRow per row of user
 * values (numbers, bigints, strings, booleans), build(), then encodePooled. Java: the addValue
 * route, which also fills a tablet row by row from values.
 */
function rowsCase(name: string, table: BenchTable, expected: Buffers): BenchCase {
  const schema = columnarTablet(table).schema;
  const times = rowTimes(table);
  const rows = rowCells(table);
  const w = new Writer({ pool: new BufferPool() });
  const fromRows = () => {
    const builder = new TabletBuilder(schema, { initialCapacity: rows.length });
    for (let r = 0; r < rows.length; r++) builder.addRow(times[r]!, rows[r]!);
    return builder.build();
  };
  return {
    name,
    target: 1.5,
    ours: () => encodePooled(w, fromRows()),
    baseline: javaTablet(name, table, encodeCopy(fromRows()), "addValue"),
    check: () => checkTablet(name, encodeCopy(fromRows()), expected),
  };
}

/** Ours (columnar, encodePooled) against fuzz/codec's reference encoder (a Buffer per value, concatenated). */
function naiveCase(name: string, table: BenchTable): BenchCase {
  const tablet = columnarTablet(table);
  const ref: RefTablet = {
    model: "tree",
    target: tablet.schema.target,
    aligned: false,
    columns: table.columns.map((col) => ({ name: col.name, type: parseTypeName(col.type), category: 1 })),
    times: Array.from(table.timestamps),
    rows: rowCells(table) as RefTablet["rows"],
    mode: "api",
  };
  const encodeNaive = () => ({ timestamps: refTimeBuffer(ref), values: refValueBuffer(ref) });
  const w = new Writer({ pool: new BufferPool() });
  return {
    name,
    ours: () => encodePooled(w, tablet),
    baseline: { name: "naive-js", fn: encodeNaive },
    check: () => {
      const ours = encodeCopy(tablet);
      const naive = encodeNaive();
      assertSameBytes(`${name} time buffer`, ours.timestamps, naive.timestamps);
      assertSameBytes(`${name} value buffer`, ours.values, naive.values);
    },
  };
}

/**
 * One op: `decodeTsBlock` of a 1000-position block of 10 number columns: header checks, every
 * column copied out and byte-swapped into host-order typed arrays; the values are not read
 * afterwards (the typed arrays are the output). "default": new arrays per block, as the client's
 * ResultSetDecoder decodes (the headline); "arena": into a reused TsBlockArena, released after
 * each op, memory that exists already as the baseline's does. Baseline: memcpy of the same
 * TsBlock bytes (Buffer.copy into a buffer 64-byte aligned relative to the source).
 */
function numericDecodeCase(name: string, table: BenchTable, bytes: Buffer, into: "default" | "arena"): BenchCase {
  const { source, target } = alignedCopyPair(bytes);
  const arena = new TsBlockArena();
  return {
    name,
    target: into === "default" ? 0.5 : undefined,
    ours:
      into === "default"
        ? () => {
            decodeTsBlock(source);
          }
        : () => {
            decodeTsBlock(source, { arena });
            arena.release();
          },
    baseline: { name: "memcpy", fn: () => source.copy(target, 0) },
    check: () => {
      checkDecoded(name, decodeTsBlock(source, { arena }), table);
      arena.release();
    },
  };
}

/** The TsBlock bytes at the start of an ArrayBuffer that also holds a copy target 64-byte
 *  aligned relative to them: memcpy's fastest case (see the writer suite). */
function alignedCopyPair(bytes: Buffer): { source: Buffer; target: Buffer } {
  const gap = (bytes.length + 63) & ~63;
  const memory = Buffer.from(new ArrayBuffer(2 * gap));
  bytes.copy(memory, 0);
  return { source: memory.subarray(0, bytes.length), target: memory.subarray(gap, gap + bytes.length) };
}

/**
 * One op: `decodeTsBlock`, then every time value and every cell read as the Java harness does:
 * each time, then per column and position the null flag and, if not null, the value (TEXT
 * cells are strings already; their lengths are summed as Java sums its String lengths).
 * Java: TsBlockSerde.deserialize, getLong per time, isNull + typed get per cell, TEXT as String.
 */
function mixedDecodeCase(name: string, table: BenchTable, bytes: Buffer): BenchCase {
  const types = table.columns.map((col) => parseTypeName(col.type));
  const decodeAndRead = () => readEveryValue(decodeTsBlock(bytes, { types }));
  const block = decodeTsBlock(bytes, { types });
  const nonNull = block.columns.reduce(
    (sum, col) => sum + block.positionCount - (col.nulls?.reduce((s, v) => s + v, 0) ?? 0),
    0,
  );
  return {
    name,
    target: 1,
    ours: decodeAndRead,
    baseline: javaBaseline(JAVA, { tablets: [], tsblocks: [{ name, hex: bytes.toString("hex") }] }, (java) => {
      if (
        java.inputBytes !== bytes.length ||
        java.positionCount !== block.positionCount ||
        java.valueColumns !== block.columns.length ||
        java.nonNullCells !== nonNull
      ) {
        throw new Error(
          `${name}: the Java op read ${JSON.stringify(java)}, ours ${bytes.length} bytes, ${block.positionCount} positions, ${block.columns.length} columns, ${nonNull} non-null cells`,
        );
      }
    }),
    check: () => checkDecoded(name, decodeTsBlock(bytes, { types }), table),
  };
}

/** Sink for the values read, so the reads cannot be optimised away. */
export let readDigest = 0;

function readEveryValue(block: TsBlock): void {
  const n = block.positionCount;
  let digest = 0;
  const time = block.time;
  for (let i = 0; i < n; i++) if (time[i]! === 0n) digest++;
  for (const column of block.columns) digest += readColumn(column, n);
  readDigest += digest;
}

function readColumn(column: TsBlockColumn, n: number): number {
  const nulls = column.nulls;
  let digest = 0;
  if (column.values instanceof BigInt64Array) {
    const values = column.values;
    for (let i = 0; i < n; i++) {
      if (nulls !== undefined && nulls[i] === 1) digest++;
      else if (values[i]! === 0n) digest++;
    }
  } else if (Array.isArray(column.values)) {
    const values = column.values as readonly (string | Buffer)[];
    for (let i = 0; i < n; i++) {
      if (nulls !== undefined && nulls[i] === 1) digest++;
      else digest += values[i]!.length;
    }
  } else {
    const values = column.values;
    for (let i = 0; i < n; i++) {
      if (nulls !== undefined && nulls[i] === 1) digest++;
      else digest += values[i]!;
    }
  }
  return digest;
}

/** The decoded block holds exactly the generated times, values and nulls. */
function checkDecoded(name: string, block: TsBlock, table: BenchTable): void {
  const fail = (what: string) => {
    throw new Error(`${name}: decoded ${what} differs from the generated data`);
  };
  if (block.positionCount !== table.timestamps.length || block.columns.length !== table.columns.length) fail("shape");
  if (!sameElements(block.time, table.timestamps)) fail("time column");
  block.columns.forEach((col, k) => {
    const want = table.columns[k]!;
    if (!sameElements(col.values as ArrayLike<unknown>, want.values as ArrayLike<unknown>))
      fail(`column ${want.name} values`);
    const nulls = want.nulls?.includes(1) ? want.nulls : undefined;
    if (
      (col.nulls === undefined) !== (nulls === undefined) ||
      (nulls !== undefined && !sameElements(col.nulls!, nulls))
    ) {
      fail(`column ${want.name} nulls`);
    }
  });
}

function sameElements(a: ArrayLike<unknown>, b: ArrayLike<unknown>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
