// Runs the server rows of docs/bad-input.md (itest/bad-input/*.rows.ts) against a real IoTDB
// 2.0.1-beta that this runner starts for them alone: 1 ConfigNode + 1 DataNode, data in
// <repo>/.iotdb/bad-input, DataNode RPC on 10467 (every other port shifted to match), with
// dn_thrift_max_frame_size at the server's floor, 8 MiB, so the request-size rows need 8 MiB
// tablets rather than 512 MiB ones. It stops the server afterwards. If the server cannot be
// started, the run fails; ZEROWIRE_NO_SERVER=1 skips it, loudly. The rows that need no server
// (Writer, Reader, codec) are unit tests: packages/iotdb-client/test/bad-input-*.test.ts.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type IoTDBCluster, startCluster } from "../../../../scripts/iotdb-server/server.js";
import { MAX_FRAME_ENV, SERVER_ENV } from "./env-names.js";

const repoRoot = resolve(import.meta.dirname, "../../../..");
const packageDir = resolve(repoRoot, "packages/iotdb-client");
const SERVER = { dataDir: resolve(repoRoot, ".iotdb/bad-input"), basePort: 10467 } as const;
/** IoTDB raises a smaller dn_thrift_max_frame_size to this. */
const MAX_FRAME_SIZE = 8 * 1024 * 1024;

async function main(): Promise<number> {
  if (process.env.ZEROWIRE_NO_SERVER === "1") {
    console.log("\n!!! ZEROWIRE_NO_SERVER=1: the bad-input rows against the server (itest/bad-input) are NOT RUN\n");
    console.log("0 passed, 0 failed");
    return 0;
  }
  let cluster: IoTDBCluster;
  try {
    console.log(
      `starting the bad-input IoTDB server (1 ConfigNode + 1 DataNode on ${SERVER.basePort}, ${SERVER.dataDir}) ...`,
    );
    cluster = await startCluster({
      ...SERVER,
      dataNodes: 1,
      fresh: true,
      configNodeHeap: "256m",
      dataNodeHeap: "1g",
      dataNodeDirectMemory: "256m",
      properties: { dn_thrift_max_frame_size: String(MAX_FRAME_SIZE) },
      stopGraceMs: 20_000,
      log: (m) => console.log(`[bad-input server] ${m}`),
    });
  } catch (error) {
    console.error(`\nFAILED: the IoTDB server for the bad-input rows could not be started:\n${String(error)}`);
    return 1;
  }
  try {
    return await runTests({
      [SERVER_ENV]: `${cluster.nodes[0]!.host}:${cluster.nodes[0]!.port}`,
      [MAX_FRAME_ENV]: String(MAX_FRAME_SIZE),
    });
  } finally {
    await cluster.stop().catch((e: unknown) => console.error(`stopping the bad-input server: ${String(e)}`));
  }
}

/** uvu over itest/bad-input/*.rows.ts in a child process; its output is what the test runner counts. */
function runTests(env: Record<string, string>): Promise<number> {
  const uvu = resolve(repoRoot, "node_modules/uvu/bin.js");
  const child = spawn(process.execPath, ["--import", "tsx", uvu, "itest/bad-input", ".*\\.rows\\.ts$"], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  return new Promise((done) => child.on("close", (code) => done(code ?? 1)));
}

process.exitCode = await main();
