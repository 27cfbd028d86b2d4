package zerowire.bench.e2e;

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
import org.apache.tsfile.utils.BitMap;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import zerowire.bench.json.JsonColumns;

/**
 * The write workload as the Node side described it in the "open" command: the same devices,
 * the same clients and their devices, sensors, rows and the same batch template of values. The
 * template is filled once through the public Tablet API (addTimestamp, typed addValue); every
 * device's tablet shares its value columns (a table tablet adds its own TAG column), so 100K
 * devices cost a Tablet object each, as on the Node side. A round only rewrites each client's
 * timestamp array (shared by that client's tablets) once per loop.
 */
final class WriteWorkload {
  final String model;
  final String database;
  final List<String> nodeUrls;
  /** Most sessions of the pool, or 0: the pool's defaults (maxSize, wait timeout), as a new user leaves them. */
  final int poolMaxSize;
  final long poolWaitTimeoutMs;
  final boolean bindSessions;
  final int batchSize;
  final long pointStep;
  final int pointsPerTablet;
  final boolean rawLatencies;
  /** Per client: its timestamps (one per row) and its devices' tablets. */
  final long[][] clientTimestamps;
  final List<List<Tablet>> clientTablets = new ArrayList<>();
  /** Every client's tablets, in client order (the batch and parallel methods). */
  final List<Tablet> allTablets = new ArrayList<>();
  /** The sensors, and the template's values column by column (float[], double[], int[], long[], boolean[] or String[]). */
  final List<IMeasurementSchema> schemas = new ArrayList<>();
  final Object[] columns;

  WriteWorkload(JsonObject spec) {
    model = spec.get("model").getAsString();
    database = spec.get("database").getAsString();
    nodeUrls = spec.get("nodeUrls").isJsonNull() ? null : strings(spec.getAsJsonArray("nodeUrls"));
    boolean poolDefaults = spec.get("poolMaxSize").isJsonNull();
    poolMaxSize = poolDefaults ? 0 : spec.get("poolMaxSize").getAsInt();
    poolWaitTimeoutMs = poolDefaults ? 0 : spec.get("poolWaitTimeoutMs").getAsLong();
    bindSessions = spec.get("bindSessions").getAsBoolean();
    batchSize = spec.get("batchSize").getAsInt();
    pointStep = Long.parseLong(spec.get("pointStep").getAsString());
    rawLatencies = spec.get("rawLatencies").getAsBoolean();

    JsonArray sensors = spec.getAsJsonArray("sensors");
    JsonArray template = spec.getAsJsonArray("template");
    columns = new Object[sensors.size()];
    for (int s = 0; s < sensors.size(); s++) {
      JsonObject sensor = sensors.get(s).getAsJsonObject();
      TSDataType type = TSDataType.valueOf(sensor.get("type").getAsString());
      schemas.add(new MeasurementSchema(sensor.get("name").getAsString(), type));
      columns[s] = JsonColumns.toArray(type, template.get(s).getAsJsonArray(), batchSize, "template column " + s);
    }
    pointsPerTablet = sensors.size() * batchSize;

    boolean table = model.equals("table");
    String prefix = spec.get("devicePrefix").getAsString();
    Tablet filled = table ? tableTemplate(spec, schemas, columns) : treeTemplate(schemas, columns);
    JsonArray clients = spec.getAsJsonArray("clients");
    clientTimestamps = new long[clients.size()][];
    for (int c = 0; c < clients.size(); c++) {
      long[] timestamps = new long[batchSize];
      clientTimestamps[c] = timestamps;
      List<Tablet> tablets = new ArrayList<>();
      for (JsonElement d : clients.get(c).getAsJsonArray()) {
        String device = prefix + d.getAsInt();
        tablets.add(table ? tableTablet(filled, device, timestamps) : treeTablet(filled, device, timestamps));
      }
      clientTablets.add(tablets);
      allTablets.addAll(tablets);
    }
  }

  int clientNumber() {
    return clientTimestamps.length;
  }

  private Tablet treeTemplate(List<IMeasurementSchema> schemas, Object[] columns) {
    Tablet t = new Tablet("template", schemas, batchSize);
    fill(t, columns, 0);
    return t;
  }

