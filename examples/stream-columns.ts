// Streaming a large query into typed columns: rows are fetched in batches of fetchSize and each
// decoded TsBlock is handed out as typed arrays (Float64Array, BigInt64Array, ...) without a copy,
// so a result of any size is read in constant memory. toColumnar() joins the blocks into one
// typed array per column, for results that fit in memory.
//
//   IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx stream-columns.ts
import { Session, TSDataType } from "@zerowire/iotdb-client";

const host = process.env.IOTDB_HOST ?? "127.0.0.1";
const port = Number(process.env.IOTDB_PORT ?? 6667);
const database = "root.examples_stream";
const device = `${database}.meter1`;
const ROWS = 200_000;
const BATCH = 20_000;

const session = new Session({ host, port, username: "root", password: "root", fetchSize: 10_000 });
await session.open();
try {
  await session.createDatabase(database);

  // Write ROWS points, BATCH per tablet: power = i % 1000, so the sum is known.
  for (let first = 0; first < ROWS; first += BATCH) {
    await session.insertAlignedTablet({
      schema: { target: device, columns: [{ name: "power", type: "DOUBLE" }] },
      timestamps: BigInt64Array.from({ length: BATCH }, (_, i) => BigInt(first + i)),
      values: [Float64Array.from({ length: BATCH }, (_, i) => (first + i) % 1000)],
    });
  }
  const expectedSum = Array.from({ length: ROWS }, (_, i) => i % 1000).reduce((a, b) => a + b, 0);
  console.log(`inserted ${ROWS} rows into ${device}`);

  // Stream: one block at a time. Column 0 is "Time", column 1 is power.
  const dataSet = await session.executeQueryStatement(`select power from ${device}`);
  let rows = 0;
  let blocks = 0;
  let sum = 0;
  let lastTime = -1n;
  for await (const block of dataSet.blocks()) {
    const time = block.columns[0]!;
    const power = block.columns[1]!;
    // The type tag narrows the column's values to the typed array of that type.
    if (time.type !== TSDataType.TIMESTAMP || power.type !== TSDataType.DOUBLE)
      throw new Error(`unexpected column types ${time.type}, ${power.type}`);
    for (let i = 0; i < block.rowCount; i++) sum += power.values[i]!;
    lastTime = time.values[block.rowCount - 1] ?? lastTime;
    rows += block.rowCount;
    blocks++;
  }
  if (rows !== ROWS || sum !== expectedSum || lastTime !== BigInt(ROWS - 1)) {
    throw new Error(
      `streamed ${rows} rows (sum ${sum}, last time ${lastTime}), expected ${ROWS} (sum ${expectedSum}, last time ${ROWS - 1})`,
    );
  }
  console.log(`streamed ${rows} rows in ${blocks} blocks, sum of power ${sum}`);

  // The whole (smaller) result as one typed array per column.
  const columnar = await (
    await session.executeQueryStatement(`select power from ${device} where time < 50000`)
  ).toColumnar();
  const [timeColumn, powerColumn] = columnar.columns;
  if (
    columnar.rowCount !== 50_000 ||
    !(powerColumn?.values instanceof Float64Array) ||
    !(timeColumn?.values instanceof BigInt64Array)
  ) {
    throw new Error(`toColumnar gave ${columnar.rowCount} rows of ${columnar.columnTypes.join(", ")}`);
  }
  console.log(
    `toColumnar: ${columnar.rowCount} rows, columns ${columnar.columnNames.join(", ")} as ${timeColumn.values.constructor.name}, ${powerColumn.values.constructor.name}`,
  );
} finally {
  await session.deleteDatabase(database).catch(() => {});
  await session.close();
}
