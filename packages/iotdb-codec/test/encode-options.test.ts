// The insert calls' options: the per-value size guard (maxValueBytes, default 16 MiB) and Date
// times converted by timestampPrecision; and TabletBuilder.reset(). The Date cases are checked
// against the same call made with the times as integers (computed here from Date.UTC).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  DEFAULT_MAX_VALUE_BYTES,
  EncodeError,
  insertRecordCall,
  insertRecordsOfOneDeviceCall,
  insertStringRecordCall,
  insertStringRecordsCall,
  insertStringRecordsOfOneDeviceCall,
  insertTabletCall,
  TabletBuilder,
  writeCallFrame,
  type InsertCall,
  type Tablet,
} from "../src/index.js";

const frameHex = (call: InsertCall) => {
  const w = new Writer();
  writeCallFrame(w, call, { sessionId: 7, seqid: 1 });
  return Buffer.from(w.finish().bytes).toString("hex");
};

function encodeError(run: () => unknown): EncodeError {
  try {
    run();
  } catch (e) {
    assert.instance(e, EncodeError);
    return e as EncodeError;
  }
  throw new Error("expected an EncodeError");
}

const textTablet = (type: "TEXT" | "STRING" | "BLOB", values: unknown[]): Tablet => ({
  schema: { model: "tree", target: "root.t.d", columns: [{ name: "c", type }] },
  timestamps: values.map((_, i) => i),
  values: [values as never],
});

test("maxValueBytes: a TEXT, STRING or BLOB value over it is an EncodeError naming column and row; at it, accepted", () => {
  const max = { maxValueBytes: 10 };
  assert.ok(insertTabletCall(textTablet("TEXT", ["a", "x".repeat(10)]), max));
  let e = encodeError(() => insertTabletCall(textTablet("TEXT", ["a", "x".repeat(11)]), max));
  assert.is(
    e.message,
    'column "c" row 1: a string of 11 UTF-8 bytes exceeds maxValueBytes 10 (one huge value jams the server\'s write-ahead log; raise maxValueBytes if your server takes it)',
  );
  assert.equal([e.column, e.row], ["c", 1]);
  // counted in UTF-8 bytes: 4 chars of 3 bytes are 12 bytes; 3 of them are 9
  assert.ok(insertTabletCall(textTablet("STRING", ["€€€"]), max));
  e = encodeError(() => insertTabletCall(textTablet("STRING", ["€€€€"]), max));
  assert.match(e.message, "a string of 12 UTF-8 bytes exceeds maxValueBytes 10");
  e = encodeError(() => insertTabletCall(textTablet("TEXT", [null, new Uint8Array(11)]), max));
  assert.match(e.message, 'column "c" row 1: a value of 11 bytes exceeds maxValueBytes 10');
  e = encodeError(() => insertTabletCall(textTablet("BLOB", [new Uint8Array(10), Buffer.alloc(11)]), max));
  assert.equal([e.column, e.row], ["c", 1]);
});

test("maxValueBytes in records: the measurement and the record are named", () => {
  const record = (v: unknown) => ({
    deviceId: "root.t.d",
    time: 1,
    measurements: ["m"],
    types: ["TEXT" as const],
    values: [v as string],
  });
  assert.ok(insertRecordCall(record("x".repeat(10)), { maxValueBytes: 10 }));
  const e = encodeError(() => insertRecordCall(record("x".repeat(11)), { maxValueBytes: 10 }));
  assert.is(e.message.split(":")[0], 'record 0 measurement "m"');
  assert.match(e.message, "a string of 11 UTF-8 bytes exceeds maxValueBytes 10");
  const b = encodeError(() =>
    insertRecordsOfOneDeviceCall(
      "root.t.d",
      [{ time: 1, measurements: ["b"], types: ["BLOB"], values: [new Uint8Array(11)] }],
      { maxValueBytes: 10 },
    ),
  );
  assert.equal([b.column, b.row], ["b", 0]);
});

