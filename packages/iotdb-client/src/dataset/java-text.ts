// The text Java's IoTDBRpcDataSet.getString (iotdb-session 2.0.5) gives for a cell, where it is not
// the value's plain JS text: FLOAT and DOUBLE as Float.toString / Double.toString, BLOB as "0x" and
// lowercase hex (BytesUtils.parseBlobByteArrayToString), TIMESTAMP as RpcUtils.formatDatetime in
// its "default" format: ISO-8601 with the session's zone offset and the server's precision digits,
// put together with Java's own string surgery (formatDatetimeStr), quirks included, so the text is
// the same character for character. Limits (documented in the README): FLOAT/DOUBLE digits are the
// shortest that read back (JDK 19+; JDK 17's Double.toString prints extra digits for a few values),
// and named zones take their offset from Intl, which gives whole minutes (Java keeps the seconds of
// historic local mean time offsets) and knows JS Date instants only (years -271821..275760; beyond
// them the offset at that edge is used).
import { shortestFloat32 } from "@zerowire/iotdb-codec";
import { DataSetError } from "../errors.js";

/** Java's Double.toString(x). */
export function javaDoubleText(x: number): string {
  return javaDecimalText(x, x);
}

/** Java's Float.toString(x) for a float32 value x. */
export function javaFloatText(x: number): string {
  return javaDecimalText(x, shortestFloat32(x));
}

/** `shortest`'s digits laid out as Java does for `value`: plain in [1e-3, 1e7), else d.dddEn. */
function javaDecimalText(value: number, shortest: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = shortest.toExponential().split("e") as [string, string];
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  const exponent = Number(exponentText);
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
  }
  return `${sign}${digits[0]}.${digits.slice(1) || "0"}E${exponent}`;
}

/** BytesUtils.parseBlobByteArrayToString: "0x" and two lowercase hex digits per byte. */
export function javaBlobText(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;
}

const FRACTION_DIGITS = { ms: 3, us: 6, ns: 9 } as const;

/**
 * RpcUtils.formatDatetime("default", precision, time, zoneId): the instant's second in the zone as
 * ISO_OFFSET_DATE_TIME, the sub-second digits spliced in by formatDatetimeStr.
 */
export function javaDatetimeText(time: bigint, precision: keyof typeof FRACTION_DIGITS, zone: ZoneOffsets): string {
  const digits = FRACTION_DIGITS[precision];
  const unit = 10n ** BigInt(digits);
  // Java: floor division (a negative time's fraction counts up from the second before it).
  let seconds = time / unit;
  let fraction = time % unit;
  if (fraction < 0n) {
    seconds -= 1n;
    fraction += unit;
  }
  const offset = zone.offsetSeconds(Number(seconds));
  const datetime = isoLocal(seconds + BigInt(offset)) + isoOffset(offset);
  const fractionText = String(fraction).padStart(digits, "0");
  // formatDatetimeStr, as Java writes it (an offset without "+" or "Z" gets the digits after it)
  if (datetime.includes("+")) return `${datetime.slice(0, -6)}.${fractionText}${datetime.slice(-6)}`;
  if (datetime.includes("Z")) return `${datetime.slice(0, -1)}.${fractionText}Z`;
  return `${datetime}.${fractionText}`;
}

/** ISO_LOCAL_DATE_TIME of a local epoch second: yyyy-MM-ddTHH:mm:ss (years past 9999 signed, as Java). */
function isoLocal(localSecond: bigint): string {
  // split in bigint: a second count past 2^53 (far years in ms) is not exact as a number
  let dayCount = localSecond / 86400n;
  if (dayCount * 86400n > localSecond) dayCount -= 1n;
  const secondOfDay = Number(localSecond - dayCount * 86400n);
  const days = Number(dayCount);
  // days since 1970-01-01 → proleptic Gregorian year, month, day (H. Hinnant's civil_from_days)
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const yearText = year > 9999 ? `+${year}` : year < 0 ? `-${pad(-year, 4)}` : pad(year, 4);
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  return `${yearText}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(secondOfDay % 60, 2)}`;
}

/** ISO_OFFSET_ID: Z for zero, else ±HH:MM, and :ss when the offset has seconds. */
function isoOffset(offset: number): string {
  if (offset === 0) return "Z";
  const magnitude = Math.abs(offset);
  const seconds = magnitude % 60;
  const text = `${offset < 0 ? "-" : "+"}${pad(Math.floor(magnitude / 3600), 2)}:${pad(Math.floor((magnitude % 3600) / 60), 2)}`;
  return seconds === 0 ? text : `${text}:${pad(seconds, 2)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** A Java zone id's offset from UTC at an instant. */
export interface ZoneOffsets {
  offsetSeconds(epochSecond: number): number;
}

// Java's fixed-offset ids: Z, +8, +08, +0800, +08:00 (and seconds), alone or after UTC, GMT or UT.
const FIXED_OFFSET = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/;
const ZERO_OFFSET = new Set(["Z", "UTC", "GMT", "UT"]);
const zones = new Map<string, ZoneOffsets>();
const DATE_LIMIT_MS = 8.64e15;

/**
 * The offsets of a Java zone id: fixed ids parsed here, region ids (Asia/Shanghai) through Intl. Throws DataSetError
 * for an id neither knows.
 */
export function zoneOffsets(zoneId: string): ZoneOffsets {
  let zone = zones.get(zoneId);
  if (zone === undefined) {
    zone = parseZone(zoneId);
    zones.set(zoneId, zone);
  }
  return zone;
}

function parseZone(zoneId: string): ZoneOffsets {
  if (ZERO_OFFSET.has(zoneId)) return { offsetSeconds: () => 0 };
  const fixed = FIXED_OFFSET.exec(zoneId);
  if (fixed !== null) {
    const seconds =
      (Number(fixed[2]) * 3600 + Number(fixed[3] ?? 0) * 60 + Number(fixed[4] ?? 0)) * (fixed[1] === "-" ? -1 : 1);
    return { offsetSeconds: () => seconds };
  }
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zoneId, timeZoneName: "longOffset" });
  } catch {
    throw new DataSetError(
      `getString: cannot format a TIMESTAMP in the session's zone ${JSON.stringify(zoneId)}: not a zone this Node.js knows`,
    );
  }
  return {
    offsetSeconds: (epochSecond) => {
      // Intl reads JS Date instants only (±8.64e15 ms); beyond them the zone's offset at the edge
      const ms = Math.min(Math.max(epochSecond * 1000, -DATE_LIMIT_MS), DATE_LIMIT_MS);
      const name = format.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
      const m = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
      if (m === null) return 0; // "GMT": no offset
      return (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) * (m[1] === "-" ? -1 : 1);
    },
  };
}
