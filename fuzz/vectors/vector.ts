// The vector format (docs/iotdb-wire-format.md §8) and the result of checking one vector.

export interface Vector {
  name: string;
  kind: "tablet" | "insertRecords" | "insertRecord" | "tsblock" | "queryResponse" | string;
  input: any;
  output: any;
}

/** One region of an expected byte string, used to name where a mismatch is. */
export interface Section {
  name: string;
  offset: number;
  length: number;
}

export interface Failure {
  /** Which output was compared, e.g. "valuesHex" or "decoded.columns[2]". */
  check: string;
  message: string;
}

export interface CheckResult {
  passed: string[];
  failures: Failure[];
}

export type KindChecker = (vector: Vector) => CheckResult | Promise<CheckResult>;

/** Compares bytes with an expected hex string; adds a pass or a failure naming the first differing offset. */
export function compareHex(
  result: CheckResult,
  check: string,
  actual: Uint8Array,
  expectedHex: string,
  sections: readonly Section[] = [],
): void {
  const expected = Buffer.from(expectedHex, "hex");
  const got = Buffer.from(actual.buffer, actual.byteOffset, actual.length);
  if (got.equals(expected)) {
    result.passed.push(check);
    return;
  }
  let i = 0;
  while (i < got.length && i < expected.length && got[i] === expected[i]) i++;
  const section = sections.find((s) => i >= s.offset && i < s.offset + s.length);
  const where = section ? ` (in ${section.name}, +${i - section.offset})` : "";
  const around = (b: Buffer) => b.subarray(Math.max(0, i - 4), i + 8).toString("hex");
  result.failures.push({
    check,
    message:
      `first difference at offset ${i}${where}: expected …${around(expected)}… got …${around(got)}…` +
      ` (lengths: expected ${expected.length}, got ${got.length})`,
  });
}

/** Compares JSON-comparable values; adds a pass or a failure with the first differing path. */
export function compareValue(result: CheckResult, check: string, actual: unknown, expected: unknown): void {
  const diff = firstDifference(actual, expected, "");
  if (diff === undefined) result.passed.push(check);
  else result.failures.push({ check, message: diff });
}

function firstDifference(a: unknown, e: unknown, path: string): string | undefined {
  if (Array.isArray(e)) {
    if (!Array.isArray(a)) return `${path || "value"}: expected an array, got ${show(a)}`;
    if (a.length !== e.length) return `${path || "value"}: expected length ${e.length}, got ${a.length}`;
    for (let i = 0; i < e.length; i++) {
      const d = firstDifference(a[i], e[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (e !== null && typeof e === "object") {
    if (a === null || typeof a !== "object") return `${path || "value"}: expected an object, got ${show(a)}`;
    for (const key of Object.keys(e)) {
      const d = firstDifference((a as any)[key], (e as any)[key], `${path}.${key}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return Object.is(a, e) ? undefined : `${path || "value"}: expected ${show(e)}, got ${show(a)}`;
}

function show(v: unknown): string {
  return typeof v === "bigint" ? `${v}n` : (JSON.stringify(v) ?? String(v));
}
