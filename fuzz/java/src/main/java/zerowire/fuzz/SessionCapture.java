package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.common.rpc.thrift.TSStatus;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.isession.SessionDataSet;
import org.apache.iotdb.service.rpc.thrift.TSExecuteStatementReq;
import org.apache.iotdb.service.rpc.thrift.TSExecuteStatementResp;
import org.apache.iotdb.service.rpc.thrift.TSFetchResultsReq;
import org.apache.iotdb.service.rpc.thrift.TSFetchResultsResp;
import org.apache.iotdb.service.rpc.thrift.TSOpenSessionResp;
import org.apache.iotdb.service.rpc.thrift.TSProtocolVersion;
import org.apache.iotdb.session.Session;
import org.apache.iotdb.session.TableSessionBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.read.common.Field;
import org.apache.tsfile.read.common.RowRecord;

/**
 * The whole-session capture of a batch with `queryResponse` cases: the official Session and
 * TableSession talk to a FakeDataNode over a real socket (binary protocol, zone UTC, auto-fetch
 * off, records auto-conversion off as in the insertRecords kind, otherwise defaults).
 *
 * <p>Connection 1 is a Session: open, then every tree `tablet` case and every `insertRecords` /
 * `insertRecord` case that precedes the first queryResponse case (batch order), then the tree
 * queries, then close. Connection 2 is a TableSession with database {@value #DATABASE}: open, the
 * table tablets before the first query, the table queries, close. A query's case defines the
 * server's answer (columns, types, ignoreTimeStamp, columnIndex2TsBlockColumnIndexList, queryId,
 * the TsBlocks of the first answer and of each fetchResultsV2 in `fetchBatches`); its rows are
 * read through SessionDataSet, then the data set is closed.
 *
 * <p>The fake answers openSession with sessionId 42 (protocol V_3, timestamp_precision ms),
 * requestStatementId with 7, and every other call with status 200. Each captured insert frame
 * must equal, seqid aside, the frame the batch's in-memory vector of that case holds (so the
 * socket and the capturing connection agree); their number is `insertFramesCompared`.
 */
final class SessionCapture {
  static final String DATABASE = "test_db";
  /** Frames longer than this are recorded without `hex` (length only), as in the reference capture. */
  static final int MAX_STORED_FRAME = 16384;

  private SessionCapture() {}

  /** A query case and what the capture gave it. */
  private static final class Query {
    final JsonObject input;
    final List<byte[]> firstBlocks = new ArrayList<>();
    final List<List<byte[]>> fetchBlocks = new ArrayList<>();
    int fetched;
    TSExecuteStatementResp resp;
    final List<TSFetchResultsResp> fetchResps = new ArrayList<>();
    Map<String, Object> rows;

    Query(JsonObject input) throws Exception {
      this.input = input;
      for (JsonElement b : JsonInput.array(input, "tsblocks")) firstBlocks.add(TsBlockCase.serialize(b.getAsJsonObject()));
      if (input.has("fetchBatches")) {
        for (JsonElement batch : JsonInput.array(input, "fetchBatches")) {
          List<byte[]> blocks = new ArrayList<>();
          for (JsonElement b : batch.getAsJsonArray()) blocks.add(TsBlockCase.serialize(b.getAsJsonObject()));
          fetchBlocks.add(blocks);
        }
      }
    }

    String sql() {
      return JsonInput.string(input, "sql");
    }

    boolean table() {
      return JsonInput.stringOr(input, "model", "tree").equals("table");
    }
  }

