// TsBlock decoding, one encoding at a time, from hand-built bytes (test/decode-bytes.ts) whose
// expected values are the inputs the bytes were built from.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { decodeTsBlock, TSDataType } from "../src/index.js";
import { arrayBody, booleanBody, f32, f64, header, hex, i32, i64, msbFlags, text, timeBody } from "./decode-bytes.js";

const T = TSDataType;
const E = { BYTE_ARRAY: 0, INT32_ARRAY: 1, INT64_ARRAY: 2, BINARY_ARRAY: 3, RLE: 4, DICTIONARY: 5 };

function times(n: number): bigint[] {
  return Array.from({ length: n }, (_, i) => 1_700_000_000_000n + BigInt(i));
}

function nullMask(values: readonly unknown[]): Uint8Array | undefined {
  return values.includes(null) ? Uint8Array.from(values, (v) => (v === null ? 1 : 0)) : undefined;
}

/** Null patterns for n rows: none, first, middle, last, every third, all. */
function nullPatterns(n: number): boolean[][] {
  const at = (pred: (i: number) => boolean) => Array.from({ length: n }, (_, i) => pred(i));
  return [
    at(() => false),
    at((i) => i === 0),
    at((i) => i === n >> 1),
    at((i) => i === n - 1),
    at((i) => i % 3 === 1),
    at(() => true),
  ];
}

const SIZES = [0, 1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65];

test("INT32_ARRAY: values, nulls at first/middle/last/scattered/all, sizes around multiples of 8", () => {
  for (const n of SIZES) {
    for (const pattern of nullPatterns(n)) {
      const values = pattern.map((isNull, i) =>
        isNull ? null : ((i * 7919) % 65536) - 32768 - (i === 1 ? 2 ** 31 - 32768 : 0),
      );
      const block = decodeTsBlock(
        hex(header([T.INT32], n, [E.INT64_ARRAY, E.INT32_ARRAY]), timeBody(times(n)), arrayBody(values, i32)),
      );
      const c = block.columns[0]!;
      assert.is(block.positionCount, n);
      assert.equal(Array.from(block.time), times(n));
      assert.is(c.type, T.INT32);
      assert.ok(c.values instanceof Int32Array);
      assert.equal(
        Array.from(c.values as Int32Array),
        values.map((v) => v ?? 0),
        `n=${n}`,
      );
      assert.equal(c.nulls, nullMask(values), `n=${n} nulls`);
    }
  }
});

test("INT64_ARRAY: INT64 extremes with nulls, as BigInt64Array", () => {
  for (const n of SIZES) {
    for (const pattern of nullPatterns(n)) {
      const pool = [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 2n ** 53n + 1n, 42n];
      const values = pattern.map((isNull, i) => (isNull ? null : pool[i % pool.length]!));
      const block = decodeTsBlock(
        hex(header([T.INT64], n, [E.INT64_ARRAY, E.INT64_ARRAY]), timeBody(times(n)), arrayBody(values, i64)),
      );
      const c = block.columns[0]!;
      assert.ok(c.values instanceof BigInt64Array);
      assert.equal(
        Array.from(c.values as BigInt64Array),
        values.map((v) => v ?? 0n),
        `n=${n}`,
      );
      assert.equal(c.nulls, nullMask(values));
    }
  }
});

