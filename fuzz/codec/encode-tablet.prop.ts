// Properties of tablet encoding on random tablets (arbitraries.ts):
// 1. columnar typed arrays, columnar plain arrays and TabletBuilder rows all give the naive
//    reference encoder's time buffer, value buffer and TSInsertTabletReq (binary and compact);
// 2. a server-style read of our buffers gives back the input (rows in time order, nulls where
//    the input had them, FLOAT as Java's (float) cast, text as Java's UTF-8).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Writer } from "@zerowire/writer";
import { encodeTabletBuffers, insertTabletCall, writeCallRequest, type Tablet } from "@zerowire/iotdb-codec";
import { checkProperty } from "../writer/check-property.js";
import { tablet } from "./arbitraries.js";
import {
  dateToInt,
  javaUtf8,
  refOrder,
  refTabletReq,
  refTimeBuffer,
  refValueBuffer,
  type RefTablet,
} from "./reference-encoder.js";
import { decodeTimes, decodeValues, type DecodedCell } from "./server-decode.js";
import { plainForm, rowsForm, typedForm } from "./tablet-inputs.js";

const SAME_BYTES_RUNS = 4_000;
const ROUND_TRIP_RUNS = 3_000;
const SESSION_ID = 7n;

function sameBytes(what: string, actual: Uint8Array, expected: Buffer): void {
  const got = Buffer.from(actual.buffer, actual.byteOffset, actual.length);
  if (got.equals(expected)) return;
  let i = 0;
  while (got[i] === expected[i]) i++;
  assert.unreachable(`${what}: ${got.length} bytes vs ${expected.length} expected, first difference at offset ${i}`);
}

function request(t: Tablet, protocol: "binary" | "compact"): Buffer {
  const w = new Writer();
  writeCallRequest(w, insertTabletCall(t), { sessionId: SESSION_ID, protocol });
  return w.finish().bytes;
}

test(`three input forms = naive reference: buffers and requests (${SAME_BYTES_RUNS} cases)`, () => {
  checkProperty("tablet forms vs reference", tablet, SAME_BYTES_RUNS, (ref) => {
    const times = refTimeBuffer(ref);
    const values = refValueBuffer(ref);
    for (const [form, make] of [
      ["typed", typedForm],
      ["plain", plainForm],
      ["rows", rowsForm],
    ] as const) {
      const b = encodeTabletBuffers(make(ref));
      sameBytes(`${form} time buffer`, b.timestamps, times);
      sameBytes(`${form} value buffer`, b.values, values);
    }
    const typed = typedForm(ref);
    sameBytes("binary request", request(typed, "binary"), refTabletReq(ref, SESSION_ID, "binary"));
    sameBytes("compact request", request(typed, "compact"), refTabletReq(ref, SESSION_ID, "compact"));
  });
});

function expectedCell(type: number, v: RefTablet["rows"][number][number]): DecodedCell {
  if (v === null) return null;
  switch (type) {
    case 3:
      return Math.fround(v as number);
    case 9:
      return dateToInt(v as string);
    case 5:
    case 10:
    case 11:
      return typeof v === "string" ? javaUtf8(v) : Buffer.from(v as Uint8Array);
    default:
      return v as DecodedCell;
  }
}

test(`encode → server-style decode = input (${ROUND_TRIP_RUNS} cases)`, () => {
  checkProperty("tablet round trip", tablet, ROUND_TRIP_RUNS, (ref) => {
    const n = ref.rows.length;
    const b = encodeTabletBuffers(typedForm(ref));
    const order = refOrder(ref.times);
    assert.equal(
      decodeTimes(Buffer.from(b.timestamps), n),
      order.map((r) => ref.times[r]!),
    );
    const columns = decodeValues(
      Buffer.from(b.values),
      ref.columns.map((c) => c.type),
      n,
    );
    ref.columns.forEach((col, c) => {
      order.forEach((r, i) => {
        const expected = expectedCell(col.type, ref.rows[r]![c]!);
        const got = columns[c]![i]!;
        const same = Buffer.isBuffer(expected)
          ? Buffer.isBuffer(got) && expected.equals(got)
          : Object.is(got, expected);
        if (!same)
          assert.unreachable(
            `column ${c} (type ${col.type}) wire row ${i}: got ${String(got)}, expected ${String(expected)}`,
          );
      });
    });
  });
});

test.run();