  /**
   * Runs the capture over `cases` (the whole batch) and returns the capture file's content;
   * fills `outputs` (by case index) for every queryResponse case. `outputs` holds the batch's
   * other outputs already (the insert frames are compared with them).
   */
  static Map<String, Object> run(JsonArray cases, Map<Integer, Map<String, Object>> outputs) throws Exception {
    int firstQuery = -1;
    Map<String, Query> bySql = new HashMap<>();
    Map<Integer, Query> queries = new LinkedHashMap<>();
    for (int i = 0; i < cases.size(); i++) {
      JsonObject c = cases.get(i).getAsJsonObject();
      if (!JsonInput.stringOr(c, "kind", "").equals("queryResponse")) continue;
      if (firstQuery < 0) firstQuery = i;
      Query q = new Query(c);
      if (bySql.put(q.sql(), q) != null) throw new IllegalArgumentException("two queryResponse cases send \"" + q.sql() + "\"");
      queries.put(i, q);
    }
    List<Integer> treeInserts = new ArrayList<>();
    List<Integer> tableInserts = new ArrayList<>();
    for (int i = 0; i < firstQuery; i++) {
      JsonObject c = cases.get(i).getAsJsonObject();
      String kind = JsonInput.stringOr(c, "kind", "");
      if (outputs.get(i).containsKey("error")) continue; // the Java client rejected it: nothing to send
      if (kind.equals("tablet")) {
        (JsonInput.stringOr(c, "model", "tree").equals("table") ? tableInserts : treeInserts).add(i);
      } else if (kind.equals("insertRecords") || kind.equals("insertRecord")) {
        treeInserts.add(i);
      }
    }

    List<FakeDataNode.Frame> frames;
    try (FakeDataNode node = new FakeDataNode(r -> answer(r, bySql))) {
      String url = "127.0.0.1:" + node.port();
      Session session =
          new Session.Builder()
              .nodeUrls(List.of(url))
              .zoneId(ZoneId.of("UTC"))
              .enableAutoFetch(false)
              .enableRecordsAutoConvertTablet(false)
              .build();
      session.open();
      for (int i : treeInserts) insert(session, cases.get(i).getAsJsonObject());
      for (Query q : queries.values()) {
        if (!q.table()) q.rows = rows(session.executeQueryStatement(q.sql()), q);
      }
      session.close();
      awaitFrames(node, 1);

      ITableSession table =
          new TableSessionBuilder()
              .nodeUrls(List.of(url))
              .database(DATABASE)
              .zoneId(ZoneId.of("UTC"))
              .enableAutoFetch(false)
              .build();
      for (int i : tableInserts) {
        table.insert(TabletFactory.build(TabletSpec.parse(cases.get(i).getAsJsonObject())));
      }
      for (Query q : queries.values()) {
        if (q.table()) q.rows = rows(table.executeQueryStatement(q.sql()), q);
      }
      table.close();
      awaitFrames(node, 2);
      frames = node.frames();
    }

    List<Object> recorded = new ArrayList<>();
    for (FakeDataNode.Frame f : frames) recorded.add(describe(f));
    int compared = compareInserts(frames, cases, outputs, treeInserts, tableInserts);

    for (Map.Entry<Integer, Query> e : queries.entrySet()) outputs.put(e.getKey(), output(e.getValue(), recorded));

    Map<String, Object> firstOfEach = new LinkedHashMap<>();
    for (Object o : recorded) {
      @SuppressWarnings("unchecked")
      Map<String, Object> f = (Map<String, Object>) o;
      String method = (String) f.get("method");
      if (method.startsWith("insert")) continue;
      firstOfEach.putIfAbsent(f.get("connection") + ":" + f.get("direction") + ":" + method, f);
    }
    Map<String, Object> capture = new LinkedHashMap<>();
    capture.put(
        "note",
        "fuzz/java SessionCapture: the official Session (connection 1) and TableSession with database "
            + DATABASE + " (connection 2), zone UTC, auto-fetch off, otherwise defaults, talking to a fake"
            + " DataNode over a loopback socket. client->server frames are the client's socket bytes;"
            + " server->client frames are the fake's answers (for queries, the bytes the client decoded)."
            + " Frames over " + MAX_STORED_FRAME + " bytes are recorded without hex.");
    capture.put("insertFramesCompared", compared);
    capture.put("frames", recorded);
    capture.put("firstFrameOfEachControlCall", firstOfEach);
    return capture;
  }

