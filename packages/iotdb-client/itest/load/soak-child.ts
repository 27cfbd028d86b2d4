// The soak, as a process of its own (run with --expose-gc; soak.load.ts starts it): steady mixed
// work through one SessionPool for a warm-up and then SOAK_SECONDS, with memory sampled every
// second after a full GC. Writes the samples, their trends and the verdict as JSON to SOAK_OUT.
//
// Work, paced (the same rate whatever the machine does, as long as the server keeps up):
//   4 tablet writers, each 20 tablets/s of 20-200 rows (INT64, DOUBLE, TEXT, BOOLEAN, nulls);
//   insertRecords of 20 records over 5 devices, 10 times/s;
//   a query every 200 ms streaming the last ~2000 rows of a device in batches of 256 (every third
//   one stops half way, so the data set is closed early); count(*) over a device every 2 s.
// SOAK_LEAK_BYTES_PER_INSERT (negative control only) keeps that many heap bytes per tablet insert.
import { writeFileSync } from "node:fs";
import { BufferPool, SessionPool, type SessionTablet } from "../../src/index.js";
import { envInt, loadServer } from "./load-env.js";
import { leakThresholds, type MemoryMetric, type MemorySample, metricTrend } from "./memory-trend.js";
import { SeededRandom } from "./seeded-random.js";

const WRITERS = 4;
const TABLETS_PER_SECOND = 20;
const RECORD_DEVICES = 5;
const QUERY_EVERY_MS = 200;
const COUNT_EVERY_MS = 2000;

const gc = (globalThis as { gc?: () => void }).gc;
if (typeof gc !== "function")
  throw new Error("soak-child.ts needs node --expose-gc (its samples are taken after a full GC)");
const seconds = envInt("SOAK_SECONDS", 60);
const warmupSeconds = envInt("SOAK_WARMUP_SECONDS", 15);
const leakBytes = Number(process.env.SOAK_LEAK_BYTES_PER_INSERT ?? 0);
const out = process.env.SOAK_OUT;
if (!out) throw new Error("SOAK_OUT (the JSON file to write) is not set");

const database = `root.load_soak_${process.pid}`;
const framePool = new BufferPool();
const pool = new SessionPool({ ...loadServer(), zoneId: "UTC", maxSize: 6, framePool, requestTimeoutMs: 60_000 });
const counts = { tablets: 0, records: 0, queries: 0, rowsRead: 0, earlyCloses: 0, counts: 0, errors: 0 };
const errors: string[] = [];
const leaked: number[][] = [];
let running = true;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `step` every `everyMs` (skipping slots it overran) until the soak ends; failures are counted. */
async function paced(everyMs: number, step: () => Promise<void>): Promise<void> {
  let next = performance.now();
  while (running) {
    try {
      await step();
    } catch (e) {
      counts.errors++;
      if (errors.length < 10) errors.push(`${(e as Error).name}: ${(e as Error).message}`);
    }
    next += everyMs;
    const now = performance.now();
    if (next < now) next = now;
    await sleep(next - now);
  }
}

/** Latest time written per tablet device. */
const lastTime = Array.from({ length: WRITERS }, () => 1_700_000_000_000);

function tablet(random: SeededRandom, writer: number): SessionTablet {
  const rows = random.int(20, 200);
  const start = lastTime[writer]!;
  lastTime[writer] = start + rows;
  const nulls = Uint8Array.from({ length: rows }, () => (random.chance(0.1) ? 1 : 0));
  return {
    schema: {
      target: `${database}.d${writer}`,
      columns: [
        { name: "seq", type: "INT64" },
        { name: "v", type: "DOUBLE" },
        { name: "note", type: "TEXT" },
        { name: "ok", type: "BOOLEAN" },
      ],
    },
    timestamps: Array.from({ length: rows }, (_, r) => start + r + 1),
    values: [
      BigInt64Array.from({ length: rows }, (_, r) => BigInt(start + r)),
      Float64Array.from({ length: rows }, () => random.float() * 100),
      Array.from({ length: rows }, (_, r) => `row ${start + r} ${"x".repeat(random.int(0, 40))}`),
      Uint8Array.from({ length: rows }, () => random.uint32() & 1),
    ],
    nulls: [undefined, nulls, undefined, nulls],
  };
}

