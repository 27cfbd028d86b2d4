// Opening our client's sessions on the benchmark's server.
import type { Connection } from "./config.js";
import { client, type IoTDBClient } from "./client.js";

export interface Endpoint {
  host: string;
  port: number;
  user: string;
  password: string;
}

export function endpointOf(connection: Connection, host: string): Endpoint {
  return { host, port: connection.port, user: connection.user, password: connection.password };
}

function options(e: Endpoint, extra: IoTDBClient.SessionOptions): IoTDBClient.SessionOptions {
  return { host: e.host, port: e.port, username: e.user, password: e.password, zoneId: "UTC", requestTimeoutMs: 300_000, ...extra };
}

export async function openTreeSession(e: Endpoint, extra: IoTDBClient.SessionOptions = {}): Promise<IoTDBClient.Session> {
  const session = new client.Session(options(e, extra));
  await session.open();
  return session;
}

export async function openTableSession(e: Endpoint, extra: IoTDBClient.SessionOptions = {}): Promise<IoTDBClient.TableSession> {
  const session = new client.TableSession(options(e, extra));
  await session.open();
  return session;
}

/** A pool of our sessions (opened: one session connected, so a bad endpoint fails here). */
export async function openTreePool(e: Endpoint, extra: IoTDBClient.PoolOptions<IoTDBClient.Session>): Promise<IoTDBClient.SessionPool> {
  const pool = new client.SessionPool({ ...(options(e, {}) as IoTDBClient.PoolOptions<IoTDBClient.Session>), ...extra });
  await pool.open();
  return pool;
}

export async function openTablePool(e: Endpoint, extra: IoTDBClient.PoolOptions<IoTDBClient.TableSession>): Promise<IoTDBClient.TableSessionPool> {
  const pool = new client.TableSessionPool({ ...(options(e, {}) as IoTDBClient.PoolOptions<IoTDBClient.TableSession>), ...extra });
  await pool.open();
  return pool;
}