test("maxValueBytes in string records (insertStringRecord(s), ...OfOneDevice, aligned): counted in UTF-8 bytes, the measurement and the record named", () => {
  const max = { maxValueBytes: 10 };
  const rec = (v: string | null, time = 1) => ({ deviceId: "root.t.d", time, measurements: ["m"], values: [v] });
  // 3 three-byte chars are 9 bytes, 4 are 12 (4 UTF-16 units: a count of units would pass)
  assert.ok(insertStringRecordCall(rec("€€€"), max));
  let e = encodeError(() => insertStringRecordCall(rec("€€€€"), max));
  assert.is(
    e.message,
    'record 0 measurement "m": a string of 12 UTF-8 bytes exceeds maxValueBytes 10 (one huge value jams the server\'s write-ahead log; raise maxValueBytes if your server takes it)',
  );
  assert.equal([e.column, e.row], ["m", 0]);
  e = encodeError(() => insertStringRecordCall(rec("x".repeat(11)), { ...max, aligned: true }));
  assert.match(e.message, "a string of 11 UTF-8 bytes exceeds maxValueBytes 10");
  e = encodeError(() => insertStringRecordsCall([rec("x".repeat(10)), rec(null), rec("x".repeat(11))], max));
  assert.equal([e.column, e.row], ["m", 2]);
  // the record's index before the sort by time, as for the other errors of the call
  e = encodeError(() =>
    insertStringRecordsOfOneDeviceCall(
      "root.t.d",
      [
        { time: 5, measurements: ["m"], values: ["x"] },
        { time: 1, measurements: ["m"], values: ["x".repeat(11)] },
      ],
      max,
    ),
  );
  assert.equal([e.column, e.row], ["m", 1]);
  // the default: 16 MiB; the option raises it
  const big = "x".repeat(16 * 1024 * 1024 + 1);
  assert.ok(insertStringRecordsCall([rec(big.slice(1))]));
  assert.match(
    encodeError(() => insertStringRecordsCall([rec(big)])).message,
    `a string of ${16 * 1024 * 1024 + 1} UTF-8 bytes exceeds maxValueBytes ${16 * 1024 * 1024}`,
  );
  assert.ok(insertStringRecordsCall([rec(big)], { maxValueBytes: 32 * 1024 * 1024 }));
  assert.match(
    encodeError(() => insertStringRecordCall(rec("a"), { maxValueBytes: 0 })).message,
    "maxValueBytes must be a positive number of bytes",
  );
});

test("maxValueBytes defaults to 16 MiB; the option raises it; a bad option is an EncodeError", () => {
  assert.is(DEFAULT_MAX_VALUE_BYTES, 16 * 1024 * 1024);
  const big = "x".repeat(16 * 1024 * 1024 + 1);
  assert.ok(insertTabletCall(textTablet("TEXT", [big.slice(1)])));
  const e = encodeError(() => insertTabletCall(textTablet("TEXT", [big])));
  assert.match(e.message, `a string of ${16 * 1024 * 1024 + 1} UTF-8 bytes exceeds maxValueBytes ${16 * 1024 * 1024}`);
  assert.ok(insertTabletCall(textTablet("TEXT", [big]), { maxValueBytes: 32 * 1024 * 1024 }));
  assert.match(
    encodeError(() => insertTabletCall(textTablet("TEXT", ["a"]), { maxValueBytes: 0 })).message,
    "maxValueBytes must be a positive number of bytes",
  );
});

