// Device paths, table names and measurement names are identifiers: an empty one, or one with a
// lone surrogate (which Java would silently send as '?' and Node as U+FFFD), is certainly a bug
// in the caller, so it is refused before anything is encoded.
import { describeValue } from "./describe.js";
import { EncodeError } from "./errors.js";
import { isWellFormed } from "./java-string.js";

/** Throws an EncodeError unless `name` is a non-empty, well-formed string. `what` names it in the message. */
export function checkIdentifier(name: unknown, what: string, column?: string, row?: number): asserts name is string {
  if (typeof name !== "string") throw new EncodeError(`${what} must be a string, got ${describeValue(name)}`, column, row);
  if (name.length === 0) throw new EncodeError(`${what} is empty`, column, row);
  if (!isWellFormed(name)) {
    throw new EncodeError(`${what} ${describeValue(name)} contains a lone UTF-16 surrogate`, column, row);
  }
}
