// Programs of Reader calls, run against a reference written with Buffer's own readers. Each
// call must give the reference's value and position, or, where the reference says the bytes
// cannot hold it, throw ReadError and leave the position where it was (the Reader stays usable,
// so a program goes on after a refused call).
import { ReadError, type Reader } from "@zerowire/writer";

export const FIXED_OPS = {
  u8: 1,
  i8: 1,
  u16be: 2,
  u16le: 2,
  i16be: 2,
  i16le: 2,
  i32be: 4,
  i32le: 4,
  u32be: 4,
  u32le: 4,
  i64be: 8,
  i64le: 8,
  u64be: 8,
  u64le: 8,
  i64beNumber: 8,
  f32be: 4,
  f32le: 4,
  f64be: 8,
  f64le: 8,
} as const;
export const VARINT_OPS = ["uvarint32", "zigzag32", "uvarint64", "zigzag64", "zigzag64Number"] as const;
export const PREFIXED_OPS = [
  "bytesI32be",
  "bytesI32le",
  "bytesI16be",
  "bytesVarint",
  "strI32be",
  "strI32le",
  "strI16be",
  "strVarint",
] as const;
export const SIZED_OPS = ["bytes", "utf8", "skip", "f64ColumnBE", "f32ColumnBE", "i32ColumnBE", "i64ColumnBE"] as const;

export type OpName =
  | keyof typeof FIXED_OPS
  | (typeof VARINT_OPS)[number]
  | (typeof PREFIXED_OPS)[number]
  | (typeof SIZED_OPS)[number]
  | "cstring";

export interface Op {
  name: OpName;
  /** The length or count of a sized op. */
  n?: number;
}

/** What the reference expects of one call: a value and the position after it, or a refusal. */
type Expected = { ok: true; value: unknown; end: number } | { ok: false };

/** A reference result that differs from the Reader's: a bug in the Reader, never bad input. */
export class ReaderMismatch extends Error {
  override readonly name = "ReaderMismatch";
}

/**
 * Runs the program on a Reader over `input`, with the reference reading `input` itself; returns
 * every call's value (undefined for a refused one). Throws
 * ReaderMismatch where the Reader disagrees with the reference, a non-ReadError as it is, and,
 * when some call was refused, the first ReadError once the whole program has run.
 */
export function runProgram(r: Reader, input: Buffer, program: readonly Op[]): unknown[] {
  const values: unknown[] = [];
  let refused: ReadError | undefined;
  program.forEach((op, i) => {
    const at = r.pos;
    const expected = reference(input, at, op);
    let value: unknown;
    try {
      value = call(r, op);
    } catch (e) {
      if (!(e instanceof ReadError)) throw e;
      if (expected.ok)
        throw new ReaderMismatch(
          `call ${i} ${describeOp(op)} at ${at}: refused (${e.message}), the reference reads ${show(expected.value)}`,
        );
      if (r.pos !== at)
        throw new ReaderMismatch(`call ${i} ${describeOp(op)} at ${at}: refused, but moved the position to ${r.pos}`);
      refused ??= e;
      values.push(undefined);
      return;
    }
    if (!expected.ok)
      throw new ReaderMismatch(`call ${i} ${describeOp(op)} at ${at}: returned ${show(value)}, the reference refuses`);
    if (!same(value, expected.value))
      throw new ReaderMismatch(
        `call ${i} ${describeOp(op)} at ${at}: ${show(value)}, the reference reads ${show(expected.value)}`,
      );
    if (r.pos !== expected.end)
      throw new ReaderMismatch(
        `call ${i} ${describeOp(op)} at ${at}: position ${r.pos}, the reference ends at ${expected.end}`,
      );
    values.push(value);
  });
  if (refused !== undefined) throw refused;
  return values;
}

function call(r: Reader, op: Op): unknown {
  const reader = r as unknown as Record<OpName, (n?: number) => unknown>;
  return op.n === undefined ? reader[op.name]!.call(r) : reader[op.name]!.call(r, op.n);
}

