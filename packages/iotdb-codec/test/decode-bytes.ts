// Hand-built TsBlock bytes for the decoder tests, written from docs/iotdb-wire-format.md §6.2 with
// Buffer's own big-endian writers (never with our decoder), and the Java vectors.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dirHolding, missing } from "../../../fuzz/vectors/vector-sets.js";
import { i32, i64 } from "./encode-bytes.js";

// The big-endian cell writers are the encoder tests' (one naive builder for both directions).
export { f32, f64, i32, i64, text } from "./encode-bytes.js";

/** Hex pieces (spaces allowed) to bytes. */
export function hex(...parts: string[]): Buffer {
  return Buffer.from(parts.join("").replace(/\s+/g, ""), "hex");
}

/** ceil(n/8) bytes, MSB-first, 1 = set. */
export function msbFlags(bits: readonly boolean[]): string {
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) out[i >> 3]! |= 0x80 >> (i % 8);
  });
  return out.toString("hex");
}

/** valueColumnCount, types, positionCount, encodings (time first). */
export function header(types: readonly number[], positionCount: number, encodings: readonly number[]): string {
  return (
    i32(types.length) + Buffer.from(types).toString("hex") + i32(positionCount) + Buffer.from(encodings).toString("hex")
  );
}

/** A TimeColumn body (INT64_ARRAY, mayHaveNull 0). */
export function timeBody(times: readonly bigint[]): string {
  return "00" + times.map(i64).join("");
}

/** An INT32_ARRAY / INT64_ARRAY / BINARY_ARRAY body: null flags only when some value is null,
 *  then the non-null values written by `write`. */
export function arrayBody<T>(values: readonly (T | null)[], write: (v: T) => string): string {
  const nulls = values.map((v) => v === null);
  const flags = nulls.some(Boolean) ? "01" + msbFlags(nulls) : "00";
  return (
    flags +
    values
      .filter((v): v is T => v !== null)
      .map(write)
      .join("")
  );
}

/** A BYTE_ARRAY body: null flags, then packed values for every position (false at nulls). */
export function booleanBody(values: readonly (boolean | null)[]): string {
  const nulls = values.map((v) => v === null);
  const flags = nulls.some(Boolean) ? "01" + msbFlags(nulls) : "00";
  return flags + msbFlags(values.map((v) => v === true));
}

export interface JavaVector {
  name: string;
  kind: string;
  input: any;
  output: any;
}

/** The Java vectors of one kind, from the repo's set (fuzz/vectors/vector-sets.ts). A kind no set
 *  holds gives [] after a NOT RUN line naming it. */
export function javaVectors(kind: string): JavaVector[] {
  const dir = dirHolding(kind);
  if (dir === undefined) {
    console.warn(missing(kind, `${kind} vector tests`));
    return [];
  }
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as JavaVector)
    .filter((v) => v.kind === kind);
}
