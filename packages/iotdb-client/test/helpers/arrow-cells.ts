// An Arrow column read back cell by cell, for comparing tables in tests: null where the validity
// bitmap says so, a timestamp's raw int64 (apache-arrow's get() gives it as a ms number, losing
// µs/ns), bytes as a plain array, anything else as get() reads it.
import * as arrow from "apache-arrow";

export function arrowCells(vector: arrow.Vector): unknown[] {
  const out: unknown[] = [];
  for (const data of vector.data) {
    for (let i = 0; i < data.length; i++) {
      if (!data.getValid(i)) out.push(null);
      else if (arrow.DataType.isTimestamp(data.type)) out.push((data.values as BigInt64Array)[data.offset + i]);
      else {
        const value = vector.get(out.length);
        out.push(value instanceof Uint8Array ? [...value] : value);
      }
    }
  }
  return out;
}
