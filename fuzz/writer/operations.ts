// The Writer operations the property tests generate, as plain data, and how each is applied to
// a Writer. The naive reference (reference-writer.ts) and the read-back (read-back.ts) interpret
// the same data independently.
import type { Writer } from "@zerowire/writer";

export type IntKind = "u8" | "i8" | "u16be" | "u16le" | "i16be" | "i16le" | "i32be" | "i32le" | "u32be" | "u32le";
export type Int64Kind = "i64be" | "i64le" | "u64be" | "u64le";
export type FloatKind = "f32be" | "f32le" | "f64be" | "f64le";
export type VarintKind = "uvarint32" | "zigzag32" | "uvarint64" | "zigzag64";
export type StringKind = "utf8" | "strI32be" | "strI32le" | "strI16be" | "strVarint" | "cstring";
/** The backfill writes: each frame's reserved slot gets the byte length of its body. */
export type BackfillKind = "u8At" | "i16beAt" | "i32beAt" | "i32leAt" | "u32beAt" | "i64beAt";

export type Op =
  | { k: IntKind; v: number }
  | { k: Int64Kind; v: number | bigint }
  | { k: FloatKind; v: number }
  | { k: "uvarint32" | "zigzag32"; v: number }
  | { k: "uvarint64" | "zigzag64"; v: number | bigint }
  | { k: StringKind; s: string }
  | { k: "bytes"; b: Uint8Array }
  | { k: "f64ColumnBE"; col: Float64Array | number[] }
  | { k: "f32ColumnBE"; col: Float32Array | number[] }
  | { k: "i32ColumnBE"; col: Int32Array | number[] }
  | { k: "i64ColumnBE"; col: BigInt64Array | number[] }
  | { k: "frame"; slot: BackfillKind; body: Op[] }
  /** fork(prefix, estimate), the body, join: the body's byte length before it (int32 or varint). */
  | { k: "fork"; prefix: "i32be" | "varint"; estimate: number; body: Op[] }
  /** The body written, then truncated away: no bytes at all. */
  | { k: "undone"; body: Op[] }
  /** Bytes filled in place (ensure, rawBytes, commit), with `spill` more filled past them and not committed. */
  | { k: "inPlace"; b: Uint8Array; spill: number };

export const SLOT_BYTES: Record<BackfillKind, number> = {
  u8At: 1,
  i16beAt: 2,
  i32beAt: 4,
  i32leAt: 4,
  u32beAt: 4,
  i64beAt: 8,
};

/** What a frame's slot holds for a body of n bytes: n, wrapped to the slot's width (u8, int16). */
export function slotValue(slot: BackfillKind, n: number): number {
  if (slot === "u8At") return n & 0xff;
  if (slot === "i16beAt") return (n << 16) >> 16;
  return n;
}

export function writeOps(w: Writer, ops: Op[]): void {
  for (const op of ops) writeOp(w, op);
}

function writeOp(w: Writer, op: Op): void {
  switch (op.k) {
    case "frame": {
      const at = w.reserve(SLOT_BYTES[op.slot]);
      writeOps(w, op.body);
      w[op.slot](at, slotValue(op.slot, w.length - at - SLOT_BYTES[op.slot]));
      return;
    }
    case "fork": {
      const mark = op.prefix === "varint" ? w.fork("varint", op.estimate) : w.fork("i32be");
      writeOps(w, op.body);
      w.join(mark);
      return;
    }
    case "undone": {
      const before = w.length;
      writeOps(w, op.body);
      w.truncate(before);
      return;
    }
    case "inPlace": {
      const n = op.b.length;
      w.ensure(n + op.spill);
      const at = w.length;
      w.rawBytes.set(op.b, at);
      w.rawBytes.fill(0xee, at + n, at + n + op.spill); // not committed: must not show
      w.commit(at + n);
      return;
    }
    case "utf8":
    case "strI32be":
    case "strI32le":
    case "strI16be":
    case "strVarint":
    case "cstring":
      w[op.k](op.s);
      return;
    case "bytes":
      w.bytes(op.b);
      return;
    case "f64ColumnBE":
      w.f64ColumnBE(op.col);
      return;
    case "f32ColumnBE":
      w.f32ColumnBE(op.col);
      return;
    case "i32ColumnBE":
      w.i32ColumnBE(op.col);
      return;
    case "i64ColumnBE":
      w.i64ColumnBE(op.col);
      return;
    case "i64be":
    case "i64le":
    case "u64be":
    case "u64le":
    case "uvarint64":
    case "zigzag64":
      w[op.k](op.v);
      return;
    default:
      w[op.k](op.v);
  }
}
