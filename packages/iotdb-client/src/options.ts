// The checks every option of the client goes through: the session's (session-options.ts), the
// connection's (connection.ts), the pools' (pool/pool-options.ts) and the batching writer's
// (ingest/writer-options.ts) resolvers are made of these, and each runs in its constructor, so a
// bad option fails where it was given, before a socket exists.
//
// What is an option and what is data (the one rule for which error a caller gets):
// - an option is a setting of the client: a constructor's options, a call's options object
//   (`{ fetchSize }`, `{ signal }`, `{ timeoutMs }`), or the argument of a setter of an option
//   (setFetchSize, setQueryTimeout, setTimeZone, setEnableRedirection). A bad one is an
//   OptionError naming the option, the value and what is accepted;
// - data is what a request carries to the server: values, times, paths, names, SQL, the
//   arguments of an insert, query or schema call. Bad data is the codec's EncodeError (it names
//   the column, row or argument), thrown before anything is sent.
import type { Float32Mode, Int64Mode } from "@zerowire/iotdb-codec";
import { type EndPoint, OptionError } from "./errors.js";

export const INT64_MODES: readonly Int64Mode[] = ["bigint", "number"];
export const FLOAT32_MODES: readonly Float32Mode[] = ["exact", "shortest"];

/** A value as an error message shows it: strings quoted, numbers as written, others by type. */
export function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || value === undefined || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value === "object" ? Object.prototype.toString.call(value).slice(8, -1) : typeof value}`;
}

/** The OptionError of `option`: "<option> must be <accepted>, got <value>". */
export function badOption(option: string, accepted: string, value: unknown): OptionError {
  return new OptionError(option, `${option} must be ${accepted}, got ${shown(value)}`);
}

/** An integer in [min, max] (max: the largest safe integer unless given). */
export function integerOption(
  option: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  accepted?: string,
): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badOption(
      option,
      accepted ?? (max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`),
      value,
    );
  }
  return value;
}

/** A number above 0 (a time in ms or a size in bytes; fractions allowed, as a timer takes them). */
export function positiveOption(option: string, value: unknown, unit: "ms" | "bytes"): number {
  if (typeof value !== "number" || !(value > 0)) throw badOption(option, `a positive number of ${unit}`, value);
  return value;
}

export function booleanOption(option: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw badOption(option, "a boolean", value);
  return value;
}

/** One of `allowed`, exactly (case matters: "Compact" is not "compact"). */
export function oneOfOption<T extends string>(option: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw badOption(option, allowed.map((a) => JSON.stringify(a)).join(" or "), value);
  return value as T;
}

/** A string; a non-empty one unless `empty` says it may be "". */
export function stringOption(option: string, value: unknown, empty = false): string {
  if (typeof value !== "string" || (!empty && value.trim() === ""))
    throw badOption(option, empty ? "a string" : "a non-empty string", value);
  return value;
}

/** The int64 and float32 modes of a read (a query's options, a data set's read options), where given. */
export function checkedReadModes(options: { int64?: unknown; float32?: unknown }): void {
  if (options.int64 !== undefined) oneOfOption("int64", options.int64, INT64_MODES);
  if (options.float32 !== undefined) oneOfOption("float32", options.float32, FLOAT32_MODES);
}

/**
 * Where a session or pool connects: `nodeUrls` ("host:port", "[v6 address]:port" or
 * { host, port }, at least one), or else `host` and `port` (one endpoint, the defaults filling in).
 */
export function resolveEndpoints(
  options: { nodeUrls?: unknown; host?: unknown; port?: unknown },
  defaults: EndPoint,
): EndPoint[] {
  const { nodeUrls, host, port } = options;
  if (nodeUrls === undefined) {
    return [
      {
        host: stringOption("host", host ?? defaults.host),
        port: integerOption("port", port ?? defaults.port, 1, 65535),
      },
    ];
  }
  if (host !== undefined || port !== undefined)
    throw new OptionError("nodeUrls", "give either nodeUrls or host/port, not both");
  if (!Array.isArray(nodeUrls) || nodeUrls.length === 0)
    throw badOption("nodeUrls", 'a non-empty array of "host:port" or { host, port }', nodeUrls);
  return nodeUrls.map(parseNodeUrl);
}

/** "host:port", "[v6 address]:port" or { host, port }. */
export function parseNodeUrl(url: string | EndPoint): EndPoint {
  if (typeof url === "object" && url !== null) {
    if (typeof url.host !== "string" || url.host === "")
      throw new OptionError("nodeUrls", `a node URL's host must be a non-empty string, got ${shown(url.host)}`);
    return { host: url.host, port: nodeUrlPort(url.port, url) };
  }
  if (typeof url !== "string") throw badOption("nodeUrls", 'a list of "host:port" or { host, port }', url);
  const colon = url.lastIndexOf(":");
  if (colon <= 0) throw new OptionError("nodeUrls", `a node URL is "host:port", got ${JSON.stringify(url)}`);
  let host = url.slice(0, colon);
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return { host, port: nodeUrlPort(Number(url.slice(colon + 1)), url) };
}

function nodeUrlPort(port: number, url: string | EndPoint): number {
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new OptionError(
      "nodeUrls",
      `bad port in node URL ${JSON.stringify(url)}: a port is an integer from 1 to 65535`,
    );
  return port;
}
