// A plain, obviously-correct reference for the IoTDB insert encoding (docs/iotdb-wire-format.md §4, §5):
// one Buffer per value, Buffer.concat at the end, row-major input, no cleverness. The property
// tests compare our encoder against it.

export type RefCell = null | boolean | number | bigint | string | Uint8Array;

export interface RefColumn {
  name: string;
  /** TSDataType code. */
  type: number;
  /** ColumnCategory code (table model). */
  category: number;
}

export interface RefTablet {
  model: "tree" | "table";
  target: string;
  aligned: boolean;
  columns: RefColumn[];
  times: bigint[];
  /** Row-major cells: BOOLEAN boolean, INT32/FLOAT/DOUBLE number, INT64/TIMESTAMP bigint,
   *  TEXT/STRING string or bytes, BLOB bytes, DATE 'YYYY-MM-DD'; null = null cell. */
  rows: RefCell[][];
  mode: "api" | "arrays";
}

export interface RefRecord {
  deviceId: string;
  time: bigint;
  measurements: string[];
  types: number[];
  values: RefCell[];
}

const int32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};
const int64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(v);
  return b;
};
const float32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(v);
  return b;
};
const float64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return b;
};
const byte = (v: number) => Buffer.from([v & 0xff]);

/** Java's String.getBytes(UTF_8): like Buffer.from, except a lone surrogate becomes '?'. */
export function javaUtf8(s: string): Buffer {
  const parts: Buffer[] = [];
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    const lone = ch.length === 1 && c >= 0xd800 && c <= 0xdfff;
    parts.push(lone ? Buffer.from("?") : Buffer.from(ch, "utf8"));
  }
  return Buffer.concat(parts);
}

function bytesOfText(v: string | Uint8Array): Buffer {
  return typeof v === "string" ? javaUtf8(v) : Buffer.from(v);
}

export function dateToInt(s: string): number {
  return Number(s.slice(0, 4)) * 10000 + Number(s.slice(5, 7)) * 100 + Number(s.slice(8, 10));
}

/** One cell of a tablet value buffer. */
function cell(type: number, v: RefCell): Buffer {
  switch (type) {
    case 0:
      return byte(v === null ? 0 : v ? 1 : 0);
    case 1:
      return int32(v === null ? -2147483648 : (v as number));
    case 2:
    case 8:
      return int64(v === null ? -(2n ** 63n) : (v as bigint));
    case 3:
      return v === null ? Buffer.from("00000001", "hex") : float32(v as number);
    case 4:
      return v === null ? Buffer.from("0000000000000001", "hex") : float64(v as number);
    case 9:
      return int32(v === null ? 10000101 : dateToInt(v as string));
    default: {
      const bytes = v === null ? Buffer.alloc(0) : bytesOfText(v as string | Uint8Array);
      return Buffer.concat([int32(bytes.length), bytes]);
    }
  }
}

/** Row order after the Java Session's stable sort (identity when already sorted). */
export function refOrder(times: bigint[]): number[] {
  const idx = times.map((_, i) => i);
  const sorted = times.every((t, i) => i === 0 || t >= times[i - 1]!);
  return sorted ? idx : idx.sort((a, b) => (times[a]! < times[b]! ? -1 : times[a]! > times[b]! ? 1 : 0));
}

export function refTimeBuffer(t: RefTablet): Buffer {
  return Buffer.concat(refOrder(t.times).map((r) => int64(t.times[r]!)));
}

export function refValueBuffer(t: RefTablet): Buffer {
  const order = refOrder(t.times);
  const wasSorted = order.some((r, i) => r !== i);
  const n = t.rows.length;
  const parts: Buffer[] = [];
  t.columns.forEach((col, c) => {
    for (const r of order) parts.push(cell(col.type, t.rows[r]![c]!));
  });
  const anyNull = t.rows.some((row) => row.some((v) => v === null));
  const section = t.mode === "api" ? n > 0 : anyNull;
  if (section) {
    const padding = t.mode === "arrays" || wasSorted ? 0 : 1;
    t.columns.forEach((_, c) => {
      const nulls = order.map((r) => t.rows[r]![c] === null);
      if (!nulls.includes(true)) {
        parts.push(byte(0));
        return;
      }
      const bits = Buffer.alloc(Math.floor(n / 8) + 1);
      for (let i = 0; i < bits.length * 8; i++) {
        const set = i < n ? nulls[i] : padding === 1;
        if (set) bits[Math.floor(i / 8)] = bits[Math.floor(i / 8)]! | (1 << (i % 8));
      }
      parts.push(byte(1), bits);
    });
  }
  return Buffer.concat(parts);
}

export function refRecordValues(r: RefRecord): Buffer {
  const parts: Buffer[] = [];
  r.values.forEach((v, i) => {
    if (v === null) return;
    const type = r.types[i]!;
    parts.push(byte(type), type === 0 ? byte(v ? 1 : 0) : cell(type, v));
  });
  return Buffer.concat(parts);
}

// ---- Thrift, field by field ----

