import type { Writer } from "@zerowire/writer";
import { BinaryProtocolWriter } from "./binary-protocol.js";
import { CompactProtocolWriter } from "./compact-protocol.js";
import type { ThriftProtocol, ThriftWriter } from "./protocol.js";

/** A Thrift writer of the given protocol appending to `out`. */
export function thriftWriter(out: Writer, protocol: ThriftProtocol = "binary"): ThriftWriter {
  if (protocol === "binary") return new BinaryProtocolWriter(out);
  if (protocol === "compact") return new CompactProtocolWriter(out);
  throw new TypeError(`unknown Thrift protocol ${JSON.stringify(protocol)} (expected "binary" or "compact")`);
}
