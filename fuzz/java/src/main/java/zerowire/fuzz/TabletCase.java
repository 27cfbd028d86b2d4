package zerowire.fuzz;

import com.google.gson.JsonObject;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.service.rpc.thrift.TSInsertTabletReq;
import org.apache.iotdb.session.Session;
import org.apache.iotdb.session.TableSession;
import org.apache.tsfile.write.record.Tablet;

/** `kind: "tablet"`: what Session.insertTablet / insertAlignedTablet / TableSession.insert send. */
final class TabletCase {
  private TabletCase() {}

  /** The captured insertTablet CALL; bySession=false when the Session itself sent nothing. */
  private record Sent(byte[] frame, TSInsertTabletReq request, boolean bySession) {}

  static Map<String, Object> run(JsonObject input) throws Exception {
    TabletSpec spec = TabletSpec.parse(input);
    Sent binary = send(spec, WireProtocol.BINARY);
    Sent compact = send(spec, WireProtocol.COMPACT);
    TSInsertTabletReq req = binary.request();
    if (!req.equals(compact.request())) {
      throw new IllegalStateException("binary and compact sessions built different requests");
    }
    byte[] timestamps = req.getTimestamps();
    byte[] values = req.getValues();

    Map<String, Object> out = new LinkedHashMap<>();
    if (!binary.bySession()) {
      out.put("sessionSentNothing", true);
    }
    out.put("sortedBySession", spec.sessionWillSort());
    out.put("request", describe(req));
    out.put("timestampsHex", Hex.encode(timestamps));
    out.put("timestampsLength", timestamps.length);
    out.put("valuesHex", Hex.encode(values));
    out.put("valuesLength", values.length);
    out.put("reqBinaryHex", Hex.encode(ThriftFrames.serialize(req, WireProtocol.BINARY)));
    out.put("reqCompactHex", Hex.encode(ThriftFrames.serialize(req, WireProtocol.COMPACT)));
    out.put("frameBinaryHex", Hex.encode(binary.frame()));
    out.put("frameCompactHex", Hex.encode(compact.frame()));
    out.put(
        "valuesLayout",
        ValueBufferLayout.ofTablet(values, spec.names(), spec.types(), req.getSize()));
    return out;
  }

  private static Sent send(TabletSpec spec, WireProtocol protocol) throws Exception {
    CapturingSession session = new CapturingSession(protocol);
    Tablet tablet = TabletFactory.build(spec);
    if (spec.table()) {
      tableSession(session).insert(tablet);
    } else if (spec.aligned()) {
      session.insertAlignedTablet(tablet);
    } else {
      session.insertTablet(tablet);
    }
    List<byte[]> frames = session.connection().frames();
    boolean bySession = !frames.isEmpty();
    if (!bySession) {
      // e.g. a 0-row table tablet: show the request the Session built before deciding not to send
      session.connection().sendTablet(
          session.buildTabletRequest(tablet, spec.aligned(), spec.table()));
    }
    if (frames.size() != 1) {
      throw new IllegalStateException("expected one frame, the Session sent " + frames.size());
    }
    ThriftFrames.Call call = ThriftFrames.decodeCall(frames.get(0), protocol);
    if (!call.method().equals("insertTablet")) {
      throw new IllegalStateException("Session called " + call.method());
    }
    return new Sent(frames.get(0), (TSInsertTabletReq) call.request(), bySession);
  }

  /** TableSession's constructor is package-private; TableSessionBuilder would also open a socket. */
  private static ITableSession tableSession(Session session) throws Exception {
    Constructor<TableSession> c = TableSession.class.getDeclaredConstructor(Session.class);
    c.setAccessible(true);
    return c.newInstance(session);
  }

  private static Map<String, Object> describe(TSInsertTabletReq req) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sessionId", Long.toString(req.getSessionId()));
    m.put("prefixPath", req.getPrefixPath());
    m.put("measurements", new ArrayList<Object>(req.getMeasurements()));
    m.put("types", new ArrayList<Object>(req.getTypes()));
    m.put("size", req.getSize());
    m.put("isAligned", req.isIsAligned());
    m.put("writeToTable", req.isSetWriteToTable() ? req.isWriteToTable() : null);
    List<Object> categories = null;
    if (req.isSetColumnCategories()) {
      categories = new ArrayList<>();
      for (Byte b : req.getColumnCategories()) {
        categories.add((int) b);
      }
    }
    m.put("columnCategories", categories);
    return m;
  }
}