export function describeOp(op: Op): string {
  return op.n === undefined ? op.name : `${op.name}(${op.n})`;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function reference(buf: Buffer, at: number, op: Op): Expected {
  const left = buf.length - at;
  const name = op.name;
  if (name in FIXED_OPS) {
    const width = FIXED_OPS[name as keyof typeof FIXED_OPS];
    if (width > left) return { ok: false };
    const value = fixed(buf, at, name as keyof typeof FIXED_OPS);
    if (name === "i64beNumber") {
      const v = value as bigint;
      return v > MAX_SAFE || v < -MAX_SAFE ? { ok: false } : { ok: true, value: Number(v), end: at + 8 };
    }
    return { ok: true, value, end: at + width };
  }
  switch (name) {
    case "uvarint32":
    case "zigzag32":
    case "uvarint64":
    case "zigzag64": {
      const wide = name.endsWith("64");
      const v = varint(buf, at, wide);
      if (v === undefined) return { ok: false };
      const value = name.startsWith("zigzag") ? unzigzag(v.value) : v.value;
      return { ok: true, value: wide ? value : Number(value), end: v.end };
    }
    case "zigzag64Number": {
      const v = varint(buf, at, true);
      if (v === undefined) return { ok: false };
      const value = unzigzag(v.value);
      return value > MAX_SAFE || value < -MAX_SAFE ? { ok: false } : { ok: true, value: Number(value), end: v.end };
    }
    case "cstring": {
      const end = buf.indexOf(0, at);
      return end === -1 ? { ok: false } : { ok: true, value: buf.toString("utf8", at, end), end: end + 1 };
    }
    case "bytes":
    case "utf8":
    case "skip": {
      const n = op.n!;
      if (!(Number.isInteger(n) && n >= 0 && n <= left)) return { ok: false };
      const value =
        name === "skip" ? undefined : name === "utf8" ? buf.toString("utf8", at, at + n) : buf.subarray(at, at + n);
      return { ok: true, value, end: at + n };
    }
    case "f64ColumnBE":
    case "f32ColumnBE":
    case "i32ColumnBE":
    case "i64ColumnBE":
      return column(buf, at, name, op.n!);
    default:
      return prefixed(buf, at, name);
  }
}

function fixed(buf: Buffer, at: number, name: keyof typeof FIXED_OPS): number | bigint {
  switch (name) {
    case "u8":
      return buf.readUInt8(at);
    case "i8":
      return buf.readInt8(at);
    case "u16be":
      return buf.readUInt16BE(at);
    case "u16le":
      return buf.readUInt16LE(at);
    case "i16be":
      return buf.readInt16BE(at);
    case "i16le":
      return buf.readInt16LE(at);
    case "i32be":
      return buf.readInt32BE(at);
    case "i32le":
      return buf.readInt32LE(at);
    case "u32be":
      return buf.readUInt32BE(at);
    case "u32le":
      return buf.readUInt32LE(at);
    case "i64be":
    case "i64beNumber":
      return buf.readBigInt64BE(at);
    case "i64le":
      return buf.readBigInt64LE(at);
    case "u64be":
      return buf.readBigUInt64BE(at);
    case "u64le":
      return buf.readBigUInt64LE(at);
    case "f32be":
      return buf.readFloatBE(at);
    case "f32le":
      return buf.readFloatLE(at);
    case "f64be":
      return buf.readDoubleBE(at);
    case "f64le":
      return buf.readDoubleLE(at);
  }
}

/** LEB128: at most 5 bytes (the 5th ≤ 0x0f) for 32 bits, 10 (the 10th ≤ 0x01) for 64. */
function varint(buf: Buffer, at: number, wide: boolean): { value: bigint; end: number } | undefined {
  const maxBytes = wide ? 10 : 5;
  const lastMax = wide ? 0x01 : 0x0f;
  let value = 0n;
  for (let i = 0; i < maxBytes; i++) {
    if (at + i >= buf.length) return undefined;
    const b = buf[at + i]!;
    if (i === maxBytes - 1 && b > lastMax) return undefined;
    value |= BigInt(b & 0x7f) << BigInt(7 * i);
    if (b < 0x80) return { value, end: at + i + 1 };
  }
  return undefined;
}

function unzigzag(v: bigint): bigint {
  return v % 2n === 0n ? v / 2n : -(v + 1n) / 2n;
}

function prefixed(buf: Buffer, at: number, name: OpName): Expected {
  let n: number;
  let start: number;
  if (name.endsWith("I32be") || name.endsWith("I32le")) {
    if (buf.length - at < 4) return { ok: false };
    n = name.endsWith("be") ? buf.readInt32BE(at) : buf.readInt32LE(at);
    start = at + 4;
  } else if (name.endsWith("I16be")) {
    if (buf.length - at < 2) return { ok: false };
    n = buf.readUInt16BE(at);
    start = at + 2;
  } else {
    const v = varint(buf, at, false);
    if (v === undefined) return { ok: false };
    n = Number(v.value);
    start = v.end;
  }
  if (n < 0 || n > buf.length - start) return { ok: false };
  const bytes = buf.subarray(start, start + n);
  return { ok: true, value: name.startsWith("str") ? bytes.toString("utf8") : bytes, end: start + n };
}

function column(buf: Buffer, at: number, name: OpName, count: number): Expected {
  const width = name === "f64ColumnBE" || name === "i64ColumnBE" ? 8 : 4;
  if (!(Number.isInteger(count) && count >= 0 && count * width <= buf.length - at)) return { ok: false };
  const values: (number | bigint)[] = [];
  for (let i = 0; i < count; i++) {
    const p = at + i * width;
    values.push(
      name === "f64ColumnBE"
        ? buf.readDoubleBE(p)
        : name === "f32ColumnBE"
          ? buf.readFloatBE(p)
          : name === "i32ColumnBE"
            ? buf.readInt32BE(p)
            : buf.readBigInt64BE(p),
    );
  }
  return { ok: true, value: values, end: at + count * width };
}

function same(got: unknown, want: unknown): boolean {
  if (Buffer.isBuffer(want)) return Buffer.isBuffer(got) && got.equals(want);
  if (Array.isArray(want)) {
    const a = got as ArrayLike<unknown>;
    return ArrayBuffer.isView(got) && a.length === want.length && want.every((w, i) => Object.is(a[i], w));
  }
  return Object.is(got, want);
}

function show(v: unknown): string {
  if (Buffer.isBuffer(v)) return `<${v.toString("hex")}>`;
  if (ArrayBuffer.isView(v) || Array.isArray(v)) return `[${Array.from(v as ArrayLike<unknown>, String).join(",")}]`;
  return typeof v === "string" ? JSON.stringify(v) : typeof v === "bigint" ? `${v}n` : String(v);
}