async function writeTablets(writer: number): Promise<void> {
  const random = new SeededRandom(writer + 1);
  await paced(1000 / TABLETS_PER_SECOND, async () => {
    await pool.insertTablet(tablet(random, writer));
    counts.tablets++;
    if (leakBytes > 0) leaked.push(new Array<number>(leakBytes / 8).fill(counts.tablets + 0.5));
  });
}

async function writeRecords(): Promise<void> {
  let time = 1_700_000_000_000;
  await paced(100, async () => {
    const records = Array.from({ length: 20 }, (_, i) => ({
      deviceId: `${database}.r${i % RECORD_DEVICES}`,
      time: time + i,
      measurements: ["temperature", "state"],
      types: ["FLOAT" as const, "TEXT" as const],
      values: [i * 0.5, i % 2 === 0 ? "on" : null],
    }));
    time += 20;
    await pool.insertRecords(records);
    counts.records += records.length;
  });
}

async function queryRecent(): Promise<void> {
  let n = 0;
  await paced(QUERY_EVERY_MS, async () => {
    const writer = n % WRITERS;
    const stopEarly = n++ % 3 === 2;
    const dataSet = await pool.executeQueryStatement(
      `select seq, v, note, ok from ${database}.d${writer} where time > ${lastTime[writer]! - 2000}`,
      { fetchSize: 256 },
    );
    let rows = 0;
    for await (const row of dataSet) {
      if (typeof row.fields[0] !== "bigint") throw new Error(`seq of row ${row.timestamp} is ${String(row.fields[0])}`);
      rows++;
      if (stopEarly && rows === 300) break; // closes the data set: the rest is never fetched
    }
    counts.queries++;
    counts.rowsRead += rows;
    if (stopEarly) counts.earlyCloses++;
  });
}

async function countRows(): Promise<void> {
  await paced(COUNT_EVERY_MS, async () => {
    const rows = await (await pool.executeQueryStatement(`select count(seq) from ${database}.d0`)).toRows();
    if (rows.length !== 1) throw new Error(`count(seq) returned ${rows.length} rows`);
    counts.counts++;
  });
}

function sample(t: number): MemorySample {
  gc!();
  const m = process.memoryUsage();
  return {
    t,
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
  };
}

async function main(): Promise<void> {
  await pool.createDatabase(database);
  // One tablet per device first, so the count query never runs before its series exist.
  await Promise.all(
    Array.from({ length: WRITERS }, (_, w) => pool.insertTablet(tablet(new SeededRandom(1000 + w), w))),
  );
  const work = [
    ...Array.from({ length: WRITERS }, (_, w) => writeTablets(w)),
    writeRecords(),
    queryRecent(),
    countRows(),
  ];
  await sleep(warmupSeconds * 1000);
  const samples: MemorySample[] = [];
  const countsAtStart = { ...counts };
  const start = performance.now();
  for (let i = 0; i <= seconds; i++) {
    await sleep(Math.max(0, start + i * 1000 - performance.now()));
    samples.push(sample((performance.now() - start) / 1000));
  }
  running = false;
  await Promise.all(work);
  await pool.deleteDatabase(database);
  await pool.close();
  const thresholds = leakThresholds(seconds);
  const trends = Object.fromEntries(
    (Object.keys(thresholds) as MemoryMetric[]).map((metric) => [
      metric,
      metricTrend(samples, metric, thresholds[metric]),
    ]),
  );
  const sampled = Object.fromEntries(
    Object.entries(counts).map(([k, v]) => [k, v - countsAtStart[k as keyof typeof counts]]),
  );
  const result = {
    when: new Date().toISOString(),
    node: process.version,
    config: {
      seconds,
      warmupSeconds,
      leakBytesPerInsert: leakBytes,
      writers: WRITERS,
      tabletsPerSecond: TABLETS_PER_SECOND * WRITERS,
      queryEveryMs: QUERY_EVERY_MS,
    },
    counts,
    countsWhileSampled: sampled,
    errors,
    framePool: framePool.stats(),
    leakedArrays: leaked.length,
    trends,
    leak: Object.values(trends).some((t) => t.leak),
    samples,
  };
  writeFileSync(out!, JSON.stringify(result, null, 1));
}

await main();
