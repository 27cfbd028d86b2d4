// Runs the server-fault tests (itest/faults/*.fault.ts) against a real IoTDB 2.0.1-beta that this
// runner starts for them alone: 1 ConfigNode + 1 DataNode, data in <repo>/.iotdb/faults, DataNode
// RPC on 10067 (every other port shifted to match), so no other suite's server collides with it.
// The tests kill (SIGKILL), freeze (SIGSTOP/SIGCONT) and restart the DataNode through the data dir.
// WAL in SYNC mode: an insert is acknowledged once its WAL is on disk, so "nothing acknowledged is
// lost after kill -9" is a property of the client to check, not of IoTDB's ASYNC default (which
// acknowledges before the WAL is written). The summary lines of every fault are repeated at the end.
// If the server cannot be started, the run fails; ZEROWIRE_NO_SERVER=1 skips it, loudly.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type IoTDBCluster, startCluster } from "../../../../scripts/iotdb-server/server.js";
import { FAULTS_DIR_ENV, FAULTS_PORT_ENV, SUMMARY_PREFIX } from "./fault-env.js";

const repoRoot = resolve(import.meta.dirname, "../../../..");
const packageDir = resolve(repoRoot, "packages/iotdb-client");
const SERVER = { dataDir: resolve(repoRoot, ".iotdb/faults"), basePort: 10067 } as const;

async function main(): Promise<number> {
  if (process.env.ZEROWIRE_NO_SERVER === "1") {
    console.log("\n!!! ZEROWIRE_NO_SERVER=1: the iotdb-client server-fault tests are NOT RUN\n");
    console.log("0 passed, 0 failed");
    return 0;
  }
  const started = Date.now();
  let cluster: IoTDBCluster;
  try {
    console.log(
      `starting the fault-test IoTDB server (1 ConfigNode + 1 DataNode on ${SERVER.basePort}, ${SERVER.dataDir}) ...`,
    );
    cluster = await startCluster({
      ...SERVER,
      dataNodes: 1,
      fresh: true,
      properties: { wal_mode: "SYNC" },
      stopGraceMs: 10_000,
      log: (m) => console.log(`[faults server] ${m}`),
    });
  } catch (error) {
    console.error(`\nFAILED: the IoTDB server for the fault tests could not be started:\n${String(error)}`);
    return 1;
  }
  try {
    const { code, summaries } = await runTests({
      [FAULTS_DIR_ENV]: SERVER.dataDir,
      [FAULTS_PORT_ENV]: String(SERVER.basePort),
    });
    console.log(`\n=== server faults (${((Date.now() - started) / 1000).toFixed(0)} s with the server's start)`);
    for (const line of summaries) console.log(line);
    if (summaries.length === 0) console.log("(no fault summary was printed)");
    return code;
  } finally {
    // A test that failed while the DataNode was frozen must not leave it frozen: stop continues it first.
    await cluster.stop().catch((e: unknown) => console.error(`stopping the fault-test server: ${String(e)}`));
  }
}

/** uvu over itest/faults/*.fault.ts in a child process; its output is what the test runner counts. */
function runTests(env: Record<string, string>): Promise<{ code: number; summaries: string[] }> {
  const uvu = resolve(repoRoot, "node_modules/uvu/bin.js");
  const child = spawn(process.execPath, ["--import", "tsx", uvu, "itest/faults", ".*\\.fault\\.ts$"], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const summaries: string[] = [];
  let partial = "";
  child.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    const lines = (partial + chunk.toString("utf8")).split("\n");
    partial = lines.pop()!;
    for (const line of lines)
      if (line.includes(SUMMARY_PREFIX)) summaries.push(line.slice(line.indexOf(SUMMARY_PREFIX)));
  });
  return new Promise((done) => child.on("close", (code) => done({ code: code ?? 1, summaries })));
}

process.exitCode = await main();
