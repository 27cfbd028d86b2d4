// The codec's `protocol` option ("binary" | "compact") as a field writer of @zerowire/thrift/wire,
// which holds both encodings' bytes: the insert requests are written once, against FieldWriter.
import { BinaryFieldWriter, CompactFieldWriter, type FieldWriter } from "@zerowire/thrift/wire";
import type { Writer } from "@zerowire/writer";

/** "binary" (TBinaryProtocol, strict write: the Java client's default) or "compact" (TCompactProtocol). */
export type ThriftProtocol = "binary" | "compact";

/** A field writer of the given protocol appending to `out`. */
export function thriftWriter(out: Writer, protocol: ThriftProtocol = "binary"): FieldWriter {
  if (protocol === "binary") return new BinaryFieldWriter(out);
  if (protocol === "compact") return new CompactFieldWriter(out);
  throw new TypeError(`unknown Thrift protocol ${JSON.stringify(protocol)} (expected "binary" or "compact")`);
}
