// decodeTsBlock into a TsBlockArena: same values as a fresh allocation, the arena reused and grown,
// and its ownership rules (one block at a time, released explicitly, not taken by a failed decode).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { OwnershipError } from "@zerowire/writer";
import { DecodeError, decodeTsBlock, TsBlockArena, TSDataType, type TsBlock } from "../src/index.js";
import { arrayBody, booleanBody, f32, f64, header, hex, i32, i64, text, timeBody } from "./decode-bytes.js";

const T = TSDataType;
const E = { BYTE_ARRAY: 0, INT32_ARRAY: 1, INT64_ARRAY: 2, BINARY_ARRAY: 3 };

/** A block of n positions with every fixed-width width (8, 4, 1) and a TEXT column; value i + seed. */
function block(n: number, seed: number): Buffer {
  const at = <V>(f: (i: number) => V): (V | null)[] =>
    Array.from({ length: n }, (_, i) => (i % 5 === 3 ? null : f(i + seed)));
  return hex(
    header([T.DOUBLE, T.INT64, T.FLOAT, T.INT32, T.BOOLEAN, T.TEXT], n, [
      E.INT64_ARRAY,
      E.INT64_ARRAY,
      E.INT64_ARRAY,
      E.INT32_ARRAY,
      E.INT32_ARRAY,
      E.BYTE_ARRAY,
      E.BINARY_ARRAY,
    ]),
    timeBody(Array.from({ length: n }, (_, i) => BigInt(i + seed))),
    arrayBody(
      at((i) => i / 4),
      f64,
    ),
    arrayBody(
      at((i) => BigInt(i) * -(2n ** 40n)),
      i64,
    ),
    arrayBody(
      at((i) => i / 8),
      f32,
    ),
    arrayBody(
      at((i) => i * -3),
      i32,
    ),
    booleanBody(at((i) => i % 2 === 0)),
    arrayBody(
      at((i) => `v${i}`),
      text,
    ),
  );
}

/** Every value of a block, as plain JS data (copied out of its typed arrays). */
function contents(b: TsBlock): unknown {
  return {
    n: b.positionCount,
    time: Array.from(b.time),
    columns: b.columns.map((c) => ({
      type: c.type,
      values: Array.from(c.values as ArrayLike<unknown>),
      nulls: c.nulls && Array.from(c.nulls),
    })),
  };
}

test("a block decoded into an arena equals the same block decoded into new memory; the arena is reused and grows", () => {
  const arena = new TsBlockArena();
  for (const [n, seed] of [
    [9, 1],
    [3, 20],
    [0, 0],
    [130, 7],
    [17, 3],
  ] as const) {
    const bytes = block(n, seed);
    const fresh = contents(decodeTsBlock(bytes));
    const inArena = decodeTsBlock(bytes, { arena });
    assert.ok(arena.owned);
    assert.equal(contents(inArena), fresh, `n=${n}`);
    arena.release();
    assert.not.ok(arena.owned);
  }
});

test("the arrays view the arena: after release() the next block decoded there overwrites them", () => {
  const arena = new TsBlockArena();
  const first = decodeTsBlock(block(8, 0), { arena });
  assert.equal(Array.from(first.time), [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n]);
  arena.release();
  decodeTsBlock(block(8, 100), { arena });
  assert.is(first.time[0], 100n);
  assert.is(first.columns[0]!.values[0], 25); // DOUBLE column of the second block: 100 / 4
});

const isOwnershipError = (e: unknown) => e instanceof OwnershipError;

test("ownership: one block at a time, release() once per block, a failed decode takes nothing", () => {
  const arena = new TsBlockArena();
  assert.throws(() => arena.release(), isOwnershipError);
  decodeTsBlock(block(4, 0), { arena });
  assert.throws(() => decodeTsBlock(block(4, 0), { arena }), isOwnershipError);
  arena.release();
  assert.throws(() => arena.release(), isOwnershipError);
  const truncated = block(4, 0).subarray(0, 60);
  assert.throws(
    () => decodeTsBlock(truncated, { arena }),
    (e: unknown) => e instanceof DecodeError,
  );
  assert.not.ok(arena.owned);
  assert.is(decodeTsBlock(block(4, 5), { arena }).time[0], 5n);
});

test.run();
