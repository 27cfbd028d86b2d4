// Checks both protocols make before writing a header, so that a wrong type code or size from
// hand-written code is a RangeError naming it rather than bytes no reader can use.
import { isValueType } from "./wire/index.js";

/** A field, element, key or value type must be a value type (not STOP, VOID or unknown). */
export function checkValueType(type: number): void {
  if (!isValueType(type)) throw new RangeError(`type code ${type} cannot be written as a field or element`);
}

/** A container size must be a non-negative int32. */
export function checkSize(size: number): void {
  if (!((size | 0) === size && size >= 0)) throw new RangeError(`container size ${size} is not a non-negative int32`);
}
