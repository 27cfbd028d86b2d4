import { join } from "node:path";
import type { ClusterLayout, ConfigNodeLayout, DataNodeLayout } from "./layout.js";
import type { ClusterSpec } from "./spec.js";

type Properties = Record<string, string | number | boolean>;

const LOOPBACK = "127.0.0.1";

/** Settings every node shares: cluster identity, consensus, and services we keep off. */
function sharedProperties(spec: ClusterSpec, layout: ClusterLayout, nodeDir: string): Properties {
  const seed = `${LOOPBACK}:${layout.configNode.internalPort}`;
  return {
    cluster_name: spec.clusterName,
    cn_seed_config_node: seed,
    dn_seed_config_node: seed,
    schema_replication_factor: spec.schemaReplicationFactor,
    data_replication_factor: spec.dataReplicationFactor,
    // Nothing listens that tests do not use.
    enable_rest_service: false,
    enable_mqtt_service: false,
    pipe_air_gap_receiver_enabled: false,
    cn_metric_reporter_list: "",
    dn_metric_reporter_list: "",
    // IoTDB's lib dirs default to paths relative to its home; keep them in the node dir.
    udf_lib_dir: join(nodeDir, "ext", "udf"),
    trigger_lib_dir: join(nodeDir, "ext", "trigger"),
    pipe_lib_dir: join(nodeDir, "ext", "pipe"),
    ...(spec.manyDatabases ? manyDatabaseProperties(spec) : {}),
  };
}

/**
 * Stock consensus settings reserve ~80 MiB of direct memory per database holding data,
 * so a 512 MiB DataNode fits only ~4 databases; these held 95 at the same insert speed.
 */
function manyDatabaseProperties(spec: ClusterSpec): Properties {
  return {
    // SimpleConsensus cannot replicate; keep IoTDB's Ratis default when replicas are asked for.
    ...(spec.schemaReplicationFactor === 1
      ? { schema_region_consensus_protocol_class: "org.apache.iotdb.consensus.simple.SimpleConsensus" }
      : {}),
    data_region_group_extension_policy: "CUSTOM",
    default_data_region_group_num_per_database: 1,
    wal_buffer_size_in_byte: 4194304,
  };
}

function configNodeProperties(node: ConfigNodeLayout): Properties {
  const data = join(node.dir, "data");
  return {
    cn_internal_address: LOOPBACK,
    cn_internal_port: node.internalPort,
    cn_consensus_port: node.consensusPort,
    cn_system_dir: join(data, "system"),
    cn_consensus_dir: join(data, "consensus"),
    cn_pipe_receiver_file_dir: join(data, "system", "pipe", "receiver"),
  };
}

function dataNodeProperties(node: DataNodeLayout): Properties {
  const data = join(node.dir, "data");
  const pipeReceiverDir = join(data, "system", "pipe", "receiver");
  return {
    dn_rpc_address: LOOPBACK,
    dn_rpc_port: node.rpcPort,
    dn_internal_address: LOOPBACK,
    dn_internal_port: node.internalPort,
    dn_mpp_data_exchange_port: node.mppDataExchangePort,
    dn_schema_region_consensus_port: node.schemaRegionConsensusPort,
    dn_data_region_consensus_port: node.dataRegionConsensusPort,
    dn_system_dir: join(data, "system"),
    dn_data_dirs: join(data, "data"),
    dn_consensus_dir: join(data, "consensus"),
    dn_wal_dirs: join(data, "wal"),
    dn_tracing_dir: join(data, "tracing"),
    dn_sync_dir: join(data, "sync"),
    sort_tmp_dir: join(data, "tmp"),
    dn_pipe_receiver_file_dirs: pipeReceiverDir,
    pipe_receiver_file_dirs: pipeReceiverDir,
    load_active_listening_dirs: join(node.dir, "ext", "load", "pending"),
    load_active_listening_fail_dir: join(node.dir, "ext", "load", "failed"),
  };
}

/** Java .properties escaping for the few characters that can occur in our values. */
function escapeValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

function render(properties: Properties): string {
  const lines = Object.entries(properties).map(([key, value]) => `${key}=${escapeValue(String(value))}`);
  return `# Written by scripts/iotdb-server; rewritten at every start.\n${lines.join("\n")}\n`;
}

/** The complete iotdb-system.properties for one node. */
export function renderNodeProperties(
  spec: ClusterSpec,
  layout: ClusterLayout,
  node: ConfigNodeLayout | DataNodeLayout,
): string {
  const own = node.role === "confignode" ? configNodeProperties(node) : dataNodeProperties(node);
  return render({ ...sharedProperties(spec, layout, node.dir), ...own, ...spec.properties });
}
