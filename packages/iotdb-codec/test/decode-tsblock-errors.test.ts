// Bad TsBlock bytes: every rejection is a DecodeError naming the column and the offset, never
// another error class, an out-of-bounds read or a result with garbage in it.
import { constants } from "node:buffer";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  DecodeError,
  DEFAULT_MAX_CELLS,
  decodeTsBlock,
  parseTypeName,
  TSDataType,
  type TsBlockDecodeOptions,
} from "../src/index.js";
import { arrayBody, header, hex, i32, i64, javaVectors, text, timeBody } from "./decode-bytes.js";

const T = TSDataType;
const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;
const E = { BYTE_ARRAY: 0, INT32_ARRAY: 1, INT64_ARRAY: 2, BINARY_ARRAY: 3, RLE: 4, DICTIONARY: 5 };

function rejects(
  bytes: Buffer,
  expect: { offset: number; column?: string; mentions: string },
  options?: TsBlockDecodeOptions,
): void {
  try {
    decodeTsBlock(bytes, options);
  } catch (err) {
    assert.instance(err, DecodeError);
    const e = err as DecodeError;
    assert.is(e.offset, expect.offset, `offset in: ${e.message}`);
    assert.is(e.column, expect.column, `column in: ${e.message}`);
    assert.ok(e.message.includes(expect.mentions), `"${e.message}" mentions "${expect.mentions}"`);
    if (expect.column !== undefined)
      assert.ok(e.message.includes(JSON.stringify(expect.column)), "message names the column");
    return;
  }
  assert.unreachable(`accepted: ${bytes.toString("hex")}`);
}

const one = (type: number, encoding: number, body: string, n = 2) =>
  hex(header([type], n, [E.INT64_ARRAY, encoding]), timeBody([1n, 2n].slice(0, n)), body);

test("header: negative or oversized column count, negative position count", () => {
  rejects(hex(i32(-1)), { offset: 0, mentions: "value column count -1" });
  rejects(hex(i32(0x7fffffff), "00"), { offset: 0, mentions: "value column count 2147483647" });
  rejects(hex(i32(0), i32(-5), "02", "00"), { offset: 4, mentions: "negative position count -5" });
});

test("header: unknown or non-TsBlock types and unknown encodings name their column", () => {
  for (const bad of [6, 7, 10, 11, 12, 255]) {
    rejects(
      hex(header([T.INT32, bad], 1, [2, 1, 1]), timeBody([1n]), "00", i32(1), "00", i32(2)),
      { offset: 5, column: "s2", mentions: "not a TsBlock column type" },
      { names: ["s1", "s2"] },
    );
  }
  rejects(
    hex(header([T.INT32], 1, [2, 6]), timeBody([1n]), "00", i32(1)),
    { offset: 10, column: "s1", mentions: "unknown encoding 6" },
    { names: ["s1"] },
  );
  rejects(hex(header([T.INT32], 1, [9, 1]), timeBody([1n]), "00", i32(1)), {
    offset: 9,
    column: "time",
    mentions: "unknown encoding 9",
  });
});

test("an encoding that cannot hold the column's type", () => {
  rejects(one(T.INT32, E.INT64_ARRAY, "00" + i64(1n) + i64(2n)), {
    offset: 28,
    column: "value column 0",
    mentions: "INT64_ARRAY cannot hold i32",
  });
  rejects(one(T.TEXT, E.BYTE_ARRAY, "00" + "c0"), {
    offset: 28,
    column: "value column 0",
    mentions: "BYTE_ARRAY cannot hold TEXT",
  });
  rejects(one(T.BOOLEAN, E.BINARY_ARRAY, "00" + text("a") + text("b")), {
    offset: 28,
    column: "value column 0",
    mentions: "BINARY_ARRAY cannot hold bool",
  });
  rejects(one(T.DOUBLE, E.RLE, "01" + "00" + i32(1)), {
    offset: 29,
    column: "value column 0",
    mentions: "INT32_ARRAY cannot hold f64",
  });
  rejects(hex(header([], 1, [E.BINARY_ARRAY]), "00" + text("x")), {
    offset: 9,
    column: "time",
    mentions: "BINARY_ARRAY cannot hold i64",
  });
});

