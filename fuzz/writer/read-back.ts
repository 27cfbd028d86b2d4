// Reader(Writer(ops)) must give every value back: integers exactly, int64 as bigint, floats by
// Object.is after rounding to the written width (so -0 and NaN count), strings with each lone
// surrogate replaced by U+FFFD (what UTF-8 can carry), byte slices and columns element by element.
import * as assert from "uvu/assert";
import type { Reader } from "@zerowire/writer";
import { slotValue, type Op } from "./operations.js";

/** s as UTF-8 can carry it: every lone surrogate becomes U+FFFD (a /u regex matches only those). */
export function wellFormed(s: string): string {
  return s.replace(/\p{Surrogate}/gu, "\ufffd");
}

export function readOps(r: Reader, ops: Op[]): void {
  for (const op of ops) readOp(r, op);
}

function sameFloat(actual: number, expected: number, what: string): void {
  assert.ok(Object.is(actual, expected), `${what}: read ${actual}, wrote ${expected}`);
}

function sameColumn(
  actual: ArrayLike<number | bigint>,
  expected: ArrayLike<number | bigint>,
  round: (v: number) => number,
  what: string,
): void {
  assert.is(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    const a = actual[i]!;
    if (typeof e === "bigint" || typeof a === "bigint") assert.is(BigInt(a), BigInt(e), `${what}[${i}]`);
    else sameFloat(a, round(e), `${what}[${i}]`);
  }
}

const asIs = (v: number) => v;

function readOp(r: Reader, op: Op): void {
  switch (op.k) {
    case "u8":
    case "i8":
    case "u16be":
    case "u16le":
    case "i16be":
    case "i16le":
    case "i32be":
    case "i32le":
    case "u32be":
    case "u32le":
      assert.is(r[op.k](), op.v, op.k);
      return;
    case "i64be":
      if (typeof op.v === "number") assert.is(r.i64beNumber(), op.v, "i64beNumber");
      else assert.is(r.i64be(), op.v, op.k);
      return;
    case "i64le":
    case "u64be":
    case "u64le":
      assert.is(r[op.k](), BigInt(op.v), op.k);
      return;
    case "f32be":
    case "f32le":
      sameFloat(r[op.k](), Math.fround(op.v), op.k);
      return;
    case "f64be":
    case "f64le":
      sameFloat(r[op.k](), op.v, op.k);
      return;
    case "uvarint32":
    case "zigzag32":
      assert.is(r[op.k](), op.v, op.k);
      return;
    case "uvarint64":
    case "zigzag64":
      assert.is(r[op.k](), BigInt(op.v), op.k);
      return;
    case "utf8":
      assert.is(r.bytes(Buffer.byteLength(op.s)).toString("utf8"), wellFormed(op.s), op.k);
      return;
    case "strI32be":
    case "strI32le":
    case "strI16be":
    case "strVarint":
    case "cstring":
      assert.is(r[op.k](), wellFormed(op.s), op.k);
      return;
    case "bytes":
      assert.ok(r.bytes(op.b.length).equals(op.b), "bytes");
      return;
    case "f64ColumnBE":
      sameColumn(r.f64ColumnBE(op.col.length), op.col, asIs, op.k);
      return;
    case "f32ColumnBE":
      sameColumn(r.f32ColumnBE(op.col.length), op.col, Math.fround, op.k);
      return;
    case "i32ColumnBE":
      sameColumn(r.i32ColumnBE(op.col.length), op.col, asIs, op.k);
      return;
    case "i64ColumnBE":
      sameColumn(r.i64ColumnBE(op.col.length), op.col, asIs, op.k);
      return;
    case "fork": {
      const stored = op.prefix === "varint" ? r.uvarint32() : r.i32be();
      const bodyStart = r.pos;
      readOps(r, op.body);
      assert.is(stored, r.pos - bodyStart, `fork ${op.prefix}: joined body length`);
      return;
    }
    case "undone":
      return;
    case "inPlace":
      assert.equal(Uint8Array.from(r.bytes(op.b.length)), Uint8Array.from(op.b), "bytes filled in place");
      return;
    case "frame": {
      const slots = {
        u8At: () => r.u8(),
        i16beAt: () => r.i16be(),
        i32beAt: () => r.i32be(),
        i32leAt: () => r.i32le(),
        u32beAt: () => r.u32be(),
        i64beAt: () => r.i64beNumber(),
      };
      const stored = slots[op.slot]();
      const bodyStart = r.pos;
      readOps(r, op.body);
      assert.is(stored, slotValue(op.slot, r.pos - bodyStart), `${op.slot}: backfilled body length`);
      return;
    }
  }
}
