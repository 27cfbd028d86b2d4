// The data type mix: INSERT_DATATYPE_PROPORTION parsed, and the type of each sensor derived from it.

/** The types the write benchmark generates (the existing Node benchmark's six). */
export const MIX_TYPES = ["BOOLEAN", "INT32", "INT64", "FLOAT", "DOUBLE", "TEXT"] as const;
export type MixType = (typeof MIX_TYPES)[number];

/** TSDataType codes, accepted as keys as in the existing benchmark's config ({ 3: 0.5 } = 50% FLOAT). */
const TYPE_CODES: Record<string, MixType> = {
  "0": "BOOLEAN",
  "1": "INT32",
  "2": "INT64",
  "3": "FLOAT",
  "4": "DOUBLE",
  "5": "TEXT",
};

export type TypeMix = ReadonlyMap<MixType, number>;

export const DEFAULT_TYPE_MIX_TEXT = "FLOAT:0.3,DOUBLE:0.2,INT32:0.2,INT64:0.1,TEXT:0.1,BOOLEAN:0.1";

/**
 * "FLOAT:0.3,DOUBLE:0.2,..." (type names or TSDataType codes, each with its share). The shares
 * must sum to 1; the error message says what is wrong. Types left out get 0.
 */
export function parseTypeMix(text: string): TypeMix {
  const mix = new Map<MixType, number>();
  for (const part of text.split(",")) {
    const [key = "", share = "", extra] = part.split(":").map((s) => s.trim());
    const type = TYPE_CODES[key] ?? MIX_TYPES.find((t) => t === key.toUpperCase());
    if (type === undefined || extra !== undefined) {
      throw new Error(
        `"${part.trim()}" is not TYPE:share with TYPE one of ${MIX_TYPES.join(", ")} (or its TSDataType code 0-5)`,
      );
    }
    const value = Number(share);
    if (share === "" || !Number.isFinite(value) || value < 0 || value > 1)
      throw new Error(`the share of ${type} must be a number in [0, 1], got "${share}"`);
    if (mix.has(type)) throw new Error(`${type} is given twice`);
    mix.set(type, value);
  }
  const sum = [...mix.values()].reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > 1e-9) throw new Error(`the shares must sum to 1, they sum to ${+sum.toFixed(12)}`);
  return mix;
}

/**
 * Sensor i gets the type whose cumulative share first exceeds (i + 0.5) / count, types taken in
 * the order of the mix: 10 sensors with the default mix are 3 FLOAT, 2 DOUBLE, 2 INT32, 1 INT64,
 * 1 TEXT, 1 BOOLEAN.
 */
export function sensorTypes(mix: TypeMix, count: number): MixType[] {
  const entries = [...mix].filter(([, share]) => share > 0);
  const types: MixType[] = [];
  for (let i = 0; i < count; i++) {
    const at = (i + 0.5) / count;
    let cumulative = 0;
    let chosen = entries[entries.length - 1]![0];
    for (const [type, share] of entries) {
      cumulative += share;
      if (at < cumulative) {
        chosen = type;
        break;
      }
    }
    types.push(chosen);
  }
  return types;
}

export function formatTypeMix(mix: TypeMix): string {
  return [...mix].map(([type, share]) => `${type}:${share}`).join(",");
}

/** "FLOAT×3,DOUBLE×2,...", in sensor order. */
export function typeCounts(types: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].map(([t, n]) => `${t}×${n}`).join(",");
}
