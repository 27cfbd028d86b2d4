import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.iotdb.session.util.SessionUtils;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/**
 * One op = new Tablet, addTimestamp + typed addValue(row, column, v) for every cell (row by row,
 * as client code fills a tablet), then SessionUtils.getTimeBuffer / getValueBuffer. The input
 * values are converted to Java primitives/Strings once, outside the timed op.
 */
final class TabletWorkload {
  private final String deviceId;
  private final List<IMeasurementSchema> schemas = new ArrayList<>();
  private final TSDataType[] types;
  private final long[] timestamps;
  private final Object[] columns; // double[], float[], int[], long[], boolean[] or String[]

  TabletWorkload(JsonObject spec) {
    deviceId = spec.get("deviceId").getAsString();
    JsonArray ts = spec.getAsJsonArray("timestamps");
    timestamps = new long[ts.size()];
    for (int r = 0; r < timestamps.length; r++) {
      timestamps[r] = Long.parseLong(ts.get(r).getAsString());
    }
    JsonArray cols = spec.getAsJsonArray("columns");
    types = new TSDataType[cols.size()];
    columns = new Object[cols.size()];
    for (int c = 0; c < cols.size(); c++) {
      JsonObject col = cols.get(c).getAsJsonObject();
      types[c] = TSDataType.valueOf(col.get("type").getAsString());
      schemas.add(new MeasurementSchema(col.get("name").getAsString(), types[c]));
      columns[c] = toArray(types[c], col.getAsJsonArray("values"));
    }
  }

  private Object toArray(TSDataType type, JsonArray values) {
    if (values.size() != timestamps.length) {
      throw new IllegalArgumentException("a column's values differ in length from timestamps");
    }
    int n = values.size();
    switch (type) {
      case DOUBLE: {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = Double.parseDouble(values.get(i).getAsString());
        return a;
      }
      case FLOAT: {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = (float) Double.parseDouble(values.get(i).getAsString());
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
        for (int i = 0; i < n; i++) a[i] = values.get(i).getAsString();
        return a;
      }
      default:
        throw new IllegalArgumentException("bench shapes use DOUBLE/FLOAT/INT32/INT64/BOOLEAN/TEXT");
    }
  }

  Tablet fill() {
    Tablet t = new Tablet(deviceId, schemas, timestamps.length);
    for (int r = 0; r < timestamps.length; r++) {
      t.addTimestamp(r, timestamps[r]);
      for (int c = 0; c < columns.length; c++) {
        switch (types[c]) {
          case DOUBLE:
            t.addValue(r, c, ((double[]) columns[c])[r]);
            break;
          case FLOAT:
            t.addValue(r, c, ((float[]) columns[c])[r]);
            break;
          case INT32:
            t.addValue(r, c, ((int[]) columns[c])[r]);
            break;
          case INT64:
            t.addValue(r, c, ((long[]) columns[c])[r]);
            break;
          case BOOLEAN:
            t.addValue(r, c, ((boolean[]) columns[c])[r]);
            break;
          default: // TEXT
            t.addValue(r, c, ((String[]) columns[c])[r]);
        }
      }
    }
    return t;
  }

  /** The timed op; returns the two buffer lengths summed so the work stays observable. */
  long run() {
    Tablet t = fill();
    ByteBuffer time = SessionUtils.getTimeBuffer(t);
    ByteBuffer values = SessionUtils.getValueBuffer(t);
    return time.remaining() + values.remaining();
  }

  int timeBytes() {
    return SessionUtils.getTimeBuffer(fill()).remaining();
  }

  int valueBytes() {
    return SessionUtils.getValueBuffer(fill()).remaining();
  }
}
