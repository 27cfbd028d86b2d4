// Child process of the query benchmark: reads one result with our client, rows or columnar, in a
// fresh process so its peak RSS is the read's own. `node --import tsx node-reader.ts '<json>'`
// with host, port, user, password, fetchSize, mode ("rows" | "columnar" | "arrow"), warmupSql (read once,
// untimed) and sql (timed). Prints one JSON line, the same fields as the Java side's.
import { openTreeSession } from "../connect.js";
import type { IoTDBClient } from "../client.js";
import { consumeArrow, consumeBlocks, consumeRows } from "./consume.js";

interface ReadSpec {
  host: string;
  port: number;
  user: string;
  password: string;
  fetchSize: number;
  mode: "rows" | "columnar" | "arrow";
  warmupSql: string;
  sql: string;
}

const spec = JSON.parse(process.argv[2]!) as ReadSpec;
const session = await openTreeSession(spec, { fetchSize: spec.fetchSize });
try {
  await read(session, spec.warmupSql);
  const cpuBefore = process.cpuUsage();
  const begin = performance.now();
  const { rows, sums } = await read(session, spec.sql);
  const seconds = (performance.now() - begin) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({ rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMb, sums: Array.from(sums) }),
  );
} finally {
  await session.close();
}

async function read(s: IoTDBClient.Session, sql: string): Promise<{ rows: number; sums: Float64Array }> {
  const dataSet = await s.executeQueryStatement(sql);
  const sums = new Float64Array(dataSet.columnNames.length);
  const consume = { rows: consumeRows, columnar: consumeBlocks, arrow: consumeArrow }[spec.mode];
  const rows = await consume(dataSet, sums);
  return { rows, sums };
}
