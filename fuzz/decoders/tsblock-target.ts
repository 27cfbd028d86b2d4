// decodeTsBlock as a fuzz target: what a decoded block must satisfy, the memory it may hold,
// and its digest for the comparison with a standalone copy decoded into a reused TsBlockArena.
import { createHash } from "node:crypto";
import {
  DecodeError,
  DEFAULT_MAX_CELLS,
  decodeTsBlock,
  type TsBlock,
  TsBlockArena,
  TSDataType,
  type TsBlockColumn,
} from "@zerowire/iotdb-codec";
import type { DecodeTarget, Footprint } from "./harness.js";
import { MAX_CELLS } from "./settings.js";

export interface TsBlockContext {
  types?: readonly (TSDataType | undefined)[] | undefined;
}

/** Bytes a decoded cell may take (8 in the slab, 1 in a null mask, 8 for a JS array slot), with room to spare. */
const BYTES_PER_CELL = 24;

/** Reused by every alternative decode: it holds the previous inputs' values, which must never
 *  show in a later block. */
const arena = new TsBlockArena();

export const tsBlockTarget: DecodeTarget<TsBlockContext, TsBlock> = {
  name: "decodeTsBlock",
  decode: (view, context) => decodeTsBlock(view, { types: context.types, maxCells: MAX_CELLS }),
  decodeAlternative: (view, context) => decodeIntoArena(view, context),
  isTypedError: (e) => e instanceof DecodeError,
  check: (block, view, context) => checkTsBlock(block, view, context.types),
  footprint: (block, view) => tsBlockFootprint(block, view),
  digest: (block) => digestTsBlock(block),
};

/** Decodes into the shared arena (released first). A failed decode must leave it unowned. */
function decodeIntoArena(view: Buffer, context: TsBlockContext): TsBlock {
  if (arena.owned) arena.release();
  try {
    return decodeTsBlock(view, { types: context.types, maxCells: MAX_CELLS, arena });
  } catch (e) {
    if (arena.owned) throw new Error(`a failed decode left the TsBlockArena owned (${(e as Error).message})`);
    throw e;
  }
}

/** Throws unless the block is consistent with its header and with itself. */
export function checkTsBlock(
  block: TsBlock,
  view: Buffer,
  types: readonly (TSDataType | undefined)[] | undefined,
): void {
  const n = view.readInt32BE(0);
  const count = view.readInt32BE(4 + n);
  expect(block.positionCount === count, `positionCount ${block.positionCount}, the header says ${count}`);
  expect(block.columns.length === n, `${block.columns.length} columns, the header says ${n}`);
  expect(
    block.time instanceof BigInt64Array && block.time.length === count,
    `time column of length ${block.time.length} for ${count} positions`,
  );
  // RLE positions are bounded by maxCells, every other position by its own bytes (at least one
  // bit each, a null flag or a packed boolean): no block may decode to more cells than both allow.
  const cellLimit = (MAX_CELLS ?? DEFAULT_MAX_CELLS) + 8 * view.length;
  expect(
    count * (n + 1) <= cellLimit,
    `${count * (n + 1)} cells decoded from ${view.length} bytes with maxCells ${MAX_CELLS ?? DEFAULT_MAX_CELLS}`,
  );
  block.columns.forEach((col, k) => {
    const type = types?.[k] ?? view[4 + k]!;
    expect(col.type === type, `column ${k} has type ${col.type}, expected ${type}`);
    checkColumn(col, count, view, `column ${k}`);
  });
}

const ARRAY_OF: Record<number, new (length: number) => ArrayBufferView> = {
  [TSDataType.BOOLEAN]: Uint8Array,
  [TSDataType.INT32]: Int32Array,
  [TSDataType.DATE]: Int32Array,
  [TSDataType.INT64]: BigInt64Array,
  [TSDataType.TIMESTAMP]: BigInt64Array,
  [TSDataType.FLOAT]: Float32Array,
  [TSDataType.DOUBLE]: Float64Array,
};