  private static void insert(Session session, JsonObject c) throws Exception {
    boolean aligned = JsonInput.boolOr(c, "aligned", false);
    if (JsonInput.string(c, "kind").equals("tablet")) {
      var tablet = TabletFactory.build(TabletSpec.parse(c));
      if (aligned) session.insertAlignedTablet(tablet);
      else session.insertTablet(tablet);
      return;
    }
    RecordsCase.Records r = RecordsCase.parse(JsonInput.array(c, "records"));
    if (JsonInput.string(c, "kind").equals("insertRecord")) {
      if (aligned) session.insertAlignedRecord(r.deviceIds().get(0), r.times().get(0), r.measurements().get(0), r.types().get(0), r.values().get(0));
      else session.insertRecord(r.deviceIds().get(0), r.times().get(0), r.measurements().get(0), r.types().get(0), r.values().get(0));
    } else if (aligned) {
      session.insertAlignedRecords(r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
    } else {
      session.insertRecords(r.deviceIds(), r.times(), r.measurements(), r.types(), r.values());
    }
  }

  /** The fake's answer to one call. */
  private static byte[] answer(FakeDataNode.Received r, Map<String, Query> bySql) {
    String method = r.call().method();
    int seqid = r.call().seqid();
    WireProtocol p = WireProtocol.BINARY;
    switch (method) {
      case "openSession": {
        TSOpenSessionResp resp = new TSOpenSessionResp(new TSStatus(200), TSProtocolVersion.IOTDB_SERVICE_PROTOCOL_V3);
        resp.setSessionId(CapturingConnection.SESSION_ID);
        resp.setConfiguration(Map.of("timestamp_precision", "ms"));
        return ThriftFrames.reply(method, seqid, p, resp);
      }
      case "requestStatementId":
        return ThriftFrames.reply(method, seqid, p, CapturingConnection.STATEMENT_ID);
      case "executeQueryStatementV2": {
        Query q = bySql.get(((TSExecuteStatementReq) r.call().request()).getStatement());
        if (q == null) throw new IllegalStateException("no queryResponse case for " + r.call().request());
        q.resp = executeResp(q);
        return ThriftFrames.reply(method, seqid, p, q.resp);
      }
      case "fetchResultsV2": {
        long queryId = ((TSFetchResultsReq) r.call().request()).getQueryId();
        Query q = bySql.values().stream().filter(x -> Long.parseLong(JsonInput.string(x.input, "queryId")) == queryId).findFirst().orElseThrow();
        List<byte[]> blocks = q.fetchBlocks.get(q.fetched++);
        TSFetchResultsResp resp = new TSFetchResultsResp(new TSStatus(200), true, true);
        resp.setQueryResult(buffers(blocks));
        resp.setMoreData(q.fetched < q.fetchBlocks.size());
        q.fetchResps.add(resp);
        return ThriftFrames.reply(method, seqid, p, resp);
      }
      default:
        return ThriftFrames.reply(method, seqid, p, new TSStatus(200));
    }
  }

  private static TSExecuteStatementResp executeResp(Query q) {
    JsonObject in = q.input;
    TSExecuteStatementResp resp = new TSExecuteStatementResp(new TSStatus(200));
    resp.setQueryId(Long.parseLong(JsonInput.string(in, "queryId")));
    List<String> columns = strings(JsonInput.array(in, "columns"));
    resp.setColumns(columns);
    resp.setIgnoreTimeStamp(JsonInput.boolOr(in, "ignoreTimeStamp", false));
    resp.setDataTypeList(strings(JsonInput.array(in, "dataTypeList")));
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < columns.size(); i++) index.put(columns.get(i), i);
    resp.setColumnNameIndexMap(index);
    resp.setSgColumns(new ArrayList<>());
    resp.setQueryResult(buffers(q.firstBlocks));
    resp.setMoreData(!q.fetchBlocks.isEmpty());
    resp.setTableModel(q.table());
    if (in.has("columnIndex2TsBlockColumnIndexList")) {
      List<Integer> map = new ArrayList<>();
      for (JsonElement e : JsonInput.array(in, "columnIndex2TsBlockColumnIndexList")) map.add(e.getAsInt());
      resp.setColumnIndex2TsBlockColumnIndexList(map);
    }
    return resp;
  }

