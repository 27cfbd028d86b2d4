// Tablets sized against a request-frame limit: the largest whose insertTablet frame fits it, and
// one 8 rows larger (over it by at most 129 bytes). Sizes are measured by framing the tablet
// with the codec, as a session does (binary protocol).
import { insertTabletCall, writeCallFrame } from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import type { SessionTablet } from "../../src/index.js";

/** One DOUBLE column `v`, times 1..rows: 16 bytes a row plus the bitmap's bit. */
export function doubleTablet(target: string, rows: number): SessionTablet {
  const timestamps = new BigInt64Array(rows);
  const values = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    timestamps[i] = BigInt(i + 1);
    values[i] = i / 2;
  }
  return { schema: { target, columns: [{ name: "v", type: "DOUBLE" }] }, timestamps, values: [values] };
}

/** The frame length a session's insertTablet of this tablet announces (the bytes after the length prefix). */
export function insertFrameLength(tablet: SessionTablet): number {
  const writer = new Writer();
  writeCallFrame(writer, insertTabletCall({ ...tablet, schema: { ...tablet.schema, model: "tree" } }), {
    sessionId: 1n,
    seqid: 1,
  });
  return writer.length - 4;
}

/** Rows of the largest doubleTablet (to a multiple of 8 rows) whose frame is at most `limit` bytes. */
export function rowsWithin(target: string, limit: number): number {
  const base = 1024;
  const estimate = base + Math.floor((limit - insertFrameLength(doubleTablet(target, base))) / 16.125);
  let rows = estimate - (estimate % 8) - 64;
  while (insertFrameLength(doubleTablet(target, rows + 8)) <= limit) rows += 8;
  if (insertFrameLength(doubleTablet(target, rows)) > limit)
    throw new Error(`no tablet of ${rows} rows fits ${limit} bytes`);
  return rows;
}

/** A tablet whose insertTablet frame is over `limit` by at most 129 bytes. */
export function oversizedTablet(target: string, limit: number): SessionTablet {
  const tablet = doubleTablet(target, rowsWithin(target, limit) + 8);
  const length = insertFrameLength(tablet);
  if (length <= limit || length > limit + 129)
    throw new Error(`expected a frame just over ${limit} bytes, got ${length}`);
  return tablet;
}
