// Runs the iotdb-client integration tests against real IoTDB 2.0.1-beta servers started with the
// project's scripts/iotdb-server, then stops them:
//   main  (IOTDB_HOST/IOTDB_PORT):  ms precision, binary protocol, every test file
//   us    (IOTDB_US_PORT):          us precision
//   ns    (IOTDB_NS_PORT):          ns precision, RPC compression on (the compact protocol)
//   tls   (IOTDB_TLS_PORT):         Thrift SSL on, keystore made by keytool (tls-server.ts)
//   cluster (IOTDB_CLUSTER_DIR/_NODES): 1 ConfigNode + 3 DataNodes on 8967-8969 (cluster-env.ts),
//                                    for redirection, failover and outage tests (cluster-*.itest.ts)
// The pids of every server JVM go to the tests in IOTDB_TEST_PIDS (the loopback-only check).
// With IOTDB_HOST set, no server is started and the tests use that one (precision tests only
// when IOTDB_US_PORT / IOTDB_NS_PORT are set too). If a server cannot be started, the run fails.
// ZEROWIRE_NO_SERVER=1 skips everything, loudly.
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { type IoTDBCluster, startCluster } from "../../../scripts/iotdb-server/server.js";
import { CLUSTER_DIR_ENV, CLUSTER_NODES_ENV, CLUSTER_SPEC } from "./cluster-env.js";
import { TEST_PIDS_ENV } from "./security-listeners.js";
import { startTlsServer, tlsServerEnv } from "./tls-server.js";

const repoRoot = resolve(import.meta.dirname, "../../..");
const packageDir = resolve(repoRoot, "packages/iotdb-client");

const SERVERS = {
  main: { basePort: 8167, properties: {} },
  us: { basePort: 8367, properties: { timestamp_precision: "us" } },
  ns: { basePort: 8567, properties: { timestamp_precision: "ns", dn_rpc_thrift_compression_enable: "true" } },
} as const;
// The extra servers only check precision and the protocol: small heaps.
const SMALL = { configNodeHeap: "256m", dataNodeHeap: "1g", dataNodeDirectMemory: "256m" } as const;
const CLUSTER = { dataDir: resolve(repoRoot, ".iotdb/client-itest-cluster"), basePort: 8967 } as const;

async function main(): Promise<number> {
  if (process.env.ZEROWIRE_NO_SERVER === "1") {
    console.log("\n!!! ZEROWIRE_NO_SERVER=1: the iotdb-client integration tests are NOT RUN\n");
    console.log("0 passed, 0 failed");
    return 0;
  }
  if (process.env.IOTDB_HOST) {
    console.log(`iotdb-client itests against IOTDB_HOST=${process.env.IOTDB_HOST} (no server started)`);
    return runTests({});
  }
  const clusters: IoTDBCluster[] = [];
  try {
    console.log(
      "starting 4 IoTDB servers (ms / us / ns+compact / tls) and a 3-DataNode cluster with scripts/iotdb-server ...",
    );
    const started = await Promise.allSettled([
      startTlsServer(repoRoot, (m) => console.log(`[tls] ${m}`)),
      startCluster({
        ...CLUSTER,
        ...CLUSTER_SPEC,
        fresh: true,
        stopGraceMs: 20_000,
        log: (m) => console.log(`[cluster] ${m}`),
      }),
      ...(Object.keys(SERVERS) as (keyof typeof SERVERS)[]).map((name) =>
        startCluster({
          dataDir: resolve(repoRoot, `.iotdb/client-itest-${name}`),
          fresh: true,
          basePort: SERVERS[name].basePort,
          properties: SERVERS[name].properties,
          ...(name === "main" ? {} : SMALL),
          stopGraceMs: 20_000,
          log: (m) => console.log(`[${name}] ${m}`),
        }),
      ),
    ]);
    for (const s of started) if (s.status === "fulfilled") clusters.push(s.value);
    const failed = started.find((s) => s.status === "rejected");
    if (failed !== undefined) {
      console.error(
        `\nFAILED: the IoTDB server for the integration tests could not be started:\n${(failed as PromiseRejectedResult).reason}`,
      );
      return 1;
    }
    return await runTests({
      IOTDB_HOST: "127.0.0.1",
      IOTDB_PORT: String(SERVERS.main.basePort),
      IOTDB_US_PORT: String(SERVERS.us.basePort),
      IOTDB_NS_PORT: String(SERVERS.ns.basePort),
      ...tlsServerEnv(repoRoot),
      [CLUSTER_DIR_ENV]: CLUSTER.dataDir,
      [CLUSTER_NODES_ENV]: Array.from(
        { length: CLUSTER_SPEC.dataNodes },
        (_, i) => `127.0.0.1:${CLUSTER.basePort + i}`,
      ).join(","),
      // The cluster's DataNodes are restarted by the failover tests (new pids): of it, only the ConfigNode is checked.
      [TEST_PIDS_ENV]: clusters
        .flatMap((c) => [c.pids.configNode, ...(c.dataDir === CLUSTER.dataDir ? [] : c.pids.dataNodes)])
        .filter((pid) => pid !== null)
        .join(","),
    });
  } finally {
    await Promise.all(clusters.map((c) => c.stop().catch((e) => console.error(`stopping a test server: ${e}`))));
  }
}

/** uvu over itest/*.itest.ts in a child process; its output is what the test runner counts. */
function runTests(env: Record<string, string>): Promise<number> {
  const uvu = resolve(repoRoot, "node_modules/uvu/bin.js");
  const child = spawn(process.execPath, ["--import", "tsx", uvu, "itest", ".*\\.itest\\.ts$"], {
    cwd: packageDir,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  return new Promise((done) => child.on("close", (code) => done(code ?? 1)));
}

process.exitCode = await main();