  /** Reads every row through the SessionDataSet (JSON conventions of the vectors), then closes it. */
  private static Map<String, Object> rows(SessionDataSet ds, Query q) throws Exception {
    List<String> names = ds.getColumnNames();
    List<String> types = ds.getColumnTypes();
    boolean ignoreTime = JsonInput.boolOr(q.input, "ignoreTimeStamp", false);
    List<Object> rows = new ArrayList<>();
    while (ds.hasNext()) {
      RowRecord record = ds.next();
      List<Object> fields = new ArrayList<>();
      List<Field> fs = record.getFields();
      for (int f = 0; f < fs.size(); f++) {
        fields.add(cell(fs.get(f), TSDataType.valueOf(types.get(f + (ignoreTime ? 0 : 1)))));
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("timestamp", Long.toString(record.getTimestamp()));
      row.put("fields", fields);
      rows.add(row);
    }
    ds.close();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("columnNames", new ArrayList<>(names));
    out.put("columnTypes", new ArrayList<>(types));
    out.put("rows", rows);
    return out;
  }

  private static Object cell(Field field, TSDataType type) {
    if (field == null || field.getDataType() == null) return null;
    switch (type) {
      case BOOLEAN:
        return field.getBoolV();
      case INT32:
        return field.getIntV();
      case INT64:
      case TIMESTAMP:
        return Long.toString(field.getLongV());
      case FLOAT:
        return TsBlockReader.number(field.getFloatV());
      case DOUBLE:
        return TsBlockReader.number(field.getDoubleV());
      case TEXT:
      case STRING:
        return TsBlockReader.text(field.getBinaryV().getValues());
      case BLOB:
        return Hex.encode(field.getBinaryV().getValues());
      case DATE:
        return field.getDateV().toString();
      default:
        throw new IllegalArgumentException("unsupported column type " + type);
    }
  }

  /** The queryResponse vector output: the TsBlocks, the replies, the conversation, the rows. */
  private static Map<String, Object> output(Query q, List<Object> recorded) throws Exception {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tsblocksHex", hexes(q.firstBlocks));
    out.put("respBinaryHex", Hex.encode(ThriftFrames.serialize(q.resp, WireProtocol.BINARY)));
    if (!q.fetchBlocks.isEmpty()) {
      List<Object> fetches = new ArrayList<>();
      for (int i = 0; i < q.fetchBlocks.size(); i++) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("tsblocksHex", hexes(q.fetchBlocks.get(i)));
        f.put("respBinaryHex", Hex.encode(ThriftFrames.serialize(q.fetchResps.get(i), WireProtocol.BINARY)));
        fetches.add(f);
      }
      out.put("fetchResults", fetches);
    }
    out.put("conversation", conversation(q, recorded));
    out.put("javaClientRows", q.rows);
    return out;
  }

  /** The frames of this query: from its executeQueryStatementV2 call to the closeOperation reply. */
  private static List<Object> conversation(Query q, List<Object> recorded) throws Exception {
    String respHex = null;
    for (int i = 0; i < recorded.size(); i++) {
      @SuppressWarnings("unchecked")
      Map<String, Object> f = (Map<String, Object>) recorded.get(i);
      if (!f.get("method").equals("executeQueryStatementV2") || !f.get("direction").equals("client->server")) continue;
      ThriftFrames.Call call = ThriftFrames.decodeCall(Hex.decode((String) f.get("hex")), WireProtocol.BINARY);
      if (!((TSExecuteStatementReq) call.request()).getStatement().equals(q.sql())) continue;
      List<Object> out = new ArrayList<>();
      for (int j = i; j < recorded.size(); j++) {
        @SuppressWarnings("unchecked")
        Map<String, Object> g = (Map<String, Object>) recorded.get(j);
        out.add(g);
        if (g.get("method").equals("closeOperation") && g.get("direction").equals("server->client")) return out;
      }
      throw new IllegalStateException("no closeOperation after " + q.sql());
    }
    throw new IllegalStateException("the Session never sent " + q.sql());
  }