test("FLOAT (INT32_ARRAY) and DOUBLE (INT64_ARRAY) keep NaN payloads, -0 and infinities bit for bit", () => {
  const floatBits = ["7fc00000", "7f800001", "ffc00001", "80000000", "7f800000", "ff800000", "00000001", "3dcccccd"];
  const doubleBits = [
    "7ff8000000000000",
    "7ff0000000000001",
    "fff8000000000001",
    "8000000000000000",
    "7ff0000000000000",
    "0000000000000001",
  ];
  for (const withNull of [false, true]) {
    const fl: (string | null)[] = withNull ? [null, ...floatBits] : floatBits;
    const db: (string | null)[] = withNull
      ? [...doubleBits, null, null, null]
      : [...doubleBits, "3ff0000000000000", "c000000000000000"];
    const n = fl.length;
    const block = decodeTsBlock(
      hex(
        header([T.FLOAT, T.DOUBLE], n, [E.INT64_ARRAY, E.INT32_ARRAY, E.INT64_ARRAY]),
        timeBody(times(n)),
        arrayBody(fl, (b) => b),
        arrayBody(db, (b) => b),
      ),
    );
    const [f, d] = block.columns;
    assert.ok(f!.values instanceof Float32Array && d!.values instanceof Float64Array);
    const fBytes = Buffer.from(f!.values.buffer, f!.values.byteOffset, 4 * n);
    const dBytes = Buffer.from(d!.values.buffer, d!.values.byteOffset, 8 * n);
    fl.forEach((bits, i) =>
      assert.is(
        Buffer.from(fBytes.subarray(4 * i, 4 * i + 4))
          .reverse()
          .toString("hex"),
        bits ?? "00000000",
      ),
    );
    db.forEach((bits, i) =>
      assert.is(
        Buffer.from(dBytes.subarray(8 * i, 8 * i + 8))
          .reverse()
          .toString("hex"),
        bits ?? "0000000000000000",
      ),
    );
    assert.is((f!.values as Float32Array)[n - 1], Math.fround(0.1));
  }
});

test("BYTE_ARRAY: packed MSB-first for every position; false at null positions whatever the bit", () => {
  for (const n of SIZES) {
    for (const pattern of nullPatterns(n)) {
      const values = pattern.map((isNull, i) => (isNull ? null : (i * 5) % 3 === 0));
      const block = decodeTsBlock(
        hex(header([T.BOOLEAN], n, [E.INT64_ARRAY, E.BYTE_ARRAY]), timeBody(times(n)), booleanBody(values)),
      );
      const c = block.columns[0]!;
      assert.ok(c.values instanceof Uint8Array);
      assert.equal(
        Array.from(c.values as Uint8Array),
        values.map((v) => (v ? 1 : 0)),
        `n=${n}`,
      );
      assert.equal(c.nulls, nullMask(values));
    }
  }
  // A set value bit at a null position (the wire keeps the stored value) still reads as false.
  const block = decodeTsBlock(
    hex(
      header([T.BOOLEAN], 3, [E.INT64_ARRAY, E.BYTE_ARRAY]),
      timeBody(times(3)),
      "01" + msbFlags([false, true, false]),
      msbFlags([true, true, true]),
    ),
  );
  assert.equal(Array.from(block.columns[0]!.values as Uint8Array), [1, 0, 1]);
  assert.equal(block.columns[0]!.nulls, Uint8Array.of(0, 1, 0));
});

test("BINARY_ARRAY: TEXT/STRING as strings, BLOB as views into the input", () => {
  for (const n of SIZES) {
    for (const pattern of nullPatterns(n)) {
      const strings = pattern.map((isNull, i) => (isNull ? null : ["", "a", "é", "😀", "t" + i][i % 5]!));
      const blobs = pattern.map((isNull, i) => (isNull ? null : Buffer.from([i & 0xff, 0xff, 0x00].slice(0, i % 4))));
      const bytes = hex(
        header([T.TEXT, T.TEXT, T.TEXT], n, [E.INT64_ARRAY, E.BINARY_ARRAY, E.BINARY_ARRAY, E.BINARY_ARRAY]),
        timeBody(times(n)),
        arrayBody(strings, text),
        arrayBody(strings, text),
        arrayBody(blobs, text),
      );
      const block = decodeTsBlock(bytes, { types: [T.TEXT, T.STRING, T.BLOB] });
      const [t, s, b] = block.columns;
      assert.is(t!.type, T.TEXT);
      assert.is(s!.type, T.STRING);
      assert.is(b!.type, T.BLOB);
      assert.equal(
        t!.values,
        strings.map((v) => v ?? ""),
      );
      assert.equal(
        s!.values,
        strings.map((v) => v ?? ""),
      );
      assert.equal(t!.nulls, nullMask(strings));
      (b!.values as Buffer[]).forEach((v, i) => {
        assert.ok(Buffer.isBuffer(v));
        assert.ok(v.equals(blobs[i] ?? Buffer.alloc(0)), `blob ${i}`);
        if (v.length > 0) assert.is(v.buffer, bytes.buffer, "a view, not a copy");
      });
    }
  }
});

