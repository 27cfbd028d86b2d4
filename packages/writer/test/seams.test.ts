// The Writer's public seams for encoders that fill bytes in place (length, rawBytes / rawView +
// commit, truncate, fork / join) and the Reader's view-free and BigInt-free reads (utf8,
// zigzag64Number, zigzag64BE), and swapToHostOrder. Oracles: Buffer's own writers and readers
// and a BigInt LEB128 written here, never the package's varint, int64 or byte-swap code.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ReadError, Reader, Writer } from "@zerowire/writer";
import { swapToHostOrder } from "@zerowire/writer/seams";

/** Unsigned LEB128 of a non-negative bigint (the oracle). */
function leb128(v: bigint): Buffer {
  const out: number[] = [];
  do {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v === 0n ? low : low | 0x80);
  } while (v !== 0n);
  return Buffer.from(out);
}

function zigzag(v: bigint): bigint {
  return v < 0n ? -2n * v - 1n : 2n * v;
}

function i32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

function hex(w: Writer): string {
  return Buffer.from(w.peek()).toString("hex");
}

test("length counts the bytes written; rawBytes / rawView are the buffer, with room after ensure", () => {
  const w = new Writer({ initialSize: 4 });
  assert.is(w.length, 0);
  w.u8(1).i32be(2);
  assert.is(w.length, 5);
  w.ensure(100);
  assert.ok(w.rawBytes.length >= 105, "capacity after ensure");
  assert.is(w.rawView.byteLength, w.rawBytes.length);
  assert.is(w.rawView.buffer, w.rawBytes.buffer);
  assert.is(w.rawView.byteOffset, w.rawBytes.byteOffset);
  assert.is(hex(w), "0100000002");
});

test("fill in place past length, then commit: the filled bytes become output", () => {
  const w = new Writer();
  w.u8(0xaa);
  w.ensure(6);
  const at = w.length;
  w.rawView.setUint16(at, 0xbbcc);
  w.rawBytes[at + 2] = 0xdd;
  assert.is(w.length, 1, "nothing counts before commit");
  w.commit(at + 3);
  assert.is(w.length, 4);
  assert.is(hex(w), "aabbccdd");
  w.commit(w.length); // a no-op commit is allowed
  assert.is(w.length, 4);
  for (const bad of [3, w.rawBytes.length + 1, 4.5, NaN]) {
    assert.throws(
      () => w.commit(bad),
      (e: unknown) => e instanceof RangeError && /^commit: /.test((e as Error).message),
    );
    assert.is(w.length, 4, `length unchanged after commit(${bad})`);
  }
});

test("truncate drops the bytes after a length (undo); later writes continue from there", () => {
  const w = new Writer();
  w.u8(1).u8(2).u8(3);
  w.truncate(1);
  assert.is(w.length, 1);
  w.u8(9);
  assert.is(hex(w), "0109");
  for (const bad of [-1, 3, 0.5]) {
    assert.throws(
      () => w.truncate(bad),
      (e: unknown) => e instanceof RangeError && /^truncate: /.test((e as Error).message),
    );
    assert.is(hex(w), "0109");
  }
  w.truncate(0);
  assert.is(w.length, 0);
});

test("fork('i32be') / join: the body's length backfilled as an int32, nested forks closed innermost first", () => {
  const w = new Writer();
  w.u8(0x51);
  const outer = w.fork("i32be");
  w.utf8("ab");
  const inner = w.fork("i32be");
  w.utf8("xyz");
  assert.is(w.join(inner), 3);
  assert.is(w.join(outer), 2 + 4 + 3);
  const expected = Buffer.concat([Buffer.from([0x51]), i32be(9), Buffer.from("ab"), i32be(3), Buffer.from("xyz")]);
  assert.is(hex(w), expected.toString("hex"));
});

