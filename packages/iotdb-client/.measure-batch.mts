// temporary: throughput of the writer by batchPoints against the shared server
import { SessionPool } from "./dist/index.mjs";
const pool = new SessionPool({ host: "127.0.0.1", port: 7667, maxSize: 8 });
const DB = `root.zw_ingest_measure_${process.pid}`;
await pool.createDatabase(DB).catch(() => {});
const DEVICES = 100, SENSORS = 10, ROWS = 2000; // 2M points per round
const types = Array(SENSORS).fill("DOUBLE");
const measurements = Array.from({ length: SENSORS }, (_, i) => `s${i}`);
const sizes = (process.argv[2] ?? "1000,10000,20000,50000").split(",").map(Number);
let base = 1_700_000_000_000;
async function round(batchPoints: number) {
  const writer = pool.writer({ batchPoints, maxInFlight: 8, flushIntervalMs: 0 });
  for (let d = 0; d < DEVICES; d++) writer.defineDevice(`${DB}.d${d}`, { measurements, types });
  const values = Array.from({ length: SENSORS }, (_, i) => i * 1.5);
  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  for (let r = 0; r < ROWS; r++) {
    const time = base + r;
    for (let d = 0; d < DEVICES; d++) if (!writer.write(`${DB}.d${d}`, time, values)) await writer.ready();
  }
  const res = await writer.close();
  const ms = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
  base += ROWS;
  const points = DEVICES * SENSORS * ROWS;
  if (res.written !== DEVICES * ROWS) throw new Error(JSON.stringify(res));
  return { batchPoints, mpts: points / ms / 1000, cpuUsPerKpt: ((cpu.user + cpu.system) / points) * 1000, ppr: Math.round(writer.metrics().pointsPerRequest), reqs: writer.metrics().requests };
}
const results: Record<number, any[]> = {};
await round(10000); // warm-up
for (let rep = 0; rep < 3; rep++) {
  const order = rep % 2 === 0 ? sizes : [...sizes].reverse();
  for (const s of order) (results[s] ??= []).push(await round(s));
}
for (const s of sizes) {
  const rs = results[s]!;
  const m = (k: string) => rs.map((r) => r[k]).sort((a, b) => a - b);
  console.log(`batchPoints ${s}: Mpoints/s ${m("mpts").map((x) => x.toFixed(2)).join(" ")} | client CPU us/1k points ${m("cpuUsPerKpt").map((x) => x.toFixed(0)).join(" ")} | points/request ${rs[0].ppr} reqs ${rs[0].reqs}`);
}
await pool.deleteDatabase(DB);
await pool.close();