test("BINARY_ARRAY columns longer than the presized arrays (2^16 positions) grow as they are filled, values in place", () => {
  const n = (1 << 16) + 3;
  const strings = Array.from({ length: n }, (_, i) => (i % 1000 === 7 ? "v" + i : null));
  const blobs = strings.map((v) => (v === null ? null : Buffer.from(v)));
  const block = decodeTsBlock(
    hex(
      header([T.TEXT, T.TEXT], n, [E.INT64_ARRAY, E.BINARY_ARRAY, E.BINARY_ARRAY]),
      timeBody(times(n)),
      arrayBody(strings, text),
      arrayBody(blobs, text),
    ),
    { types: [T.TEXT, T.BLOB] },
  );
  const [t, b] = block.columns;
  assert.equal(
    t!.values,
    strings.map((v) => v ?? ""),
  );
  assert.is((b!.values as Buffer[]).length, n);
  (b!.values as Buffer[]).forEach((v, i) => assert.ok(v.equals(blobs[i] ?? Buffer.alloc(0)), `blob ${i}`));
});

test("TEXT columns: all-ASCII (one span decode), lengths whose prefix bytes are >= 0x80, U+FFFD and invalid bytes", () => {
  const cases: (string | Buffer | null)[][] = [
    ["plain ascii value number one", "", "x", null, "another fairly long ascii string", "~!@#$%^&*()_+{}|:<>?"],
    ["a".repeat(128), "b".repeat(200), "c", "d".repeat(0x7fff)],
    ["ascii", "\ufffd", "more ascii"],
    ["ascii", Buffer.from([0x61, 0xff, 0x62]), "tail"],
    ["ascii", Buffer.from([0xe2, 0x82]), "z"], // truncated sequence, then a value that is valid
    ["\u0000nul\u0000", "\u007f"],
  ];
  for (const values of cases) {
    const n = values.length;
    const bytes = hex(
      header([T.TEXT], n, [E.INT64_ARRAY, E.BINARY_ARRAY]),
      timeBody(times(n)),
      arrayBody(values, text),
    );
    const expected = values.map((v) => (v === null ? "" : typeof v === "string" ? v : v.toString("utf8")));
    assert.equal(decodeTsBlock(bytes).columns[0]!.values, expected);
  }
});

test("BLOB bytes stay bytes: invalid UTF-8 is not decoded, TEXT shows U+FFFD as Java does", () => {
  const raw = Buffer.from([0xff, 0xfe, 0x00, 0xc3]);
  const bytes = hex(
    header([T.TEXT, T.TEXT], 1, [E.INT64_ARRAY, E.BINARY_ARRAY, E.BINARY_ARRAY]),
    timeBody([1n]),
    "00" + text(raw),
    "00" + text(raw),
  );
  const block = decodeTsBlock(bytes, { types: [T.BLOB, T.TEXT] });
  assert.ok((block.columns[0]!.values as Buffer[])[0]!.equals(raw));
  assert.is((block.columns[1]!.values as string[])[0], "\ufffd\ufffd\u0000\ufffd");
});

