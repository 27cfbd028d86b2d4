package e2e;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/**
 * The write case as the Node side described it in the "open" command: the same devices, sensors,
 * rows and the same batch template of values. Every tablet is built here, once; a round only
 * rewrites each client's timestamp array (shared by that client's tablets) once per loop.
 */
final class WriteWorkload {
  final String model;
  final String database;
  final int deviceNumber;
  final int clientNumber;
  final int sessionNumber;
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
    sessionNumber = spec.get("sessionNumber").getAsInt();
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
    List<IMeasurementSchema> tableSchemas = new ArrayList<>();
    List<ColumnCategory> categories = new ArrayList<>();
    if (table) {
      tableSchemas.add(new MeasurementSchema(spec.get("tagColumn").getAsString(), TSDataType.STRING));
      categories.add(ColumnCategory.TAG);
      for (IMeasurementSchema s : schemas) {
        tableSchemas.add(s);
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
        if (table) {
          Object[] values = new Object[columns.length + 1];
          Binary[] tag = new Binary[batchSize];
          Arrays.fill(tag, new Binary(device, StandardCharsets.UTF_8));
          values[0] = tag;
          System.arraycopy(columns, 0, values, 1, columns.length);
          tablets.add(new Tablet(tableName, tableSchemas, categories, timestamps, values, null, batchSize));
        } else {
          tablets.add(new Tablet(device, schemas, timestamps, columns.clone(), null, batchSize));
        }
      }
      clientTablets.add(tablets);
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
        Binary[] a = new Binary[n];
        int i = 0;
        for (JsonElement v : values) a[i++] = new Binary(v.getAsString(), StandardCharsets.UTF_8);
        return a;
      }
      default:
        throw new IllegalArgumentException("the write benchmark generates BOOLEAN/INT32/INT64/FLOAT/DOUBLE/TEXT, not " + type);
    }
  }
}
