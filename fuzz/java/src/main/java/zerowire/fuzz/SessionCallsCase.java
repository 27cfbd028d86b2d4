package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;

/**
 * `kind: "sessionCalls"`: a sequence of Session calls (`calls`: method + named arguments, the
 * format of ../shared/vectors/java-2.0.5-calls) made on one CapturingSession per protocol, with
 * records auto-conversion as `autoConvert` says (Java's default, on, when absent). The output
 * lists, per call, every frame the Session wrote (method, seqid, hex); seqids start at 3, as after
 * a real open() (openSession, requestStatementId). Calls: insertStringRecord,
 * insertStringRecords, insertStringRecordsOfOneDevice (typed `aligned`, `haveSorted` flags as in
 * the shared vectors), insertRecords (typed records) and insertRecordsOfOneDevice (`deviceId`
 * plus typed records whose deviceId is ignored); the queries executeFastLastDataQueryForOnePrefixPath
 * (`prefixes`), executeLastDataQueryForOneDevice (`db`, `device`, `sensors`, `isLegalPathNodes`),
 * executeQueryStatement (`sql`, optional `timeoutInMs`), executeRawDataQuery (`paths`,
 * `startTime`, `endTime`), executeLastDataQuery (`paths`, optional `lastTime`); and the settings
 * setFetchSize (`fetchSize`) and setQueryTimeout (`timeoutInMs`), which write nothing themselves;
 * setTimeZone (`zoneId`); and every schema-template call of ISession with the argument names of
 * the shared vectors (createSchemaTemplate takes the `template` kind's `name`, `aligned`,
 * `measurements`; the add calls `templateName` plus parallel `measurements`, `types`,
 * `encodings`, `compressors`, or one `measurement`, `type`, `encoding`, `compressor`).
 */
final class SessionCallsCase {
  private SessionCallsCase() {}

  static Map<String, Object> run(JsonObject input) throws Exception {
    boolean autoConvert = JsonInput.boolOr(input, "autoConvert", true);
    JsonArray calls = JsonInput.array(input, "calls");
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("sessionId", Long.toString(CapturingConnection.SESSION_ID));
    out.put("binary", replay(calls, autoConvert, WireProtocol.BINARY));
    out.put("compact", replay(calls, autoConvert, WireProtocol.COMPACT));
    return out;
  }

  private static List<Object> replay(JsonArray calls, boolean autoConvert, WireProtocol protocol)
      throws Exception {
    CapturingSession session = new CapturingSession(protocol, autoConvert);
    session.connection().setLastSeqid(2);
    List<Object> perCall = new ArrayList<>();
    for (JsonElement e : calls) {
      JsonObject call = e.getAsJsonObject();
      String method = JsonInput.string(call, "method");
      int before = session.connection().frames().size();
      make(session, method, call.getAsJsonObject("args"));
      List<byte[]> all = session.connection().frames();
      List<Object> frames = new ArrayList<>();
      for (byte[] frame : all.subList(before, all.size())) {
        ThriftFrames.Call decoded = ThriftFrames.decodeCall(frame, protocol);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("method", decoded.method());
        f.put("seqid", seqidOf(frame, protocol));
        f.put("hex", Hex.encode(frame));
        frames.add(f);
      }
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("method", method);
      entry.put("frames", frames);
      perCall.add(entry);
    }
    return perCall;
  }