  private static Map<String, Object> describe(FakeDataNode.Frame f) throws Exception {
    byte[] b = f.bytes();
    int nameLength = ByteBuffer.wrap(b, 8, 4).getInt();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("connection", f.connection());
    m.put("direction", f.fromClient() ? "client->server" : "server->client");
    m.put("method", new String(b, 12, nameLength, java.nio.charset.StandardCharsets.UTF_8));
    m.put("messageType", (int) b[7]);
    m.put("seqid", ByteBuffer.wrap(b, 12 + nameLength, 4).getInt());
    m.put("length", b.length);
    if (b.length <= MAX_STORED_FRAME) m.put("hex", Hex.encode(b));
    return m;
  }

  /**
   * Each insert frame the clients sent over the socket against the in-memory vector of its case
   * (frameBinaryHex, seqid 1), seqid aside. Table tablets that send nothing have no frame.
   */
  private static int compareInserts(
      List<FakeDataNode.Frame> frames, JsonArray cases, Map<Integer, Map<String, Object>> outputs,
      List<Integer> treeInserts, List<Integer> tableInserts) {
    int compared = 0;
    for (int connection = 1; connection <= 2; connection++) {
      List<Integer> expected = new ArrayList<>();
      for (int i : connection == 1 ? treeInserts : tableInserts) {
        if (!Boolean.TRUE.equals(outputs.get(i).get("sessionSentNothing"))) expected.add(i);
      }
      List<byte[]> sent = new ArrayList<>();
      for (FakeDataNode.Frame f : frames) {
        if (f.connection() == connection && f.fromClient() && methodOf(f.bytes()).startsWith("insert")) sent.add(f.bytes());
      }
      if (sent.size() != expected.size()) {
        throw new IllegalStateException("connection " + connection + " sent " + sent.size() + " inserts for " + expected.size() + " cases");
      }
      for (int k = 0; k < sent.size(); k++) {
        byte[] want = Hex.decode((String) outputs.get(expected.get(k)).get("frameBinaryHex"));
        if (!Arrays.equals(withSeqid(sent.get(k), 1), want)) {
          throw new IllegalStateException("the socket frame of case " + JsonInput.stringOr(cases.get(expected.get(k)).getAsJsonObject(), "name", "?") + " differs from its vector's frameBinaryHex");
        }
        compared++;
      }
    }
    return compared;
  }

  private static String methodOf(byte[] frame) {
    int n = ByteBuffer.wrap(frame, 8, 4).getInt();
    return new String(frame, 12, n, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static byte[] withSeqid(byte[] frame, int seqid) {
    byte[] copy = frame.clone();
    ByteBuffer.wrap(copy, 12 + ByteBuffer.wrap(frame, 8, 4).getInt(), 4).putInt(seqid);
    return copy;
  }

  /** Waits (briefly) until connection `n`'s closeSession reply is recorded: close() does not wait for it. */
  private static void awaitFrames(FakeDataNode node, int n) throws Exception {
    for (int tries = 0; tries < 200; tries++) {
      for (FakeDataNode.Frame f : node.frames()) {
        if (f.connection() == n && !f.fromClient() && methodOf(f.bytes()).equals("closeSession")) return;
      }
      Thread.sleep(10);
    }
    throw new IllegalStateException("connection " + n + " never closed its session");
  }

  private static List<ByteBuffer> buffers(List<byte[]> blocks) {
    List<ByteBuffer> out = new ArrayList<>();
    for (byte[] b : blocks) out.add(ByteBuffer.wrap(b));
    return out;
  }

  private static List<Object> hexes(List<byte[]> blocks) {
    List<Object> out = new ArrayList<>();
    for (byte[] b : blocks) out.add(Hex.encode(b));
    return out;
  }

  private static List<String> strings(JsonArray array) {
    List<String> out = new ArrayList<>();
    for (JsonElement e : array) out.add(e.getAsString());
    return out;
  }
}
