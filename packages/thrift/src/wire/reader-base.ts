// What both field readers read alike once the encoding's length prefix (an i32 or a varint) is
// read: strings, binaries and method names (a negative length refused here, the body read by the
// Reader: bounds checked there, a string decoded from the frame in place with no view made),
// UUIDs (16 bytes in both), bytes, and skip.
import type { Reader } from "@zerowire/writer";
import { ThriftDecodeError } from "./errors.js";
import type { FieldReader } from "./field-reader.js";
import { readMethodName } from "./method-names.js";
import { skipValue } from "./skip.js";

export abstract class FieldReaderBase {
  constructor(readonly r: Reader) {}

  /** Reads the encoding's length prefix. */
  protected abstract length(what: string): number;

  byte(): number {
    return this.r.i8("byte");
  }
  /** A length-prefixed UTF-8 string, decoded from the frame in place. */
  string(): string {
    const r = this.r;
    const at = r.pos;
    return r.utf8(checked(r, this.length("string length"), at, "string"), "string");
  }
  /** A view of the input (no copy). */
  binary(): Buffer {
    const r = this.r;
    const at = r.pos;
    return r.bytes(checked(r, this.length("binary length"), at, "binary"), "binary");
  }
  /** The canonical lowercase 8-4-4-4-12 string (as the `thrift` package reads it). */
  uuid(): string {
    const hex = this.r.bytes(16, "uuid").toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  skip(type: number): void {
    skipValue(this as unknown as FieldReader, type, 1); // each subclass implements FieldReader
  }

  /** A message header's length-prefixed method name (decoded once per name: method-names.ts). */
  protected methodName(): string {
    const r = this.r;
    const at = r.pos;
    return readMethodName(r, checked(r, this.length("method name length"), at, "method name"));
  }
}

function checked(r: Reader, n: number, prefixAt: number, what: string): number {
  if (n < 0) throw new ThriftDecodeError(what, prefixAt, r.remaining, `negative length ${n}`);
  return n;
}