test("Date times in tablets and records are converted by timestampPrecision (ms, us, ns)", () => {
  const ms = Date.UTC(2024, 1, 29, 12, 30, 15, 123);
  const dates = [new Date(ms), new Date(ms + 1000)];
  const withTimes = (timestamps: Tablet["timestamps"]): Tablet => ({
    schema: { model: "tree", target: "root.t.d", columns: [{ name: "v", type: "INT32" }] },
    timestamps,
    values: [[1, 2]],
  });
  assert.is(
    frameHex(insertTabletCall(withTimes(dates), { timestampPrecision: "ms" })),
    frameHex(insertTabletCall(withTimes([ms, ms + 1000]))),
  );
  assert.is(
    frameHex(insertTabletCall(withTimes(dates), { timestampPrecision: "us" })),
    frameHex(insertTabletCall(withTimes([BigInt(ms) * 1000n, BigInt(ms + 1000) * 1000n]))),
  );
  assert.is(
    frameHex(insertTabletCall(withTimes([dates[1]!, dates[0]!]), { timestampPrecision: "ns" })),
    frameHex(insertTabletCall(withTimes([BigInt(ms + 1000) * 1000000n, BigInt(ms) * 1000000n]))),
    "unsorted Date rows are sorted as their integer times",
  );
  const record = (time: number | bigint | Date) => ({
    deviceId: "root.t.d",
    time,
    measurements: ["m"],
    types: ["INT32" as const],
    values: [1],
  });
  assert.is(
    frameHex(insertRecordCall(record(dates[0]!), { timestampPrecision: "us" })),
    frameHex(insertRecordCall(record(BigInt(ms) * 1000n))),
  );
});

test("a Date time without timestampPrecision, or an invalid Date, is an EncodeError", () => {
  const t: Tablet = {
    schema: { model: "tree", target: "root.t.d", columns: [{ name: "v", type: "INT32" }] },
    timestamps: [1, new Date(0)],
    values: [[1, 2]],
  };
  const e = encodeError(() => insertTabletCall(t));
  assert.is(
    e.message,
    "timestamps[1]: a Date time needs the server's timestamp precision (a session passes its own; give timestampPrecision)",
  );
  assert.is(e.row, 1);
  assert.match(
    encodeError(() => insertTabletCall({ ...t, timestamps: [1, new Date(NaN)] }, { timestampPrecision: "ms" })).message,
    "timestamps[1]: an invalid Date",
  );
  assert.match(
    encodeError(() => new TabletBuilder(t.schema).addRow(new Date(NaN), [1])).message,
    "row 0: time: an invalid Date",
  );
});

test("TabletBuilder.reset(): empty again, same schema; tablets built before keep their rows and nulls stay theirs", () => {
  const b = new TabletBuilder(
    {
      model: "tree",
      target: "root.t.d",
      columns: [
        { name: "v", type: "INT64" },
        { name: "s", type: "TEXT" },
      ],
    },
    { initialCapacity: 2 },
  );
  b.addRow(1, [10n, null]).addRow(2, [20n, "b"]);
  const first = b.build();
  assert.is(b.reset(), b);
  assert.is(b.rowCount, 0);
  assert.is(b.build().timestamps.length, 0);
  b.addRow(3, [30n, "c"]);
  const second = b.build();
  assert.equal(Array.from(first.values[0] as BigInt64Array), [10n, 20n], "the first tablet is untouched");
  assert.equal(Array.from(first.nulls![1] as Uint8Array), [1, 0]);
  assert.equal([...second.timestamps], [3]);
  assert.equal(Array.from(second.values[0] as BigInt64Array), [30n]);
  assert.is(second.nulls![1], undefined, "the null of the first batch does not carry over");
  // the reset builder's tablet encodes as a fresh builder's
  const fresh = new TabletBuilder(b.schema).addRow(3, [30n, "c"]).build();
  assert.is(frameHex(insertTabletCall(second)), frameHex(insertTabletCall(fresh)));
  // Date times kept as given, converted when sent
  b.reset().addRow(new Date(5), [1n, "d"]);
  assert.is(
    frameHex(insertTabletCall(b.build(), { timestampPrecision: "ms" })),
    frameHex(insertTabletCall(new TabletBuilder(b.schema).addRow(5, [1n, "d"]).build())),
  );
});

test.run();
