// The field-level writer both encodings implement: what a struct, a message or a container is on
// the wire, and nothing else (no generated-code interface, no transport, no map-key strings). The
// stock protocols (TBinaryProtocol, TCompactProtocol) wrap it for generated code; encoders that
// write their structs by hand (the IoTDB codec's insert requests) call it directly, so each
// encoding's bytes are written in one place. Type codes are TType (binary numbering); the compact
// writer maps them. Values are range-checked by the Writer (a RangeError naming the value);
// type codes and container sizes are the caller's to check (the stock protocols do).
import type { Writer } from "@zerowire/writer";

export interface FieldWriter {
  /** The Writer everything is appended to (callers write a `binary` body straight into it: binaryBegin). */
  out: Writer;
  /** A message header: name, MessageType, seqid (int32). */
  messageBegin(name: string, type: number, seqid: number): void;
  /** Starts a struct's fields (the compact encoding numbers field ids per struct). No bytes. */
  structBegin(): void;
  /** Closes the struct structBegin opened. No bytes: its stop byte is fieldStop. */
  structEnd(): void;
  /** A field header: TType and id (an int16). For a bool field use boolField. */
  fieldBegin(type: number, id: number): void;
  /** A bool field, header and value (the compact encoding folds the value into the header). */
  boolField(id: number, value: boolean): void;
  /** The stop byte that ends a struct's fields. */
  fieldStop(): void;
  listBegin(elementType: number, size: number): void;
  mapBegin(keyType: number, valueType: number, size: number): void;
  /** A bool that is not a field's value (an element, key or map value). */
  bool(value: boolean): void;
  byte(value: number): void;
  i16(value: number): void;
  i32(value: number): void;
  i64(value: bigint | number): void;
  double(value: number): void;
  /** A string as UTF-8 after the length prefix. */
  string(value: string): void;
  /** Bytes as they are after the length prefix. */
  binary(value: Uint8Array): void;
  /**
   * Starts a `binary` whose bytes the caller then writes straight into `out`; `estimatedLength`
   * is a guess of their count (the compact encoding sizes its varint prefix from it and shifts
   * the body only when the guess had another varint size). Returns a mark for binaryEnd.
   */
  binaryBegin(estimatedLength: number): number;
  /** Backfills the length of the binary started at `mark`. */
  binaryEnd(mark: number): void;
  /** Forgets the struct nesting (after a failed write whose output was dropped). */
  reset(): void;
}
