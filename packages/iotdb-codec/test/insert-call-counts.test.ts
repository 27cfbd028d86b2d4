// InsertCall.rows and .points (what tracing reports for an insert), counted by hand from the inputs:
// tablets count rows × FIELD columns whatever their nulls, table-model TAG and ATTRIBUTE columns
// count as no points, records count their non-null values and all-null records count no row.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  insertRecordCall,
  insertRecordsOfOneDeviceCall,
  insertStringRecordsCall,
  insertTabletCall,
} from "../src/index.js";

test("a table-model tablet: rows × field columns; tag and attribute columns are not points", () => {
  const call = insertTabletCall({
    schema: {
      model: "table",
      target: "t",
      columns: [
        { name: "region", type: "STRING", category: "TAG" },
        { name: "model", type: "STRING", category: "ATTRIBUTE" },
        { name: "temp", type: "FLOAT", category: "FIELD" },
        { name: "hum", type: "DOUBLE", category: "FIELD" },
      ],
    },
    timestamps: [1, 2, 3, 4],
    values: [
      ["a", "a", "b", "b"],
      ["x", "x", "y", "y"],
      [1, null, 3, 4],
      [null, null, 3, 4],
    ],
  });
  assert.is(call.rows, 4);
  assert.is(call.points, 8);
});

test("records: non-null values are points, an all-null record is no row", () => {
  const one = insertRecordCall({
    deviceId: "root.sg.d",
    time: 1,
    measurements: ["a", "b", "c"],
    types: ["INT32", "INT64", "TEXT"],
    values: [1, null, "x"],
  });
  assert.equal([one.rows, one.points], [1, 2]);
  const empty = insertRecordCall({
    deviceId: "root.sg.d",
    time: 1,
    measurements: ["a"],
    types: ["INT32"],
    values: [null],
  });
  assert.equal([empty.rows, empty.points, empty.needsSending], [0, 0, false]);
  const device = insertRecordsOfOneDeviceCall("root.sg.d", [
    { time: 2, measurements: ["a"], types: ["INT32"], values: [null] },
    { time: 1, measurements: ["a", "b"], types: ["INT32", "BOOLEAN"], values: [1, true] },
  ]);
  assert.equal([device.rows, device.points], [1, 2]);
  const strings = insertStringRecordsCall([
    { deviceId: "root.sg.d", time: 1, measurements: ["a", "b"], values: ["1", null] },
    { deviceId: "root.sg.e", time: 1, measurements: ["a"], values: ["2"] },
  ]);
  assert.equal([strings.rows, strings.points], [2, 2]);
});

test.run();
