package zerowire.fuzz;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;

/** A `kind: "tablet"` case, with every cell already converted to its Java value. */
record TabletSpec(
    boolean table,
    String target,
    boolean aligned,
    boolean arrays,
    int maxRowNumber,
    List<String> names,
    List<TSDataType> types,
    List<ColumnCategory> categories,
    long[] timestamps,
    Object[][] rows) {

  static TabletSpec parse(JsonObject in) {
    String model = JsonInput.stringOr(in, "model", "tree");
    if (!model.equals("tree") && !model.equals("table")) {
      throw new IllegalArgumentException("model must be tree or table: " + model);
    }
    String construction = JsonInput.stringOr(in, "construction", "api");
    if (!construction.equals("api") && !construction.equals("arrays")) {
      throw new IllegalArgumentException("construction must be api or arrays: " + construction);
    }
    List<String> names = new ArrayList<>();
    List<TSDataType> types = new ArrayList<>();
    List<ColumnCategory> categories = new ArrayList<>();
    for (var c : JsonInput.array(in, "columns")) {
      JsonObject col = c.getAsJsonObject();
      names.add(JsonInput.string(col, "name"));
      types.add(TSDataType.valueOf(JsonInput.string(col, "type")));
      categories.add(ColumnCategory.valueOf(JsonInput.stringOr(col, "category", "FIELD")));
    }
    JsonArray ts = JsonInput.array(in, "timestamps");
    JsonArray rowsJson = JsonInput.array(in, "rows");
    if (ts.size() != rowsJson.size()) {
      throw new IllegalArgumentException("timestamps and rows differ in length");
    }
    long[] timestamps = new long[ts.size()];
    Object[][] rows = new Object[ts.size()][];
    for (int r = 0; r < timestamps.length; r++) {
      timestamps[r] = JsonInput.int64(ts.get(r));
      JsonArray row = rowsJson.get(r).getAsJsonArray();
      if (row.size() != names.size()) {
        throw new IllegalArgumentException("row " + r + " has " + row.size() + " cells");
      }
      rows[r] = new Object[row.size()];
      for (int c = 0; c < row.size(); c++) {
        rows[r][c] = CellValues.toJava(types.get(c), row.get(c));
      }
    }
    int maxRowNumber =
        in.has("maxRowNumber") ? in.get("maxRowNumber").getAsInt() : Math.max(1, rows.length);
    return new TabletSpec(
        model.equals("table"),
        JsonInput.string(in, "target"),
        JsonInput.boolOr(in, "aligned", false),
        construction.equals("arrays"),
        maxRowNumber,
        names,
        types,
        categories,
        timestamps,
        rows);
  }

  boolean hasNull() {
    for (Object[] row : rows) {
      for (Object cell : row) {
        if (cell == null) {
          return true;
        }
      }
    }
    return false;
  }

  /** What Session.checkSorted decides: any timestamp smaller than its predecessor. */
  boolean sessionWillSort() {
    for (int i = 1; i < timestamps.length; i++) {
      if (timestamps[i] < timestamps[i - 1]) {
        return true;
      }
    }
    return false;
  }
}
