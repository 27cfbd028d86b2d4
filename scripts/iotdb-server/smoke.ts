/**
 * End-to-end check of this tool against the real server:
 *   pnpm exec tsx scripts/iotdb-server/smoke.ts [--datanodes N] [--port P]
 * Starts a fresh cluster in a temp dir, checks every listener is loopback-only and every
 * DataNode accepts TCP, kill -9s and restarts the last DataNode, pauses and resumes
 * DataNode 0, stops the cluster and checks that none of its JVMs is left. Exits 1 on failure.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { listenersOf, nonLoopbackListeners } from "./loopback-check.js";
import { portAccepts } from "./ports.js";
import { processState } from "./processes.js";
import { startCluster, type IoTDBCluster } from "./server.js";

const log = (message: string) => console.log(`[smoke] ${message}`);

function runningPids(cluster: IoTDBCluster): number[] {
  const { configNode, dataNodes } = cluster.pids;
  return [configNode, ...dataNodes].filter((pid): pid is number => pid !== null);
}

async function timed<T>(label: string, action: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await action();
  log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function checkCluster(cluster: IoTDBCluster): Promise<void> {
  const pids = runningPids(cluster);
  assert.equal(pids.length, cluster.spec.dataNodes + 1, "every node has a running pid");

  const listeners = listenersOf(pids);
  log(`listeners: ${listeners.map((listener) => `${listener.address}(${listener.pid})`).join(" ")}`);
  assert.deepEqual(nonLoopbackListeners(pids), [], "no IoTDB port listens beyond loopback");
  for (const node of cluster.nodes) {
    assert.ok(
      listeners.some((listener) => listener.address.endsWith(`:${node.port}`)),
      `something listens on ${node.port}`,
    );
    assert.ok(await portAccepts(node.port), `DataNode port ${node.port} accepts`);
  }

  const last = cluster.spec.dataNodes - 1;
  const killed = cluster.pids.dataNodes[last];
  await timed(`kill -9 datanode-${last}`, () => cluster.stopDataNode(last, "SIGKILL"));
  assert.equal(killed !== null && processState(killed), "gone", "killed DataNode is gone");
  assert.equal(cluster.pids.dataNodes[last], null, "killed DataNode has no pid");
  assert.equal(await portAccepts(cluster.nodes[last]!.port), false, "killed DataNode port is closed");
  await timed(`restart datanode-${last} on its data dir`, () => cluster.startDataNode(last));
  assert.ok(await portAccepts(cluster.nodes[last]!.port), "restarted DataNode accepts");

  cluster.pauseDataNode(0);
  assert.equal((await cluster.status())[1]!.state, "paused", "SIGSTOP pauses DataNode 0");
  cluster.resumeDataNode(0);
  assert.equal((await cluster.status())[1]!.state, "running", "SIGCONT resumes DataNode 0");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { datanodes: { type: "string", default: "1" }, port: { type: "string", default: "6767" } },
  });
  const dataDir = mkdtempSync(join(tmpdir(), "iotdb-smoke-"));
  const cluster = await timed("start to ready", () =>
    startCluster({ dataDir, dataNodes: Number(values.datanodes), basePort: Number(values.port), log }),
  );
  let pids: number[] = [];
  try {
    await checkCluster(cluster);
    pids = runningPids(cluster);
  } finally {
    pids = pids.length > 0 ? pids : runningPids(cluster);
    await timed("stop", () => cluster.stop());
  }
  assert.deepEqual(
    pids.filter((pid) => processState(pid) !== "gone"),
    [],
    "no JVM of the cluster is left",
  );
  for (const node of cluster.nodes)
    assert.equal(await portAccepts(node.port), false, `port ${node.port} closed after stop`);
  rmSync(dataDir, { recursive: true, force: true });
  log("OK");
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
