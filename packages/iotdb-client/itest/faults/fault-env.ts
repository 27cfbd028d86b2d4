// What the fault tests share: the server run.ts started for them (its data dir, through which a
// test kills, freezes and restarts the DataNode, and its endpoint), a session for checks that must
// not go through the pool under test, a tracker that follows every request a test issues until it
// settles, and the one summary line per fault that run.ts repeats at the end.
import { attachCluster, type IoTDBCluster } from "../../../../scripts/iotdb-server/server.js";
import { ConnectionError, IoTDBError, type PoolOptions, Session, TimeoutError } from "../../src/index.js";

export const FAULTS_DIR_ENV = "IOTDB_FAULTS_DIR";
export const FAULTS_PORT_ENV = "IOTDB_FAULTS_PORT";
/** A line starting with this is a fault's summary; run.ts collects them. */
export const SUMMARY_PREFIX = "FAULT SUMMARY";

export interface FaultServer {
  handle: IoTDBCluster;
  host: string;
  port: number;
}

export function faultServer(): FaultServer {
  const dir = process.env[FAULTS_DIR_ENV];
  const port = process.env[FAULTS_PORT_ENV];
  if (!dir || !port) {
    throw new Error(
      `${FAULTS_DIR_ENV} / ${FAULTS_PORT_ENV} are not set: run the fault tests with itest/faults/run.ts, which starts their server`,
    );
  }
  // A graceful stop gets 3 s, then SIGKILL: the tests want a stopped node, not a long shutdown.
  return { handle: attachCluster(dir, { stopGraceMs: 3_000 }), host: "127.0.0.1", port: Number(port) };
}

export function poolOptions<S>(server: FaultServer, extra: PoolOptions<S>): PoolOptions<S> {
  return { host: server.host, port: server.port, zoneId: "UTC", connectTimeoutMs: 2_000, ...extra };
}

/** A plain session for setup and counting, with a generous timeout (the server may be recovering). */
export async function openCheckSession(server: FaultServer): Promise<Session> {
  const session = new Session({ host: server.host, port: server.port, zoneId: "UTC", requestTimeoutMs: 60_000 });
  await session.open().catch((e: Error) => {
    throw new Error(`cannot open a session on the fault server ${server.host}:${server.port}: ${e.message}`, {
      cause: e,
    });
  });
  return session;
}

/** Creates the test file's database (its before() hook). */
export async function createFaultDatabase(server: FaultServer, db: string): Promise<void> {
  const session = await openCheckSession(server);
  try {
    await session.createDatabase(db);
  } finally {
    await session.close();
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The error classes a caller is promised. */
export function isTyped(error: unknown): boolean {
  return error instanceof ConnectionError || error instanceof TimeoutError || error instanceof IoTDBError;
}

export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** One call a test issued, from its start until it settled. */
export interface TrackedCall<T> {
  label: T;
  startedAt: number;
  settledAt?: number;
  error?: unknown;
  ok?: boolean;
}

/** Follows every call until it settles, so a test can ask which are still pending and how long each took. */
export class CallTracker<T> {
  readonly calls: TrackedCall<T>[] = [];

  async track<R>(label: T, call: () => Promise<R>): Promise<TrackedCall<T>> {
    const entry: TrackedCall<T> = { label, startedAt: Date.now() };
    this.calls.push(entry);
    try {
      await call();
      entry.ok = true;
    } catch (error) {
      entry.ok = false;
      entry.error = error;
    }
    entry.settledAt = Date.now();
    return entry;
  }

  pending(): TrackedCall<T>[] {
    return this.calls.filter((c) => c.settledAt === undefined);
  }

  /** Calls in flight at `at`: started before and not settled before it. */
  inFlightAt(at: number): TrackedCall<T>[] {
    return this.calls.filter((c) => c.startedAt <= at && (c.settledAt === undefined || c.settledAt >= at));
  }

  /** Waits until nothing is pending, or the deadline; returns what is still pending. */
  async settled(withinMs: number): Promise<TrackedCall<T>[]> {
    const deadline = Date.now() + withinMs;
    while (this.pending().length > 0 && Date.now() < deadline) await sleep(20);
    return this.pending();
  }
}

export function latency(call: TrackedCall<unknown>): number {
  return (call.settledAt ?? Number.NaN) - call.startedAt;
}

export function summary(fault: string, figures: string): void {
  console.log(`${SUMMARY_PREFIX} ${fault}: ${figures}`);
}

/** How many errors of each class: {"ConnectionError": 12, ...}. */
export function countByName(errors: unknown[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const error of errors) counts[errorName(error)] = (counts[errorName(error)] ?? 0) + 1;
  return counts;
}