test("fork('varint', estimate) / join: right, too small and too large estimates all give the exact varint prefix", () => {
  for (const estimate of [0, 1, 127, 128, 300, 16383, 16384, 2 ** 21, 2 ** 28, 2 ** 32 - 1]) {
    for (const bodyLength of [0, 1, 127, 128, 200, 16383, 16384, 70_000]) {
      const body = Buffer.alloc(bodyLength, 0x5a);
      const w = new Writer();
      w.u8(0xee);
      const mark = w.fork("varint", estimate);
      w.bytes(body);
      w.u8(0x11); // part of the body: the join sees everything written after the prefix
      assert.is(w.join(mark), bodyLength + 1);
      const expected = Buffer.concat([Buffer.from([0xee]), leb128(BigInt(bodyLength + 1)), body, Buffer.from([0x11])]);
      assert.ok(Buffer.from(w.peek()).equals(expected), `estimate ${estimate}, body ${bodyLength}`);
    }
  }
});

test("join refuses a mark that is not the innermost open fork's; truncate below a fork closes it", () => {
  const w = new Writer();
  const outer = w.fork("i32be");
  const inner = w.fork("varint", 5);
  w.u8(1);
  assert.throws(() => w.join(outer), /join: 0 is not the mark of the innermost open fork/);
  assert.is(w.length, 4 + 1 + 1, "nothing changed");
  w.truncate(inner);
  assert.throws(() => w.join(inner), /not the mark of the innermost open fork/);
  w.u8(2);
  assert.is(w.join(outer), 1);
  assert.is(hex(w), "0000000102");
  w.fork("i32be");
  w.reset();
  assert.throws(() => w.join(0), /not the mark/, "reset closes every fork");
  assert.throws(() => w.fork("varint", -1), /fork: estimate -1 is not a byte count/);
  assert.throws(() => w.fork("i16" as never), /fork: prefix "i16" is not "i32be" or "varint"/);
  assert.is(w.length, 0);
});

test("Reader.utf8(n): the next n bytes as a string, no view; bounds as every read", () => {
  const bytes = Buffer.from("héllo wörld", "utf8");
  const r = new Reader(bytes);
  assert.is(r.utf8(6), "héllo");
  assert.is(r.pos, 6);
  assert.is(r.utf8(0), "");
  assert.throws(
    () => r.utf8(100, "name"),
    (e: unknown) => e instanceof ReadError && e.what === "name" && e.offset === 6 && e.needed === 100,
  );
  assert.throws(
    () => r.utf8(-1),
    (e: unknown) => e instanceof ReadError && /invalid length -1/.test((e as Error).message),
  );
  assert.is(r.pos, 6);
  assert.is(r.utf8(r.remaining), bytes.subarray(6).toString("utf8"));
  assert.is(
    new Reader(Buffer.from([0x61, 0xff, 0x62])).utf8(3),
    "a\ufffdb",
    "invalid UTF-8 as U+FFFD, as Buffer#toString",
  );
});

test("Reader length-prefixed strings: same strings and errors as the views they replaced", () => {
  const w = new Writer();
  const strings = ["", "a", "é😀", "x".repeat(200), "\ud800"];
  for (const s of strings) w.strI32be(s).strI32le(s).strI16be(s).strVarint(s);
  const r = new Reader(w.finish().bytes);
  for (const s of strings) {
    const expected = Buffer.from(s, "utf8").toString("utf8");
    assert.is(r.strI32be(), expected);
    assert.is(r.strI32le(), expected);
    assert.is(r.strI16be(), expected);
    assert.is(r.strVarint(), expected);
  }
  assert.is(r.remaining, 0);
  // A multi-byte varint prefix whose body is cut short: the error names the body, the cursor stays at the prefix.
  const cut = new Reader(Buffer.concat([leb128(200n), Buffer.alloc(10)]));
  assert.throws(
    () => cut.strVarint("label"),
    (e: unknown) =>
      e instanceof ReadError && e.what === "label" && e.offset === 2 && e.needed === 200 && e.available === 10,
  );
  assert.is(cut.pos, 0);
  const badPrefix = new Reader(Buffer.from([0x80, 0x80]));
  assert.throws(
    () => badPrefix.strVarint("label"),
    (e: unknown) => e instanceof ReadError && e.what === "label length",
  );
  assert.is(badPrefix.pos, 0);
});