  private Tablet tableTemplate(JsonObject spec, List<IMeasurementSchema> schemas, Object[] columns) {
    List<String> names = new ArrayList<>();
    List<TSDataType> types = new ArrayList<>();
    List<ColumnCategory> categories = new ArrayList<>();
    names.add(spec.get("tagColumn").getAsString());
    types.add(TSDataType.STRING);
    categories.add(ColumnCategory.TAG);
    for (IMeasurementSchema s : schemas) {
      names.add(s.getMeasurementName());
      types.add(s.getType());
      categories.add(ColumnCategory.FIELD);
    }
    Tablet t = new Tablet(spec.get("table").getAsString(), names, types, categories, batchSize);
    for (int r = 0; r < batchSize; r++) t.addValue(r, 0, "template");
    fill(t, columns, 1);
    return t;
  }

  /** A device's tree tablet: the template's columns and bitmaps, the client's timestamps. */
  private Tablet treeTablet(Tablet filled, String device, long[] timestamps) {
    return new Tablet(device, filled.getSchemas(), timestamps, filled.getValues(), filled.getBitMaps(), batchSize);
  }

  /** A device's table tablet: its own TAG column (the device, as the Tablet API stores a STRING), the template's others. */
  private Tablet tableTablet(Tablet filled, String device, long[] timestamps) {
    Object[] values = filled.getValues().clone();
    Binary[] tag = new Binary[batchSize];
    Arrays.fill(tag, new Binary(device, StandardCharsets.UTF_8));
    values[0] = tag;
    BitMap[] bitMaps = filled.getBitMaps();
    return new Tablet(filled.getTableName(), filled.getSchemas(), filled.getColumnTypes(), timestamps, values, bitMaps, batchSize);
  }

  /**
   * Fills a tablet through the public Tablet API (addTimestamp, typed addValue), as client code
   * does; its bitmaps then come out as the API makes them, which our client's default matches.
   */
  private void fill(Tablet tablet, Object[] columns, int firstColumn) {
    for (int r = 0; r < batchSize; r++) addRow(tablet, r, 0, r, columns, firstColumn);
  }

  /**
   * Row `row` of a tree tablet: time `time` and the template's row `templateRow`, by the typed
   * addValue of the Tablet API (no boxing), as a Java user adds a row that arrives.
   */
  void addRow(Tablet tablet, int row, long time, int templateRow) {
    addRow(tablet, row, time, templateRow, columns, 0);
  }

  private static void addRow(Tablet tablet, int row, long time, int r, Object[] columns, int firstColumn) {
    tablet.addTimestamp(row, time);
    for (int s = 0; s < columns.length; s++) {
      int col = firstColumn + s;
      Object column = columns[s];
      if (column instanceof float[]) tablet.addValue(row, col, ((float[]) column)[r]);
      else if (column instanceof double[]) tablet.addValue(row, col, ((double[]) column)[r]);
      else if (column instanceof int[]) tablet.addValue(row, col, ((int[]) column)[r]);
      else if (column instanceof long[]) tablet.addValue(row, col, ((long[]) column)[r]);
      else if (column instanceof boolean[]) tablet.addValue(row, col, ((boolean[]) column)[r]);
      else tablet.addValue(row, col, ((String[]) column)[r]);
    }
  }

  /** The template's row r as boxed values (TEXT as String), for insertRecord. */
  List<Object> rowValues(int r) {
    List<Object> values = new ArrayList<>(columns.length);
    for (Object column : columns) {
      if (column instanceof float[]) values.add(((float[]) column)[r]);
      else if (column instanceof double[]) values.add(((double[]) column)[r]);
      else if (column instanceof int[]) values.add(((int[]) column)[r]);
      else if (column instanceof long[]) values.add(((long[]) column)[r]);
      else if (column instanceof boolean[]) values.add(((boolean[]) column)[r]);
      else values.add(((String[]) column)[r]);
    }
    return values;
  }

  /** Timestamps of loop `loop` of a round starting at `startTime`. */
  void fillTimestamps(int client, long startTime, int loop) {
    long[] timestamps = clientTimestamps[client];
    long t = startTime + (long) loop * batchSize * pointStep;
    for (int r = 0; r < batchSize; r++, t += pointStep) timestamps[r] = t;
  }

  private static List<String> strings(JsonArray array) {
    List<String> out = new ArrayList<>();
    for (JsonElement e : array) out.add(e.getAsString());
    return out;
  }
}
