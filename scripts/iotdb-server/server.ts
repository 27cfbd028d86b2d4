import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { ensureBindShim } from "./bind-shim.js";
import { ensureServerJars } from "./jars.js";
import { identifyingArgument } from "./jvm.js";
import { launchNode, type LaunchContext } from "./launch-node.js";
import { clusterLayout, nodePorts, type ClusterLayout, type DataNodeLayout, type NodeLayout } from "./layout.js";
import { DEFAULT_DATA_DIR, LIB_DIR } from "./paths.js";
import { assertPortsFree, portAccepts } from "./ports.js";
import {
  isOurProcess,
  pauseProcess,
  processState,
  resumeProcess,
  stopProcess,
  type ProcessState,
} from "./processes.js";
import { resolveSpec, type ClusterSpec } from "./spec.js";
import { isClusterDir, readPids, readSpec, writePids, writeSpec, type SavedPids } from "./state.js";

export type { ClusterSpec } from "./spec.js";

/** How a handle waits and reports; not part of the data dir's fixed settings. */
export interface ClusterRuntimeOptions {
  /** Per node. Default 180 s: the machine may be busy. */
  readyTimeoutMs?: number;
  /**
   * How long a SIGTERM'd node may take before SIGKILL. Default 30 s. A DataNode closes its
   * WAL nodes one by one, ~1 s each (wal_async_mode_fsync_delay_in_ms), so a graceful stop
   * takes about 1 s per database that holds data.
   */
  stopGraceMs?: number;
  /** Progress messages (download, node ready and stop times). Default: silent. */
  log?: (message: string) => void;
}

export interface StartClusterOptions extends Partial<ClusterSpec>, ClusterRuntimeOptions {
  /** Default: <repo>/.iotdb/cluster. Created if missing. */
  dataDir?: string;
  /** Wipe the data dir first (only if it is one of ours, or empty). */
  fresh?: boolean;
}

export interface Endpoint {
  host: "127.0.0.1";
  port: number;
}

export interface NodeStatus {
  label: string;
  pid: number | null;
  state: ProcessState;
  port: number;
  accepting: boolean;
}

const DEFAULT_READY_TIMEOUT_MS = 180_000;
const DEFAULT_STOP_GRACE_MS = 30_000;

/** A cluster living in a data dir: the JVMs are found through the pids saved there. */
export class IoTDBCluster {
  readonly layout: ClusterLayout;
  private readonly readyTimeoutMs: number;
  private readonly stopGraceMs: number;
  private readonly log: (message: string) => void;

  constructor(
    readonly dataDir: string,
    readonly spec: ClusterSpec,
    options: ClusterRuntimeOptions = {},
  ) {
    this.layout = clusterLayout(dataDir, spec);
    this.readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
    this.stopGraceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.log = options.log ?? (() => {});
  }

  /** DataNode RPC endpoints (what clients connect to), in DataNode order. */
  get nodes(): Endpoint[] {
    return this.layout.dataNodes.map((node) => ({ host: "127.0.0.1", port: node.rpcPort }));
  }

  /** Saved pids of the nodes that are running now (null for stopped ones). */
  get pids(): SavedPids {
    return {
      configNode: this.runningPid(this.layout.configNode),
      dataNodes: this.layout.dataNodes.map((node) => this.runningPid(node)),
    };
  }

  hasRunningNodes(): boolean {
    const pids = this.pids;
    return pids.configNode !== null || pids.dataNodes.some((pid) => pid !== null);
  }

  /** Starts every node that is not running: ConfigNode first, then DataNodes in order. */
  async start(): Promise<void> {
    const context = await this.launchContext();
    const pending = [this.layout.configNode, ...this.layout.dataNodes].filter((node) => this.runningPid(node) === null);
    // Checked up front too, so a taken DataNode port fails before any JVM starts.
    await assertPortsFree(pending.flatMap(nodePorts), "IoTDB cluster");
    for (const node of pending) await this.launch(node, context);
  }

  async startDataNode(index: number): Promise<void> {
    const node = this.dataNode(index);
    if (this.runningPid(node) !== null) throw new Error(`${node.label} is already running`);
    await this.launch(node, await this.launchContext());
  }

  /** SIGTERM: graceful (SIGKILL after the grace period); SIGKILL: a crash. No-op if stopped. */
  async stopDataNode(index: number, signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    await this.stopNode(this.dataNode(index), signal);
  }

  /** SIGSTOP: the node hangs with its sockets open, as under a long GC pause. */
  pauseDataNode(index: number): void {
    pauseProcess(this.requireRunning(this.dataNode(index)));
  }

  resumeDataNode(index: number): void {
    resumeProcess(this.requireRunning(this.dataNode(index)));
  }