test("DATE and TIMESTAMP: physical INT32/INT64 read as the logical type from the result's types", () => {
  const dates = [20240229, null, 10000101];
  const stamps = [-1n, 253402300799999n, null];
  const bytes = hex(
    header([T.INT32, T.INT64], 3, [E.INT64_ARRAY, E.INT32_ARRAY, E.INT64_ARRAY]),
    timeBody(times(3)),
    arrayBody(dates, i32),
    arrayBody(stamps, i64),
  );
  const block = decodeTsBlock(bytes, { types: [T.DATE, T.TIMESTAMP] });
  assert.is(block.columns[0]!.type, T.DATE);
  assert.equal(Array.from(block.columns[0]!.values as Int32Array), [20240229, 0, 10000101]);
  assert.is(block.columns[1]!.type, T.TIMESTAMP);
  assert.equal(Array.from(block.columns[1]!.values as BigInt64Array), [-1n, 253402300799999n, 0n]);
  // Without types the physical types stay.
  const physical = decodeTsBlock(bytes);
  assert.equal(
    physical.columns.map((c) => c.type),
    [T.INT32, T.INT64],
  );
  // tsfile also accepts the logical codes DATE and TIMESTAMP in the header.
  const logicalHeader = hex(
    header([T.DATE, T.TIMESTAMP], 3, [E.INT64_ARRAY, E.INT32_ARRAY, E.INT64_ARRAY]),
    timeBody(times(3)),
    arrayBody(dates, i32),
    arrayBody(stamps, i64),
  );
  assert.equal(
    decodeTsBlock(logicalHeader).columns.map((c) => c.type),
    [T.DATE, T.TIMESTAMP],
  );
});

test("RLE: inner column of one position repeated P times, for every type, non-null and null, P = 0 included", () => {
  const inner: [number, number, string, string, (c: any) => unknown[]][] = [
    [T.BOOLEAN, E.BYTE_ARRAY, "00" + "80", "01" + "80" + "00", (c) => Array.from(c.values)],
    [T.INT32, E.INT32_ARRAY, "00" + i32(-5), "01" + "80", (c) => Array.from(c.values)],
    [T.INT64, E.INT64_ARRAY, "00" + i64(-(2n ** 63n)), "01" + "80", (c) => Array.from(c.values)],
    [T.FLOAT, E.INT32_ARRAY, "00" + f32(-2.5), "01" + "80", (c) => Array.from(c.values)],
    [T.DOUBLE, E.INT64_ARRAY, "00" + f64(1 / 3), "01" + "80", (c) => Array.from(c.values)],
    [T.TEXT, E.BINARY_ARRAY, "00" + text("same"), "01" + "80", (c) => c.values],
  ];
  const present: Record<number, unknown> = {
    [T.BOOLEAN]: 1,
    [T.INT32]: -5,
    [T.INT64]: -(2n ** 63n),
    [T.FLOAT]: -2.5,
    [T.DOUBLE]: 1 / 3,
    [T.TEXT]: "same",
  };
  const filler: Record<number, unknown> = {
    [T.BOOLEAN]: 0,
    [T.INT32]: 0,
    [T.INT64]: 0n,
    [T.FLOAT]: 0,
    [T.DOUBLE]: 0,
    [T.TEXT]: "",
  };
  for (const n of [0, 1, 5, 8, 9, 1000]) {
    for (const [type, enc, body, nullBody, values] of inner) {
      for (const isNull of [false, true]) {
        const bytes = hex(
          header([type], n, [E.RLE, E.RLE]),
          "02" + timeBody([0n]),
          Buffer.from([enc]).toString("hex") + (isNull ? nullBody : body),
        );
        const block = decodeTsBlock(bytes);
        assert.equal(Array.from(block.time), new Array(n).fill(0n), "table-model dummy time");
        const c = block.columns[0]!;
        assert.equal(
          values(c),
          new Array(n).fill(isNull ? filler[type] : present[type]),
          `type ${type} n=${n} null=${isNull}`,
        );
        assert.equal(c.nulls, isNull && n > 0 ? new Uint8Array(n).fill(1) : undefined);
      }
    }
  }
});

