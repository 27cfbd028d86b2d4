// The field-level reader both encodings implement, on a Reader over one message's bytes: what a
// message header, a struct's field headers, containers and values are, each checked before use
// (a read past the end is the Reader's ReadError, bytes that cannot be valid Thrift a
// ThriftDecodeError, each naming what was read at which offset). Type codes come back as TType
// in both encodings. The stock protocols wrap it for generated code; hand-written readers (the
// IoTDB client's insert-reply reader) call it directly.
import type Int64 from "node-int64";
import type { Reader } from "@zerowire/writer";

export interface MessageHeader {
  fname: string;
  mtype: number;
  rseqid: number;
}
export interface FieldHeader {
  fname: null;
  ftype: number;
  fid: number;
}
export interface MapHeader {
  ktype: number;
  vtype: number;
  size: number;
}
export interface ListHeader {
  etype: number;
  size: number;
}

export interface FieldReader {
  /** The bytes read. */
  readonly r: Reader;
  messageBegin(): MessageHeader;
  /** Starts a struct's fields (the compact encoding numbers field ids per struct). */
  structBegin(): void;
  structEnd(): void;
  /** The next field's TType and id (TType.STOP at the end). The object is reused by the next call: read it at once. */
  fieldBegin(): FieldHeader;
  mapBegin(): MapHeader;
  listBegin(): ListHeader;
  /** A bool: a bool field's value (from its header in the compact encoding), an element, a key or a map value. */
  bool(): boolean;
  byte(): number;
  i16(): number;
  i32(): number;
  /** A new Int64 (node-int64) of its own. */
  i64(): Int64;
  double(): number;
  string(): string;
  /** A view of the input (no copy): valid as long as its bytes are. */
  binary(): Buffer;
  uuid(): string;
  /** Reads past one value of TType `type` (MAX_SKIP_DEPTH levels of nesting at most). */
  skip(type: number): void;
}