  private static void make(CapturingSession s, String method, JsonObject a) throws Exception {
    boolean aligned = JsonInput.boolOr(a, "aligned", false);
    switch (method) {
      case "insertStringRecord" -> {
        String device = JsonInput.string(a, "deviceId");
        long time = JsonInput.int64(a.get("time"));
        List<String> m = strings(JsonInput.array(a, "measurements"));
        List<String> v = strings(JsonInput.array(a, "values"));
        if (aligned) s.insertAlignedRecord(device, time, m, v);
        else s.insertRecord(device, time, m, v);
      }
      case "insertStringRecords" -> {
        List<String> devices = strings(JsonInput.array(a, "deviceIds"));
        List<Long> times = longs(JsonInput.array(a, "times"));
        List<List<String>> m = stringLists(JsonInput.array(a, "measurementsList"));
        List<List<String>> v = stringLists(JsonInput.array(a, "valuesList"));
        if (aligned) s.insertAlignedRecords(devices, times, m, v);
        else s.insertRecords(devices, times, m, v);
      }
      case "insertStringRecordsOfOneDevice" -> {
        String device = JsonInput.string(a, "deviceId");
        boolean haveSorted = JsonInput.boolOr(a, "haveSorted", false);
        List<Long> times = longs(JsonInput.array(a, "times"));
        List<List<String>> m = stringLists(JsonInput.array(a, "measurementsList"));
        List<List<String>> v = stringLists(JsonInput.array(a, "valuesList"));
        if (aligned) s.insertAlignedStringRecordsOfOneDevice(device, times, m, v, haveSorted);
        else s.insertStringRecordsOfOneDevice(device, times, m, v, haveSorted);
      }
      case "insertRecords" -> {
        RecordsCase.Records r = RecordsCase.parse(JsonInput.array(a, "records"));
        if (aligned) s.insertAlignedRecords(r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
        else s.insertRecords(r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
      }
      case "insertRecordsOfOneDevice" -> {
        String device = JsonInput.string(a, "deviceId");
        RecordsCase.Records r = RecordsCase.parse(JsonInput.array(a, "records"));
        if (aligned) s.insertAlignedRecordsOfOneDevice(device, r.times(), r.measurements(), r.types(), r.values());
        else s.insertRecordsOfOneDevice(device, r.times(), r.measurements(), r.types(), r.values());
      }
      // Queries: the fake answers with a finished empty result, so each writes its one request.
      case "executeFastLastDataQueryForOnePrefixPath" ->
          s.executeFastLastDataQueryForOnePrefixPath(strings(JsonInput.array(a, "prefixes")));
      case "executeLastDataQueryForOneDevice" ->
          s.executeLastDataQueryForOneDevice(
              JsonInput.string(a, "db"),
              JsonInput.string(a, "device"),
              strings(JsonInput.array(a, "sensors")),
              JsonInput.boolOr(a, "isLegalPathNodes", false));
      case "executeQueryStatement" -> {
        String sql = JsonInput.string(a, "sql");
        if (a.has("timeoutInMs")) s.executeQueryStatement(sql, JsonInput.int64(a.get("timeoutInMs")));
        else s.executeQueryStatement(sql);
      }
      case "executeRawDataQuery" ->
          s.executeRawDataQuery(
              strings(JsonInput.array(a, "paths")),
              JsonInput.int64(a.get("startTime")),
              JsonInput.int64(a.get("endTime")));
      case "executeLastDataQuery" -> {
        List<String> paths = strings(JsonInput.array(a, "paths"));
        if (a.has("lastTime")) s.executeLastDataQuery(paths, JsonInput.int64(a.get("lastTime")));
        else s.executeLastDataQuery(paths);
      }
      case "setFetchSize" -> s.setFetchSize(a.get("fetchSize").getAsInt());
      case "setQueryTimeout" -> s.setQueryTimeout(JsonInput.int64(a.get("timeoutInMs")));
      case "setTimeZone" -> s.setTimeZone(JsonInput.string(a, "zoneId"));
      // Schema templates: the template queries are answered with an empty TSQueryTemplateResp.
      case "createSchemaTemplate" -> s.createSchemaTemplate(TemplateCase.build(a));
      case "addAlignedMeasurementsInTemplate", "addUnalignedMeasurementsInTemplate" -> {
        String name = JsonInput.string(a, "templateName");
        List<String> m = strings(JsonInput.array(a, "measurements"));
        List<TSDataType> types = enums(JsonInput.array(a, "types"), TSDataType::valueOf);
        List<TSEncoding> encodings = enums(JsonInput.array(a, "encodings"), TSEncoding::valueOf);
        List<CompressionType> compressors =
            enums(JsonInput.array(a, "compressors"), CompressionType::valueOf);
        if (method.startsWith("addAligned")) s.addAlignedMeasurementsInTemplate(name, m, types, encodings, compressors);
        else s.addUnalignedMeasurementsInTemplate(name, m, types, encodings, compressors);
      }
      case "addAlignedMeasurementInTemplate", "addUnalignedMeasurementInTemplate" -> {
        String name = JsonInput.string(a, "templateName");
        String m = JsonInput.string(a, "measurement");
        TSDataType type = TSDataType.valueOf(JsonInput.string(a, "type"));
        TSEncoding encoding = TSEncoding.valueOf(JsonInput.string(a, "encoding"));
        CompressionType compressor = CompressionType.valueOf(JsonInput.string(a, "compressor"));
        if (method.startsWith("addAligned")) s.addAlignedMeasurementInTemplate(name, m, type, encoding, compressor);
        else s.addUnalignedMeasurementInTemplate(name, m, type, encoding, compressor);
      }
      case "deleteNodeInTemplate" ->
          s.deleteNodeInTemplate(JsonInput.string(a, "templateName"), JsonInput.string(a, "path"));
      case "setSchemaTemplate" ->
          s.setSchemaTemplate(JsonInput.string(a, "templateName"), JsonInput.string(a, "prefixPath"));
      case "createTimeseriesUsingSchemaTemplate" ->
          s.createTimeseriesUsingSchemaTemplate(strings(JsonInput.array(a, "devicePaths")));
      case "countMeasurementsInTemplate" -> s.countMeasurementsInTemplate(JsonInput.string(a, "templateName"));
      case "isMeasurementInTemplate" ->
          s.isMeasurementInTemplate(JsonInput.string(a, "templateName"), JsonInput.string(a, "path"));
      case "isPathExistInTemplate" ->
          s.isPathExistInTemplate(JsonInput.string(a, "templateName"), JsonInput.string(a, "path"));
      case "showMeasurementsInTemplate" -> {
        String name = JsonInput.string(a, "templateName");
        if (a.has("pattern")) s.showMeasurementsInTemplate(name, JsonInput.string(a, "pattern"));
        else s.showMeasurementsInTemplate(name);
      }
      case "showAllTemplates" -> s.showAllTemplates();
      case "showPathsTemplateSetOn" -> s.showPathsTemplateSetOn(JsonInput.string(a, "templateName"));
      case "showPathsTemplateUsingOn" -> s.showPathsTemplateUsingOn(JsonInput.string(a, "templateName"));
      case "unsetSchemaTemplate" ->
          s.unsetSchemaTemplate(JsonInput.string(a, "prefixPath"), JsonInput.string(a, "templateName"));
      case "dropSchemaTemplate" -> s.dropSchemaTemplate(JsonInput.string(a, "templateName"));
      default -> throw new IllegalArgumentException("unsupported session call \"" + method + "\"");
    }
  }

  /** The message seqid: binary [len][version i32][name i32+bytes][seqid]; compact [len][0x82][type|ver][varint seqid]. */
  private static int seqidOf(byte[] frame, WireProtocol protocol) {
    if (protocol == WireProtocol.BINARY) {
      int nameLength = readInt(frame, 8);
      return readInt(frame, 12 + nameLength);
    }
    int value = 0;
    int shift = 0;
    for (int pos = 6; ; pos++) {
      int b = frame[pos] & 0xff;
      value |= (b & 0x7f) << shift;
      if ((b & 0x80) == 0) return value;
      shift += 7;
    }
  }

  private static int readInt(byte[] b, int at) {
    return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
  }

  private static List<String> strings(JsonArray array) {
    List<String> out = new ArrayList<>();
    for (JsonElement e : array) out.add(e.isJsonNull() ? null : e.getAsString());
    return out;
  }

  private static <E> List<E> enums(JsonArray array, java.util.function.Function<String, E> byName) {
    List<E> out = new ArrayList<>();
    for (JsonElement e : array) out.add(byName.apply(e.getAsString()));
    return out;
  }

  private static List<List<String>> stringLists(JsonArray array) {
    List<List<String>> out = new ArrayList<>();
    for (JsonElement e : array) out.add(strings(e.getAsJsonArray()));
    return out;
  }

  private static List<Long> longs(JsonArray array) {
    List<Long> out = new ArrayList<>();
    for (JsonElement e : array) out.add(JsonInput.int64(e));
    return out;
  }
}
