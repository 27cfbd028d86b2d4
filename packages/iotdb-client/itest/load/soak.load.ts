// The soak: steady mixed writes and queries for SOAK_SECONDS (default 60, after a 15 s warm-up) in
// a child process with --expose-gc (soak-child.ts), memory sampled every second after a full GC;
// fails on errors, on frame buffers not given back, or on a leak (memory-trend.ts). Then a leak
// control: the same work keeping 1 KiB of heap per tablet insert must be reported as a leak.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { envInt } from "./load-env.js";
import { FLOOR_WINDOW_S, type MemoryMetric, type MetricTrend } from "./memory-trend.js";
import { SUMMARY_PREFIX } from "./summary.js";

const RESULTS_DIR = resolve(import.meta.dirname, "results");

interface SoakResult {
  config: { seconds: number; warmupSeconds: number; leakBytesPerInsert: number };
  counts: Record<string, number>;
  countsWhileSampled: Record<string, number>;
  errors: string[];
  framePool: { hits: number; misses: number; outstanding: number };
  trends: Record<MemoryMetric, MetricTrend>;
  leak: boolean;
}

async function runSoak(
  name: string,
  env: Record<string, string>,
  seconds: number,
  warmupSeconds: number,
): Promise<SoakResult> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = resolve(RESULTS_DIR, `${name}.json`);
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", resolve(import.meta.dirname, "soak-child.ts")],
    {
      env: {
        ...process.env,
        ...env,
        SOAK_SECONDS: String(seconds),
        SOAK_WARMUP_SECONDS: String(warmupSeconds),
        SOAK_OUT: out,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const limitMs = (seconds + warmupSeconds + 120) * 1000;
  const timer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  const code = await new Promise<number | null>((done) => child.on("close", done));
  clearTimeout(timer);
  assert.is(code, 0, `the soak process failed (exit ${code}; killed after ${limitMs / 1000} s if null)`);
  const result = JSON.parse(readFileSync(out, "utf8")) as SoakResult;
  console.log(formatSoak(name, result, out));
  return result;
}

const kb = (b: number) => (b / 1024).toFixed(1).padStart(7);
const mb = (b: number) => (b / 1e6).toFixed(1);

function formatSoak(name: string, r: SoakResult, out: string): string {
  const c = r.countsWhileSampled;
  const lines = [
    `${name}: ${r.config.seconds} s sampled after ${r.config.warmupSeconds} s warm-up: ${c.tablets} tablets, ${c.records} records, ${c.queries} queries (${c.rowsRead} rows, ${c.earlyCloses} closed early), ${c.counts} counts, ${r.counts.errors} errors; frame pool hits ${r.framePool.hits}, misses ${r.framePool.misses}, outstanding ${r.framePool.outstanding}`,
    `  metric        first -> last MB | slope KB/s: all  2nd half | floor (${FLOOR_WINDOW_S} s min) KB/s: all  2nd half  (MB/h) | threshold KB/s`,
  ];
  for (const [metric, t] of Object.entries(r.trends)) {
    lines.push(
      `  ${metric.padEnd(12)} ${mb(t.first).padStart(6)} -> ${mb(t.last).padEnd(6)} | ${kb(t.all.bytesPerSecond)} ${kb(t.secondHalf.bytesPerSecond)} | ${kb(t.floorAll.bytesPerSecond)} ${kb(t.floorSecondHalf.bytesPerSecond)}  (${t.floorAll.mbPerHour.toFixed(1)}) | ${t.threshold === undefined ? "reported" : kb(t.threshold)}${t.leak ? "  LEAK" : ""}`,
    );
  }
  lines.push(`  samples and trends: ${out}`);
  return lines.join("\n");
}

test("soak: steady mixed writes and queries, every frame buffer back, no memory growth", async () => {
  const r = await runSoak("soak", {}, envInt("SOAK_SECONDS", 60), envInt("SOAK_WARMUP_SECONDS", 15));
  const heap = r.trends.heapUsed;
  const rss = r.trends.rss;
  console.log(
    `${SUMMARY_PREFIX} soak ${r.config.seconds} s: ${r.countsWhileSampled.tablets} tablets + ${r.countsWhileSampled.queries} queries, heapUsed floor slope ${kb(heap.floorAll.bytesPerSecond).trim()} KB/s (${heap.floorAll.mbPerHour.toFixed(1)} MB/h), RSS slope ${kb(rss.all.bytesPerSecond).trim()} KB/s (${rss.all.mbPerHour.toFixed(1)} MB/h), 2nd half ${kb(rss.secondHalf.bytesPerSecond).trim()} KB/s, leak: ${r.leak ? "YES" : "no"}`,
  );
  assert.equal(r.errors, [], "no request failed");
  assert.ok(
    r.countsWhileSampled.tablets > 0 && r.countsWhileSampled.queries > 0 && r.countsWhileSampled.rowsRead > 0,
    "work went on while memory was sampled",
  );
  assert.is(r.framePool.outstanding, 0, "every frame buffer went back to the pool");
  for (const [metric, t] of Object.entries(r.trends)) {
    assert.not.ok(
      t.leak,
      `${metric} grows: floor slopes ${t.floorAll.bytesPerSecond.toFixed(0)} and ${t.floorSecondHalf.bytesPerSecond.toFixed(0)} B/s (second half) both over ${t.threshold} B/s`,
    );
  }
});

test("leak control: the same soak keeping 1 KiB of heap per tablet insert is reported as a leak", async () => {
  const r = await runSoak("soak-leak-control", { SOAK_LEAK_BYTES_PER_INSERT: "1024" }, 30, 5);
  assert.ok(r.trends.heapUsed.leak, "a leak of ~80 KB/s must be detected, or the soak above could not fail");
});

test.run();
