// A small server-style reader of a tablet's time and value buffers (docs/iotdb-wire-format.md §4.2-4.4):
// rowSize cells per column in schema order, then, if bytes remain, the bitmap section (a hasNull
// byte per column, floor(n/8)+1 LSB-first bytes when set). Independent of the encoder.

export type DecodedCell = null | boolean | number | bigint | Buffer;

export function decodeTimes(buf: Buffer, n: number): bigint[] {
  if (buf.length !== 8 * n) throw new Error(`time buffer has ${buf.length} bytes for ${n} rows`);
  return Array.from({ length: n }, (_, i) => buf.readBigInt64BE(8 * i));
}

/** Columns of cells (null where the bitmap says so); throws if the layout does not add up. */
export function decodeValues(buf: Buffer, types: number[], n: number): DecodedCell[][] {
  let pos = 0;
  const columns = types.map((type) =>
    Array.from({ length: n }, (): DecodedCell => {
      switch (type) {
        case 0:
          return buf.readUInt8(pos++) === 1;
        case 1:
        case 9:
          return ((pos += 4), buf.readInt32BE(pos - 4));
        case 2:
        case 8:
          return ((pos += 8), buf.readBigInt64BE(pos - 8));
        case 3:
          return ((pos += 4), buf.readFloatBE(pos - 4));
        case 4:
          return ((pos += 8), buf.readDoubleBE(pos - 8));
        default: {
          const len = buf.readInt32BE(pos);
          pos += 4 + len;
          if (pos > buf.length) throw new Error("text cell runs past the end");
          return buf.subarray(pos - len, pos);
        }
      }
    }),
  );
  if (pos < buf.length) {
    for (const cells of columns) {
      if (buf.readUInt8(pos++) === 0) continue;
      const bits = buf.subarray(pos, pos + (n >> 3) + 1);
      pos += (n >> 3) + 1;
      for (let i = 0; i < n; i++) if (bits[i >> 3]! & (1 << (i & 7))) cells[i] = null;
    }
  }
  if (pos !== buf.length) throw new Error(`value buffer: ${buf.length - pos} bytes left over`);
  return columns;
}
