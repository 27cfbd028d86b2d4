// The bitmap section that ends a tablet value buffer (SessionUtils.getValueBuffer): per column a
// hasNull byte, then for columns with nulls floor(n/8)+1 bytes (NOT ceil), LSB-first, 1 = null.
import type { Writer } from "@zerowire/writer";
import { isNullCell, type PreparedTablet } from "./tablet-prepare.js";

export function writeBitmapSection(w: Writer, t: PreparedTablet): void {
  const n = t.rowCount;
  const order = t.order;
  const size = (n >>> 3) + 1;
  for (const col of t.columns) {
    if (!col.hasNull) {
      w.u8(0);
      continue;
    }
    w.u8(1);
    const at = w.reserve(size);
    const buf = w.rawBytes;
    buf.fill(0, at, at + size);
    for (let i = 0; i < n; i++) {
      if (isNullCell(col, order === undefined ? i : order[i]!)) buf[at + (i >>> 3)] |= 1 << (i & 7);
    }
    // Bits n..: 1s when Java's bitmap was markAll()'ed, 0s when it was rebuilt after sorting.
    buf[at + (n >>> 3)] |= (t.bitmapPaddingByte << (n & 7)) & 0xff;
  }
}
