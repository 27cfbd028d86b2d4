// The IoTDB server with Thrift SSL on, for tls-*.itest.ts and security-*.itest.ts. IoTDB
// 2.0.1-beta's DataNode serves its client RPC port over TLS when iotdb-system.properties has
// enable_thrift_ssl=true, key_store_path and key_store_pwd (read by IoTDBDescriptor.initThriftSSL;
// RPCService then opens its server socket with Thrift's TSSLTransportFactory, no client auth).
// The keystore is made fresh by keytool before the server starts.
import { resolve } from "node:path";
import { type IoTDBCluster, startCluster } from "../../../scripts/iotdb-server/server.js";
import { makeTlsMaterial } from "./tls-material.js";

export const TLS_SERVER_PORT = 9367;

/** Where run.ts tells the tests to find the TLS server and its certificates. */
export const TLS_ENV = { port: "IOTDB_TLS_PORT", materialDir: "IOTDB_TLS_DIR" } as const;

export function tlsMaterialDir(repoRoot: string): string {
  return resolve(repoRoot, ".iotdb/client-itest-tls-keys");
}

/** Makes the certificates, then starts a small fresh server with SSL on at TLS_SERVER_PORT. */
export async function startTlsServer(repoRoot: string, log: (message: string) => void): Promise<IoTDBCluster> {
  const started = Date.now();
  const material = await makeTlsMaterial(tlsMaterialDir(repoRoot));
  log(`keystore made by keytool in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return startCluster({
    dataDir: resolve(repoRoot, ".iotdb/client-itest-tls"),
    fresh: true,
    basePort: TLS_SERVER_PORT,
    configNodeHeap: "256m",
    dataNodeHeap: "1g",
    dataNodeDirectMemory: "256m",
    properties: {
      enable_thrift_ssl: "true",
      key_store_path: material.keyStorePath,
      key_store_pwd: material.storePassword,
    },
    stopGraceMs: 20_000,
    log,
  });
}

/** The environment run.ts gives the tests for the TLS server. */
export function tlsServerEnv(repoRoot: string): Record<string, string> {
  return { [TLS_ENV.port]: String(TLS_SERVER_PORT), [TLS_ENV.materialDir]: tlsMaterialDir(repoRoot) };
}
