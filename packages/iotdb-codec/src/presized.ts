// Plain arrays filled by index, made at their size up front: the TsBlock decoder's string and
// BLOB columns, TabletBuilder's times and text cells. Filling an array made at its size beat
// growing it by push() or by appending at the next index: bench client fetch-5000x10 (a string
// column spent more on its pushes than on its substrings) and codec tablet-b-rows.

/**
 * Largest count presized() allocates at once; a larger array grows as it is filled (a huge new Array(n) is a slow
 * dictionary-mode array in V8).
 */
const PRESIZED_MAX = 1 << 16;

/**
 * An array to fill by index 0..count-1, made at its size when that is small enough (beyond, filling
 * by index appends, as push() does).
 */
export function presized<T>(count: number): T[] {
  return count <= PRESIZED_MAX ? new Array<T>(count) : [];
}
