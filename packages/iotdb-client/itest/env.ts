// Where the integration tests find the server: IOTDB_HOST / IOTDB_PORT, set by itest/run.ts after
// it started the project's server (or by whoever runs the tests against their own server).
import { Session, TableSession, type SessionOptions } from "../src/index.js";

const host = process.env.IOTDB_HOST;
if (host === undefined || host === "") {
  throw new Error(
    "integration tests need a server: run `node --import tsx packages/iotdb-client/itest/run.ts` (starts the project's IoTDB), or set IOTDB_HOST (and IOTDB_PORT)",
  );
}

export const server = { host, port: Number(process.env.IOTDB_PORT ?? 6667) };

export function sessionOptions(extra: SessionOptions = {}): SessionOptions {
  return {
    host: server.host,
    port: server.port,
    zoneId: "UTC",
    connectTimeoutMs: 10_000,
    requestTimeoutMs: 120_000,
    ...extra,
  };
}

export async function openSession(extra: SessionOptions = {}): Promise<Session> {
  const session = new Session(sessionOptions(extra));
  await session.open().catch((e: Error) => {
    throw new Error(`cannot open a session on the IoTDB server at ${server.host}:${server.port}: ${e.message}`, {
      cause: e,
    });
  });
  return session;
}

export async function openTableSession(extra: SessionOptions = {}): Promise<TableSession> {
  const session = new TableSession(sessionOptions(extra));
  await session.open().catch((e: Error) => {
    throw new Error(`cannot open a table session on the IoTDB server at ${server.host}:${server.port}: ${e.message}`, {
      cause: e,
    });
  });
  return session;
}

/** A name unique to this test process (databases are dropped at the end, but runs may overlap). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}`;
}

/** Values in a form where NaN, -0, bigints and bytes compare exactly with assert.equal. */
export function comparable(v: unknown): unknown {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : Number.isNaN(v) ? "NaN" : v;
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof Uint8Array) return `bytes:${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}`;
  if (Array.isArray(v)) return v.map(comparable);
  return v;
}

/** A before() hook whose failure is printed (uvu counts the tests as failed but drops the error). */
export function setup(fn: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await fn();
    } catch (e) {
      console.error(`\n!!! setup failed, so every test of this file fails: ${(e as Error).message}\n`);
      throw e;
    }
  };
}

/**
 * before/after hooks for a file that writes into a tree-model and a table-model database of its
 * own: created fresh (leftovers of an earlier run dropped) and dropped at the end.
 */
export function freshDatabases(
  tree: string,
  table: string,
): { before: () => Promise<void>; after: () => Promise<void> } {
  return {
    before: async () => {
      const session = await openSession();
      await session.deleteDatabase(tree).catch(() => {});
      await session.createDatabase(tree);
      await session.close();
      const tables = await openTableSession();
      await tables.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${table}`);
      await tables.executeNonQueryStatement(`CREATE DATABASE ${table}`);
      await tables.close();
    },
    after: async () => {
      const session = await openSession();
      await session.deleteDatabase(tree).catch(() => {});
      await session.close();
      const tables = await openTableSession();
      await tables.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${table}`).catch(() => {});
      await tables.close();
    },
  };
}
