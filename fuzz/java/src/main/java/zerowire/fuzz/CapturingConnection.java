package zerowire.fuzz;

import java.lang.reflect.Field;
import java.util.List;
import org.apache.iotdb.rpc.DeepCopyRpcTransportFactory;
import org.apache.iotdb.rpc.RpcUtils;
import org.apache.iotdb.service.rpc.thrift.IClientRPCService;
import org.apache.iotdb.service.rpc.thrift.TSInsertTabletReq;
import org.apache.iotdb.session.SessionConnection;
import org.apache.thrift.transport.TTransport;

/**
 * A real SessionConnection whose client writes through the client's own framed transport
 * (DeepCopyRpcTransportFactory, as SessionConnection.init builds it) into a CaptureTransport
 * instead of a socket. Everything above the socket is the official code path.
 */
final class CapturingConnection extends SessionConnection {
  static final long SESSION_ID = 42;
  static final long STATEMENT_ID = 7;

  private final CaptureTransport capture;
  private final IClientRPCService.Client rawClient;

  CapturingConnection(WireProtocol protocol, int bufferCapacity, int maxFrameSize)
      throws Exception {
    super("tree"); // the no-network constructor; sqlDialect only matters to openSession
    capture = new CaptureTransport(frame -> ThriftFrames.successReply(frame, protocol));
    DeepCopyRpcTransportFactory.setDefaultBufferCapacity(bufferCapacity);
    DeepCopyRpcTransportFactory.setThriftMaxFrameSize(maxFrameSize);
    TTransport framed = DeepCopyRpcTransportFactory.INSTANCE.getTransport(capture);
    rawClient = new IClientRPCService.Client(protocol.over(framed));
    client = RpcUtils.newSynchronizedClient(rawClient);
    // What openSession would have stored; each insert sets it into its request.
    Field sessionId = SessionConnection.class.getDeclaredField("sessionId");
    sessionId.setAccessible(true);
    sessionId.setLong(this, SESSION_ID);
    // What requestStatementId returned in the shared session-call vectors; queries carry it.
    Field statementId = SessionConnection.class.getDeclaredField("statementId");
    statementId.setAccessible(true);
    statementId.setLong(this, STATEMENT_ID);
  }

  /**
   * Makes the next call's seqid `last + 1`: after a real open() (openSession, then
   * requestStatementId) the first call is seqid 3.
   */
  void setLastSeqid(int last) throws Exception {
    Field seqid = org.apache.thrift.TServiceClient.class.getDeclaredField("seqid_");
    seqid.setAccessible(true);
    seqid.setInt(rawClient, last);
  }

  /**
   * Ties the connection to its Session, as the network constructor does: queries read the
   * session's fetch size from it. Zone UTC, as in the shared session-call vectors.
   */
  void attach(org.apache.iotdb.session.Session owner) throws Exception {
    session = owner;
    Field zone = SessionConnection.class.getDeclaredField("zoneId");
    zone.setAccessible(true);
    zone.set(this, java.time.ZoneId.of("UTC"));
  }

  List<byte[]> frames() {
    return capture.frames();
  }

  /** Sends a prebuilt request through the connection's own insertTablet path. */
  void sendTablet(TSInsertTabletReq request) throws Exception {
    insertTablet(request);
  }
}
