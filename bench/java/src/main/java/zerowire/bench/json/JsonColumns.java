package zerowire.bench.json;

import com.google.gson.JsonArray;
import org.apache.tsfile.enums.TSDataType;

/**
 * A column of values the Node side sent as JSON, as the Java array a Tablet holds: double[],
 * float[], int[], long[], boolean[] or String[] (TEXT). Values follow the shared vector
 * conventions: INT64 as decimal strings; FLOAT and DOUBLE as numbers or the strings "NaN",
 * "Infinity", "-Infinity" (FLOAT = (float) Double.parseDouble). The codec harness and the e2e
 * writer convert their data here once, before any timing.
 */
public final class JsonColumns {
  private JsonColumns() {}

  /** `values` as `type`'s array; throws unless there are exactly `length` of them (`what` names the column). */
  public static Object toArray(TSDataType type, JsonArray values, int length, String what) {
    int n = values.size();
    if (n != length) throw new IllegalArgumentException(what + " has " + n + " values, expected " + length);
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
        throw new IllegalArgumentException(what + ": the benchmarks send BOOLEAN, INT32, INT64, FLOAT, DOUBLE and TEXT, not " + type);
    }
  }
}
