/**
 * pnpm exec tsx scripts/iotdb-server/cli.ts start  [--dir D] [--datanodes N] [--port P] [--fresh]
 * pnpm exec tsx scripts/iotdb-server/cli.ts stop   [--dir D] [--grace SECONDS] [--kill]
 * pnpm exec tsx scripts/iotdb-server/cli.ts status [--dir D]
 *
 * `start` returns once every node is ready and leaves the JVMs running; `status` exits 1
 * unless every node runs and accepts connections.
 */
import { parseArgs } from "node:util";
import { DEFAULT_DATA_DIR } from "./paths.js";
import { attachCluster, startCluster, type IoTDBCluster } from "./server.js";
import { isClusterDir } from "./state.js";

const USAGE = `usage: cli.ts start [--dir D] [--datanodes N] [--port P] [--fresh] [--timeout SECONDS]
       cli.ts stop [--dir D] [--grace SECONDS] [--kill]
       cli.ts status [--dir D]`;

const progress = (message: string) => console.error(`[iotdb-server] ${message}`);

function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`--${name} must be an integer, got ${value}`);
  return parsed;
}

function printEndpoints(cluster: IoTDBCluster): void {
  const { configNode, dataNodes } = cluster.pids;
  console.log(`data dir    ${cluster.dataDir}`);
  console.log(`confignode  127.0.0.1:${cluster.layout.configNode.internalPort}  pid ${configNode}`);
  cluster.nodes.forEach((node, index) =>
    console.log(`datanode ${index}  ${node.host}:${node.port}  pid ${dataNodes[index]}`),
  );
  console.log(`IOTDB_NODES=${cluster.nodes.map((node) => `${node.host}:${node.port}`).join(",")}`);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      dir: { type: "string", default: DEFAULT_DATA_DIR },
      datanodes: { type: "string" },
      port: { type: "string" },
      fresh: { type: "boolean", default: false },
      timeout: { type: "string" },
      grace: { type: "string" },
      kill: { type: "boolean", default: false },
    },
  });
  const [command, ...extra] = positionals;
  if (extra.length > 0) throw new Error(USAGE);

  switch (command) {
    case "start": {
      const started = Date.now();
      const timeoutSeconds = integerOption("timeout", values.timeout);
      const cluster = await startCluster({
        dataDir: values.dir,
        fresh: values.fresh,
        dataNodes: integerOption("datanodes", values.datanodes),
        basePort: integerOption("port", values.port),
        readyTimeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
        log: progress,
      });
      progress(`cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      printEndpoints(cluster);
      return 0;
    }
    case "stop": {
      if (!isClusterDir(values.dir)) {
        progress(`no cluster in ${values.dir}`);
        return 0;
      }
      const graceSeconds = integerOption("grace", values.grace);
      const cluster = attachCluster(values.dir, {
        stopGraceMs: graceSeconds === undefined ? undefined : graceSeconds * 1000,
        log: progress,
      });
      await cluster.stop(values.kill ? "SIGKILL" : "SIGTERM");
      return 0;
    }
    case "status": {
      if (!isClusterDir(values.dir)) {
        console.log(`no cluster in ${values.dir}`);
        return 1;
      }
      const statuses = await attachCluster(values.dir).status();
      for (const node of statuses) {
        console.log(
          `${node.label.padEnd(11)} ${node.state.padEnd(8)} pid ${String(node.pid).padEnd(8)} port ${node.port} ${node.accepting ? "accepting" : "not accepting"}`,
        );
      }
      return statuses.every((node) => node.state === "running" && node.accepting) ? 0 : 1;
    }
    default:
      throw new Error(USAGE);
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(2);
  },
);
