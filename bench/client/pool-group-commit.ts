// Group commit on and off, side by side, against a real server: many concurrent producers each
// calling SessionPool.insertRecord with one row (one device x SENSORS DOUBLE values) per call, on a
// pool with its defaults (maxSize 5), and a lone caller doing the same one call at a time (group
// commit must not make it slower). Rounds alternate the order of the sides (ABBA); each side's
// figure is the median over rounds. Prints rows/s, client CPU µs per row, call latency p50/p99,
// requests sent, and the ratios on/off. Run on a quiet machine: the numbers are wall clock.
// First, without a server: the pool's own cost per lone insertRecord (a session stub that answers
// at once, no I/O), group commit on and off on one pool, ABBA rounds (the hot-path case
// `lone-no-io` that base-pool.ts's accept() points at). Without IOTDB_HOST only that part runs.
//
//   pnpm build && IOTDB_HOST=127.0.0.1 IOTDB_PORT=6667 npx tsx bench/client/pool-group-commit.ts [--producers 200] [--seconds 4] [--rounds 4]
import type * as IoTDBClient from "../../packages/iotdb-client/dist/index.js";
import { median, nearestRank } from "../lib/stats.js";

// The built package, as a user gets it (its types from the .d.ts beside it).
const { SessionPool } = (await import("../../packages/iotdb-client/dist/index.mjs" as string)) as typeof IoTDBClient;

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PRODUCERS = arg("producers", 200);
const SECONDS = arg("seconds", 4);
const ROUNDS = arg("rounds", 4);
const DEVICES = 100;
const SENSORS = 10;
const host = process.env.IOTDB_HOST;
const port = Number(process.env.IOTDB_PORT ?? 6667);
const DB = `root.zw_bench_gc_${process.pid}`;
const measurements = Array.from({ length: SENSORS }, (_, i) => `s${i}`);
const types = measurements.map(() => "DOUBLE" as const);

interface Figures {
  rowsPerSecond: number;
  cpuUsPerRow: number;
  p50Ms: number;
  p99Ms: number;
  rowsPerRequest: number;
}

let clock = 0;

async function side(groupCommit: boolean, producers: number, seconds: number): Promise<Figures> {
  const pool = new SessionPool({ host, port, zoneId: "UTC", groupCommit });
  let requests = 0;
  pool.onRequest(() => requests++);
  await pool.open();
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1_000;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const producer = async (p: number) => {
    const deviceId = `${DB}.d${p % DEVICES}`;
    while (Date.now() < end) {
      const values = measurements.map(() => Math.random());
      const t0 = process.hrtime.bigint();
      await pool.insertRecord({ deviceId, time: clock++, measurements, types, values });
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: producers }, (_, p) => producer(p)));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const rows = latencies.length;
  return {
    rowsPerSecond: rows / elapsed,
    cpuUsPerRow: (used.user + used.system) / rows,
    p50Ms: nearestRank(latencies, 0.5),
    p99Ms: nearestRank(latencies, 0.99),
    rowsPerRequest: rows / requests,
  };
}

async function compare(label: string, producers: number, seconds: number): Promise<void> {
  const on: Figures[] = [];
  const off: Figures[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // ABBA: on first in even rounds, off first in odd ones.
    for (const gc of r % 2 === 0 ? [true, false] : [false, true])
      (gc ? on : off).push(await side(gc, producers, seconds));
  }
  const row = (name: string, f: Figures[]) => {
    const m = (k: keyof Figures) => median(f.map((x) => x[k]));
    return `${name.padEnd(4)} ${m("rowsPerSecond").toFixed(0).padStart(9)} rows/s  ${m("cpuUsPerRow").toFixed(1).padStart(7)} µs CPU/row  p50 ${m("p50Ms").toFixed(2)} ms  p99 ${m("p99Ms").toFixed(2)} ms  ${m("rowsPerRequest").toFixed(1)} rows/request  (rows/s rounds ${f.map((x) => x.rowsPerSecond.toFixed(0)).join(", ")})`;
  };
  const ratio = (k: keyof Figures) => (median(on.map((x) => x[k])) / median(off.map((x) => x[k]))).toFixed(2);
  console.log(`\n${label}: ${producers} producer(s), ${seconds} s per side, ${ROUNDS} rounds`);
  console.log(row("on", on));
  console.log(row("off", off));
  console.log(
    `on/off: throughput ${ratio("rowsPerSecond")}, CPU per row ${ratio("cpuUsPerRow")}, p50 ${ratio("p50Ms")}, p99 ${ratio("p99Ms")}`,
  );
}

/** Just what the pool uses of a Session, answering every insertRecord at once. */
class StubSession {
  isOpen = false;
  async open(): Promise<void> {
    this.isOpen = true;
  }
  async close(): Promise<void> {
    this.isOpen = false;
  }
  async ping(): Promise<void> {}
  onBroken(): void {}
  ref(): void {}
  unref(): void {}
  insertRecord(): Promise<{ code: number }> {
    return Promise.resolve({ code: 200 });
  }
}

async function loneNoIo(): Promise<void> {
  const pool = new SessionPool({ nodeUrls: ["10.0.0.1:6667"], createSession: () => new StubSession() as never });
  await pool.open();
  const record = { deviceId: "root.stub.d1", time: 1, measurements, types, values: measurements.map(() => 1.5) };
  const side = async (groupCommit: boolean, n: number) => {
    (pool as unknown as { options: { groupCommit: boolean } }).options.groupCommit = groupCommit;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await pool.insertRecord(record);
    return Number(process.hrtime.bigint() - t0) / n;
  };
  await side(true, 50_000);
  await side(false, 50_000);
  const on: number[] = [];
  const off: number[] = [];
  for (let r = 0; r < 4 * ROUNDS; r++)
    for (const gc of r % 2 === 0 ? [true, false] : [false, true]) (gc ? on : off).push(await side(gc, 50_000));
  await pool.close();
  console.log(
    `\nlone-no-io: pool cost per lone insertRecord (session stub, no I/O), ${4 * ROUNDS} rounds of 50,000 calls per side`,
  );
  console.log(
    `on ${median(on).toFixed(0)} ns (${Math.min(...on).toFixed(0)}..${Math.max(...on).toFixed(0)}), off ${median(off).toFixed(0)} ns (${Math.min(...off).toFixed(0)}..${Math.max(...off).toFixed(0)}), on/off ${(median(on) / median(off)).toFixed(2)}`,
  );
}

await loneNoIo();
if (host === undefined) process.exit(0);
const admin = new SessionPool({ host, port, zoneId: "UTC" });
await admin.createDatabase(DB);
try {
  await side(true, PRODUCERS, 1); // warm-up (schema creation, JIT)
  await side(false, PRODUCERS, 1);
  await compare("concurrent insertRecord", PRODUCERS, SECONDS);
  await compare("lone caller", 1, SECONDS / 2);
} finally {
  await admin.deleteDatabase(DB).catch(() => {});
  await admin.close();
}
