package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.block.column.Column;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.read.common.block.TsBlock;
import org.apache.tsfile.read.common.block.column.ColumnEncoderFactory;
import org.apache.tsfile.read.common.block.column.TsBlockSerde;

/** `kind: "tsblock"`: TsBlockSerde.serialize of builder-made columns, then deserialize + read. */
final class TsBlockCase {
  private TsBlockCase() {}

  static Map<String, Object> run(JsonObject input) throws Exception {
    List<TSDataType> logicalTypes = new ArrayList<>();
    TsBlock block = build(input, logicalTypes);
    TsBlockSerde serde = new TsBlockSerde();
    byte[] bytes = Hex.remaining(serde.serialize(block));
    TsBlock decoded = serde.deserialize(ByteBuffer.wrap(bytes));

    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tsblockHex", Hex.encode(bytes));
    out.put("length", bytes.length);
    out.put("decoded", TsBlockReader.read(decoded, logicalTypes));
    out.put("layout", layout(block, bytes.length));
    return out;
  }

  /** TsBlockSerde.serialize of a `tsblock` input (also the TsBlocks of a queryResponse case). */
  static byte[] serialize(JsonObject input) throws Exception {
    return Hex.remaining(new TsBlockSerde().serialize(build(input, new ArrayList<>())));
  }

  /** The TsBlock of a `tsblock` input; the columns' logical types are added to `logicalTypes`. */
  private static TsBlock build(JsonObject input, List<TSDataType> logicalTypes) {
    String timeKind = JsonInput.string(input, "timeColumn");
    long[] timestamps = new long[0];
    int positionCount;
    if (timeKind.equals("time")) {
      JsonArray ts = JsonInput.array(input, "timestamps");
      timestamps = new long[ts.size()];
      for (int i = 0; i < timestamps.length; i++) {
        timestamps[i] = JsonInput.int64(ts.get(i));
      }
      positionCount = timestamps.length;
    } else {
      positionCount = input.get("positionCount").getAsInt();
    }
    JsonArray columnsJson = JsonInput.array(input, "columns");
    Column[] columns = new Column[columnsJson.size()];
    for (int i = 0; i < columns.length; i++) {
      JsonObject spec = columnsJson.get(i).getAsJsonObject();
      TSDataType type = TSDataType.valueOf(JsonInput.string(spec, "type"));
      logicalTypes.add(type);
      columns[i] = TsBlockColumns.value(spec, type, positionCount);
    }
    Column time = TsBlockColumns.time(timeKind, timestamps, positionCount);
    return new TsBlock(positionCount, time, columns);
  }

  /** Header, then each column's extent, measured by encoding it alone with its own encoder. */
  private static List<Object> layout(TsBlock block, int totalLength) throws Exception {
    int n = block.getValueColumnCount();
    List<Object> physicalTypes = new ArrayList<>();
    List<Object> encodings = new ArrayList<>();
    encodings.add(block.getTimeColumn().getEncoding().name());
    for (int i = 0; i < n; i++) {
      physicalTypes.add(block.getColumn(i).getDataType().name());
      encodings.add(block.getColumn(i).getEncoding().name());
    }
    int headerLength = 4 + n + 4 + (n + 1);
    List<Object> parts = new ArrayList<>();
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("part", "header");
    header.put("offset", 0);
    header.put("length", headerLength);
    header.put("valueColumnCount", n);
    header.put("physicalTypes", physicalTypes);
    header.put("positionCount", block.getPositionCount());
    header.put("encodings", encodings);
    parts.add(header);

    int offset = headerLength;
    Map<String, Object> timePart = new LinkedHashMap<>();
    timePart.put("part", "timeColumn");
    timePart.put("encoding", block.getTimeColumn().getEncoding().name());
    timePart.put("offset", offset);
    int timeLength = encodedLength(block.getTimeColumn());
    timePart.put("length", timeLength);
    parts.add(timePart);
    offset += timeLength;
    for (int i = 0; i < n; i++) {
      Column c = block.getColumn(i);
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("part", "valueColumn");
      part.put("index", i);
      part.put("encoding", c.getEncoding().name());
      part.put("offset", offset);
      int length = encodedLength(c);
      part.put("length", length);
      parts.add(part);
      offset += length;
    }
    if (offset != totalLength) {
      throw new IllegalStateException("layout covers " + offset + " of " + totalLength + " bytes");
    }
    return parts;
  }

  private static int encodedLength(Column column) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ColumnEncoderFactory.get(column.getEncoding())
        .writeColumn(new DataOutputStream(bytes), column);
    return bytes.size();
  }
}
