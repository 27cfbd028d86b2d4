// Type-level expectations of the client's public API, compiled (never run) by types.test.ts: rows,
// data sets, sessions and pools are typed by their int64 mode, so strict code needs no casts.
// A line here that stops compiling, or an @ts-expect-error that stops being an error, fails it.
import {
  type ColumnarResult,
  type CallOptions,
  type InsertRecord,
  type PoolOptions,
  type RowRecord,
  type SendableTypeName,
  type SessionOptions,
  Session,
  type SessionDataSet,
  SessionPool,
  TableSession,
  TableSessionPool,
  type TSDataTypeName,
  type Int64Mode,
  type PooledTableSession,
  type SessionTablet,
  type Status,
  type TableOperations,
  type TreeOperations,
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

export function rowRecordsByMode(
  row: RowRecord<"bigint">,
  numberRow: RowRecord<"number">,
  either: RowRecord<Int64Mode>,
): [bigint, number, bigint | number] {
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

// Named options keep the default int64 mode (issue 21): a SessionOptions, RowRecord or PoolOptions
// written without type arguments means "bigint", as a session constructed without `int64` does.
export async function namedOptionsKeepTheMode(): Promise<[bigint, bigint, bigint, number]> {
  const options: SessionOptions = { host: "127.0.0.1", port: 6667 };
  const session = new Session(options);
  const a: bigint = (await (await session.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const it = (await session.executeQueryStatement("q")).iterator();
  const b: bigint | null = it.getLong(1);
  const poolOptions: PoolOptions = { nodeUrls: ["127.0.0.1:6667"], maxSize: 2 };
  const pool = new SessionPool(poolOptions);
  const tablePool = new TableSessionPool(poolOptions);
  const c: bigint = (await (await pool.executeQueryStatement("q")).toRows())[0]!.timestamp;
  void tablePool;
  const numberOptions: SessionOptions<"number"> = { int64: "number" };
  const d: number = (await (await new Session(numberOptions).executeQueryStatement("q")).toRows())[0]!.timestamp;
  // @ts-expect-error a SessionOptions without a type argument is bigint mode: "number" needs SessionOptions<"number">
  const wrongMode: SessionOptions = { int64: "number" };
  void wrongMode;
  return [a, b ?? 0n, c, d];
}

export function rowRecordDefaultsToBigint(row: RowRecord): bigint {
  return row.timestamp;
}

export function dataSetColumnTypesAreNames(dataSet: SessionDataSet): TSDataTypeName[] {
  const types: readonly TSDataTypeName[] = dataSet.columnTypes;
  // @ts-expect-error a column type is a type name, not any string
  const wrong: readonly "x"[] = dataSet.columnTypes;
  void wrong;
  return [...types];
}

// Insert types tied to values where the record is written out; VECTOR and UNKNOWN cannot be sent.
export async function insertTypesTiedToValues(session: Session, table: TableSession): Promise<void> {
  await session.insertRecord({
    deviceId: "root.sg.d",
    time: 1n,
    measurements: ["a", "b", "c", "d"],
    types: ["INT32", "TEXT", "INT64", "DATE"],
    values: [1, "x", 2n, "2024-01-02"],
  });
  await session.insertRecord({
    deviceId: "root.sg.d",
    time: 1n,
    measurements: ["a", "b"],
    types: ["BOOLEAN", "DOUBLE"],
    values: [null, 1.5],
  });
  // Each @ts-expect-error stands right above the wrong property: a formatter that lays a call out
  // over several lines would move the error away from a directive above the call.
  await session.insertRecord({
    deviceId: "root.sg.d",
    time: 1n,
    measurements: ["a"],
    types: ["INT32"],
    // @ts-expect-error an INT32 value must be a number
    values: ["x"],
  });
  await session.insertAlignedRecord({
    deviceId: "root.sg.d",
    time: 1n,
    measurements: ["a"],
    types: ["BLOB"],
    // @ts-expect-error a BLOB value must be bytes
    values: [true],
  });
  await session.insertRecord({
    deviceId: "root.sg.d",
    time: 1n,
    measurements: ["a"],
    // @ts-expect-error VECTOR cannot be sent
    types: ["VECTOR"],
    values: [1],
  });
  await table.insert({
    // @ts-expect-error UNKNOWN cannot be a tablet column's type
    schema: { target: "t", columns: [{ name: "a", type: "UNKNOWN" }] },
    timestamps: [1n],
    values: [[1]],
  });
  // A record whose types are not known where it is written still compiles (checked at run time).
  const types: TSDataTypeName[] = ["INT32"];
  const records: InsertRecord[] = [
    { deviceId: "root.sg.d", time: 1n, measurements: ["a"], types: types as SendableTypeName[], values: [1] },
  ];
  await session.insertRecords(records);
  await session.insertRecord(records[0]!, { signal: AbortSignal.timeout(1000) });
}

// Pools offer the sessions' operations with the same signatures (one declaration, session/operations.ts):
// a function written for one takes the other, modes and per-query overrides type results as on a
// session, and the pool methods' former signatures still accept what they did.
export async function poolsHaveTheSessionsOperations(
  session: Session,
  pool: SessionPool,
  numberPool: SessionPool<"number">,
  tables: TableSessionPool<"number">,
  held: PooledTableSession<"number">,
  tablet: SessionTablet,
): Promise<[bigint, number, number, number]> {
  const trees: TreeOperations[] = [session, pool];
  const tableOps: TableOperations<"number">[] = [new TableSession({ int64: "number" }), tables, held];
  void [trees, tableOps];
  const a: bigint = (await (await pool.executeRawDataQuery(["root.sg.d.s"], 0, 10)).toRows())[0]!.timestamp;
  const b: number = (await (await pool.executeLastDataQuery(["root.sg.d.s"], 0, { int64: "number" })).toRows())[0]!
    .timestamp;
  const c: number = (
    await (await numberPool.executeLastDataQueryForOneDevice("root.sg", "root.sg.d", ["s"])).toRows()
  )[0]!.timestamp;
  const d: number = (await (await held.executeQueryStatement("q")).toRows())[0]!.timestamp;
  const signal = AbortSignal.timeout(1000);
  const statuses: Status[] = [
    await pool.insertTablet(tablet, { signal }),
    await pool.insertRecordsOfOneDevice(
      "root.sg.d",
      [{ time: 1n, measurements: ["s"], types: ["INT32"], values: [1] }],
      { signal },
    ),
    await tables.insert(tablet, { signal }),
    await held.insert(tablet, { signal }),
    await pool.executeNonQueryStatement("flush", { signal }),
    await held.executeNonQueryStatement("flush"),
  ];
  void statuses;
  await pool.deleteData("root.sg.d.s", 10);
  await pool.deleteData(["root.sg.d.s"], 0, 10);
  // @ts-expect-error deleteData takes an end time, or a start and an end time
  await pool.deleteData("root.sg.d.s", 0, 10, 20);
  // As on a session, a record literal's types are tied to its values.
  // @ts-expect-error an INT32 value must be a number
  await pool.insertRecord({ deviceId: "root.sg.d", time: 1n, measurements: ["a"], types: ["INT32"], values: ["x"] });
  // The former (non-generic) pool signatures still describe the methods.
  const insertRecord: (record: InsertRecord, options?: CallOptions) => Promise<Status> = (r, o) =>
    pool.insertRecord(r, o);
  const insertTablets: (tablets: readonly SessionTablet[], options?: CallOptions) => Promise<Status> =
    pool.insertTablets;
  const nonQuery: (sql: string) => Promise<Status> = tables.executeNonQueryStatement;
  const heldInsert: (tablet: SessionTablet) => Promise<Status> = held.insert;
  void [insertRecord, insertTablets, nonQuery, heldInsert];
  return [a, b, c, d];
}
