// The batch template: BATCH_SIZE_PER_WRITE rows of values per sensor, generated from a seed
// before any timing. Every device of a run writes these same columns (as the existing tools'
// shared batch templates), so 100K devices cost a tablet object each, not a copy of the data.
// TEXT values are flat strings, as JSON.parse gives them: the Java side gets these same values
// from JSON (flat Java Strings), and ours must not get `+=` ropes that cost more to encode.
import { flatString, seededRandom } from "../lib/data.js";
import type { MixType } from "./type-mix.js";

export interface Sensor {
  name: string;
  type: MixType;
}

/** One column of the batch template, in our client's columnar form. */
export type TemplateColumn = Float32Array | Float64Array | Int32Array | BigInt64Array | Uint8Array | string[];

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `rows` values per sensor, column by column from one seeded generator. */
export function generateTemplate(
  sensors: readonly Sensor[],
  rows: number,
  stringLength: number,
  seed: number,
): TemplateColumn[] {
  const random = seededRandom(seed);
  return sensors.map(({ type }) => {
    switch (type) {
      case "FLOAT":
        return Float32Array.from({ length: rows }, () => (random() - 0.5) * 2000);
      case "DOUBLE":
        return Float64Array.from({ length: rows }, () => (random() - 0.5) * 2e6);
      case "INT32":
        return Int32Array.from({ length: rows }, () => Math.floor(random() * 2_000_000) - 1_000_000);
      case "INT64":
        return BigInt64Array.from({ length: rows }, () => BigInt(Math.floor(random() * 2 ** 52)) - 2n ** 51n);
      case "BOOLEAN":
        return Uint8Array.from({ length: rows }, () => (random() < 0.5 ? 1 : 0));
      case "TEXT":
        return Array.from({ length: rows }, () => {
          let s = "";
          for (let i = 0; i < stringLength; i++) s += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
          return flatString(s);
        });
    }
  });
}

/** The template as JSON values: INT64 as decimal strings, BOOLEAN as booleans (the Java harness's convention). */
export function templateJson(template: readonly TemplateColumn[]): unknown[][] {
  return template.map((column) => {
    if (column instanceof BigInt64Array) return Array.from(column, (v) => v.toString());
    if (column instanceof Uint8Array) return Array.from(column, (v) => v === 1);
    return Array.from(column as ArrayLike<number | string>);
  });
}

/**
 * Row r of the template as JS values, one per sensor: INT64 as bigint, BOOLEAN as boolean (as records and rows are
 * written).
 */
export function templateRow(template: readonly TemplateColumn[], r: number): (number | bigint | boolean | string)[] {
  return template.map((column) => (column instanceof Uint8Array ? column[r] === 1 : column[r]!));
}
