// TBinaryProtocol: Thrift's binary protocol (big-endian fixed-width integers, int32 lengths),
// byte for byte what the `thrift` package and Java's TBinaryProtocol write, for generated code:
// ./wire's BinaryFieldWriter and BinaryFieldReader on a TFramedTransport (protocol-base.ts).
import type { TFramedTransport } from "./framed-transport.js";
import { NO_OUTPUT, ProtocolBase } from "./protocol-base.js";
import { BinaryFieldReader, BinaryFieldWriter } from "./wire/index.js";

export class TBinaryProtocol extends ProtocolBase<BinaryFieldWriter> {
  /**
   * @param trans the transport to read from and write to
   * @param strictRead reject messages without a version header (default false)
   * @param strictWrite write the version header (default true, as Java and the `thrift` package do)
   */
  constructor(trans: TFramedTransport, strictRead = false, strictWrite = true) {
    super(trans, new BinaryFieldWriter(NO_OUTPUT, strictWrite), new BinaryFieldReader(trans.reader, strictRead));
  }
}