/** One column: its values' kind and length, its null mask, and what null positions hold. */
export function checkColumn(col: TsBlockColumn, count: number, view: Buffer, where: string): void {
  const values = col.values as ArrayLike<unknown>;
  expect(values.length === count, `${where} has ${values.length} values for ${count} positions`);
  const typed = ARRAY_OF[col.type];
  if (typed !== undefined) {
    expect(values instanceof typed, `${where} (type ${col.type}) values are a ${values.constructor.name}`);
    expect((values as Uint8Array).buffer !== view.buffer, `${where} values are a view of the input, not decoded`);
    if (col.type === TSDataType.BOOLEAN)
      for (let i = 0; i < count; i++)
        expect(values[i] === 0 || values[i] === 1, `${where}[${i}] is ${values[i]}, not 0/1`);
  } else {
    expect(Array.isArray(values), `${where} (type ${col.type}) values are not an array`);
    const blob = col.type === TSDataType.BLOB;
    for (let i = 0; i < count; i++) {
      const v = values[i];
      if (blob) {
        expect(Buffer.isBuffer(v), `${where}[${i}] is not a Buffer`);
        const b = v as Buffer;
        // A BLOB is a view into the input: never of bytes around it.
        const inside =
          b.length === 0 ||
          (b.buffer === view.buffer &&
            b.byteOffset >= view.byteOffset &&
            b.byteOffset + b.length <= view.byteOffset + view.length);
        expect(
          inside,
          `${where}[${i}] views bytes outside the input (offset ${b.byteOffset - view.byteOffset}, length ${b.length}, input length ${view.length})`,
        );
      } else expect(typeof v === "string", `${where}[${i}] is a ${typeof v}, not a string`);
    }
  }
  const nulls = col.nulls;
  if (nulls === undefined) return;
  expect(
    nulls instanceof Uint8Array && nulls.length === count,
    `${where} null mask of length ${nulls.length} for ${count} positions`,
  );
  let any = false;
  for (let i = 0; i < count; i++) {
    expect(nulls[i] === 0 || nulls[i] === 1, `${where} null mask [${i}] is ${nulls[i]}`);
    if (nulls[i] === 0) continue;
    any = true;
    const v = values[i];
    const empty = v === 0 || v === 0n || v === "" || (Buffer.isBuffer(v) && v.length === 0);
    expect(empty, `${where}[${i}] is null but holds ${String(v)}`);
  }
  expect(any, `${where} has a null mask with no null (the mask should be undefined)`);
}

/** Memory the block holds: its own ArrayBuffers, array slots and distinct strings. */
export function tsBlockFootprint(block: TsBlock, view: Buffer): Footprint {
  const buffers = new Set<ArrayBufferLike>([block.time.buffer]);
  let bytes = 0;
  const strings = new Set<string>();
  for (const col of block.columns) {
    const values = col.values;
    if (Array.isArray(values)) {
      bytes += 8 * values.length;
      if (col.type !== TSDataType.BLOB) for (const s of values as string[]) strings.add(s);
    } else buffers.add((values as Uint8Array).buffer);
    if (col.nulls !== undefined) buffers.add(col.nulls.buffer);
  }
  buffers.delete(view.buffer);
  for (const b of buffers) bytes += b.byteLength;
  for (const s of strings) bytes += 2 * s.length;
  const cells = block.positionCount * (block.columns.length + 1);
  // Strings are at most 2 bytes per input byte (UTF-16); each region is padded to 8 bytes.
  return { bytes, limit: BYTES_PER_CELL * cells + 4 * view.length + 16 * (block.columns.length + 1) + 1024 };
}

export function digestTsBlock(block: TsBlock): string {
  const h = createHash("sha1");
  h.update(`${block.positionCount}|`);
  h.update(bytesOf(block.time));
  for (const col of block.columns) {
    h.update(`|${col.type}|`);
    if (Array.isArray(col.values))
      for (const v of col.values as (string | Buffer)[])
        h.update(typeof v === "string" ? `${v.length}:${v}` : `${v.length}:${v.toString("hex")}`);
    else h.update(bytesOf(col.values as Uint8Array));
    h.update(col.nulls === undefined ? "-" : bytesOf(col.nulls));
  }
  return h.digest("hex");
}

function bytesOf(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function expect(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}