test("DICTIONARY: ids index a dictionary that may hold nulls, for text and fixed-width types", () => {
  const ids = [1, 0, 0, 2, 3, 1, 3, 3, 0];
  const dictText = ["alpha", "beta", null, "gamma"];
  const dictLong = [10n, null, -30n, 2n ** 62n];
  const idsHex = i32(ids.length) + ids.map(i32).join("");
  const bytes = hex(
    header([T.TEXT, T.INT64, T.BOOLEAN], ids.length, [E.INT64_ARRAY, E.DICTIONARY, E.DICTIONARY, E.DICTIONARY]),
    timeBody(times(ids.length)),
    "03" + i32(4) + arrayBody(dictText, text) + idsHex,
    "02" + i32(4) + arrayBody(dictLong, i64) + idsHex,
    "00" + i32(4) + booleanBody([true, false, null, true]) + idsHex,
  );
  const block = decodeTsBlock(bytes);
  const [t, l, b] = block.columns;
  assert.equal(
    t!.values,
    ids.map((id) => dictText[id] ?? ""),
  );
  assert.equal(t!.nulls, nullMask(ids.map((id) => dictText[id])));
  assert.equal(
    Array.from(l!.values as BigInt64Array),
    ids.map((id) => dictLong[id] ?? 0n),
  );
  assert.equal(l!.nulls, nullMask(ids.map((id) => dictLong[id])));
  assert.equal(
    Array.from(b!.values as Uint8Array),
    ids.map((id) => ([true, false, null, true][id] ? 1 : 0)),
  );
  assert.equal(b!.nulls, nullMask(ids.map((id) => [true, false, null, true][id])));
  // A dictionary whose null entry no id uses gives no null mask.
  const unused = hex(
    header([T.INT32], 2, [E.INT64_ARRAY, E.DICTIONARY]),
    timeBody(times(2)),
    "01" + i32(2) + arrayBody([7, null], i32) + i32(2) + i32(0) + i32(0),
  );
  const c = decodeTsBlock(unused).columns[0]!;
  assert.equal(Array.from(c.values as Int32Array), [7, 7]);
  assert.is(c.nulls, undefined);
});

test("RLE inside DICTIONARY and DICTIONARY inside RLE decode (tsfile's reader accepts both)", () => {
  const rleDict = hex(
    header([T.INT32], 3, [E.INT64_ARRAY, E.DICTIONARY]),
    timeBody(times(3)),
    "04" + i32(2) + "01" + "00" + i32(9) + i32(3) + i32(1) + i32(0) + i32(1),
  );
  assert.equal(Array.from(decodeTsBlock(rleDict).columns[0]!.values as Int32Array), [9, 9, 9]);
  const dictRle = hex(
    header([T.TEXT], 4, [E.INT64_ARRAY, E.RLE]),
    timeBody(times(4)),
    "05" + "03" + i32(2) + "00" + text("x") + text("y") + i32(1) + i32(1),
  );
  assert.equal(decodeTsBlock(dictRle).columns[0]!.values, ["y", "y", "y", "y"]);
});

test("mayHaveNull set with no null flag set gives no mask; padding bits past P are ignored", () => {
  const bytes = hex(
    header([T.INT32], 3, [E.INT64_ARRAY, E.INT32_ARRAY]),
    timeBody(times(3)),
    "01" + "1f" + i32(1) + i32(2) + i32(3),
  );
  const c = decodeTsBlock(bytes).columns[0]!;
  assert.equal(Array.from(c.values as Int32Array), [1, 2, 3]);
  assert.is(c.nulls, undefined);
});

test("null time positions read as 0, as in Java", () => {
  const bytes = hex(header([], 3, [E.INT64_ARRAY]), "01" + msbFlags([false, true, false]) + i64(5n) + i64(6n));
  assert.equal(Array.from(decodeTsBlock(bytes).time), [5n, 0n, 6n]);
});

test("zero value columns, zero rows", () => {
  const block = decodeTsBlock(hex(header([], 0, [E.INT64_ARRAY]), "00"));
  assert.is(block.positionCount, 0);
  assert.is(block.time.length, 0);
  assert.equal(block.columns, []);
});

test("a numeric column without nulls is a fresh aligned typed array; the input is not retained", () => {
  const n = 1000;
  const values = Array.from({ length: n }, (_, i) => i * 1.5);
  const input = hex(header([T.DOUBLE], n, [E.INT64_ARRAY, E.INT64_ARRAY]), timeBody(times(n)), arrayBody(values, f64));
  const block = decodeTsBlock(input);
  const d = block.columns[0]!.values as Float64Array;
  assert.equal(Array.from(d), values);
  assert.is.not(d.buffer, input.buffer);
  input.fill(0);
  assert.is(d[999], 999 * 1.5, "decoded values do not depend on the input afterwards");
});

test.run();
