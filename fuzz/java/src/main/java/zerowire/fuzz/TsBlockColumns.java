package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.apache.tsfile.block.column.Column;
import org.apache.tsfile.block.column.ColumnBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.read.common.block.column.BinaryColumnBuilder;
import org.apache.tsfile.read.common.block.column.BooleanColumnBuilder;
import org.apache.tsfile.read.common.block.column.DictionaryColumn;
import org.apache.tsfile.read.common.block.column.DoubleColumnBuilder;
import org.apache.tsfile.read.common.block.column.FloatColumnBuilder;
import org.apache.tsfile.read.common.block.column.IntColumnBuilder;
import org.apache.tsfile.read.common.block.column.LongColumnBuilder;
import org.apache.tsfile.read.common.block.column.RunLengthEncodedColumn;
import org.apache.tsfile.read.common.block.column.TimeColumnBuilder;
import org.apache.tsfile.utils.Binary;

/** Builds TsBlock columns with the tsfile column builders, as the server's operators do. */
final class TsBlockColumns {
  private TsBlockColumns() {}

  /** `timeColumn: "time"`: a TimeColumn; `"table-rle"`: RLE(LongColumn[0]) (table scans). */
  static Column time(String kind, long[] timestamps, int positionCount) {
    if (kind.equals("time")) {
      TimeColumnBuilder b = new TimeColumnBuilder(null, timestamps.length);
      for (long t : timestamps) {
        b.writeLong(t);
      }
      return b.build();
    }
    if (kind.equals("table-rle")) {
      return new RunLengthEncodedColumn(
          new LongColumnBuilder(null, 1).writeLong(0).build(), positionCount);
    }
    throw new IllegalArgumentException("timeColumn must be time or table-rle: " + kind);
  }

  /** A value column: plain (`values`), `encoding: "rle"` (`value`) or `"dictionary"`. */
  static Column value(JsonObject spec, TSDataType type, int positionCount) {
    String encoding = JsonInput.stringOr(spec, "encoding", "plain");
    switch (encoding) {
      case "plain":
        {
          JsonArray values = JsonInput.array(spec, "values");
          if (values.size() != positionCount) {
            throw new IllegalArgumentException(
                "column has " + values.size() + " values, positionCount is " + positionCount);
          }
          return build(type, values);
        }
      case "rle":
        {
          JsonArray single = new JsonArray();
          single.add(spec.get("value"));
          return new RunLengthEncodedColumn(build(type, single), positionCount);
        }
      case "dictionary":
        {
          Column dictionary = build(type, JsonInput.array(spec, "dictionary"));
          JsonArray idsJson = JsonInput.array(spec, "ids");
          if (idsJson.size() != positionCount) {
            throw new IllegalArgumentException("ids length differs from positionCount");
          }
          int[] ids = new int[idsJson.size()];
          for (int i = 0; i < ids.length; i++) {
            ids[i] = idsJson.get(i).getAsInt();
          }
          return DictionaryColumn.create(positionCount, dictionary, ids);
        }
      default:
        throw new IllegalArgumentException("unknown column encoding " + encoding);
    }
  }

  private static Column build(TSDataType type, JsonArray values) {
    ColumnBuilder b = builder(type, values.size());
    for (var e : values) {
      Object v = CellValues.toJava(type, e);
      if (v == null) {
        b.appendNull();
      } else if (v instanceof String) {
        b.writeBinary(new Binary(CellValues.binaryBytes(v)));
      } else {
        // writeObject takes Integer/Long/Float/Double/Boolean/Binary, and LocalDate for DATE.
        b.writeObject(v);
      }
    }
    return b.build();
  }

  private static ColumnBuilder builder(TSDataType type, int expectedEntries) {
    switch (type) {
      case BOOLEAN:
        return new BooleanColumnBuilder(null, expectedEntries);
      case INT32:
      case DATE:
        return new IntColumnBuilder(null, expectedEntries);
      case INT64:
      case TIMESTAMP:
        return new LongColumnBuilder(null, expectedEntries);
      case FLOAT:
        return new FloatColumnBuilder(null, expectedEntries);
      case DOUBLE:
        return new DoubleColumnBuilder(null, expectedEntries);
      case TEXT:
      case STRING:
      case BLOB:
        return new BinaryColumnBuilder(null, expectedEntries);
      default:
        throw new IllegalArgumentException("no column builder for " + type);
    }
  }
}
