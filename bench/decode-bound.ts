// `npx tsx bench/decode-bound.ts`: what bounds decode-tsblock-1000-numeric (#22), measured. The
// same block as the codec suite's case (1000 positions: a time column, 4 DOUBLE, 2 INT64, 2 FLOAT,
// 2 INT32, no nulls; built here with Buffer's own writers), decoded both ways, and beside it the
// parts any decoder of it must pay: copying its 72 KB, into memory touched before or into a fresh
// allocation, and swapping its words to host order. Medians of 15 rounds, each the mean of 5000
// ops; one process, the cases one after another. The machine's state moves the fresh-memory
// rows most (first touches of new pages): run it more than once.
import { decodeTsBlock, TsBlockArena } from "@zerowire/iotdb-codec";
import { swapToHostOrder } from "@zerowire/writer/seams";

const POSITIONS = 1000;
/** TSDataType codes: DOUBLE 4, INT64 2, FLOAT 3, INT32 1. */
const TYPES = [4, 4, 4, 4, 2, 2, 3, 3, 1, 1];
const WIDTH: Record<number, 4 | 8> = { 4: 8, 2: 8, 3: 4, 1: 4 };

/** The TsBlock: value column count, types, position count, encodings (time first: INT64_ARRAY
 *  = 2, INT32_ARRAY = 1), then each column as mayHaveNull 0 + big-endian values. */
function numericBlock(): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(4 + TYPES.length + 4 + 1 + TYPES.length);
  head.writeInt32BE(TYPES.length, 0);
  TYPES.forEach((t, i) => (head[4 + i] = t));
  head.writeInt32BE(POSITIONS, 4 + TYPES.length);
  head[8 + TYPES.length] = 2;
  TYPES.forEach((t, i) => (head[9 + TYPES.length + i] = WIDTH[t] === 8 ? 2 : 1));
  parts.push(head);
  for (const width of [8, ...TYPES.map((t) => WIDTH[t]!)]) {
    const column = Buffer.alloc(1 + width * POSITIONS);
    for (let i = 0; i < POSITIONS; i++) {
      if (width === 8) column.writeDoubleBE(i * 1.5 + 1, 1 + 8 * i);
      else column.writeFloatBE(i * 0.25 + 1, 1 + 4 * i);
    }
    parts.push(column);
  }
  return Buffer.concat(parts);
}

function median(fn: () => void): number {
  const rounds: number[] = [];
  for (let r = 0; r < 15; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 5000; i++) fn();
    rounds.push(Number(process.hrtime.bigint() - t0) / 5000);
  }
  return rounds.sort((a, b) => a - b)[7]!;
}

const block = numericBlock();
const wideBytes = 8 * POSITIONS * 7; // time + 4 DOUBLE + 2 INT64
const narrowBytes = 4 * POSITIONS * 4; // 2 FLOAT + 2 INT32
const touched = Buffer.allocUnsafeSlow(block.length);
const wide = Buffer.allocUnsafeSlow(wideBytes);
const narrow = Buffer.allocUnsafeSlow(narrowBytes);
const arena = new TsBlockArena();

const rows: [string, () => void][] = [
  ["memcpy of the block into memory touched before (the case's baseline)", () => block.copy(touched, 0)],
  ["a fresh allocation of its size, untouched", () => Buffer.allocUnsafeSlow(block.length)],
  ["a fresh allocation, the block copied into it", () => block.copy(Buffer.allocUnsafeSlow(block.length), 0)],
  [`Buffer#swap64 of the ${wideBytes} bytes of 8-byte words`, () => wide.swap64()],
  [`Buffer#swap32 of the ${narrowBytes} bytes of 4-byte words`, () => narrow.swap32()],
  [`swapToHostOrder (SIMD kernel) of the same ${narrowBytes} bytes`, () => swapToHostOrder(narrow, 4)],
  ["decodeTsBlock, new typed arrays (the client's default)", () => decodeTsBlock(block)],
  [
    "decodeTsBlock into a reused TsBlockArena",
    () => {
      decodeTsBlock(block, { arena });
      arena.release();
    },
  ],
];

console.log(`TsBlock of ${block.length} bytes; ratio = memcpy ns / row ns`);
let memcpy = 0;
for (const [name, fn] of rows) {
  const ns = median(fn);
  if (memcpy === 0) memcpy = ns;
  console.log(`${(ns / 1000).toFixed(2).padStart(8)} us  ${(memcpy / ns).toFixed(3).padStart(6)}  ${name}`);
}
