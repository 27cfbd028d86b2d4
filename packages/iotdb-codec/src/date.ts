// IoTDB DATE values are int32 yyyymmdd (2024-02-29 → 20240229); the Java client accepts years
// 1000..9999 only.

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → yyyymmdd, or undefined when the text is not a valid date in years 1000..9999. */
export function parseDate(text: string): number | undefined {
  const m = DATE_PATTERN.exec(text);
  if (m === null) return undefined;
  return dateInt(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A JS Date's UTC calendar day → yyyymmdd, or undefined outside years 1000..9999. */
export function dateFromJsDate(d: Date): number | undefined {
  return dateInt(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** year, month (1-12), day → yyyymmdd, or undefined when not a valid date in years 1000..9999. */
export function dateInt(year: number, month: number, day: number): number | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return year * 10000 + month * 100 + day;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** yyyymmdd → 'YYYY-MM-DD' (no validation beyond the digits: the server's value is shown as is). */
export function formatDate(yyyymmdd: number): string {
  const year = Math.trunc(yyyymmdd / 10000);
  const month = Math.trunc(yyyymmdd / 100) % 100;
  const day = yyyymmdd % 100;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
