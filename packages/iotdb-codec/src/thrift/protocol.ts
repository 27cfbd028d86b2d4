import type { TType } from "@zerowire/thrift";
import type { Writer } from "@zerowire/writer";

// One writer interface for both Thrift protocols, so every request serializer is written once.
// Type codes are @zerowire/thrift's TType (binary protocol numbering, the one table of them);
// the compact writer maps them to its own.

/** The TType codes the insert requests use: `TType.BOOL` ... `TType.LIST` of @zerowire/thrift. */
export type ThriftType =
  | typeof TType.BOOL
  | typeof TType.BYTE
  | typeof TType.I32
  | typeof TType.I64
  | typeof TType.STRING
  | typeof TType.STRUCT
  | typeof TType.LIST;

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
