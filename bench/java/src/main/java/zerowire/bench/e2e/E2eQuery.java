package zerowire.bench.e2e;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.isession.SessionDataSet;
import org.apache.iotdb.session.Session;
import org.apache.tsfile.read.common.Field;
import org.apache.tsfile.read.common.RowRecord;

/**
 * The end-to-end query benchmark's Java side: `E2eQuery '<json>'` with host, port, user, password,
 * fetchSize, mode ("rows": next() and every Field of each RowRecord; "iterator": the
 * DataIterator's typed getters), warmupSql (read once, untimed) and sql (timed). Every value is
 * consumed into a per-column sum in row order (numbers as double, TEXT as its length, BOOLEAN
 * as 1/0, the time column first), so every way of reading must give the same sums. Prints one
 * JSON line: rows, seconds and CPU seconds of the timed read, peak RSS of the process, sums.
 */
public final class E2eQuery {
  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private E2eQuery() {}

  public static void main(String[] args) throws Exception {
    JsonObject spec = JsonParser.parseString(args[0]).getAsJsonObject();
    Session session =
        new Session.Builder()
            .host(spec.get("host").getAsString())
            .port(spec.get("port").getAsInt())
            .username(spec.get("user").getAsString())
            .password(spec.get("password").getAsString())
            .fetchSize(spec.get("fetchSize").getAsInt())
            .zoneId(ZoneId.of("UTC"))
            .build();
    session.open(false);
    boolean rows = spec.get("mode").getAsString().equals("rows");
    try {
      read(session, spec.get("warmupSql").getAsString(), rows);
      long cpuBefore = OS.getProcessCpuTime();
      long begin = System.nanoTime();
      double[] sums = read(session, spec.get("sql").getAsString(), rows);
      long wallNs = System.nanoTime() - begin;
      long cpuNs = OS.getProcessCpuTime() - cpuBefore;
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("rows", (long) sums[sums.length - 1]);
      out.put("seconds", wallNs / 1e9);
      out.put("cpuSeconds", cpuNs / 1e9);
      out.put("peakRssMb", ProcessMemory.peakRssMb());
      double[] columnSums = new double[sums.length - 1];
      System.arraycopy(sums, 0, columnSums, 0, columnSums.length);
      out.put("sums", columnSums);
      System.out.println(new Gson().toJson(out));
    } finally {
      session.close();
    }
  }

  /** Column sums (time first), then the row count in the last slot. */
  private static double[] read(Session session, String sql, boolean rows) throws Exception {
    try (SessionDataSet dataSet = session.executeQueryStatement(sql)) {
      List<String> types = dataSet.getColumnTypes();
      int fields = types.size() - 1; // the leading Time column is not a field
      double[] sums = new double[fields + 2];
      long count = 0;
      if (rows) {
        while (dataSet.hasNext()) {
          RowRecord record = dataSet.next();
          sums[0] += record.getTimestamp();
          List<Field> values = record.getFields();
          for (int f = 0; f < fields; f++) sums[f + 1] += valueOf(values.get(f));
          count++;
        }
      } else {
        SessionDataSet.DataIterator it = dataSet.iterator();
        List<String> names = it.getColumnNameList();
        int[] index = new int[fields + 1];
        for (int c = 0; c <= fields; c++) index[c] = it.findColumn(names.get(c));
        while (it.next()) {
          sums[0] += it.getLong(index[0]);
          for (int f = 1; f <= fields; f++) {
            int c = index[f];
            if (it.isNull(c)) continue;
            switch (types.get(f)) {
              case "BOOLEAN": sums[f] += it.getBoolean(c) ? 1 : 0; break;
              case "INT32": sums[f] += it.getInt(c); break;
              case "INT64": sums[f] += it.getLong(c); break;
              case "FLOAT": sums[f] += it.getFloat(c); break;
              case "DOUBLE": sums[f] += it.getDouble(c); break;
              default: sums[f] += it.getString(c).length();
            }
          }
          count++;
        }
      }
      sums[fields + 1] = count;
      return sums;
    }
  }

  private static double valueOf(Field field) {
    if (field == null || field.getDataType() == null) return 0;
    switch (field.getDataType()) {
      case BOOLEAN: return field.getBoolV() ? 1 : 0;
      case INT32: return field.getIntV();
      case INT64: return field.getLongV();
      case FLOAT: return field.getFloatV();
      case DOUBLE: return field.getDoubleV();
      default: return field.getStringValue().length();
    }
  }
}
