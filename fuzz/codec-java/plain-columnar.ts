// The columnar tablet form with PLAIN arrays (numbers, bigints, strings, bytes) instead of typed
// arrays. fuzz/vectors' columnarTablet stores cells into typed arrays, which silently wraps or
// truncates values Java rejects (an INT32 of 1.5 or 2^31, an INT64 of 2^63); this form hands them
// to the encoder as they are, so its validation is what decides.
import type { Tablet } from "@zerowire/iotdb-codec";
import { tabletSchema, vectorCell, type TabletInput } from "../vectors/vector-input.js";

export function plainColumnarTablet(input: TabletInput): Tablet {
  return {
    schema: tabletSchema(input),
    timestamps: input.timestamps.map((t) => BigInt(t)),
    values: input.columns.map((col, c) => input.rows.map((row) => vectorCell(col.type, row[c]))),
    nulls: input.columns.map((_, c) => input.rows.map((row) => row[c] === null)),
    bitmapSection: input.construction ?? "api",
  };
}