test("result types that do not fit the physical types, or more result columns than the block has", () => {
  const block = one(T.INT64, E.INT64_ARRAY, "00" + i64(1n) + i64(2n));
  rejects(
    block,
    { offset: 4, column: "v", mentions: "result type DOUBLE cannot be read from a INT64 column" },
    { types: [T.DOUBLE], names: ["v"] },
  );
  rejects(
    one(T.TEXT, E.BINARY_ARRAY, "00" + text("a") + text("b")),
    { offset: 4, column: "value column 0", mentions: "result type INT32" },
    { types: [T.INT32] },
  );
  rejects(
    block,
    { offset: 0, mentions: "the result reads 2 value columns, the TsBlock has 1" },
    { types: [T.INT64, T.INT64] },
  );
  assert.is(decodeTsBlock(block, { types: [T.TIMESTAMP] }).columns[0]!.type, T.TIMESTAMP);
});

test("text values: negative or oversized lengths", () => {
  rejects(one(T.TEXT, E.BINARY_ARRAY, "00" + text("a") + i32(-1)), {
    offset: 34,
    column: "value column 0",
    mentions: "negative value length -1 at position 1",
  });
  rejects(one(T.TEXT, E.BINARY_ARRAY, "00" + text("a") + i32(0x7fffffff) + "41"), {
    offset: 34,
    column: "value column 0",
    mentions: "needs 2147483647 bytes, 1 left",
  });
});

test("a TEXT value longer than the longest JS string is a DecodeError, not a RangeError", () => {
  const prefix = hex(
    header([T.TEXT], 1, [E.INT64_ARRAY, E.BINARY_ARRAY]),
    timeBody([1n]),
    "00",
    i32(MAX_STRING_LENGTH + 1),
  );
  // Untouched pages of an unfilled allocation cost no memory: only the prefix is written.
  const bytes = Buffer.allocUnsafeSlow(prefix.length + MAX_STRING_LENGTH + 1);
  prefix.copy(bytes);
  rejects(bytes, { offset: prefix.length - 4, column: "value column 0", mentions: "more than a JS string can hold" });
});

test("dictionary: negative size, id count other than the position count, ids out of range", () => {
  const dict = (size: number, ids: number[], idCount = ids.length) =>
    one(
      T.INT32,
      E.DICTIONARY,
      "01" + i32(size) + arrayBody([5, 6].slice(0, Math.max(0, size)), i32) + i32(idCount) + ids.map(i32).join(""),
    );
  rejects(dict(-1, [0, 0]), { offset: 29, column: "value column 0", mentions: "negative dictionary size -1" });
  rejects(dict(2, [0, 1, 1], 3), {
    offset: 42,
    column: "value column 0",
    mentions: "dictionary has 3 ids for 2 positions",
  });
  rejects(dict(2, [0, 2]), {
    offset: 50,
    column: "value column 0",
    mentions: "dictionary id 2 at position 1 is outside [0, 2)",
  });
  rejects(dict(2, [-1, 0]), { offset: 46, column: "value column 0", mentions: "dictionary id -1 at position 0" });
  const textDict = one(T.TEXT, E.DICTIONARY, "03" + i32(1) + "00" + text("a") + i32(2) + i32(0) + i32(1));
  rejects(textDict, { offset: 47, column: "value column 0", mentions: "dictionary id 1 at position 1" });
});

test("forged counts fail before allocating: positions the bytes cannot hold, RLE positions over maxCells, huge dictionaries", () => {
  rejects(hex(header([T.INT32], 0x7fffffff, [2, 1]), "00"), {
    offset: 5,
    mentions: "2147483647 positions need at least 536870914 bytes",
  });
  rejects(hex(header([T.INT32], 1_000_000, [2, 1]), "00" + i64(1n)), {
    offset: 5,
    mentions: "1000000 positions need at least 250002 bytes",
  });
  rejects(hex(header([T.INT32], 1_000_000, [4, 1]), "0200" + i64(0n), "00"), {
    offset: 5,
    mentions: "need at least 125003 bytes",
  });
  // Every column RLE: only maxCells bounds the expansion.
  const allRle = hex(header([T.INT32], 1000, [4, 4]), "0200" + i64(0n), "0100" + i32(3));
  assert.is(decodeTsBlock(allRle).columns[0]!.values.length, 1000);
  rejects(allRle, { offset: 5, mentions: "1000 positions × 2 RLE columns would exceed" }, { maxCells: 1999 });
  assert.is(decodeTsBlock(allRle, { maxCells: 2000 }).positionCount, 1000);
  // A dictionary of 2^31-1 entries behind an RLE inner column takes 6 bytes.
  const bigDict = one(T.INT32, E.DICTIONARY, "04" + i32(0x7fffffff) + "01" + "00" + i32(7) + i32(2) + i32(0) + i32(1));
  rejects(bigDict, { offset: 29, column: "value column 0", mentions: "dictionary size 2147483647 would exceed" });
});

