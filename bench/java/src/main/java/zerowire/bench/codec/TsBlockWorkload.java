package zerowire.bench.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.tsfile.block.column.Column;
import org.apache.tsfile.read.common.block.TsBlock;
import org.apache.tsfile.read.common.block.column.TsBlockSerde;

/**
 * One op = TsBlockSerde.deserialize of the byte array, then every time value and every cell read
 * by its column's type (isNull first; TEXT cells become Java Strings, as a result row would).
 */
final class TsBlockWorkload {
  private final byte[] bytes;
  private final TsBlockSerde serde = new TsBlockSerde();

  TsBlockWorkload(byte[] bytes) {
    this.bytes = bytes;
  }

  /** The timed op; returns a digest of everything read so the work stays observable. */
  long run() {
    TsBlock block = serde.deserialize(ByteBuffer.wrap(bytes));
    int positions = block.getPositionCount();
    long acc = 0;
    Column time = block.getTimeColumn();
    for (int i = 0; i < positions; i++) {
      acc += time.getLong(i);
    }
    for (int c = 0; c < block.getValueColumnCount(); c++) {
      acc += readColumn(block.getColumn(c), positions);
    }
    return acc;
  }

  private static long readColumn(Column col, int positions) {
    long acc = 0;
    for (int i = 0; i < positions; i++) {
      if (col.isNull(i)) {
        acc++;
        continue;
      }
      switch (col.getDataType()) {
        case BOOLEAN:
          acc += col.getBoolean(i) ? 1 : 0;
          break;
        case INT32:
          acc += col.getInt(i);
          break;
        case INT64:
          acc += col.getLong(i);
          break;
        case FLOAT:
          acc += Float.floatToRawIntBits(col.getFloat(i));
          break;
        case DOUBLE:
          acc += Double.doubleToRawLongBits(col.getDouble(i));
          break;
        default: // TEXT (physical type of TEXT/STRING/BLOB)
          acc += col.getBinary(i).getStringValue(StandardCharsets.UTF_8).length();
      }
    }
    return acc;
  }

  int positionCount() {
    return serde.deserialize(ByteBuffer.wrap(bytes)).getPositionCount();
  }

  int valueColumnCount() {
    return serde.deserialize(ByteBuffer.wrap(bytes)).getValueColumnCount();
  }

  /** Non-null value cells, for the caller's sanity check. */
  int nonNullCells() {
    TsBlock block = serde.deserialize(ByteBuffer.wrap(bytes));
    int n = 0;
    for (int c = 0; c < block.getValueColumnCount(); c++) {
      for (int i = 0; i < block.getPositionCount(); i++) {
        n += block.getColumn(c).isNull(i) ? 0 : 1;
      }
    }
    return n;
  }

  int inputBytes() {
    return bytes.length;
  }
}
