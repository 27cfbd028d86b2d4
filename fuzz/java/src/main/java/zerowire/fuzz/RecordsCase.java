package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.service.rpc.thrift.TSInsertRecordReq;
import org.apache.iotdb.service.rpc.thrift.TSInsertRecordsReq;
import org.apache.thrift.TBase;
import org.apache.tsfile.enums.TSDataType;

/**
 * `kind: "insertRecords"` / `"insertRecord"`: Session.insert(Aligned)Records / insert(Aligned)Record
 * with typed values. The Session drops null values (and all-null records) itself.
 */
final class RecordsCase {
  private RecordsCase() {}

  record Records(
      List<String> deviceIds,
      List<Long> times,
      List<List<String>> measurements,
      List<List<TSDataType>> types,
      List<List<Object>> values) {}

  static Map<String, Object> run(JsonObject input, boolean single) throws Exception {
    boolean aligned = JsonInput.boolOr(input, "aligned", false);
    Records records = parse(JsonInput.array(input, "records"));
    if (single && records.deviceIds().size() != 1) {
      throw new IllegalArgumentException("insertRecord takes exactly one record");
    }
    String method = single ? "insertRecord" : "insertRecords";
    byte[] binaryFrame = send(records, aligned, single, WireProtocol.BINARY);
    byte[] compactFrame = send(records, aligned, single, WireProtocol.COMPACT);
    Map<String, Object> out = new LinkedHashMap<>();
    if (binaryFrame == null) {
      out.put("sessionSentNothing", true);
      return out;
    }
    TBase<?, ?> req = requestOf(binaryFrame, WireProtocol.BINARY, method);
    if (!req.equals(requestOf(compactFrame, WireProtocol.COMPACT, method))) {
      throw new IllegalStateException("binary and compact sessions built different requests");
    }
    List<Object> buffersHex = new ArrayList<>();
    List<Object> layouts = new ArrayList<>();
    if (single) {
      TSInsertRecordReq r = (TSInsertRecordReq) req;
      out.put("request", describe(r));
      addBuffer(r.bufferForValues(), r.getMeasurements(), buffersHex, layouts);
    } else {
      TSInsertRecordsReq r = (TSInsertRecordsReq) req;
      out.put("request", describe(r));
      for (int i = 0; i < r.getValuesListSize(); i++) {
        addBuffer(r.getValuesList().get(i), r.getMeasurementsList().get(i), buffersHex, layouts);
      }
    }
    out.put("valueBuffersHex", buffersHex);
    out.put("valueBuffersLayout", layouts);
    out.put("reqBinaryHex", Hex.encode(ThriftFrames.serialize(req, WireProtocol.BINARY)));
    out.put("reqCompactHex", Hex.encode(ThriftFrames.serialize(req, WireProtocol.COMPACT)));
    out.put("frameBinaryHex", Hex.encode(binaryFrame));
    out.put("frameCompactHex", Hex.encode(compactFrame));
    return out;
  }

  static Records parse(JsonArray array) {
    Records r =
        new Records(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
            new ArrayList<>());
    for (var e : array) {
      JsonObject rec = e.getAsJsonObject();
      r.deviceIds().add(JsonInput.string(rec, "deviceId"));
      r.times().add(JsonInput.int64(rec.get("time")));
      List<String> measurements = new ArrayList<>();
      List<TSDataType> types = new ArrayList<>();
      List<Object> values = new ArrayList<>();
      JsonArray m = JsonInput.array(rec, "measurements");
      JsonArray t = JsonInput.array(rec, "types");
      JsonArray v = JsonInput.array(rec, "values");
      if (m.size() != t.size() || m.size() != v.size()) {
        throw new IllegalArgumentException("measurements/types/values differ in length");
      }
      for (int i = 0; i < m.size(); i++) {
        TSDataType type = TSDataType.valueOf(t.get(i).getAsString());
        measurements.add(m.get(i).getAsString());
        types.add(type);
        values.add(CellValues.toJava(type, v.get(i)));
      }
      r.measurements().add(measurements);
      r.types().add(types);
      r.values().add(values);
    }
    return r;
  }

  /** Returns the one frame the Session sent, or null if it sent nothing. */
  private static byte[] send(Records r, boolean aligned, boolean single, WireProtocol protocol)
      throws Exception {
    CapturingSession session = new CapturingSession(protocol);
    if (single && aligned) {
      session.insertAlignedRecord(
          r.deviceIds().get(0), r.times().get(0), r.measurements().get(0), r.types().get(0),
          r.values().get(0));
    } else if (single) {
      session.insertRecord(
          r.deviceIds().get(0), r.times().get(0), r.measurements().get(0), r.types().get(0),
          r.values().get(0));
    } else if (aligned) {
      session.insertAlignedRecords(
          r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
    } else {
      session.insertRecords(r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
    }
    List<byte[]> frames = session.connection().frames();
    if (frames.size() > 1) {
      throw new IllegalStateException("expected one frame, the Session sent " + frames.size());
    }
    return frames.isEmpty() ? null : frames.get(0);
  }

  private static TBase<?, ?> requestOf(byte[] frame, WireProtocol protocol, String method)
      throws Exception {
    ThriftFrames.Call call = ThriftFrames.decodeCall(frame, protocol);
    if (!call.method().equals(method)) {
      throw new IllegalStateException("Session called " + call.method() + ", not " + method);
    }
    return call.request();
  }

  private static void addBuffer(
      ByteBuffer buffer, List<String> measurements, List<Object> hex, List<Object> layouts) {
    byte[] bytes = Hex.remaining(buffer);
    hex.add(Hex.encode(bytes));
    layouts.add(ValueBufferLayout.ofRecord(bytes, measurements));
  }

  private static Map<String, Object> describe(TSInsertRecordsReq r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sessionId", Long.toString(r.getSessionId()));
    m.put("prefixPaths", new ArrayList<Object>(r.getPrefixPaths()));
    List<Object> measurements = new ArrayList<>();
    for (List<String> l : r.getMeasurementsList()) {
      measurements.add(new ArrayList<Object>(l));
    }
    m.put("measurementsList", measurements);
    List<Object> times = new ArrayList<>();
    for (Long t : r.getTimestamps()) {
      times.add(Long.toString(t));
    }
    m.put("timestamps", times);
    m.put("isAligned", r.isIsAligned());
    return m;
  }

  private static Map<String, Object> describe(TSInsertRecordReq r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sessionId", Long.toString(r.getSessionId()));
    m.put("prefixPath", r.getPrefixPath());
    m.put("measurements", new ArrayList<Object>(r.getMeasurements()));
    m.put("timestamp", Long.toString(r.getTimestamp()));
    m.put("isAligned", r.isIsAligned());
    return m;
  }
}
