// Opening our client's sessions and pools on the benchmark's server.
import type { Connection } from "./config.js";
import { client, type IoTDBClient } from "./client.js";

export interface Endpoint {
  /** Where single sessions (schema, checks) go: IOTDB_HOST:IOTDB_PORT or the first of NODE_URLS. */
  host: string;
  port: number;
  user: string;
  password: string;
  /** NODE_URLS: the pools' DataNodes. */
  nodeUrls?: string[];
}

export function endpointOf(connection: Connection, host: string): Endpoint {
  const e: Endpoint = { host, port: connection.port, user: connection.user, password: connection.password };
  if (connection.nodeUrls !== undefined) e.nodeUrls = connection.nodeUrls;
  return e;
}

function options(e: Endpoint, extra: IoTDBClient.SessionOptions): IoTDBClient.SessionOptions {
  return {
    host: e.host,
    port: e.port,
    username: e.user,
    password: e.password,
    zoneId: "UTC",
    requestTimeoutMs: 300_000,
    ...extra,
  };
}

export async function openTreeSession(
  e: Endpoint,
  extra: IoTDBClient.SessionOptions = {},
): Promise<IoTDBClient.Session> {
  const session = new client.Session(options(e, extra));
  await session.open();
  return session;
}

export async function openTableSession(
  e: Endpoint,
  extra: IoTDBClient.SessionOptions = {},
): Promise<IoTDBClient.TableSession> {
  const session = new client.TableSession(options(e, extra));
  await session.open();
  return session;
}

/** Session options of a pool: on NODE_URLS when given, else on host:port. */
function poolOptions<S>(e: Endpoint): IoTDBClient.PoolOptions<S> {
  const { host, port, ...rest } = options(e, {});
  return (
    e.nodeUrls === undefined ? { host, port, ...rest } : { nodeUrls: e.nodeUrls, ...rest }
  ) as IoTDBClient.PoolOptions<S>;
}

/** A pool of our sessions (opened: a session connected and minSize filled, so a bad endpoint fails here). */
export async function openTreePool(
  e: Endpoint,
  extra: IoTDBClient.PoolOptions<IoTDBClient.Session>,
): Promise<IoTDBClient.SessionPool> {
  const pool = new client.SessionPool({ ...poolOptions<IoTDBClient.Session>(e), ...extra });
  await pool.open();
  return pool;
}

export async function openTablePool(
  e: Endpoint,
  extra: IoTDBClient.PoolOptions<IoTDBClient.TableSession>,
): Promise<IoTDBClient.TableSessionPool> {
  const pool = new client.TableSessionPool({ ...poolOptions<IoTDBClient.TableSession>(e), ...extra });
  await pool.open();
  return pool;
}
