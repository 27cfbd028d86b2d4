package e2e;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/**
 * The write case as the Node side described it in the "open" command: the same devices, sensors,
 * rows and the same batch template of values. Every tablet is built here, once, through the
 * Tablet API; a round only rewrites each client's timestamp array (shared by that client's
 * tablets) once per loop, as the Node side does.
 */
final class WriteWorkload {
  final String model;
  final String database;
  final int deviceNumber;
  final int clientNumber;
  final int poolMaxSize;
  final int batchSize;
  final long pointStep;
  /** Loops per round, or -1 for a duration. */
  final int loops;
  /** Round duration in ms, or -1 for a loop count. */
  final long durationMs;
  final int pointsPerTablet;
  /** Per client: its timestamps (one per row) and its devices' tablets. */
  final long[][] clientTimestamps;
  final List<List<Tablet>> clientTablets = new ArrayList<>();

  WriteWorkload(JsonObject spec) {
    model = spec.get("model").getAsString();
    database = spec.get("database").getAsString();
    deviceNumber = spec.get("deviceNumber").getAsInt();
    clientNumber = spec.get("clientNumber").getAsInt();
    poolMaxSize = spec.get("poolMaxSize").getAsInt();
    batchSize = spec.get("batchSize").getAsInt();
    pointStep = spec.get("pointStep").getAsLong();
    loops = spec.get("loops").isJsonNull() ? -1 : spec.get("loops").getAsInt();
    durationMs = spec.get("durationMs").isJsonNull() ? -1 : spec.get("durationMs").getAsLong();

    JsonArray sensors = spec.getAsJsonArray("sensors");
    JsonArray template = spec.getAsJsonArray("template");
    List<IMeasurementSchema> schemas = new ArrayList<>();
    Object[] columns = new Object[sensors.size()];
    for (int s = 0; s < sensors.size(); s++) {
      JsonObject sensor = sensors.get(s).getAsJsonObject();
      TSDataType type = TSDataType.valueOf(sensor.get("type").getAsString());
      schemas.add(new MeasurementSchema(sensor.get("name").getAsString(), type));
      columns[s] = column(type, template.get(s).getAsJsonArray());
    }
    pointsPerTablet = sensors.size() * batchSize;

    boolean table = model.equals("table");
    String tableName = spec.get("table").getAsString();
    List<String> tableColumns = new ArrayList<>();
    List<TSDataType> tableTypes = new ArrayList<>();
    List<ColumnCategory> categories = new ArrayList<>();
    if (table) {
      tableColumns.add(spec.get("tagColumn").getAsString());
      tableTypes.add(TSDataType.STRING);
      categories.add(ColumnCategory.TAG);
      for (IMeasurementSchema s : schemas) {
        tableColumns.add(s.getMeasurementName());
        tableTypes.add(s.getType());
        categories.add(ColumnCategory.FIELD);
      }
    }
    JsonArray devices = spec.getAsJsonArray("devices");
    clientTimestamps = new long[clientNumber][];
    for (int c = 0; c < clientNumber; c++) {
      long[] timestamps = new long[batchSize];
      clientTimestamps[c] = timestamps;
      List<Tablet> tablets = new ArrayList<>();
      for (int d = c; d < deviceNumber; d += clientNumber) {
        String device = devices.get(d).getAsString();
        Tablet tablet;
        if (table) {
          tablet = new Tablet(tableName, tableColumns, tableTypes, categories, batchSize);
          for (int r = 0; r < batchSize; r++) tablet.addValue(r, 0, device);
          fill(tablet, columns, 1);
        } else {
          tablet = new Tablet(device, schemas, batchSize);
          fill(tablet, columns, 0);
        }
        // The client's loops rewrite one timestamp array that all its tablets share.
        tablet.setTimestamps(timestamps);
        tablets.add(tablet);
      }
      clientTablets.add(tablets);
    }
  }

  /**
   * Fills a tablet through the public Tablet API (addTimestamp, typed addValue), as client code
   * does; its bitmaps then come out as the API makes them, which our client's default matches.
   */
  private void fill(Tablet tablet, Object[] columns, int firstColumn) {
    for (int r = 0; r < batchSize; r++) {
      tablet.addTimestamp(r, 0);
      for (int s = 0; s < columns.length; s++) {
        int col = firstColumn + s;
        Object column = columns[s];
        if (column instanceof float[]) tablet.addValue(r, col, ((float[]) column)[r]);
        else if (column instanceof double[]) tablet.addValue(r, col, ((double[]) column)[r]);
        else if (column instanceof int[]) tablet.addValue(r, col, ((int[]) column)[r]);
        else if (column instanceof long[]) tablet.addValue(r, col, ((long[]) column)[r]);
        else if (column instanceof boolean[]) tablet.addValue(r, col, ((boolean[]) column)[r]);
        else tablet.addValue(r, col, ((String[]) column)[r]);
      }
    }
  }

  /** Timestamps of loop `loop` of a round starting at `startTime`. */
  void fillTimestamps(int client, long startTime, int loop) {
    long[] timestamps = clientTimestamps[client];
    long first = startTime + (long) loop * batchSize * pointStep;
    for (int r = 0; r < batchSize; r++) timestamps[r] = first + r * pointStep;
  }

  private Object column(TSDataType type, JsonArray values) {
    int n = values.size();
    if (n != batchSize) throw new IllegalArgumentException("a template column has " + n + " values, expected " + batchSize);
    switch (type) {
      case FLOAT: {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = (float) values.get(i).getAsDouble();
        return a;
      }
      case DOUBLE: {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = values.get(i).getAsDouble();
        return a;
      }
      case INT32: {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = values.get(i).getAsInt();
        return a;
      }
      case INT64: {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = Long.parseLong(values.get(i).getAsString());
        return a;
      }
      case BOOLEAN: {
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) a[i] = values.get(i).getAsBoolean();
        return a;
      }
      case TEXT: {
        String[] a = new String[n];
        int i = 0;
        for (JsonElement v : values) a[i++] = v.getAsString();
        return a;
      }
      default:
        throw new IllegalArgumentException("the write benchmark generates BOOLEAN/INT32/INT64/FLOAT/DOUBLE/TEXT, not " + type);
    }
  }
}
