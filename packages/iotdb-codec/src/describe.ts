// Value descriptions for error messages.

export function describeNumber(v: number): string {
  return Object.is(v, -0) ? "-0" : String(v);
}

/** A short description of any value for error messages (never throws). */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "number":
      return `the number ${describeNumber(v)}`;
    case "bigint":
      return `the bigint ${v}n`;
    case "string":
      return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
    case "boolean":
      return `the boolean ${v}`;
    case "undefined":
      return "undefined";
    case "object":
      return Array.isArray(v) ? "an array" : `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
    default:
      return `a ${typeof v}`;
  }
}