test("the default maxCells refuses a 19-byte block of 2^24 RLE positions before allocating, and bounds what it accepts", () => {
  const rleTime = (n: number) => hex(header([], n, [E.RLE]), "0200" + i64(1n));
  assert.is(rleTime(1 << 24).length, 19);
  rejects(rleTime(1 << 24), { offset: 4, mentions: `${1 << 24} positions × 1 RLE columns would exceed` });
  rejects(rleTime(DEFAULT_MAX_CELLS + 1), {
    offset: 4,
    mentions: "would exceed the decoder's limit on RLE-expanded values (maxCells)",
  });
  const block = decodeTsBlock(rleTime(DEFAULT_MAX_CELLS));
  assert.is(block.time.length, DEFAULT_MAX_CELLS);
  assert.is(block.time[DEFAULT_MAX_CELLS - 1], 1n);
  assert.ok(DEFAULT_MAX_CELLS >= 1000 * 1000, "room for 1000 RLE columns of a 1000-row server block");
  assert.is(
    decodeTsBlock(rleTime(2 * DEFAULT_MAX_CELLS), { maxCells: 2 * DEFAULT_MAX_CELLS }).positionCount,
    2 * DEFAULT_MAX_CELLS,
    "the option raises the bound",
  );
});

test("content backed by bytes is bounded by the input, not by maxCells", () => {
  const flat = hex(
    header([T.INT32, T.TEXT], 3, [E.INT64_ARRAY, E.INT32_ARRAY, E.BINARY_ARRAY]),
    timeBody([1n, 2n, 3n]),
    "00" + i32(1) + i32(2) + i32(3),
    "00" + text("a") + text("b") + text("c"),
  );
  const block = decodeTsBlock(flat, { maxCells: 0 });
  assert.equal(Array.from(block.columns[0]!.values as Int32Array), [1, 2, 3]);
  assert.equal(block.columns[1]!.values, ["a", "b", "c"]);
  // One RLE column among flat ones: only its positions count.
  const mixed = hex(header([T.INT32], 3, [E.INT64_ARRAY, E.RLE]), timeBody([1n, 2n, 3n]), "0100" + i32(7));
  assert.equal(Array.from(decodeTsBlock(mixed, { maxCells: 3 }).columns[0]!.values as Int32Array), [7, 7, 7]);
  rejects(mixed, { offset: 5, mentions: "3 positions × 1 RLE columns would exceed" }, { maxCells: 2 });
});

test("a dictionary's entries need their bytes before the dictionary is allocated, whatever maxCells allows", () => {
  // Inner encoding, size 2^24, then one byte (a mayHaveNull) where the entries should be.
  const noBytes = (type: number, inner: number) =>
    one(type, E.DICTIONARY, inner.toString(16).padStart(2, "0") + i32(1 << 24) + "00");
  // Allocating first would take 64 MiB (INT32) or a 2^24-slot array (TEXT), then fail on the
  // missing entries; with an unbounded maxCells, a size of 2^31-1 would not even allocate.
  const unbounded = { maxCells: Number.MAX_SAFE_INTEGER };
  rejects(
    noBytes(T.INT32, E.INT32_ARRAY),
    {
      offset: 29,
      column: "value column 0",
      mentions: "dictionary size 16777216 needs at least 2097153 bytes, 1 follow",
    },
    unbounded,
  );
  rejects(
    noBytes(T.TEXT, E.BINARY_ARRAY),
    {
      offset: 29,
      column: "value column 0",
      mentions: "dictionary size 16777216 needs at least 2097153 bytes, 1 follow",
    },
    unbounded,
  );
  const huge = one(T.INT64, E.DICTIONARY, "02" + i32(0x7fffffff) + "00");
  rejects(
    huge,
    { offset: 29, column: "value column 0", mentions: "dictionary size 2147483647 needs at least" },
    unbounded,
  );
  // A dictionary of dictionaries: the inner one's ids are 4 bytes each.
  rejects(
    one(T.INT32, E.DICTIONARY, "05" + i32(1 << 20) + "01"),
    { offset: 29, column: "value column 0", mentions: "needs at least 4194314 bytes" },
    unbounded,
  );
});

