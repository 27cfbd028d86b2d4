// Rows W and R of docs/bad-input.md: @zerowire/writer's Writer, OwnedBytes, BufferPool and Reader
// with bad input. Each test throws what its row names and leaves the object as it was: the
// Writer's length and bytes, the pool's counts, the Reader's pos.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BufferPool, Reader, utf8Slice, utf8Write, Writer } from "@zerowire/writer";
import { assertRowError, type BadInputRow, rowTests } from "./helpers/bad-input-table.js";

const rowTest = rowTests(test);

/** Runs `bad` on a Writer holding one byte: it must throw the row's error and leave length and bytes as they were. */
function writerRow(id: string, bad: (w: Writer) => unknown): void {
  rowTest(id, (row) => {
    const w = new Writer();
    w.u8(0xaa);
    assertThrows(row, () => bad(w));
    assert.is(w.length, 1, "length unchanged");
    assert.is(Buffer.from(w.peek()).toString("hex"), "aa", "bytes unchanged");
  });
}

/** Runs `bad` on a Reader over `bytes`: it must throw the row's error and leave pos where it was. */
function readerRow(id: string, bytes: number[], bad: (r: Reader) => unknown): void {
  rowTest(id, (row) => {
    const r = new Reader(Buffer.from(bytes));
    assertThrows(row, () => bad(r));
    assert.is(r.pos, 0, "pos unchanged");
    assert.is(r.remaining, bytes.length, "nothing consumed");
  });
}

/** `prepare` sets the misuse up on a fresh pool and returns it; running it must not change the pool's counts. */
function poolRow(id: string, prepare: (pool: BufferPool) => () => unknown, options = {}): void {
  rowTest(id, (row) => {
    const pool = new BufferPool(options);
    const misuse = prepare(pool);
    const before = pool.stats();
    assertThrows(row, misuse);
    assert.equal(pool.stats(), before, "pool counts unchanged");
  });
}

/** Runs `bad` on a 16-byte Buffer of 0xaa: it must throw the row's error and leave the bytes as they were. */
function utf8Row(id: string, bad: (buf: Buffer) => unknown): void {
  rowTest(id, (row) => {
    const buf = Buffer.alloc(16, 0xaa);
    assertThrows(row, () => bad(buf));
    assert.ok(buf.equals(Buffer.alloc(16, 0xaa)), "buffer unchanged");
  });
}

function assertThrows(row: BadInputRow, run: () => unknown): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  assertRowError(row, error);
}

writerRow("W01", (w) => w.i32be("5" as never));
writerRow("W02", (w) => w.i32be(NaN));
writerRow("W03", (w) => w.i32be(1.5));
writerRow("W04", (w) => w.i32be(2 ** 31));
writerRow("W05", (w) => w.i32be(1n as never));
writerRow("W06", (w) => w.u8(256));
writerRow("W07", (w) => w.i64be(2 ** 53));
writerRow("W08", (w) => w.i64be(NaN));
writerRow("W09", (w) => w.i64be(2n ** 63n));
writerRow("W10", (w) => w.i64be("1" as never));
writerRow("W11", (w) => w.u64be(-1n));
writerRow("W12", (w) => w.i32ColumnBE([1, 2.5]));
writerRow("W13", (w) => w.i64ColumnBE([1, 2 ** 53]));
writerRow("W14", (w) => w.strI32be(5 as never));
writerRow("W15", (w) => w.strI16be("x".repeat(70_000)));
writerRow("W16", (w) => w.cstring("a\0b"));
writerRow("W17", (w) => w.bytes("ab" as never));
writerRow("W18", (w) => w.i32beAt(100, 1));
writerRow("W19", (w) => w.reserve(-1));
writerRow("W20", (w) => w.uvarint32(-1));

poolRow("W21", (pool) => {
  const w = new Writer({ pool });
  const owned = w.u8(1).finish();
  owned.release();
  return () => owned.release();
});
poolRow("W22", (pool) => {
  const w = new Writer({ pool });
  const owned = w.u8(1).finish();
  owned.release();
  return () => owned.bytes;
});
poolRow(
  "W23",
  (pool) => {
    const buf = pool.acquire(10);
    pool.release(buf);
    return () => pool.release(buf);
  },
  { debug: true },
);
poolRow("W24", (pool) => {
  const column = pool.acquireColumn(Float64Array, 4);
  pool.releaseColumn(column);
  return () => pool.releaseColumn(column);
});

utf8Row("W25", (buf) => utf8Write(buf, "abc", 20, 3));
utf8Row("W26", (buf) => utf8Write(new Uint8Array(buf.buffer, buf.byteOffset, 16) as Buffer, "abc", 0, 3));
utf8Row("W27", (buf) => utf8Slice(buf, 2, 20));
writerRow("W28", (w) => w.commit(2000));
writerRow("W29", (w) => w.truncate(5));
writerRow("W30", (w) => w.join(0));
writerRow("W31", (w) => w.fork("i16" as never));
readerRow("R01", [0, 0, 0, 5, 1, 2], (r) => r.i64be("x"));
readerRow("R02", [0, 0, 0, 5, 1, 2], (r) => r.bytesI32be("payload"));
readerRow("R03", [0xff, 0xff, 0xff, 0xff], (r) => r.bytesI32be("payload"));
readerRow("R04", [1], (r) => r.bytes(-1));
readerRow("R05", [0x00, 0x20, 0, 0, 0, 0, 0, 0], (r) => r.i64beNumber("v"));
readerRow("R06", [0x61, 0x62], (r) => r.cstring("name"));
readerRow("R07", [0xff, 0xff, 0xff, 0xff, 0xff, 0x01], (r) => r.uvarint32("n"));
readerRow("R08", [1, 2, 3, 4], (r) => r.f64ColumnBE(1));
readerRow("R09", [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20], (r) => r.zigzag64Number("v"));
readerRow("R10", [0x61, 0x62], (r) => r.utf8(5, "s"));

test.run();
