package zerowire.fuzz;

import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolFactory;
import org.apache.thrift.transport.TTransport;

/** The two protocols SessionConnection can speak (compact only with enableRPCCompression). */
enum WireProtocol {
  BINARY,
  COMPACT;

  /** Same constructors SessionConnection.init uses. */
  TProtocol over(TTransport transport) {
    return this == BINARY ? new TBinaryProtocol(transport) : new TCompactProtocol(transport);
  }

  TProtocolFactory factory() {
    return this == BINARY ? new TBinaryProtocol.Factory() : new TCompactProtocol.Factory();
  }
}