  /** Stops DataNodes (together), then the ConfigNode; only pids saved in this data dir. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    await Promise.all(this.layout.dataNodes.map((node) => this.stopNode(node, signal)));
    await this.stopNode(this.layout.configNode, signal);
  }

  async status(): Promise<NodeStatus[]> {
    return Promise.all(
      [this.layout.configNode, ...this.layout.dataNodes].map(async (node) => {
        const pid = this.runningPid(node);
        return {
          label: node.label,
          pid,
          state: pid === null ? "gone" : processState(pid),
          port: node.readyPort,
          accepting: pid !== null && (await portAccepts(node.readyPort)),
        };
      }),
    );
  }

  /** Jars and shim are checked on every start: a data dir may outlive a cleaned cache. */
  private async launchContext(): Promise<LaunchContext> {
    const [, bindShim] = await Promise.all([ensureServerJars(this.log), ensureBindShim()]);
    return { spec: this.spec, layout: this.layout, libDir: LIB_DIR, bindShim, readyTimeoutMs: this.readyTimeoutMs };
  }

  private async launch(node: NodeLayout, context: LaunchContext): Promise<void> {
    await assertPortsFree(nodePorts(node), node.label);
    const started = Date.now();
    await launchNode(node, context, (pid) => this.savePid(node, pid));
    this.log(`${node.label} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  private async stopNode(node: NodeLayout, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
    const pid = this.runningPid(node);
    if (pid !== null) {
      const started = Date.now();
      await stopProcess(pid, signal, this.stopGraceMs);
      this.log(`${node.label} (pid ${pid}) stopped with ${signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    this.savePid(node, null);
  }

  private dataNode(index: number): DataNodeLayout {
    const node = this.layout.dataNodes[index];
    if (!node) throw new Error(`no DataNode ${index}; this cluster has ${this.layout.dataNodes.length}`);
    return node;
  }

  /** The saved pid, if that process is alive and still is this node's JVM (pids get reused). */
  private runningPid(node: NodeLayout): number | null {
    const saved = readPids(this.dataDir, this.spec.dataNodes);
    const pid = node.role === "confignode" ? saved.configNode : saved.dataNodes[node.index];
    return pid != null && isOurProcess(pid, identifyingArgument(node)) ? pid : null;
  }

  private requireRunning(node: NodeLayout): number {
    const pid = this.runningPid(node);
    if (pid === null) throw new Error(`${node.label} is not running`);
    return pid;
  }

  private savePid(node: NodeLayout, pid: number | null): void {
    const saved = readPids(this.dataDir, this.spec.dataNodes);
    if (node.role === "confignode") saved.configNode = pid;
    else saved.dataNodes[node.index] = pid;
    writePids(this.dataDir, saved);
  }
}

function prepareDataDir(dataDir: string, fresh: boolean): void {
  const ours = isClusterDir(dataDir);
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!ours && !empty)
    throw new Error(`${dataDir} is neither empty nor an IoTDB data dir made by this tool; refusing to use it`);
  if (fresh && ours) {
    if (attachCluster(dataDir).hasRunningNodes())
      throw new Error(`a cluster is running in ${dataDir}; stop it before --fresh`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  mkdirSync(dataDir, { recursive: true });
}

/**
 * Starts (or restarts, on an existing data dir) a ConfigNode and N DataNodes on loopback
 * and resolves once every node is ready. If a node fails to get ready, every node started
 * by this call is killed and the error carries the node's log tail.
 */
export async function startCluster(options: StartClusterOptions = {}): Promise<IoTDBCluster> {
  const { dataDir: requestedDir, fresh = false, readyTimeoutMs, stopGraceMs, log, ...specOptions } = options;
  const runtime: ClusterRuntimeOptions = { readyTimeoutMs, stopGraceMs, log };
  const dataDir = resolve(requestedDir ?? DEFAULT_DATA_DIR);
  prepareDataDir(dataDir, fresh);
  const spec = resolveSpec(specOptions, readSpec(dataDir), dataDir);
  writeSpec(dataDir, spec);

  const cluster = new IoTDBCluster(dataDir, spec, runtime);
  if (cluster.hasRunningNodes()) throw new Error(`a cluster is already running in ${dataDir}; stop it first`);
  try {
    await cluster.start();
  } catch (error) {
    await cluster.stop("SIGKILL");
    throw error;
  }
  return cluster;
}

/** A handle on the cluster whose data dir this is, running or not (e.g. one the CLI started). */
export function attachCluster(dataDir: string = DEFAULT_DATA_DIR, options: ClusterRuntimeOptions = {}): IoTDBCluster {
  const absolute = resolve(dataDir);
  const spec = readSpec(absolute);
  if (!spec) throw new Error(`${absolute} holds no cluster started by this tool`);
  return new IoTDBCluster(absolute, spec, options);
}

/** Stops the JVMs whose pids are saved in dataDir; does nothing if none run. */
export async function stopCluster(
  dataDir: string = DEFAULT_DATA_DIR,
  options: ClusterRuntimeOptions = {},
): Promise<void> {
  if (!isClusterDir(resolve(dataDir))) return;
  await attachCluster(dataDir, options).stop();
}
