// A deliberately naive reference writer: one Buffer per value from Buffer.alloc + Node's own
// write methods (or Buffer.from(s, "utf8")), joined with Buffer.concat. Varints are computed
// one 7-bit group at a time with BigInt. No shared code with the Writer under test.
import { slotValue, type Op } from "./operations.js";

export function referenceBytes(ops: Op[]): Buffer {
  return Buffer.concat(ops.map(referenceOp));
}

function fixed(size: number, write: (b: Buffer) => unknown): Buffer {
  const b = Buffer.alloc(size);
  write(b);
  return b;
}

function leb128(v: bigint | number): Buffer {
  let n = BigInt(v);
  const out: number[] = [];
  do {
    const group = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n > 0n ? group | 0x80 : group);
  } while (n > 0n);
  return Buffer.from(out);
}

function zigzag(v: bigint | number): bigint {
  const n = BigInt(v);
  return n >= 0n ? 2n * n : -2n * n - 1n;
}

function referenceOp(op: Op): Buffer {
  switch (op.k) {
    case "u8":
      return fixed(1, (b) => b.writeUInt8(op.v));
    case "i8":
      return fixed(1, (b) => b.writeInt8(op.v));
    case "u16be":
      return fixed(2, (b) => b.writeUInt16BE(op.v));
    case "u16le":
      return fixed(2, (b) => b.writeUInt16LE(op.v));
    case "i16be":
      return fixed(2, (b) => b.writeInt16BE(op.v));
    case "i16le":
      return fixed(2, (b) => b.writeInt16LE(op.v));
    case "i32be":
      return fixed(4, (b) => b.writeInt32BE(op.v));
    case "i32le":
      return fixed(4, (b) => b.writeInt32LE(op.v));
    case "u32be":
      return fixed(4, (b) => b.writeUInt32BE(op.v));
    case "u32le":
      return fixed(4, (b) => b.writeUInt32LE(op.v));
    case "i64be":
      return fixed(8, (b) => b.writeBigInt64BE(BigInt(op.v)));
    case "i64le":
      return fixed(8, (b) => b.writeBigInt64LE(BigInt(op.v)));
    case "u64be":
      return fixed(8, (b) => b.writeBigUInt64BE(BigInt(op.v)));
    case "u64le":
      return fixed(8, (b) => b.writeBigUInt64LE(BigInt(op.v)));
    case "f32be":
      return fixed(4, (b) => b.writeFloatBE(op.v));
    case "f32le":
      return fixed(4, (b) => b.writeFloatLE(op.v));
    case "f64be":
      return fixed(8, (b) => b.writeDoubleBE(op.v));
    case "f64le":
      return fixed(8, (b) => b.writeDoubleLE(op.v));
    case "uvarint32":
    case "uvarint64":
      return leb128(op.v);
    case "zigzag32":
    case "zigzag64":
      return leb128(zigzag(op.v));
    case "utf8":
      return Buffer.from(op.s, "utf8");
    case "strI32be":
      return Buffer.concat([fixed(4, (b) => b.writeInt32BE(Buffer.byteLength(op.s))), Buffer.from(op.s, "utf8")]);
    case "strI32le":
      return Buffer.concat([fixed(4, (b) => b.writeInt32LE(Buffer.byteLength(op.s))), Buffer.from(op.s, "utf8")]);
    case "strI16be":
      return Buffer.concat([fixed(2, (b) => b.writeUInt16BE(Buffer.byteLength(op.s))), Buffer.from(op.s, "utf8")]);
    case "strVarint":
      return Buffer.concat([leb128(Buffer.byteLength(op.s)), Buffer.from(op.s, "utf8")]);
    case "cstring":
      return Buffer.concat([Buffer.from(op.s, "utf8"), Buffer.from([0])]);
    case "bytes":
      return Buffer.from(op.b);
    case "f64ColumnBE":
      return Buffer.concat(Array.from(op.col, (v) => fixed(8, (b) => b.writeDoubleBE(v))));
    case "f32ColumnBE":
      return Buffer.concat(Array.from(op.col, (v) => fixed(4, (b) => b.writeFloatBE(v))));
    case "i32ColumnBE":
      return Buffer.concat(Array.from(op.col, (v) => fixed(4, (b) => b.writeInt32BE(v))));
    case "i64ColumnBE":
      return Buffer.concat(
        Array.from(op.col as ArrayLike<bigint | number>, (v) => fixed(8, (b) => b.writeBigInt64BE(BigInt(v)))),
      );
    case "fork": {
      const body = referenceBytes(op.body);
      const prefix = op.prefix === "varint" ? leb128(body.length) : fixed(4, (b) => b.writeInt32BE(body.length));
      return Buffer.concat([prefix, body]);
    }
    case "undone":
      return Buffer.alloc(0);
    case "inPlace":
      return Buffer.from(op.b);
    case "frame": {
      const body = referenceBytes(op.body);
      const n = slotValue(op.slot, body.length);
      const slot: Record<typeof op.slot, () => Buffer> = {
        u8At: () => fixed(1, (b) => b.writeUInt8(n)),
        i16beAt: () => fixed(2, (b) => b.writeInt16BE(n)),
        i32beAt: () => fixed(4, (b) => b.writeInt32BE(n)),
        i32leAt: () => fixed(4, (b) => b.writeInt32LE(n)),
        u32beAt: () => fixed(4, (b) => b.writeUInt32BE(n)),
        i64beAt: () => fixed(8, (b) => b.writeBigInt64BE(BigInt(n))),
      };
      return Buffer.concat([slot[op.slot](), body]);
    }
  }
}