interface Proto {
  field(type: number, id: number): Buffer;
  bool(id: number, v: boolean): Buffer;
  stop(): Buffer;
  i32(v: number): Buffer;
  i64(v: bigint): Buffer;
  bin(b: Buffer): Buffer;
  str(s: string): Buffer;
  list(elemType: number, size: number): Buffer;
  byte(v: number): Buffer;
}

const binaryProto = (): Proto => ({
  field: (type, id) => Buffer.concat([byte(type), Buffer.from([id >> 8, id & 0xff])]),
  bool: (id, v) => Buffer.concat([byte(2), Buffer.from([id >> 8, id & 0xff]), byte(v ? 1 : 0)]),
  stop: () => byte(0),
  i32: int32,
  i64: int64,
  bin: (b) => Buffer.concat([int32(b.length), b]),
  str: (s) => {
    const b = javaUtf8(s);
    return Buffer.concat([int32(b.length), b]);
  },
  list: (elemType, size) => Buffer.concat([byte(elemType), int32(size)]),
  byte,
});

function varint(v: bigint): Buffer {
  const out: number[] = [];
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Buffer.from(out);
}
const zigzag = (v: bigint, bits: bigint) => BigInt.asUintN(Number(bits), (v << 1n) ^ (v >> (bits - 1n)));
const COMPACT: Record<number, number> = { 2: 1, 3: 3, 8: 5, 10: 6, 11: 8, 12: 12, 15: 9 };

/** Compact protocol; `last` tracks the field id of one struct level at a time. */
const compactProto = (): Proto => {
  let last = 0;
  const header = (nibble: number, id: number) => {
    const delta = id - last;
    last = id;
    return delta > 0 && delta <= 15
      ? byte((delta << 4) | nibble)
      : Buffer.concat([byte(nibble), varint(zigzag(BigInt(id), 32n))]);
  };
  return {
    field: (type, id) => header(COMPACT[type]!, id),
    bool: (id, v) => header(v ? 1 : 2, id),
    stop: () => {
      last = 0;
      return byte(0);
    },
    i32: (v) => varint(zigzag(BigInt(v), 32n)),
    i64: (v) => varint(zigzag(v, 64n)),
    bin: (b) => Buffer.concat([varint(BigInt(b.length)), b]),
    str: (s) => {
      const b = javaUtf8(s);
      return Buffer.concat([varint(BigInt(b.length)), b]);
    },
    list: (elemType, size) =>
      size < 15
        ? byte((size << 4) | COMPACT[elemType]!)
        : Buffer.concat([byte(0xf0 | COMPACT[elemType]!), varint(BigInt(size))]),
    byte,
  };
};

const proto = (protocol: "binary" | "compact"): Proto => (protocol === "binary" ? binaryProto() : compactProto());

/** TSInsertTabletReq struct (docs/iotdb-wire-format.md §4.1). */
export function refTabletReq(t: RefTablet, sessionId: bigint, protocol: "binary" | "compact"): Buffer {
  const p = proto(protocol);
  const parts = [
    p.field(10, 1),
    p.i64(sessionId),
    p.field(11, 2),
    p.str(t.target),
    p.field(15, 3),
    p.list(11, t.columns.length),
    ...t.columns.map((c) => p.str(c.name)),
    p.field(11, 4),
    p.bin(refValueBuffer(t)),
    p.field(11, 5),
    p.bin(refTimeBuffer(t)),
    p.field(15, 6),
    p.list(8, t.columns.length),
    ...t.columns.map((c) => p.i32(c.type)),
    p.field(8, 7),
    p.i32(t.rows.length),
    p.bool(8, t.model === "tree" && t.aligned),
  ];
  if (t.model === "table") {
    parts.push(
      p.bool(9, true),
      p.field(15, 10),
      p.list(3, t.columns.length),
      ...t.columns.map((c) => p.byte(c.category)),
    );
  }
  parts.push(p.stop());
  return Buffer.concat(parts);
}

/** Does the Java Session send this record? Not when it had nulls and dropping them left it empty. */
export const refRecordIsSent = (r: RefRecord): boolean => r.values.length === 0 || r.values.some((v) => v !== null);

/**
 * TSInsertRecordsReq struct (docs/iotdb-wire-format.md §5): null values dropped, and the records refRecordIsSent leaves
 * out.
 */
export function refRecordsReq(
  records: RefRecord[],
  aligned: boolean,
  sessionId: bigint,
  protocol: "binary" | "compact",
): Buffer {
  const p = proto(protocol);
  const kept = records.filter(refRecordIsSent);
  return Buffer.concat([
    p.field(10, 1),
    p.i64(sessionId),
    p.field(15, 2),
    p.list(11, kept.length),
    ...kept.map((r) => p.str(r.deviceId)),
    p.field(15, 3),
    p.list(15, kept.length),
    ...kept.map((r) => {
      const names = r.measurements.filter((_, i) => r.values[i] !== null);
      return Buffer.concat([p.list(11, names.length), ...names.map((m) => p.str(m))]);
    }),
    p.field(15, 4),
    p.list(11, kept.length),
    ...kept.map((r) => p.bin(refRecordValues(r))),
    p.field(15, 5),
    p.list(10, kept.length),
    ...kept.map((r) => p.i64(r.time)),
    p.bool(6, aligned),
    p.stop(),
  ]);
}
