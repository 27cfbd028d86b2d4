// Independent sources of expected bytes for the Writer tests: Node's own Buffer methods and a
// naive BigInt LEB128. Nothing here calls the Writer, so a Writer bug cannot hide in both sides.
import * as assert from "uvu/assert";

/** `size` zero bytes, then `write` fills them with a Buffer method. */
export function fixed(size: number, write: (b: Buffer) => unknown): Buffer {
  const b = Buffer.alloc(size);
  write(b);
  return b;
}

export const u8 = (v: number) => fixed(1, (b) => b.writeUInt8(v));
export const i8 = (v: number) => fixed(1, (b) => b.writeInt8(v));
export const u16be = (v: number) => fixed(2, (b) => b.writeUInt16BE(v));
export const u16le = (v: number) => fixed(2, (b) => b.writeUInt16LE(v));
export const i16be = (v: number) => fixed(2, (b) => b.writeInt16BE(v));
export const i16le = (v: number) => fixed(2, (b) => b.writeInt16LE(v));
export const i32be = (v: number) => fixed(4, (b) => b.writeInt32BE(v));
export const i32le = (v: number) => fixed(4, (b) => b.writeInt32LE(v));
export const u32be = (v: number) => fixed(4, (b) => b.writeUInt32BE(v));
export const u32le = (v: number) => fixed(4, (b) => b.writeUInt32LE(v));
export const i64be = (v: bigint | number) => fixed(8, (b) => b.writeBigInt64BE(BigInt(v)));
export const i64le = (v: bigint | number) => fixed(8, (b) => b.writeBigInt64LE(BigInt(v)));
export const u64be = (v: bigint | number) => fixed(8, (b) => b.writeBigUInt64BE(BigInt(v)));
export const u64le = (v: bigint | number) => fixed(8, (b) => b.writeBigUInt64LE(BigInt(v)));
export const f32be = (v: number) => fixed(4, (b) => b.writeFloatBE(v));
export const f32le = (v: number) => fixed(4, (b) => b.writeFloatLE(v));
export const f64be = (v: number) => fixed(8, (b) => b.writeDoubleBE(v));
export const f64le = (v: number) => fixed(8, (b) => b.writeDoubleLE(v));

export const utf8 = (s: string) => Buffer.from(s, "utf8");
export const cat = (...parts: Uint8Array[]) => Buffer.concat(parts);

/** Unsigned LEB128, one 7-bit group at a time with BigInt. */
export function leb128(v: bigint | number): Buffer {
  let n = BigInt(v);
  const out: number[] = [];
  do {
    const group = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n > 0n ? group | 0x80 : group);
  } while (n > 0n);
  return Buffer.from(out);
}

/** Zigzag mapping 0, -1, 1, -2, ... → 0, 1, 2, 3, ... written as arithmetic, not bit tricks. */
export function zigzag(v: bigint | number): bigint {
  const n = BigInt(v);
  return n >= 0n ? 2n * n : -2n * n - 1n;
}

/** A string of exactly `bytes` UTF-8 bytes made of `char` repeated, padded with ASCII. */
export function stringOfBytes(bytes: number, char: string): string {
  const width = Buffer.byteLength(char);
  const s = char.repeat(Math.floor(bytes / width)) + "a".repeat(bytes % width);
  assert.is(Buffer.byteLength(s), bytes);
  return s;
}

/** Byte equality that reports the first differing offset instead of dumping large buffers. */
export function sameBytes(actual: Uint8Array, expected: Uint8Array, label: string): void {
  const a = Buffer.from(actual.buffer, actual.byteOffset, actual.length);
  const e = Buffer.from(expected.buffer, expected.byteOffset, expected.length);
  if (a.equals(e)) return;
  let i = 0;
  while (i < a.length && i < e.length && a[i] === e[i]) i++;
  assert.unreachable(
    `${label}: ${a.length} bytes vs ${e.length} expected; first difference at offset ${i}: ` +
      `got ${a.subarray(i, i + 8).toString("hex")}, expected ${e.subarray(i, i + 8).toString("hex")}`,
  );
}

/** Runs `fn`, which must throw `type` with a message containing every string in `mentions`. */
export function throwsWith(fn: () => unknown, type: new (...args: never[]) => Error, mentions: string[]): void {
  try {
    fn();
  } catch (err) {
    assert.instance(err, type, `expected a ${type.name}, got ${String(err)}`);
    for (const m of mentions)
      assert.ok((err as Error).message.includes(m), `"${(err as Error).message}" should mention ${m}`);
    return;
  }
  assert.unreachable(`expected a ${type.name} mentioning ${mentions.join(", ")}, nothing was thrown`);
}
