// A query result of every type the client reads, for tests against the fake server: six rows
// with nulls in two batches (rows 1-3 with the execute reply, 4-6 from one fetchResultsV2), as
// TsBlock bytes built with Buffer's writers by the codec tests' builders (an oracle independent
// of the decoder). Column c of a row is NAMES[c], of type TYPES[c]; "Time" leads the result.
import {
  arrayBody,
  booleanBody,
  f32,
  f64,
  header,
  hex,
  i32,
  i64,
  text,
  timeBody,
} from "../../../iotdb-codec/test/decode-bytes.js";
import { TSExecuteStatementResp, TSFetchResultsResp } from "../../src/gen/client_types.js";
import { toInt64 } from "../../src/thrift/int64.js";
import { ok, type FakeIoTDB } from "./fake-iotdb.js";

export const NAMES = ["b", "i", "l", "f", "d", "t", "ts", "date", "blob", "s"].map((m) => `root.sg.d.${m}`);
export const TYPES = ["BOOLEAN", "INT32", "INT64", "FLOAT", "DOUBLE", "TEXT", "TIMESTAMP", "DATE", "BLOB", "STRING"];
// physical type codes in the TsBlock header (TIMESTAMP is INT64, DATE INT32, BLOB and STRING TEXT),
// and each column's encoding (time first: INT64_ARRAY)
const CODES = [0, 1, 2, 3, 4, 5, 2, 1, 5, 5];
const ENCODINGS = [2, 0, 1, 2, 1, 2, 3, 2, 1, 3, 3];

export type Cell = boolean | number | bigint | string | Uint8Array | null;
export interface Row {
  time: bigint;
  cells: Cell[];
}
const bytes = (...b: number[]) => Uint8Array.from(b);
const F = Math.fround;

// The data: DATE cells as yyyymmdd (rows show 'YYYY-MM-DD'), FLOAT cells as float32 values.
export const ROWS: Row[] = [
  {
    time: 1n,
    cells: [true, 7, 1234567890123n, F(21.3), 0.1, "héllo", 1700000000123456n, 20240229, bytes(0xde, 0xad), "s1"],
  },
  { time: 2n, cells: [null, null, null, null, null, null, null, null, null, null] },
  { time: 3n, cells: [false, -2147483648, -9223372036854775808n, F(1e10), 1e-5, "", -1n, 10000101, bytes(), "日本"] },
  { time: 4n, cells: [true, 2147483647, 9007199254740993n, -0, 123456789.125, "a\nb", 0n, 99991231, bytes(0), "x"] },
  { time: 5n, cells: [null, 0, null, F(0.001), null, null, 1n, null, bytes(255), null] },
  { time: 6n, cells: [false, null, -1n, null, -2.5, "z", null, 19700101, null, ""] },
];

export function tsBlock(rows: readonly Row[]): Buffer {
  const column = (c: number) => rows.map((r) => r.cells[c]!);
  const utf8 = (v: Cell) => text(v as string | Uint8Array);
  return hex(
    header(CODES, rows.length, ENCODINGS),
    timeBody(rows.map((r) => r.time)),
    booleanBody(column(0) as (boolean | null)[]),
    arrayBody(column(1) as (number | null)[], i32),
    arrayBody(column(2) as (bigint | null)[], i64),
    arrayBody(column(3) as (number | null)[], f32),
    arrayBody(column(4) as (number | null)[], f64),
    arrayBody(column(5), utf8),
    arrayBody(column(6) as (bigint | null)[], i64),
    arrayBody(column(7) as (number | null)[], i32),
    arrayBody(column(8), utf8),
    arrayBody(column(9), utf8),
  );
}

/** Rows 1-3 with the execute reply, rows 4-6 from one fetchResultsV2. */
export function serveAllTypes(fake: FakeIoTDB, options: { columns?: string[]; ignoreTimeStamp?: boolean } = {}): void {
  fake.handler.executeQueryStatementV2 = () =>
    new TSExecuteStatementResp({
      status: ok(),
      queryId: toInt64(5),
      columns: options.columns ?? NAMES,
      dataTypeList: TYPES,
      ignoreTimeStamp: options.ignoreTimeStamp ?? false,
      queryResult: [tsBlock(ROWS.slice(0, 3))],
      moreData: true,
    });
  fake.handler.fetchResultsV2 = () =>
    new TSFetchResultsResp({
      status: ok(),
      hasResultSet: true,
      isAlign: true,
      queryResult: [tsBlock(ROWS.slice(3))],
      moreData: false,
    });
}
