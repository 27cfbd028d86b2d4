package zerowire.fuzz;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.block.column.Column;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.read.common.block.TsBlock;
import org.apache.tsfile.utils.DateUtils;

/**
 * Reads every position of a deserialized TsBlock into the shared vectors' JSON conventions:
 * INT64/TIMESTAMP and time as decimal strings, FLOAT as the exact double of the float,
 * NaN/Infinity/-Infinity/-0 as strings, BLOB as hex, DATE as YYYY-MM-DD, TEXT/STRING as UTF-8
 * text ({"hex": ...} if the bytes are not valid UTF-8).
 */
final class TsBlockReader {
  private TsBlockReader() {}

  static Map<String, Object> read(TsBlock block, List<TSDataType> logicalTypes) {
    int positions = block.getPositionCount();
    List<Object> time = new ArrayList<>();
    for (int i = 0; i < positions; i++) {
      time.add(Long.toString(block.getTimeColumn().getLong(i)));
    }
    List<Object> columns = new ArrayList<>();
    for (int c = 0; c < block.getValueColumnCount(); c++) {
      Column column = block.getColumn(c);
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < positions; i++) {
        values.add(column.isNull(i) ? null : cell(column, i, logicalTypes.get(c)));
      }
      columns.add(values);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("positionCount", positions);
    out.put("time", time);
    out.put("columns", columns);
    return out;
  }

  private static Object cell(Column column, int i, TSDataType type) {
    switch (type) {
      case BOOLEAN:
        return column.getBoolean(i);
      case INT32:
        return column.getInt(i);
      case DATE:
        return DateUtils.parseIntToLocalDate(column.getInt(i)).toString();
      case INT64:
      case TIMESTAMP:
        return Long.toString(column.getLong(i));
      case FLOAT:
        return number(column.getFloat(i));
      case DOUBLE:
        return number(column.getDouble(i));
      case TEXT:
      case STRING:
        return text(column.getBinary(i).getValues());
      case BLOB:
        return Hex.encode(column.getBinary(i).getValues());
      default:
        throw new IllegalArgumentException("cannot read " + type);
    }
  }

  static Object number(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    if (Double.doubleToRawLongBits(d) == Long.MIN_VALUE) {
      return "-0";
    }
    return d;
  }

  /** A TEXT/STRING cell: the text, or {"hex": ...} when the bytes are not valid UTF-8. */
  static Object text(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      Map<String, Object> hex = new LinkedHashMap<>();
      hex.put("hex", Hex.encode(bytes));
      return hex;
    }
  }
}
