// Runs the load tests (itest/load/*.load.ts: buffer ownership under load, soak) against a real
// IoTDB 2.0.1-beta that this runner starts for them alone: 1 ConfigNode + 1 DataNode, data in
// <repo>/.iotdb/load, DataNode RPC on 10267 (every other port shifted to match), so no other
// suite's server collides with it. Stops it afterwards and repeats the figures at the end.
// With IOTDB_HOST set, no server is started and the tests use that one (IOTDB_PORT, default 6667).
// If the server cannot be started, the run fails; ZEROWIRE_NO_SERVER=1 skips it, loudly.
// SOAK_SECONDS=600 makes the soak long (default 60).
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type IoTDBCluster, startCluster } from "../../../../scripts/iotdb-server/server.js";
import { SUMMARY_PREFIX } from "./summary.js";

const repoRoot = resolve(import.meta.dirname, "../../../..");
const packageDir = resolve(repoRoot, "packages/iotdb-client");
const SERVER = { dataDir: resolve(repoRoot, ".iotdb/load"), basePort: 10267 } as const;

async function main(): Promise<number> {
  if (process.env.ZEROWIRE_NO_SERVER === "1") {
    console.log("\n!!! ZEROWIRE_NO_SERVER=1: the iotdb-client load tests (buffer ownership, soak) are NOT RUN\n");
    console.log("0 passed, 0 failed");
    return 0;
  }
  const started = Date.now();
  if (process.env.IOTDB_HOST) {
    console.log(
      `iotdb-client load tests against IOTDB_HOST=${process.env.IOTDB_HOST}:${process.env.IOTDB_PORT ?? 6667} (no server started)`,
    );
    return report(await runTests({}), started);
  }
  let cluster: IoTDBCluster;
  try {
    console.log(
      `starting the load-test IoTDB server (1 ConfigNode + 1 DataNode on ${SERVER.basePort}, ${SERVER.dataDir}) ...`,
    );
    cluster = await startCluster({
      ...SERVER,
      dataNodes: 1,
      fresh: true,
      stopGraceMs: 10_000,
      log: (m) => console.log(`[load server] ${m}`),
    });
  } catch (error) {
    console.error(`\nFAILED: the IoTDB server for the load tests could not be started:\n${String(error)}`);
    return 1;
  }
  try {
    return report(await runTests({ IOTDB_HOST: "127.0.0.1", IOTDB_PORT: String(SERVER.basePort) }), started);
  } finally {
    await cluster.stop().catch((e: unknown) => console.error(`stopping the load-test server: ${String(e)}`));
  }
}

function report({ code, summaries }: { code: number; summaries: string[] }, started: number): number {
  console.log(
    `\n=== iotdb-client load tests (${((Date.now() - started) / 1000).toFixed(0)} s with the server's start)`,
  );
  for (const line of summaries) console.log(line);
  if (summaries.length === 0) console.log("(no summary was printed)");
  return code;
}

/** uvu over itest/load/*.load.ts in a child process; its output is what the test runner counts. */
function runTests(env: Record<string, string>): Promise<{ code: number; summaries: string[] }> {
  const uvu = resolve(repoRoot, "node_modules/uvu/bin.js");
  const child = spawn(process.execPath, ["--import", "tsx", uvu, "itest/load", ".*\\.load\\.ts$"], {
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
      if (line.includes(SUMMARY_PREFIX))
        summaries.push(line.slice(line.indexOf(SUMMARY_PREFIX) + SUMMARY_PREFIX.length + 1));
  });
  return new Promise((done) => child.on("close", (code) => done({ code: code ?? 1, summaries })));
}

process.exitCode = await main();
