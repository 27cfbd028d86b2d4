// Type-level expectations of the client's public API, compiled (never run) by types.test.ts: rows,
// data sets, sessions and pools are typed by their int64 mode, so strict code needs no casts.
// A line here that stops compiling, or an @ts-expect-error that stops being an error, fails it.
import {
  type ColumnarResult,
  type RowRecord,
  Session,
  type SessionDataSet,
  SessionPool,
  TableSession,
  TableSessionPool,
  type TSDataTypeName,
} from "../../src/index.js";

export async function defaultModeIsBigint(session: Session): Promise<bigint[]> {
  const dataSet = await session.executeQueryStatement("select s from root.sg.d");
  const times: bigint[] = [];
  for await (const row of dataSet) {
    const t: bigint = row.timestamp;
    times.push(t);
  }
  const [first] = await (await session.executeQueryStatement("select s from root.sg.d")).toRows();
  const t: bigint = first!.timestamp;
  return [...times, t];
}

export async function constructedSessionsInferTheirMode(): Promise<[bigint, number, bigint, number]> {
  const plain = new Session({ host: "127.0.0.1" });
  const numbers = new Session({ int64: "number" });
  const table = new TableSession();
  const tableNumbers = new TableSession({ int64: "number", database: "db" });
  const a: bigint = (await (await plain.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const b: number = (await (await numbers.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const c: bigint = (await (await table.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const d: number = (await (await tableNumbers.executeQueryStatement("q")).toRows())[0]!.timestamp;
  // @ts-expect-error a number-mode row time is not a bigint
  const wrong: bigint = (await (await numbers.executeQueryStatement("q")).toRows())[0]!.timestamp;
  void wrong;
  return [a, b, c, d];
}

export async function perQueryAndPerReadOverrides(session: Session): Promise<[number, number, bigint]> {
  const asNumbers: SessionDataSet<"number"> = await session.executeQueryStatement("q", { int64: "number" });
  const a: number = (await asNumbers.toRows())[0]!.timestamp;
  const raw = await session.executeRawDataQuery(["root.sg.d.s"], 0, 10, { int64: "number" });
  const b: number = (await raw.toRows())[0]!.timestamp;
  const c: bigint = (await (await session.executeQueryStatement("q")).toRows({ int64: "bigint" }))[0]!.timestamp;
  return [a, b, c];
}

export async function poolsToo(): Promise<[bigint, number]> {
  const pool = new SessionPool({ nodeUrls: ["127.0.0.1:6667"] });
  const tables = new TableSessionPool({ int64: "number" });
  const a: bigint = (await (await pool.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const b: number = (await (await tables.executeQueryStatement("q")).toRows())[0]!.timestamp;
  return [a, b];
}

export function rowRecordsByMode(row: RowRecord<"bigint">, numberRow: RowRecord<"number">, either: RowRecord): [bigint, number, bigint | number] {
  return [row.timestamp, numberRow.timestamp, either.timestamp];
}

export function columnarTypesAreNames(result: ColumnarResult): TSDataTypeName[] {
  const column = result.columns[0]!;
  if (column.type === "INT64") {
    const values: BigInt64Array = column.values;
    void values;
  }
  return [...result.columnTypes, column.type];
}
