package zerowire.bench.client;

import static zerowire.bench.json.JsonEvents.emit;
import static zerowire.bench.json.JsonEvents.event;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.management.OperatingSystemMXBean;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.isession.SessionDataSet;
import org.apache.iotdb.session.Session;
import org.apache.iotdb.session.TableSessionBuilder;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/**
 * The client benchmark's Java side (bench/client drives it, see bench/client/child-loop.ts for the
 * protocol): S sessions of the official client to the fake DataNode, and rounds of C threads, thread
 * i sending one request after another on session i. Each request goes the client's fastest public
 * route to the same work as ours: a Tablet filled once per session and sent by insertTablet /
 * insertAlignedTablet / ITableSession.insert (serialised on every call, as ours is encoded on every
 * call), insertRecords with typed values, and queries read through DataIterator's typed getters.
 * CPU is the JVM's process CPU time (every thread) over the round.
 */
public final class ClientBench {
  private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** One request of the case on session i. */
  private interface Request {
    void send(int i) throws Exception;
  }

  private final List<Session> trees = new ArrayList<>();
  private final List<ITableSession> tables = new ArrayList<>();
  private Request request;
  private volatile long sink;

  private ClientBench() {}

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    ClientBench bench = new ClientBench();
    try {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonObject cmd = JsonParser.parseString(line).getAsJsonObject();
        switch (cmd.get("cmd").getAsString()) {
          case "open":
            bench.open(cmd.getAsJsonObject("spec"), cmd.get("port").getAsInt(), cmd.get("sessions").getAsInt());
            emit(event("opened"));
            break;
          case "round":
            Map<String, Object> done = event("round");
            done.putAll(bench.round(cmd.get("concurrency").getAsInt(), cmd.get("durationMs").getAsLong()));
            emit(done);
            break;
          case "close":
            bench.close();
            emit(event("closed"));
            return;
          default:
            throw new IllegalArgumentException("unknown command " + cmd.get("cmd"));
        }
      }
    } catch (Exception e) {
      Map<String, Object> error = event("error");
      error.put("message", e.toString());
      emit(error);
      System.exit(1);
    }
  }

  private void open(JsonObject spec, int port, int sessions) throws Exception {
    String model = spec.get("model").getAsString();
    for (int i = 0; i < sessions; i++) {
      if (model.equals("table")) {
        tables.add(
            new TableSessionBuilder()
                .nodeUrls(Collections.singletonList("127.0.0.1:" + port))
                .username("root")
                .password("root")
                .database(spec.get("database").getAsString())
                .build());
      } else {
        Session s = new Session.Builder().host("127.0.0.1").port(port).username("root").password("root").zoneId(ZoneId.of("UTC")).build();
        s.open();
        trees.add(s);
      }
    }
    request = requestFor(spec, sessions);
  }

  private Request requestFor(JsonObject spec, int sessions) {
    String op = spec.get("op").getAsString();
    JsonArray sensors = spec.getAsJsonArray("sensors");
    long[] timestamps = longs(spec.getAsJsonArray("timestamps"));
    switch (op) {
      case "tablet":
      case "aligned-tablet":
        {
          List<Tablet> tablets = new ArrayList<>();
          for (int i = 0; i < sessions; i++) tablets.add(tablet(spec, sensors, timestamps));
          if (spec.get("model").getAsString().equals("table")) return i -> tables.get(i).insert(tablets.get(i));
          if (op.equals("aligned-tablet")) return i -> trees.get(i).insertAlignedTablet(tablets.get(i));
          return i -> trees.get(i).insertTablet(tablets.get(i));
        }
      case "records":
        {
          JsonArray columns = spec.getAsJsonArray("columns");
          int devices = spec.get("recordDevices").getAsInt();
          List<String> deviceIds = new ArrayList<>();
          List<Long> times = new ArrayList<>();
          List<List<String>> measurements = new ArrayList<>();
          List<List<TSDataType>> types = new ArrayList<>();
          List<List<Object>> values = new ArrayList<>();
          List<String> names = new ArrayList<>();
          List<TSDataType> typeList = new ArrayList<>();
          for (JsonElement s : sensors) {
            names.add(s.getAsJsonObject().get("name").getAsString());
            typeList.add(TSDataType.valueOf(s.getAsJsonObject().get("type").getAsString()));
          }
          for (int r = 0; r < timestamps.length; r++) {
            deviceIds.add("root.cbench.r" + (r % devices));
            times.add(timestamps[r]);
            measurements.add(names);
            types.add(typeList);
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < typeList.size(); c++) row.add(value(typeList.get(c), columns.get(c).getAsJsonArray().get(r)));
            values.add(row);
          }
          return i -> trees.get(i).insertRecords(deviceIds, times, measurements, types, values);
        }
      case "query":
        {
          String sql = spec.get("sql").getAsString();
          return i -> sink += readAll(trees.get(i), sql);
        }
      default:
        throw new IllegalArgumentException("unknown op " + op);
    }
  }

  /** The case's tablet, filled once through the public Tablet API (addTimestamp, typed addValue). */
  private static Tablet tablet(JsonObject spec, JsonArray sensors, long[] timestamps) {
    JsonArray columns = spec.getAsJsonArray("columns");
    int rows = timestamps.length;
    boolean table = spec.get("model").getAsString().equals("table");
    List<String> names = new ArrayList<>();
    List<TSDataType> types = new ArrayList<>();
    List<ColumnCategory> categories = new ArrayList<>();
    if (table) {
      names.add(spec.get("tagColumn").getAsString());
      types.add(TSDataType.STRING);
      categories.add(ColumnCategory.TAG);
    }
    List<IMeasurementSchema> schemas = new ArrayList<>();
    for (JsonElement s : sensors) {
      String name = s.getAsJsonObject().get("name").getAsString();
      TSDataType type = TSDataType.valueOf(s.getAsJsonObject().get("type").getAsString());
      names.add(name);
      types.add(type);
      categories.add(ColumnCategory.FIELD);
      schemas.add(new MeasurementSchema(name, type));
    }
    Tablet t = table ? new Tablet(spec.get("table").getAsString(), names, types, categories, rows) : new Tablet(spec.get("treeDevice").getAsString(), schemas, rows);
    int first = table ? 1 : 0;
    for (int r = 0; r < rows; r++) {
      t.addTimestamp(r, timestamps[r]);
      if (table) t.addValue(r, 0, "d0");
      for (int c = 0; c < sensors.size(); c++) {
        JsonElement v = columns.get(c).getAsJsonArray().get(r);
        switch (types.get(first + c)) {
          case BOOLEAN: t.addValue(r, first + c, v.getAsBoolean()); break;
          case INT32: t.addValue(r, first + c, v.getAsInt()); break;
          case INT64: t.addValue(r, first + c, Long.parseLong(v.getAsString())); break;
          case FLOAT: t.addValue(r, first + c, (float) v.getAsDouble()); break;
          case DOUBLE: t.addValue(r, first + c, v.getAsDouble()); break;
          default: t.addValue(r, first + c, v.getAsString());
        }
      }
    }
    return t;
  }

  private static Object value(TSDataType type, JsonElement v) {
    switch (type) {
      case BOOLEAN: return v.getAsBoolean();
      case INT32: return v.getAsInt();
      case INT64: return Long.parseLong(v.getAsString());
      case FLOAT: return (float) v.getAsDouble();
      case DOUBLE: return v.getAsDouble();
      default: return v.getAsString();
    }
  }

  /** Every cell of the result through DataIterator's typed getters (no RowRecord, no boxing). */
  private static long readAll(Session session, String sql) throws Exception {
    long sum = 0;
    try (SessionDataSet ds = session.executeQueryStatement(sql)) {
      SessionDataSet.DataIterator it = ds.iterator();
      List<String> types = it.getColumnTypeList();
      int n = types.size();
      while (it.next()) {
        for (int c = 1; c <= n; c++) {
          switch (types.get(c - 1)) {
            case "BOOLEAN": sum += it.getBoolean(c) ? 1 : 0; break;
            case "INT32": sum += it.getInt(c); break;
            case "INT64": sum += it.getLong(c); break;
            case "FLOAT": sum += (long) it.getFloat(c); break;
            case "DOUBLE": sum += (long) it.getDouble(c); break;
            default: sum += it.getString(c).length();
          }
        }
      }
    }
    return sum;
  }

  private Map<String, Object> round(int concurrency, long durationMs) throws Exception {
    LongAdder requests = new LongAdder();
    AtomicReference<Exception> failure = new AtomicReference<>();
    CountDownLatch gate = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    long[] deadline = new long[1];
    for (int t = 0; t < concurrency; t++) {
      final int i = t;
      Thread thread =
          new Thread(
              () -> {
                try {
                  gate.await();
                  while (System.nanoTime() < deadline[0]) {
                    request.send(i);
                    requests.increment();
                  }
                } catch (Exception e) {
                  failure.compareAndSet(null, e);
                }
              });
      thread.start();
      threads.add(thread);
    }
    long cpuBefore = OS.getProcessCpuTime();
    long begin = System.nanoTime();
    deadline[0] = begin + durationMs * 1_000_000L;
    gate.countDown();
    for (Thread thread : threads) thread.join();
    long wallNs = System.nanoTime() - begin;
    long cpuNs = OS.getProcessCpuTime() - cpuBefore;
    if (failure.get() != null) throw failure.get();
    Map<String, Object> m = new HashMap<>();
    m.put("requests", requests.sum());
    m.put("wallMs", wallNs / 1e6);
    m.put("cpuUs", cpuNs / 1e3);
    return m;
  }

  private void close() throws Exception {
    for (Session s : trees) s.close();
    for (ITableSession s : tables) s.close();
  }

  private static long[] longs(JsonArray array) {
    long[] out = new long[array.size()];
    for (int i = 0; i < out.length; i++) out[i] = Long.parseLong(array.get(i).getAsString());
    return out;
  }
}
