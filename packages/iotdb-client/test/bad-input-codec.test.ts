// Rows C of docs/bad-input.md: @zerowire/iotdb-codec's encoders with bad input. Each test throws
// the row's EncodeError and leaves what it was given as it was: a Writer keeps its pos and bytes
// (the call is created and framed into it), a TabletBuilder keeps its rows.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import {
  type Cell,
  type ColumnValues,
  encodeTabletBuffers,
  type FrameOptions,
  type InsertCall,
  type InsertRecord,
  insertRecordCall,
  insertRecordsCall,
  insertStringRecordCall,
  insertStringRecordsCall,
  insertStringRecordsOfOneDeviceCall,
  insertTabletCall,
  insertTabletsCall,
  type Tablet,
  TabletBuilder,
  type TabletColumn,
  writeCallFrame,
} from "@zerowire/iotdb-codec";
import { assertRowError, type BadInputRow, rowTests } from "./helpers/bad-input-table.js";

const rowTest = rowTests(test);
const FRAME: FrameOptions = { sessionId: 42n, seqid: 1 };

/** Creates the call and frames it into a Writer holding one byte: the row's error, and the Writer unchanged. */
function callRow(id: string, makeCall: () => InsertCall, frame: FrameOptions = FRAME): void {
  rowTest(id, (row) => {
    const w = new Writer();
    w.u8(0xaa);
    assertThrows(row, () => writeCallFrame(w, makeCall(), frame));
    assert.is(w.length, 1, "pos unchanged");
    assert.is(Buffer.from(w.peek()).toString("hex"), "aa", "bytes unchanged");
  });
}

/** A builder with one good row gets a bad one: the row's error, and the builder keeps exactly its first row. */
function builderRow(id: string, time: number, values: Cell[]): void {
  rowTest(id, (row) => {
    const builder = new TabletBuilder({
      model: "tree",
      target: "root.bi.d",
      columns: [column("a", "INT32"), column("b", "INT32")],
    });
    builder.addRow(1, [1, 2]);
    assertThrows(row, () => builder.addRow(time, values));
    assert.is(builder.rowCount, 1);
    const built = builder.build();
    assert.equal(built.timestamps, [1]);
    assert.equal(
      built.values.map((v) => Array.from(v as Int32Array)),
      [[1], [2]],
    );
  });
}

function assertThrows(row: BadInputRow, run: () => unknown): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  assertRowError(row, error);
}

function column(name: string, type: TabletColumn["type"], category?: TabletColumn["category"]): TabletColumn {
  return category === undefined ? { name, type } : { name, type, category };
}

/** A tree tablet of one column `s` on root.bi.d, a good first cell then the bad one. */
function tablet(type: TabletColumn["type"], values: ColumnValues): Tablet {
  return {
    schema: { model: "tree", target: "root.bi.d", columns: [column("s", type)] },
    timestamps: [1, 2].slice(0, values.length),
    values: [values],
  };
}

function withSchema(t: Tablet, schema: Partial<Tablet["schema"]>): Tablet {
  return { ...t, schema: { ...t.schema, ...schema } };
}

const good = tablet("INT32", [1]);
const twoColumns: Tablet["schema"] = {
  model: "tree",
  target: "root.bi.d",
  columns: [column("a", "INT32"), column("b", "INT32")],
};
const table = (target: string, category: unknown = "FIELD"): Tablet => ({
  schema: { model: "table", target, columns: [column("s", "INT32", category as TabletColumn["category"])] },
  timestamps: [1],
  values: [[1]],
});
const record = (over: Partial<InsertRecord>): InsertRecord => ({
  deviceId: "root.bi.d",
  time: 1,
  measurements: ["a"],
  types: ["INT32"],
  values: [1],
  ...over,
});

