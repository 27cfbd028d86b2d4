package zerowire.fuzz;

import com.google.gson.JsonElement;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.utils.Binary;

/**
 * Converts one input cell (vector conventions, docs/iotdb-wire-format.md §8) into the Java object the
 * client API takes: Boolean, Integer, Long, Float, Double, String, Binary or LocalDate; null stays
 * null.
 */
final class CellValues {
  private CellValues() {}

  static Object toJava(TSDataType type, JsonElement e) {
    if (e == null || e.isJsonNull()) {
      return null;
    }
    switch (type) {
      case BOOLEAN:
        return e.getAsBoolean();
      case INT32:
        return new BigDecimal(e.getAsString()).intValueExact();
      case INT64:
      case TIMESTAMP:
        return JsonInput.int64(e);
      case FLOAT:
        // (float) Double.parseDouble(text): the same rounding as Math.fround(Number(text)).
        return (float) Double.parseDouble(e.getAsString());
      case DOUBLE:
        return Double.parseDouble(e.getAsString());
      case TEXT:
      case STRING:
        if (e.isJsonObject()) {
          return new Binary(Hex.decode(JsonInput.string(e.getAsJsonObject(), "hex")));
        }
        return e.getAsString();
      case BLOB:
        return new Binary(Hex.decode(e.getAsString()));
      case DATE:
        return LocalDate.parse(e.getAsString());
      default:
        throw new IllegalArgumentException("unsupported input type " + type);
    }
  }

  /** Bytes a TEXT/STRING/BLOB cell is sent as. */
  static byte[] binaryBytes(Object value) {
    return value instanceof Binary
        ? ((Binary) value).getValues()
        : ((String) value).getBytes(StandardCharsets.UTF_8);
  }
}
