// The 1 ConfigNode + 3 DataNode cluster of the redirection and failover tests: run.ts starts it
// with scripts/iotdb-server and names it in IOTDB_CLUSTER_DIR (its data dir, through which a test
// stops and restarts DataNodes) and IOTDB_CLUSTER_NODES (the DataNodes' "host:port", in order).
// Replication: schema and data 3 times, both with Ratis (a write is acknowledged once a majority
// has it). With one DataNode down every region keeps a majority, and no acknowledged point lives
// only on the DataNode that went down. (IoTConsensus, IoTDB's default for data, replicates
// asynchronously: points a killed leader acknowledged reappear only when it is back.) Direct
// memory 1 GiB per DataNode: each data region reserves some, and the tests create about 15.
// The cluster is made fresh for each run and thrown away after it, so the tests leave their
// databases: a DataNode restarted after databases were dropped spends ~30 s per dropped region
// (IoTConsensus waits for its log dispatchers) before it is ready.
import { attachCluster, type IoTDBCluster } from "../../../scripts/iotdb-server/server.js";
import { type EndPoint, type PoolOptions, Session, TableSession } from "../src/index.js";

export const CLUSTER_DIR_ENV = "IOTDB_CLUSTER_DIR";
export const CLUSTER_NODES_ENV = "IOTDB_CLUSTER_NODES";
/** How run.ts starts the cluster (with its own data dir and basePort). */
export const CLUSTER_SPEC = {
  dataNodes: 3,
  schemaReplicationFactor: 3,
  dataReplicationFactor: 3,
  dataNodeDirectMemory: "1g",
  properties: { data_region_consensus_protocol_class: "org.apache.iotdb.consensus.ratis.RatisConsensus" },
} as const;

export interface TestCluster {
  handle: IoTDBCluster;
  nodes: EndPoint[];
  urls: string[];
}

/** The cluster, or undefined after a loud warning when the tests run against a server given by hand. */
export function testCluster(file: string): TestCluster | undefined {
  const dir = process.env[CLUSTER_DIR_ENV];
  const nodes = process.env[CLUSTER_NODES_ENV];
  if (!dir || !nodes) {
    console.warn(
      `\n!!! ${CLUSTER_DIR_ENV} / ${CLUSTER_NODES_ENV} not set: ${file} (redirection and failover on a 3-DataNode cluster) is NOT tested; itest/run.ts starts that cluster\n`,
    );
    return undefined;
  }
  const urls = nodes.split(",");
  const endpoints = urls.map((u) => ({
    host: u.slice(0, u.lastIndexOf(":")),
    port: Number(u.slice(u.lastIndexOf(":") + 1)),
  }));
  // A graceful stop gets 3 s, then SIGKILL: the tests want a stopped node, not a long shutdown.
  return { handle: attachCluster(dir, { stopGraceMs: 3_000 }), nodes: endpoints, urls };
}

export function poolOptions<S>(extra: PoolOptions<S> = {}): PoolOptions<S> {
  return { zoneId: "UTC", connectTimeoutMs: 5_000, requestTimeoutMs: 30_000, ...extra };
}

/** A session on the given DataNode, for checks that must not go through the pool under test. */
export async function openSessionAt(node: EndPoint): Promise<Session> {
  const session = new Session({ host: node.host, port: node.port, zoneId: "UTC", requestTimeoutMs: 60_000 });
  await session.open().catch((e: Error) => {
    throw new Error(`cannot open a session on the cluster's DataNode ${node.host}:${node.port}: ${e.message}`, {
      cause: e,
    });
  });
  return session;
}

/** A table-model session on the given DataNode. */
export async function openTableSessionAt(node: EndPoint): Promise<TableSession> {
  const session = new TableSession({ host: node.host, port: node.port, zoneId: "UTC", requestTimeoutMs: 60_000 });
  await session.open().catch((e: Error) => {
    throw new Error(`cannot open a table session on the cluster's DataNode ${node.host}:${node.port}: ${e.message}`, {
      cause: e,
    });
  });
  return session;
}

/** count(s) of each device (tree: "root.db.dev"), summed. */
export async function countPoints(
  session: Session,
  devices: readonly string[],
  measurement = "s",
): Promise<Map<string, bigint>> {
  const counts = new Map<string, bigint>();
  for (const device of devices) {
    const rows = await (await session.executeQueryStatement(`select count(${measurement}) from ${device}`)).toRows();
    counts.set(device, (rows[0]?.fields[0] as bigint | undefined) ?? 0n);
  }
  return counts;
}

export const keyOf = (e: EndPoint) => `${e.host}:${e.port}`;
