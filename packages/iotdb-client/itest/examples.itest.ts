// The repo's examples/ run as a user runs them: each script in its own process (tsx, from the
// examples workspace package, so "@zerowire/iotdb-client" resolves to the built package through
// node_modules as in a user's project), its endpoint given only through the environment variables
// its README names, against the servers run.ts started: main (IOTDB_HOST/IOTDB_PORT), TLS
// (tls-server.ts: its port and the CA it made) and the 3-DataNode cluster (cluster-env.ts). An
// example checks its own result and exits non-zero when it is wrong, so a test asserts exit 0 and
// the line it prints after that check. Inherited IOTDB_* variables are not passed on: each example
// sees only the endpoint meant for it.
//
// Runs after the cluster-*.itest.ts files (uvu orders files by name): the cluster example drops
// its database, and a DataNode restarted after that would first wait for the dropped regions.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CLUSTER_NODES_ENV } from "./cluster-env.js";
import { server } from "./env.js";
import { readTlsMaterial } from "./tls-material.js";
import { TLS_ENV } from "./tls-server.js";

const examplesDir = resolve(import.meta.dirname, "../../../examples");

interface Example {
  file: string;
  env: Record<string, string>;
  /** A line the example prints only after it checked what it read back. */
  expected: RegExp;
  /** What the example reads from stdin (default: nothing, stdin closed at once). */
  stdin?: string;
}

const main = { IOTDB_HOST: server.host, IOTDB_PORT: String(server.port) };
const examples: Example[] = [
  { file: "tree-pool.ts", env: main, expected: /^read back 40000 temperature points over 8 devices$/m },
  { file: "table-model.ts", env: main, expected: /^region 'north': 3 devices, 300 points$/m },
  { file: "stream-columns.ts", env: main, expected: /^streamed 200000 rows in \d+ blocks, sum of power 99900000$/m },
  {
    file: "ingest-ndjson.ts",
    env: main,
    expected: /^read back 20000 temperature points$/m,
    stdin: ndjsonLines(20_000, 10),
  },
  {
    file: "tracing-otel.ts",
    env: main,
    expected:
      /^traced \d+ spans: iotdb:open, iotdb:pool:acquire, iotdb:insert, iotdb:query, iotdb:fetch; query and fetches returned 20000 rows$/m,
  },
];

/** Lines as a producer would pipe them to ingest-ndjson.ts: `devices` devices in turn, every 3rd pressure missing. */
function ndjsonLines(count: number, devices: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const pressure = i % 3 === 0 ? null : 1 + (i % 10) / 10;
    lines.push(
      JSON.stringify({
        device: `boiler${i % devices}`,
        time: 1_700_000_000_000 + i,
        temperature: 50 + (i % 500) / 10,
        pressure,
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

const tlsPort = process.env[TLS_ENV.port];
const tlsDir = process.env[TLS_ENV.materialDir];
if (tlsPort && tlsDir) {
  // The certificate names 127.0.0.1 and localhost (tls-material.ts).
  const env = { IOTDB_HOST: "127.0.0.1", IOTDB_PORT: tlsPort, IOTDB_CA_FILE: readTlsMaterial(tlsDir).caPemPath };
  examples.push({ file: "tls.ts", env, expected: /^wrote and read back 2 points over TLS$/m });
} else {
  console.warn(
    `\n!!! ${TLS_ENV.port} / ${TLS_ENV.materialDir} not set: examples/tls.ts is NOT run; itest/run.ts starts the TLS server\n`,
  );
}

const clusterNodes = process.env[CLUSTER_NODES_ENV];
if (clusterNodes) {
  examples.push({
    file: "cluster.ts",
    env: { IOTDB_NODE_URLS: clusterNodes },
    expected: /^read back 18000 points through 127\.0\.0\.1:\d+$/m,
  });
} else {
  console.warn(`\n!!! ${CLUSTER_NODES_ENV} not set: examples/cluster.ts is NOT run; itest/run.ts starts the cluster\n`);
}

function runExample(example: Example): Promise<{ code: number | string; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("IOTDB_")));
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", example.file],
      { cwd: examplesDir, timeout: 180_000, env: { ...inherited, ...example.env } },
      (error, stdout, stderr) => done({ code: error ? (error.code ?? error.signal ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(example.stdin ?? "");
  });
}

for (const example of examples) {
  test(`examples/${example.file} runs against the server, checks its result and says so`, async () => {
    const { code, stdout, stderr } = await runExample(example);
    assert.is(code, 0, `examples/${example.file} failed (exit ${code}):\n${stdout}\n${stderr}`);
    assert.match(stdout, example.expected, `examples/${example.file} did not print ${example.expected}:\n${stdout}`);
  });
}

test.run();
