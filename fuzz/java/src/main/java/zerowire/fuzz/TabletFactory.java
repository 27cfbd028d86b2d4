package zerowire.fuzz;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/** Builds the Tablet a client program would: through the API, or by filling its arrays. */
final class TabletFactory {
  private TabletFactory() {}

  static Tablet build(TabletSpec spec) {
    Tablet tablet = create(spec);
    if (spec.arrays()) {
      fillArrays(tablet, spec);
    } else {
      fillThroughApi(tablet, spec);
    }
    return tablet;
  }

  private static Tablet create(TabletSpec spec) {
    if (spec.table()) {
      return new Tablet(
          spec.target(), spec.names(), spec.types(), spec.categories(), spec.maxRowNumber());
    }
    List<IMeasurementSchema> schemas = new ArrayList<>();
    for (int c = 0; c < spec.names().size(); c++) {
      schemas.add(new MeasurementSchema(spec.names().get(c), spec.types().get(c)));
    }
    return new Tablet(spec.target(), schemas, spec.maxRowNumber());
  }

  /**
   * The standard 2.x API: addTimestamp + addValue for every non-null cell. A cell never given a
   * value stays null (the first API call marks every bitmap bit, addValue unmarks).
   */
  private static void fillThroughApi(Tablet t, TabletSpec spec) {
    Object[][] rows = spec.rows();
    for (int r = 0; r < rows.length; r++) {
      t.addTimestamp(r, spec.timestamps()[r]);
      for (int c = 0; c < rows[r].length; c++) {
        Object v = rows[r][c];
        if (v instanceof Boolean) {
          t.addValue(r, c, (boolean) v);
        } else if (v instanceof Integer) {
          t.addValue(r, c, (int) v);
        } else if (v instanceof Long) {
          t.addValue(r, c, (long) v);
        } else if (v instanceof Float) {
          t.addValue(r, c, (float) v);
        } else if (v instanceof Double) {
          t.addValue(r, c, (double) v);
        } else if (v instanceof String) {
          t.addValue(r, c, (String) v);
        } else if (v instanceof Binary) {
          t.addValue(r, c, ((Binary) v).getValues());
        } else if (v instanceof LocalDate) {
          t.addValue(r, c, (LocalDate) v);
        }
      }
    }
  }

  /**
   * Writes timestamps/values arrays directly and sets rowSize; bitmaps exist only if some cell is
   * null (initBitMaps + mark), otherwise getBitMaps() stays null.
   */
  private static void fillArrays(Tablet t, TabletSpec spec) {
    Object[][] rows = spec.rows();
    Object[] columns = t.getValues();
    boolean withBitMaps = spec.hasNull();
    if (withBitMaps) {
      t.initBitMaps();
    }
    for (int r = 0; r < rows.length; r++) {
      t.getTimestamps()[r] = spec.timestamps()[r];
      for (int c = 0; c < rows[r].length; c++) {
        Object v = rows[r][c];
        if (v == null) {
          t.getBitMaps()[c].mark(r);
          continue;
        }
        Object column = columns[c];
        if (column instanceof boolean[]) {
          ((boolean[]) column)[r] = (Boolean) v;
        } else if (column instanceof int[]) {
          ((int[]) column)[r] = (Integer) v;
        } else if (column instanceof long[]) {
          ((long[]) column)[r] = (Long) v;
        } else if (column instanceof float[]) {
          ((float[]) column)[r] = (Float) v;
        } else if (column instanceof double[]) {
          ((double[]) column)[r] = (Double) v;
        } else if (column instanceof Binary[]) {
          ((Binary[]) column)[r] = new Binary(CellValues.binaryBytes(v));
        } else if (column instanceof LocalDate[]) {
          ((LocalDate[]) column)[r] = (LocalDate) v;
        } else {
          throw new IllegalStateException("unexpected column array " + column.getClass());
        }
      }
    }
    t.setRowSize(rows.length);
  }
}
