// Postgres frontend messages (protocol 3.0) built with the Writer, from the protocol's message
// formats: a type byte, an int32 length that counts itself and the body but not the type byte
// (reserved, then backfilled), then the body. Names and SQL text are NUL-terminated strings;
// Bind parameter values are int32-length-prefixed (-1 for NULL).
import type { Writer } from "@zerowire/writer";

/** A Bind parameter: text (format 0), binary (format 1), or NULL (length -1, format 0). */
export type BindValue = string | Buffer | null | undefined;

const TEXT_FORMAT = 0;
const BINARY_FORMAT = 1;

/** Writes the type byte and reserves the length; `end` backfills it. */
function begin(w: Writer, type: string): number {
  w.u8(type.charCodeAt(0));
  return w.reserve(4);
}

function end(w: Writer, lengthAt: number): void {
  w.i32beAt(lengthAt, w.length - lengthAt);
}

/** Query: simple-protocol SQL text. */
export function query(w: Writer, sql: string): void {
  const at = begin(w, "Q");
  w.cstring(sql);
  end(w, at);
}

/** Parse: statement name ("" = unnamed), SQL text, parameter type OIDs (0 = unspecified). */
export function parse(w: Writer, msg: { name?: string; text: string; types?: number[] }): void {
  const types = msg.types ?? [];
  const at = begin(w, "P");
  w.cstring(msg.name ?? "")
    .cstring(msg.text)
    .i16be(types.length);
  for (const oid of types) w.u32be(oid);
  end(w, at);
}

/**
 * Bind: portal and statement names, one format code per parameter (binary for Buffers), the
 * values, and a single result format code for all columns.
 */
export function bind(
  w: Writer,
  msg: { portal?: string; statement?: string; values?: BindValue[]; binary?: boolean },
): void {
  const values = msg.values ?? [];
  const at = begin(w, "B");
  w.cstring(msg.portal ?? "").cstring(msg.statement ?? "");
  w.i16be(values.length);
  for (const v of values) w.i16be(Buffer.isBuffer(v) ? BINARY_FORMAT : TEXT_FORMAT);
  w.i16be(values.length);
  for (const v of values) {
    if (v === null || v === undefined) w.i32be(-1);
    else if (Buffer.isBuffer(v)) w.i32be(v.length).bytes(v);
    else w.strI32be(v);
  }
  w.i16be(1).i16be(msg.binary ? BINARY_FORMAT : TEXT_FORMAT);
  end(w, at);
}

/** Describe: 'S' for a prepared statement or 'P' for a portal, then its name. */
export function describe(w: Writer, msg: { type: "S" | "P"; name?: string }): void {
  const at = begin(w, "D");
  w.u8(msg.type.charCodeAt(0)).cstring(msg.name ?? "");
  end(w, at);
}

/** Execute: portal name and the maximum number of rows (0 = no limit). */
export function execute(w: Writer, msg: { portal?: string; rows?: number } = {}): void {
  const at = begin(w, "E");
  w.cstring(msg.portal ?? "").u32be(msg.rows ?? 0);
  end(w, at);
}

/** Sync: the end of an extended-query pipeline. */
export function sync(w: Writer): void {
  const at = begin(w, "S");
  end(w, at);
}
