import { isDeepStrictEqual } from "node:util";

/** Everything that is fixed for a data dir at its first start (IoTDB persists it). */
export interface ClusterSpec {
  clusterName: string;
  dataNodes: number;
  /** RPC port of DataNode 0; every other port of the cluster shifts with it (see layout.ts). */
  basePort: number;
  configNodeHeap: string;
  dataNodeHeap: string;
  /** -XX:MaxDirectMemorySize and IoTDB's OFF_HEAP_MEMORY budget (IoTDB treats unset as 0). */
  dataNodeDirectMemory: string;
  /** SimpleConsensus schema regions, one data region per database, 4 MiB WAL buffers. */
  manyDatabases: boolean;
  schemaReplicationFactor: number;
  dataReplicationFactor: number;
  /** Extra iotdb-system.properties entries, written last so they override ours. */
  properties: Record<string, string>;
}

export const DEFAULT_BASE_PORT = 6667;
export const MAX_DATA_NODES = 10;

/** Heaps measured to work here: smaller ones when several DataNodes share the machine. */
function defaultHeaps(
  dataNodes: number,
): Pick<ClusterSpec, "configNodeHeap" | "dataNodeHeap" | "dataNodeDirectMemory"> {
  return dataNodes === 1
    ? { configNodeHeap: "512m", dataNodeHeap: "2g", dataNodeDirectMemory: "512m" }
    : { configNodeHeap: "256m", dataNodeHeap: "1g", dataNodeDirectMemory: "256m" };
}

const MEMORY_SIZE = /^[1-9][0-9]*[kmgKMG]$/;

function validate(spec: ClusterSpec): void {
  if (!Number.isInteger(spec.dataNodes) || spec.dataNodes < 1 || spec.dataNodes > MAX_DATA_NODES) {
    throw new Error(`dataNodes must be 1..${MAX_DATA_NODES}, got ${spec.dataNodes}`);
  }
  // The highest port in use is the DataNode data-region consensus port of the last node.
  const highestPort = 10760 + (spec.basePort - DEFAULT_BASE_PORT) + MAX_DATA_NODES - 1;
  if (!Number.isInteger(spec.basePort) || spec.basePort < 1024 || highestPort > 65535) {
    throw new Error(
      `basePort must be an integer from 1024 to ${65535 - (highestPort - spec.basePort)}, got ${spec.basePort}`,
    );
  }
  for (const key of ["configNodeHeap", "dataNodeHeap", "dataNodeDirectMemory"] as const) {
    if (!MEMORY_SIZE.test(spec[key])) throw new Error(`${key} must look like 512m or 2g, got ${spec[key]}`);
  }
  for (const key of ["schemaReplicationFactor", "dataReplicationFactor"] as const) {
    const factor = spec[key];
    if (!Number.isInteger(factor) || factor < 1 || factor > spec.dataNodes) {
      throw new Error(`${key} must be 1..dataNodes (${spec.dataNodes}), got ${factor}`);
    }
  }
}

/**
 * Fills the spec from explicit options, then from the spec stored in an existing data dir,
 * then from defaults. Throws when explicit options contradict the stored spec, because
 * IoTDB keeps ports and consensus settings in the data dir and would not start otherwise.
 */
export function resolveSpec(options: Partial<ClusterSpec>, stored: ClusterSpec | null, dataDir: string): ClusterSpec {
  const dataNodes = options.dataNodes ?? stored?.dataNodes ?? 1;
  const defaults: ClusterSpec = {
    clusterName: "zerowire",
    dataNodes,
    basePort: DEFAULT_BASE_PORT,
    ...defaultHeaps(dataNodes),
    manyDatabases: true,
    schemaReplicationFactor: 1,
    dataReplicationFactor: 1,
    properties: {},
  };
  const spec = { ...defaults, ...stored, ...withoutUndefined(options) };
  validate(spec);
  if (stored && !isDeepStrictEqual(spec, stored)) {
    const differing = (Object.keys(spec) as (keyof ClusterSpec)[]).filter(
      (key) => !isDeepStrictEqual(spec[key], stored[key]),
    );
    throw new Error(
      `data dir ${dataDir} was created with ${differing.map((key) => `${key}=${JSON.stringify(stored[key])}`).join(", ")}; ` +
        `start it with those settings or wipe it (fresh: true / --fresh) to change them`,
    );
  }
  return spec;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
