package zerowire.bench.codec;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.iotdb.session.util.SessionUtils;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.utils.BitMap;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import zerowire.bench.json.JsonColumns;

/**
 * One op, by route, from the same in-memory columns (Java primitive arrays and Strings, converted
 * from the JSON once, outside the timed op), then what Session.insertTablet does with the tablet:
 * its sortedness check (checkSorted) and SessionUtils.getTimeBuffer / getValueBuffer.
 * <ul>
 *   <li>addValue: new Tablet, addTimestamp + typed addValue(row, column, v) for every cell (row by
 *       row, as client code fills a tablet);
 *   <li>arrays: Java's fastest route to the same bytes: the Tablet built around the columns
 *       themselves (the constructor taking timestamps, values and bitmaps, no copy), TEXT columns
 *       as a Binary per cell (their UTF-8, as addValue makes them) and a fresh BitMap per column
 *       (no null marked), so getValueBuffer writes the same "no null" flag per column as after
 *       addValue.
 * </ul>
 * Both routes must give identical bytes: {@link #checkRoutesAgree} throws otherwise.
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
      columns[c] = JsonColumns.toArray(types[c], col.getAsJsonArray("values"), timestamps.length, "column " + col.get("name").getAsString());
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

  /** The arrays route: the tablet around the columns, TEXT as Binary, a clear BitMap per column. */
  Tablet fillArrays() {
    int rows = timestamps.length;
    Object[] values = new Object[columns.length];
    BitMap[] bitMaps = new BitMap[columns.length];
    for (int c = 0; c < columns.length; c++) {
      if (types[c] == TSDataType.TEXT) {
        String[] strings = (String[]) columns[c];
        Binary[] binaries = new Binary[rows];
        for (int r = 0; r < rows; r++) binaries[r] = new Binary(strings[r], TSFileConfig.STRING_CHARSET);
        values[c] = binaries;
      } else {
        values[c] = columns[c];
      }
      bitMaps[c] = new BitMap(rows);
    }
    return new Tablet(deviceId, schemas, timestamps, values, bitMaps, rows);
  }

  /** Tablet for the route named in the request: "addValue" (the default) or "arrays". */
  Tablet fill(String route) {
    switch (route) {
      case "addValue":
        return fill();
      case "arrays":
        return fillArrays();
      default:
        throw new IllegalArgumentException("unknown tablet route " + route + " (addValue or arrays)");
    }
  }

  /** The timed op; returns the two buffer lengths summed so the work stays observable. */
  long run(String route) {
    Tablet t = fill(route);
    if (!sorted(t)) throw new IllegalStateException("bench tablets are sorted by time");
    ByteBuffer time = SessionUtils.getTimeBuffer(t);
    ByteBuffer values = SessionUtils.getValueBuffer(t);
    return time.remaining() + values.remaining();
  }

  /** Session.checkSorted (private there): times in non-decreasing order. */
  private static boolean sorted(Tablet t) {
    for (int i = 1; i < t.getRowSize(); i++) {
      if (t.getTimestamp(i) < t.getTimestamp(i - 1)) return false;
    }
    return true;
  }

  /** Throws unless both routes give byte-identical time and value buffers. */
  void checkRoutesAgree(String name) {
    byte[] timeA = bytes(SessionUtils.getTimeBuffer(fill()));
    byte[] timeB = bytes(SessionUtils.getTimeBuffer(fillArrays()));
    byte[] valuesA = bytes(SessionUtils.getValueBuffer(fill()));
    byte[] valuesB = bytes(SessionUtils.getValueBuffer(fillArrays()));
    String problem = difference("time buffer", timeA, timeB);
    if (problem == null) problem = difference("value buffer", valuesA, valuesB);
    if (problem != null) {
      throw new IllegalStateException(name + ": the arrays route and the addValue route differ: " + problem);
    }
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  private static String difference(String what, byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        return what + " byte " + i + ": addValue " + (a[i] & 0xff) + ", arrays " + (b[i] & 0xff);
      }
    }
    return a.length == b.length ? null : what + " length: addValue " + a.length + ", arrays " + b.length;
  }

  int timeBytes() {
    return SessionUtils.getTimeBuffer(fill()).remaining();
  }

  int valueBytes() {
    return SessionUtils.getValueBuffer(fill()).remaining();
  }
}
