// One run of the buffer-ownership load test: `writers` concurrent writers, each sending its seeded
// tablets one after the other through one SessionPool whose insert frames come from the given
// (deliberately small) BufferPool; then every writer's device is read back and compared with the
// tablets regenerated from the seed.
import { type BufferPool, runConcurrent, type Session, SessionPool } from "../../src/index.js";
import { loadServer } from "./load-env.js";
import {
  pointCount,
  type SeededTablet,
  seededTablet,
  type TabletShape,
  toSessionTablet,
  writerDevice,
} from "./seeded-tablets.js";
import { verifyDevice } from "./verify-device.js";

/** Tablets sent right after a bulk tablet on its session, without waiting for its reply. */
const PIPELINED_AFTER_BULK = 4;

export interface OwnershipRunOptions {
  database: string;
  seed: number;
  writers: number;
  tabletsPerWriter: number;
  shape: TabletShape;
  framePool: BufferPool;
  /** Where the writers connect: the server, or a SlowLink in front of it. */
  writeTo: { host: string; port: number };
  requestTimeoutMs: number;
}

export interface OwnershipReport {
  tablets: number;
  rejected: number;
  rejections: string[];
  /** "writer:index" of every refused insert. */
  refusedTablets: Set<string>;
  /** Refused inserts per error class name. */
  refusedBy: Record<string, number>;
  /** Points (non-null cells) of the acknowledged tablets. */
  pointsWritten: number;
  cellsVerified: number;
  pointsVerified: number;
  mismatches: number;
  examples: string[];
  pool: ReturnType<BufferPool["stats"]>;
  writeSeconds: number;
  verifySeconds: number;
}

export async function runOwnership(o: OwnershipRunOptions): Promise<OwnershipReport> {
  // One session per writer, no retries: a refused or broken insert must show, not be sent again.
  // Each writer's insert is its own request on its own session (no in-flight limit, so group
  // commit merges none while sessions are idle): as many frames held by sockets at once as writers.
  const pool = new SessionPool({
    ...o.writeTo,
    zoneId: "UTC",
    maxSize: o.writers,
    groupCommitMaxInFlight: Number.POSITIVE_INFINITY,
    maxRetries: 0,
    requestTimeoutMs: o.requestTimeoutMs,
    framePool: o.framePool,
  });
  // Read back straight from the server.
  const reader = new SessionPool({ ...loadServer(), zoneId: "UTC", maxSize: 4 });
  try {
    await reader.deleteDatabase(o.database).catch(() => undefined);
    await reader.createDatabase(o.database);
    const report: OwnershipReport = {
      tablets: 0,
      rejected: 0,
      rejections: [],
      refusedTablets: new Set(),
      refusedBy: {},
      pointsWritten: 0,
      cellsVerified: 0,
      pointsVerified: 0,
      mismatches: 0,
      examples: [],
      pool: o.framePool.stats(),
      writeSeconds: 0,
      verifySeconds: 0,
    };
    const writeStart = performance.now();
    const send = async (session: Session | SessionPool, tablet: SeededTablet, writer: number, index: number) => {
      const input = toSessionTablet(tablet);
      report.tablets++;
      try {
        await (tablet.aligned ? session.insertAlignedTablet(input) : session.insertTablet(input));
        report.pointsWritten += pointCount(tablet);
      } catch (e) {
        report.rejected++;
        report.refusedTablets.add(`${writer}:${index}`);
        const name = (e as Error).name;
        report.refusedBy[name] = (report.refusedBy[name] ?? 0) + 1;
        if (report.rejections.length < 5)
          report.rejections.push(`${tablet.device} #${index}: ${(e as Error).name}: ${(e as Error).message}`);
      }
    };
    await Promise.all(
      Array.from({ length: o.writers }, async (_, writer) => {
        for (let i = 0; i < o.tabletsPerWriter; ) {
          const first = seededTablet(o.database, o.seed, writer, i, o.shape);
          // A bulk tablet leads a round: it and the next few go out pipelined on one borrowed
          // session, so they queue behind its pending write. Other tablets go one per call.
          const round = [first];
          if (first.bulk)
            while (round.length < 1 + PIPELINED_AFTER_BULK && i + round.length < o.tabletsPerWriter)
              round.push(seededTablet(o.database, o.seed, writer, i + round.length, o.shape));
          const start = i;
          if (round.length === 1) await send(pool, first, writer, start);
          else
            await pool.withSession((session) => Promise.all(round.map((t, k) => send(session, t, writer, start + k))));
          i += round.length;
        }
      }),
    );
    report.writeSeconds = (performance.now() - writeStart) / 1000;
    report.pool = o.framePool.stats();
    const verifyStart = performance.now();
    const verified = await runConcurrent(
      Array.from({ length: o.writers }, (_, w) => w),
      (writer) =>
        verifyDevice(reader, writerDevice(o.database, writer).device, tabletsOf(o, writer, report.refusedTablets)),
      { concurrency: 4 },
    );
    for (const v of verified) {
      if (v.status !== "fulfilled") throw v.status === "rejected" ? v.reason : new Error("verification skipped");
      report.cellsVerified += v.value.cellsVerified;
      report.pointsVerified += v.value.pointsVerified;
      report.mismatches += v.value.mismatches;
      report.examples.push(...v.value.examples.slice(0, 5 - report.examples.length));
    }
    report.verifySeconds = (performance.now() - verifyStart) / 1000;
    await reader.deleteDatabase(o.database);
    return report;
  } finally {
    await Promise.all([pool.close(), reader.close()]);
  }
}

function* tabletsOf(o: OwnershipRunOptions, writer: number, refused: Set<string>) {
  for (let i = 0; i < o.tabletsPerWriter; i++)
    yield {
      tablet: seededTablet(o.database, o.seed, writer, i, o.shape),
      acknowledged: !refused.has(`${writer}:${i}`),
    };
}

export function formatReport(label: string, r: OwnershipReport): string {
  const p = r.pool;
  return [
    `${label}:`,
    `  tablets ${r.tablets} (refused ${r.rejected}), points written ${r.pointsWritten}, cells verified ${r.cellsVerified} (points ${r.pointsVerified}), mismatches ${r.mismatches} (in acknowledged tablets)`,
    `  frame pool: hits ${p.hits}, misses ${p.misses}, outstanding ${p.outstanding}, retained ${p.retainedBytes} B; write ${r.writeSeconds.toFixed(1)} s, verify ${r.verifySeconds.toFixed(1)} s`,
    ...r.rejections.map((s) => `  refused: ${s}`),
    ...r.examples.map((s) => `  mismatch: ${s}`),
  ].join("\n");
}