test("RLE and DICTIONARY nested more than 4 deep", () => {
  const nested = (levels: number) => one(T.INT32, E.RLE, "04".repeat(levels - 1) + "01" + "00" + i32(3));
  assert.equal(Array.from(decodeTsBlock(nested(4)).columns[0]!.values as Int32Array), [3, 3]);
  rejects(nested(5), { offset: 31, column: "value column 0", mentions: "nested more than 4 levels" });
});

test("trailing bytes after the last column", () => {
  const block = one(T.INT32, E.INT32_ARRAY, "00" + i32(1) + i32(2));
  assert.ok(decodeTsBlock(block));
  rejects(Buffer.concat([block, Buffer.from([0])]), {
    offset: block.length,
    mentions: "1 bytes after the last column",
  });
});

test("truncation at every byte of every Java TsBlock is a DecodeError naming the part being read", () => {
  for (const v of javaVectors("tsblock")) {
    const bytes = Buffer.from(v.output.tsblockHex, "hex");
    const names = (v.input.columns as { name: string }[]).map((c) => c.name);
    const options = { names, types: (v.input.columns as { type: string }[]).map((c) => parseTypeName(c.type)) };
    const parts = v.output.layout as { part: string; offset: number; length: number; index?: number }[];
    const headerLength = parts[0]!.length;
    const step = bytes.length > 2000 ? 7 : 1; // the 1000-row vector: every 7th byte
    for (let cut = 0; cut < bytes.length; cut += step) {
      const prefix = Buffer.from(bytes.subarray(0, cut)); // its own buffer: a read past `cut` cannot see the rest
      let err: unknown;
      try {
        decodeTsBlock(prefix, options);
      } catch (e) {
        err = e;
      }
      assert.instance(err, DecodeError, `${v.name} cut at ${cut}`);
      const e = err as DecodeError;
      assert.ok(e.offset >= 0 && e.offset <= cut, `${v.name} cut at ${cut}: offset ${e.offset}`);
      const part = parts.find((p) => cut >= p.offset && cut < p.offset + p.length)!;
      const expected = part.part === "header" ? undefined : part.part === "timeColumn" ? "time" : names[part.index!];
      // Cuts early in the columns may already fail the header's count checks.
      if (e.column !== undefined || cut < headerLength)
        assert.is(e.column, expected, `${v.name} cut at ${cut}: ${e.message}`);
      else assert.ok(e.message.includes("need at least") || e.message.includes("value column count"), e.message);
    }
  }
});

test("mutated Java TsBlocks decode to well-formed blocks or throw DecodeError, nothing else", () => {
  let decoded = 0;
  let rejected = 0;
  for (const v of javaVectors("tsblock")) {
    const bytes = Buffer.from(v.output.tsblockHex, "hex");
    const step = bytes.length > 2000 ? 31 : 1;
    for (let at = 0; at < bytes.length; at += step) {
      for (const value of [0x00, 0x01, 0x05, 0x7f, 0x80, 0xff, bytes[at]! ^ 0x01]) {
        const mutated = Buffer.from(bytes);
        mutated[at] = value;
        let block: ReturnType<typeof decodeTsBlock>;
        try {
          block = decodeTsBlock(mutated);
        } catch (e) {
          assert.instance(e, DecodeError, `${v.name} byte ${at} = ${value}: ${(e as Error).stack}`);
          rejected++;
          continue;
        }
        decoded++;
        assert.is(block.time.length, block.positionCount);
        for (const c of block.columns) {
          assert.is(c.values.length, block.positionCount);
          if (c.nulls !== undefined) {
            assert.is(c.nulls.length, block.positionCount);
            c.nulls.forEach((isNull, i) => {
              if (isNull !== 1) return;
              const filler = c.values[i];
              assert.ok(
                filler === 0 || filler === 0n || filler === "" || (Buffer.isBuffer(filler) && filler.length === 0),
                "filler at a null",
              );
            });
          }
        }
      }
    }
  }
  assert.ok(decoded > 0 && rejected > 0, `${decoded} decoded, ${rejected} rejected`);
});

test.run();
