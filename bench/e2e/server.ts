// The server the benchmark talks to: IOTDB_HOST if given, else the project's own IoTDB started
// in a temporary data dir (scripts/iotdb-server) and stopped, dir removed, when the run ends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCluster } from "../../scripts/iotdb-server/server.js";
import type { Connection } from "./config.js";
import { endpointOf, type Endpoint } from "./connect.js";

export interface BenchServer {
  endpoint: Endpoint;
  /** What the report says about the server. */
  description: string;
  stop(): Promise<void>;
}

export async function openServer(connection: Connection, ownPort: number): Promise<BenchServer> {
  if (connection.host !== undefined) {
    return { endpoint: endpointOf(connection, connection.host), description: `${connection.host}:${connection.port} (IOTDB_HOST)`, stop: async () => {} };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "zerowire-e2e-"));
  console.log(`starting the project's IoTDB 2.0.1-beta in ${dataDir} (port ${ownPort}) ...`);
  try {
    const cluster = await startCluster({ dataDir, fresh: true, basePort: ownPort, stopGraceMs: 20_000, log: (m) => console.log(`  ${m}`) });
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
