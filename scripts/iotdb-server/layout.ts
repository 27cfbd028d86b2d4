import { join } from "node:path";
import { DEFAULT_BASE_PORT, type ClusterSpec } from "./spec.js";

export interface ConfigNodeLayout {
  role: "confignode";
  label: string;
  dir: string;
  internalPort: number;
  consensusPort: number;
  /** The port that proves the node is serving. */
  readyPort: number;
}

export interface DataNodeLayout {
  role: "datanode";
  index: number;
  label: string;
  dir: string;
  rpcPort: number;
  internalPort: number;
  mppDataExchangePort: number;
  schemaRegionConsensusPort: number;
  dataRegionConsensusPort: number;
  readyPort: number;
}

export type NodeLayout = ConfigNodeLayout | DataNodeLayout;

export interface ClusterLayout {
  configNode: ConfigNodeLayout;
  dataNodes: DataNodeLayout[];
}

/**
 * IoTDB's stock ports (6667, 10710-10760) shifted by basePort - 6667; DataNode i adds i to
 * each of its ports. Clusters whose basePorts differ by 100 or more never share a port.
 */
export function clusterLayout(dataDir: string, spec: ClusterSpec): ClusterLayout {
  const shift = spec.basePort - DEFAULT_BASE_PORT;
  const configNodeInternalPort = 10710 + shift;
  return {
    configNode: {
      role: "confignode",
      label: "confignode",
      dir: join(dataDir, "confignode"),
      internalPort: configNodeInternalPort,
      consensusPort: 10720 + shift,
      readyPort: configNodeInternalPort,
    },
    dataNodes: Array.from({ length: spec.dataNodes }, (_, index) => ({
      role: "datanode" as const,
      index,
      label: `datanode-${index}`,
      dir: join(dataDir, `datanode-${index}`),
      rpcPort: spec.basePort + index,
      internalPort: 10730 + shift + index,
      mppDataExchangePort: 10740 + shift + index,
      schemaRegionConsensusPort: 10750 + shift + index,
      dataRegionConsensusPort: 10760 + shift + index,
      readyPort: spec.basePort + index,
    })),
  };
}

export function nodePorts(node: NodeLayout): number[] {
  return node.role === "confignode"
    ? [node.internalPort, node.consensusPort]
    : [
        node.rpcPort,
        node.internalPort,
        node.mppDataExchangePort,
        node.schemaRegionConsensusPort,
        node.dataRegionConsensusPort,
      ];
}

/** Per-node file locations; everything a node writes stays under its dir. */
export function nodeFiles(node: NodeLayout) {
  return {
    confDir: join(node.dir, "conf"),
    propertiesFile: join(node.dir, "conf", "iotdb-system.properties"),
    logbackFile: join(node.dir, "conf", "logback.xml"),
    logFile: join(node.dir, "logs", `${node.label}.log`),
    /** JVM stdout/stderr: crashes and errors from before logback is up land here. */
    consoleFile: join(node.dir, "logs", "console.log"),
  };
}
