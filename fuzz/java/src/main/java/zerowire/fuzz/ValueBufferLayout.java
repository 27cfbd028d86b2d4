package zerowire.fuzz;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.enums.TSDataType;

/**
 * Walks the bytes the client produced and names each part (offset + length), so a failing
 * comparison points at a column. Throws if the bytes do not parse to exactly their length.
 */
final class ValueBufferLayout {
  private ValueBufferLayout() {}

  /** Tablet value buffer: column-major values, then the optional bitmap section. */
  static List<Object> ofTablet(byte[] values, List<String> names, List<TSDataType> types, int rows) {
    List<Object> parts = new ArrayList<>();
    ByteBuffer buf = ByteBuffer.wrap(values);
    for (int c = 0; c < names.size(); c++) {
      int start = buf.position();
      for (int r = 0; r < rows; r++) {
        skipValue(buf, types.get(c));
      }
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("part", "values");
      part.put("column", names.get(c));
      part.put("type", types.get(c).name());
      part.put("offset", start);
      part.put("length", buf.position() - start);
      parts.add(part);
    }
    if (buf.hasRemaining()) {
      for (String name : names) {
        int start = buf.position();
        boolean hasBitmap = buf.get() != 0;
        if (hasBitmap) {
          buf.position(buf.position() + rows / 8 + 1);
        }
        Map<String, Object> part = new LinkedHashMap<>();
        part.put("part", "bitmap");
        part.put("column", name);
        part.put("offset", start);
        part.put("hasBitmap", hasBitmap);
        part.put("length", buf.position() - start);
        parts.add(part);
      }
    }
    requireConsumed(buf);
    return parts;
  }

  /** One record's buffer: per value a type byte then the value. */
  static List<Object> ofRecord(byte[] values, List<String> measurements) {
    List<Object> parts = new ArrayList<>();
    ByteBuffer buf = ByteBuffer.wrap(values);
    for (String measurement : measurements) {
      int start = buf.position();
      byte typeByte = buf.get();
      if (typeByte != -2) { // TYPE_NULL carries no value
        skipValue(buf, TSDataType.deserialize(typeByte));
      }
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("measurement", measurement);
      part.put("typeByte", (int) typeByte);
      part.put("offset", start);
      part.put("length", buf.position() - start);
      parts.add(part);
    }
    requireConsumed(buf);
    return parts;
  }

  private static void skipValue(ByteBuffer buf, TSDataType type) {
    switch (type) {
      case BOOLEAN:
        buf.position(buf.position() + 1);
        break;
      case INT32:
      case FLOAT:
      case DATE:
        buf.position(buf.position() + 4);
        break;
      case INT64:
      case DOUBLE:
      case TIMESTAMP:
        buf.position(buf.position() + 8);
        break;
      case TEXT:
      case STRING:
      case BLOB:
        int length = buf.getInt();
        buf.position(buf.position() + length);
        break;
      default:
        throw new IllegalArgumentException("no value layout for " + type);
    }
  }

  private static void requireConsumed(ByteBuffer buf) {
    if (buf.hasRemaining()) {
      throw new IllegalStateException(buf.remaining() + " unexplained trailing bytes");
    }
  }
}
