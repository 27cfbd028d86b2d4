// The device of each row of a table-model tablet: the table and the row's TAG values. The server
// answers a table insert with one sub-status per row in wire order, which is time order when the
// times were not sorted (the codec stable-sorts them, as Java does), so rows are listed that way.
import { ColumnCategory } from "@zerowire/iotdb-codec";
import type { SessionTablet } from "../session/tablet-input.js";
import type { WrittenDevices } from "./redirect-hints.js";

const SEPARATOR = "\u0000";
const NULL_TAG = "\u0001";

/** The rows' devices in wire order, or undefined for input that is no table tablet (the session reports that). */
export function tableRowDevices(tablet: SessionTablet): WrittenDevices | undefined {
  try {
    const { schema, timestamps, values, nulls } = tablet;
    if (typeof schema.target !== "string" || !Array.isArray(schema.columns)) return undefined;
    const tags = schema.columns.flatMap((c, i) =>
      c.category === "TAG" || c.category === ColumnCategory.TAG ? [i] : [],
    );
    const order = wireOrder(timestamps);
    const count = timestamps.length;
    const deviceOfRow = (row: number) => {
      const parts = tags.map((c) => (nulls?.[c]?.[row] ? NULL_TAG : tagText(values[c]![row])));
      return [schema.target, ...parts].join(SEPARATOR);
    };
    // One TAG column without nulls: a device per distinct value, not per row (an answer has one hint per row of a
    // merged tablet; bench e2e-table-default).
    const single = tags.length === 1 && nulls?.[tags[0]!] == null ? values[tags[0]!]! : undefined;
    const known = new Map<unknown, string>();
    return {
      count,
      device: (index) => {
        const row = order === undefined ? index : order[index]!;
        if (single === undefined) return deviceOfRow(row);
        const tag = single[row];
        let device = known.get(tag);
        if (device === undefined) known.set(tag, (device = deviceOfRow(row)));
        return device;
      },
    };
  } catch {
    return undefined;
  }
}

function tagText(value: unknown): string {
  if (value === null || value === undefined) return NULL_TAG;
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("utf8");
  return String(value);
}

/** Wire row → caller row when the times are not in order (a stable sort, as the codec's), else undefined. */
function wireOrder(times: SessionTablet["timestamps"]): number[] | undefined {
  let sorted = true;
  for (let i = 1; i < times.length && sorted; i++) sorted = times[i]! >= times[i - 1]!;
  if (sorted) return undefined;
  const order = Array.from({ length: times.length }, (_, i) => i);
  return order.sort((a, b) => (times[a]! < times[b]! ? -1 : times[a]! > times[b]! ? 1 : a - b));
}
