import type { Writer } from "@zerowire/writer";

// One writer interface for both Thrift protocols, so every request serializer is written once.
// Type codes are the binary protocol's (TType); the compact writer maps them to its own.

/** Thrift TType codes (binary protocol numbering). */
export const ThriftType = {
  BOOL: 2,
  BYTE: 3,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  LIST: 15,
} as const;
export type ThriftType = (typeof ThriftType)[keyof typeof ThriftType];

/** TMessageType: what a message is. */
export const ThriftMessageType = { CALL: 1, REPLY: 2, EXCEPTION: 3, ONEWAY: 4 } as const;
export type ThriftMessageType = (typeof ThriftMessageType)[keyof typeof ThriftMessageType];

/** "binary" (TBinaryProtocol, strict write: the Java client's default) or "compact" (TCompactProtocol). */
export type ThriftProtocol = "binary" | "compact";

export interface ThriftWriter {
  /** The Writer everything is appended to. */
  readonly out: Writer;
  messageBegin(name: string, type: ThriftMessageType, seqid: number): void;
  /** Starts a struct's fields (the compact protocol tracks the last field id per struct). */
  structBegin(): void;
  /** Writes the field stop byte and closes the struct. */
  structEnd(): void;
  fieldBegin(type: ThriftType, id: number): void;
  /** A bool field: header and value together (the compact protocol folds the value into the header). */
  boolField(id: number, value: boolean): void;
  byte(v: number): void;
  i32(v: number): void;
  i64(v: bigint | number): void;
  string(s: string): void;
  binary(bytes: Uint8Array): void;
  listBegin(elemType: ThriftType, size: number): void;
  /**
   * Starts a `binary` whose bytes the caller then writes straight into `out`; `estimatedLength`
   * is a guess of their count (the compact protocol sizes its varint prefix from it and shifts the
   * body only when the guess had another varint size). Returns a mark for binaryEnd.
   */
  binaryBegin(estimatedLength: number): number;
  /** Backfills the length of the binary started at `mark`. */
  binaryEnd(mark: number): void;
}
