// The server the benchmark talks to: NODE_URLS or IOTDB_HOST if given, else the project's own IoTDB started
// in a temporary data dir (scripts/iotdb-server) and stopped, dir removed, when the run ends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster } from "../../scripts/iotdb-server/server.js";
import type { Connection, TimestampPrecision } from "./config.js";
import { endpointOf, type Endpoint } from "./connect.js";

export interface BenchServer {
  endpoint: Endpoint;
  /** What the report says about the server. */
  description: string;
  stop(): Promise<void>;
}

/** Port steps tried when the default port's cluster ports are taken (other servers on the machine). */
const PORT_TRIES = 10;
const PORT_STEP = 100;

/** The server the benchmark starts when given none. */
export interface OwnServer {
  port: number;
  /** E2E_SERVER_PORT was given: no other port is tried. */
  portIsExplicit: boolean;
  timestampPrecision: TimestampPrecision;
}

/**
 * NODE_URLS' or IOTDB_HOST's server, or the project's own on `ownPort`. When that port's cluster ports are in
 * use and the port was not chosen explicitly, the next ones (+100, +200, ...) are tried: the
 * server script refuses taken ports before it starts any JVM.
 */
export async function openServer(connection: Connection, own: OwnServer): Promise<BenchServer> {
  if (connection.nodeUrls !== undefined) {
    const [host, port] = connection.nodeUrls[0]!.split(":") as [string, string];
    return {
      endpoint: endpointOf({ ...connection, port: Number(port) }, host),
      description: `${connection.nodeUrls.join(", ")} (NODE_URLS)`,
      stop: async () => {},
    };
  }
  if (connection.host !== undefined) {
    return {
      endpoint: endpointOf(connection, connection.host),
      description: `${connection.host}:${connection.port} (IOTDB_HOST)`,
      stop: async () => {},
    };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await startOwnServer(connection, own.port + attempt * PORT_STEP, own.timestampPrecision);
    } catch (err) {
      const taken = (err as Error).message.includes("already in use");
      if (!taken || own.portIsExplicit || attempt + 1 === PORT_TRIES) throw err;
      console.log(`  ${(err as Error).message}; trying port ${own.port + (attempt + 1) * PORT_STEP}`);
    }
  }
}

async function startOwnServer(
  connection: Connection,
  ownPort: number,
  precision: TimestampPrecision,
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "zerowire-e2e-"));
  console.log(
    `starting the project's IoTDB 2.0.1-beta in ${dataDir} (port ${ownPort}, timestamp_precision ${precision}) ...`,
  );
  try {
    const cluster = await startCluster({
      dataDir,
      fresh: true,
      basePort: ownPort,
      properties: { timestamp_precision: precision },
      stopGraceMs: 20_000,
      log: (m) => console.log(`  ${m}`),
    });
    const node = cluster.nodes[0]!;
    return {
      endpoint: endpointOf({ ...connection, port: node.port }, node.host),
      description: `project's IoTDB 2.0.1-beta at ${node.host}:${node.port}, 1 ConfigNode + 1 DataNode (2g heap), same machine`,
      stop: async () => {
        try {
          await cluster.stop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