callRow("C01", () => insertTabletCall(tablet("DOUBLE", [1, "3" as never])));
callRow("C02", () => insertTabletCall(tablet("TEXT", ["a", 5 as never])));
callRow("C03", () => insertTabletCall(tablet("BOOLEAN", Uint8Array.of(1, 2))));
callRow("C04", () => insertTabletCall(tablet("INT32", [1, NaN])));
callRow("C05", () => insertTabletCall(tablet("INT32", [1, 1.5])));
callRow("C06", () => insertTabletCall(tablet("INT32", [1, 2 ** 31])));
callRow("C07", () => insertTabletCall(tablet("INT64", [1, 2 ** 53])));
callRow("C08", () => insertTabletCall(tablet("INT64", [1, 2n ** 63n])));
callRow("C09", () => insertTabletCall({ ...tablet("INT32", [1, 2]), timestamps: [1, 2.5] }));
callRow("C10", () => insertTabletCall(tablet("DATE", ["2024-01-01", "0999-12-31"])));
callRow("C11", () => insertTabletCall(tablet("DATE", ["2024-01-01", "10000-01-01"])));
callRow("C12", () => insertTabletCall(tablet("DATE", ["2024-01-01", "2024-02-30"])));
callRow("C13", () => insertTabletCall(tablet("DATE", ["2024-01-01", "2024/01/01"])));
callRow("C14", () => insertTabletCall(tablet("DATE", Int32Array.of(20240101, 20230229))));
callRow("C15", () => insertTabletCall({ schema: twoColumns, timestamps: [1], values: [[1]] }));
callRow("C16", () =>
  insertTabletCall({
    schema: twoColumns,
    timestamps: [1, 2, 3],
    values: [
      [1, 2, 3],
      [1, 2],
    ],
  }),
);
callRow("C17", () => insertTabletCall({ schema: twoColumns, timestamps: [1], values: [[1], [2]], nulls: [undefined] }));
callRow("C18", () => insertTabletCall(withSchema(good, { target: "root.bi.d\uD800" })));
callRow("C19", () => insertTabletCall(withSchema(good, { columns: [column("s\uDC00", "INT32")] })));
callRow("C20", () => insertTabletCall(table("t\uD83D")));
callRow("C21", () => insertTabletCall(withSchema(good, { target: "" })));
callRow("C22", () => insertTabletCall(withSchema(good, { columns: [column("", "INT32")] })));
callRow("C23", () => insertTabletCall(withSchema(good, { columns: [column("s", "FOO" as never)] })));
callRow("C24", () => insertTabletCall(table("t", "TAGS")));
callRow("C25", () => insertTabletCall(null as never));
builderRow("C26", 2, [1]);
builderRow("C27", 2, [1, "x" as never]);
callRow("C28", () => insertRecordCall(record({ measurements: ["a", "b"] })));
callRow("C29", () => insertRecordsCall([record({}), record({ deviceId: "root.\uD800" })]));
callRow("C30", () => insertTabletsCall([]));
callRow("C31", () => insertTabletCall(good), { sessionId: 42n, seqid: 2 ** 31 });
callRow("C32", () => insertTabletCall(good), { sessionId: 1.5, seqid: 1 });
callRow("C44", () =>
  insertStringRecordsCall(
    [
      { deviceId: "root.bi.d", time: 1, measurements: ["a"], values: ["1"] },
      { deviceId: "root.bi.d", time: 2, measurements: ["a"], values: ["ééééé"] },
    ],
    { maxValueBytes: 8 },
  ),
);
callRow("C40", () =>
  insertStringRecordCall({ deviceId: "root.bi.d", time: 1, measurements: ["a"], values: [5 as never] }),
);
callRow("C41", () =>
  insertStringRecordsOfOneDeviceCall("root.bi.d", [
    { time: 1, measurements: ["a"], values: ["1"] },
    { time: 2, measurements: ["a"], values: ["1", "2"] },
  ]),
);
callRow("C42", () =>
  insertRecordsCall(
    Array.from({ length: 40 }, (_, i) =>
      i === 5 ? record({ time: i, types: ["DATE"], values: ["2024-01-01"] }) : record({ time: i }),
    ),
    { autoConvertRecords: true },
  ),
);
callRow("C43", () => insertRecordsCall([record({})], { autoConvertRecords: "yes" as never }));
callRow("C34", () => insertTabletCall(tablet("TEXT", ["a", "x".repeat(9)]), { maxValueBytes: 8 }));
callRow("C35", () => insertRecordCall(record({ types: ["BLOB"], values: [new Uint8Array(9)] }), { maxValueBytes: 8 }));
callRow("C36", () => insertTabletCall({ ...tablet("INT32", [1, 2]), timestamps: [1, new Date(2)] }));
builderRow("C37", 1.5, [1, 2]);
callRow("C38", () => insertTabletCall(tablet("DATE", ["2024-01-01", "2024-13-01"])));
rowTest("C33", (row) => {
  let result: unknown;
  assertThrows(row, () => (result = encodeTabletBuffers(tablet("INT32", [1, 1.5]))));
  assert.is(result, undefined, "nothing returned");
});

test.run();
