// Device paths, table names and measurement names are identifiers: an empty one, or one with a
// lone surrogate (which Java would silently send as '?' and Node as U+FFFD), is certainly a bug
// in the caller, so it is refused before anything is encoded.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { isWellFormed } from "./java-string.js";

/** Throws an EncodeError unless `name` is a non-empty, well-formed string. `what` names it in the message. */
export function checkIdentifier(name: unknown, what: string, column?: string, row?: number): asserts name is string {
  const problem = identifierProblem(name);
  if (problem !== undefined) throw new EncodeError(`${what} ${problem}`, column, row);
}

/**
 * What is wrong with `name` as an identifier (to follow what names it), or undefined. For loops
 * over many names (a record's measurements): the message naming the place is built only on a
 * problem (bench/client insert-records-100 spent 5% building those strings).
 */
export function identifierProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return `must be a string, got ${describeValue(name)}`;
  if (name.length === 0) return "is empty";
  if (!isWellFormed(name)) return `${describeValue(name)} contains a lone UTF-16 surrogate`;
  return undefined;
}
