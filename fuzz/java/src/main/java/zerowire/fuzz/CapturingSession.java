package zerowire.fuzz;

import java.lang.reflect.Method;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.iotdb.service.rpc.thrift.TSInsertTabletReq;
import org.apache.iotdb.session.Session;
import org.apache.tsfile.write.record.Tablet;

/**
 * A default Session (Session.Builder defaults) that is "open" on a CapturingConnection: the state
 * Session.open() leaves behind, minus the socket. Records auto-conversion to tablets is switched
 * off (so insertRecords always sends insertRecords) unless a session-call case turns it on.
 */
final class CapturingSession extends Session {
  private final CapturingConnection connection;

  CapturingSession(WireProtocol protocol) throws Exception {
    this(protocol, false);
  }

  /** With Java's records auto-conversion on or off (the session-call cases choose). */
  CapturingSession(WireProtocol protocol, boolean autoConvertRecords) throws Exception {
    super(new Session.Builder().enableRecordsAutoConvertTablet(autoConvertRecords));
    connection = new CapturingConnection(protocol, thriftDefaultBufferSize, thriftMaxFrameSize);
    // Mirrors the tail of Session.open(): default connection + empty redirection caches.
    connection.attach(this);
    setDefaultSessionConnection(connection);
    // open() tells the connection to ask for query redirection (enableQueryRedirection: the
    // builder's enableRedirection, true by default); queries carry it as enableRedirectQuery.
    connection.setEnableRedirect(enableQueryRedirection);
    deviceIdToEndpoint = new ConcurrentHashMap<>();
    tableModelDeviceIdToEndpoint = new ConcurrentHashMap<>();
    endPointToSessionConnection = new ConcurrentHashMap<>();
    endPointToSessionConnection.put(defaultEndPoint, connection);
  }

  CapturingConnection connection() {
    return connection;
  }

  /**
   * The request the Session builds for a tablet (private Session.genTSInsertTabletReq, plus the
   * two table fields insertRelationalTablet adds). Used only when the Session itself sends
   * nothing (a 0-row table tablet), so the vector still shows the request it would build.
   */
  TSInsertTabletReq buildTabletRequest(Tablet tablet, boolean aligned, boolean table)
      throws Exception {
    Method gen =
        Session.class.getDeclaredMethod(
            "genTSInsertTabletReq", Tablet.class, boolean.class, boolean.class);
    gen.setAccessible(true);
    TSInsertTabletReq request = (TSInsertTabletReq) gen.invoke(this, tablet, false, aligned);
    if (table) {
      request.setWriteToTable(true);
      request.setColumnCategories(
          tablet.getColumnTypes().stream().map(c -> (byte) c.ordinal()).toList());
    }
    return request;
  }
}
