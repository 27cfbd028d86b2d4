// What a JS value may be for each IoTDB type, shared by tablets (array columns, rows) and records.
// Every check returns a problem description instead of throwing, so the caller can name the
// column and row in its EncodeError.
import { dateFromJsDate, dateInt } from "./date.js";
import { describeNumber, describeValue } from "./describe.js";
import { int64Problem } from "./int64.js";
import { TSDataType, type SendableType } from "./types.js";

/** Bytes of one cell per type code; 0 for the length-prefixed TEXT, STRING and BLOB. */
export const CELL_WIDTH: readonly number[] = [1, 4, 8, 4, 8, 0, 0, 0, 8, 4, 0, 0];

/** Why `v` (not null) cannot be a cell of `type`, or undefined when it can. */
export function cellProblem(type: SendableType, v: unknown): string | undefined {
  switch (type) {
    case TSDataType.BOOLEAN:
      return typeof v === "boolean" ? undefined : `expected a boolean, got ${describeValue(v)}`;
    case TSDataType.INT32:
      return int32Problem(v);
    case TSDataType.INT64:
    case TSDataType.TIMESTAMP:
      return int64Problem(v);
    case TSDataType.FLOAT:
    case TSDataType.DOUBLE:
      return typeof v === "number" ? undefined : `expected a number, got ${describeValue(v)}`;
    case TSDataType.TEXT:
    case TSDataType.STRING:
      return typeof v === "string" || v instanceof Uint8Array
        ? undefined
        : `expected a string (or a Uint8Array of raw bytes), got ${describeValue(v)}`;
    case TSDataType.BLOB:
      return v instanceof Uint8Array ? undefined : `expected a Uint8Array, got ${describeValue(v)}`;
    case TSDataType.DATE:
      return dateValue(v) === undefined ? dateProblem(v) : undefined;
  }
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Why `v` is not a DATE cell: a day that does not exist is named as such, anything else gets the general message. */
function dateProblem(v: unknown): string {
  if (typeof v === "string" && v.length === 10 && v.charCodeAt(4) === 0x2d && v.charCodeAt(7) === 0x2d) {
    const year = digits(v, 0, 4);
    const month = digits(v, 5, 7);
    const day = digits(v, 8, 10);
    if (year >= 1000 && month >= 0 && day >= 0) {
      if (month < 1 || month > 12) return `${describeValue(v)} is not a date: there is no month ${month}`;
      const days = dateInt(year, month, 1) === undefined ? 0 : lastDay(year, month);
      if (days > 0 && (day < 1 || day > days))
        return `${describeValue(v)} is not a date: ${MONTH_NAMES[month - 1]} ${year} has ${days} days`;
    }
  }
  return `expected a date ('YYYY-MM-DD', a Date or a yyyymmdd number) in years 1000..9999, got ${describeValue(v)}`;
}

/** The number of days of a month (1-12) of a year in 1000..9999. */
function lastDay(year: number, month: number): number {
  let day = 31;
  while (dateInt(year, month, day) === undefined) day--;
  return day;
}

export function int32Problem(v: unknown): string | undefined {
  if (typeof v !== "number") return `expected an int32 number, got ${describeValue(v)}`;
  return (v | 0) === v ? undefined : `${describeNumber(v)} is not an int32`;
}

/**
 * A DATE cell as yyyymmdd: 'YYYY-MM-DD', a JS Date (its UTC day) or a yyyymmdd number; undefined
 * when it is none of these or outside years 1000..9999 (the Java client rejects those). No
 * allocation: the string is read character by character.
 */
export function dateValue(v: unknown): number | undefined {
  if (typeof v === "number") return yyyymmddValue(v);
  if (typeof v === "string") return dateFromText(v);
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return undefined;
    return dateFromJsDate(v);
  }
  return undefined;
}

/** `n` when it is a valid yyyymmdd date in years 1000..9999, else undefined. */
export function yyyymmddValue(n: number): number | undefined {
  if (!Number.isInteger(n) || n <= 0) return undefined;
  return dateInt(Math.floor(n / 10000), Math.floor(n / 100) % 100, n % 100) === n ? n : undefined;
}

function dateFromText(s: string): number | undefined {
  if (s.length !== 10 || s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return undefined;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  return year < 0 || month < 0 || day < 0 ? undefined : dateInt(year, month, day);
}

/** The decimal value of s[from, to), or -1 if a character is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