test("Reader.zigzag64Number / zigzag64BE: int64 zigzag varints without BigInt", () => {
  const values = [
    0n,
    1n,
    -1n,
    63n,
    -64n,
    64n,
    2n ** 31n,
    -(2n ** 31n) - 1n,
    2n ** 32n + 5n,
    -(2n ** 40n),
    2n ** 53n - 1n,
    -(2n ** 53n) + 1n,
  ];
  const beyond = [2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n), 0x123456789abcdefn * 7n];
  for (const v of [...values, ...beyond]) {
    const bytes = Buffer.concat([Buffer.from([0x99]), leb128(zigzag(v)), Buffer.from([0x42])]);
    const expectedBE = Buffer.alloc(8);
    expectedBE.writeBigInt64BE(v);
    const r = new Reader(bytes);
    r.u8();
    const dst = Buffer.alloc(10, 0xcc);
    r.zigzag64BE(dst, 1);
    assert.is(dst.toString("hex"), "cc" + expectedBE.toString("hex") + "cc", `zigzag64BE ${v}`);
    assert.is(r.u8(), 0x42);
    const n = new Reader(bytes);
    n.u8();
    if (values.includes(v)) {
      assert.is(n.zigzag64Number(), Number(v), `zigzag64Number ${v}`);
      assert.is(n.u8(), 0x42);
    } else {
      assert.throws(
        () => n.zigzag64Number("v"),
        (e: unknown) => e instanceof ReadError && e.what === "v" && e.offset === 1,
        `${v} is beyond a safe integer`,
      );
      assert.is(n.pos, 1, "cursor stays at the varint");
    }
  }
  const r = new Reader(Buffer.from([0x02]));
  assert.throws(
    () => r.zigzag64BE(Buffer.alloc(8), 1),
    (e: unknown) => e instanceof RangeError,
    "no 8 bytes at the offset",
  );
  assert.is(r.pos, 0);
  const cut = new Reader(Buffer.from([0x80, 0x80]));
  assert.throws(
    () => cut.zigzag64Number(),
    (e: unknown) => e instanceof ReadError,
  );
  assert.is(cut.pos, 0);
});

test("swapToHostOrder: big-endian words read back in host order, across the kernel's 64 KiB chunks", () => {
  // 70,000 bytes: more than one scratch chunk; an odd byteOffset for the 4-byte words.
  for (const [width, words, offset] of [
    [4, 17_500, 1],
    [8, 8_750, 0],
    [4, 1, 0],
  ] as const) {
    const memory = Buffer.alloc(offset + width * words);
    for (let i = 0; i < memory.length; i++) memory[i] = (i * 131 + 7) & 0xff;
    const bytes = memory.subarray(offset);
    const bigEndian = Array.from({ length: words }, (_, i) =>
      width === 4 ? bytes.readInt32BE(4 * i) : bytes.readBigInt64BE(8 * i),
    );
    swapToHostOrder(bytes, width);
    const aligned = Buffer.from(bytes); // a copy at offset 0, for a typed view in host order
    const host =
      width === 4
        ? Array.from(new Int32Array(aligned.buffer, aligned.byteOffset, words))
        : Array.from(new BigInt64Array(aligned.buffer, aligned.byteOffset, words));
    assert.equal(host, bigEndian, `${width}-byte words`);
    if (offset > 0) assert.is(memory[0], 7, "the byte before the view is untouched");
  }
  swapToHostOrder(Buffer.alloc(0), 8);
  assert.throws(
    () => swapToHostOrder(Buffer.alloc(6), 4),
    (e: unknown) => e instanceof RangeError && /6 bytes/.test(String(e)),
  );
});

test("ReadError subclasses can name themselves", () => {
  class MyDecodeError extends ReadError {
    override readonly name: string = "MyDecodeError";
  }
  const e = new MyDecodeError("thing", 3, 0, 1, "bad");
  assert.is(e.name, "MyDecodeError");
  assert.ok(e instanceof ReadError);
  assert.is(new ReadError("x", 0, 1, 0).name, "ReadError");
});

test.run();
