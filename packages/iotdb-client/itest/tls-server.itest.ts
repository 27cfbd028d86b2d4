// TLS against the real server: IoTDB 2.0.1-beta with Thrift SSL on (tls-server.ts; keystore made by
// keytool at test time, CA-signed certificate for 127.0.0.1 and localhost). Certificate checks are
// on by default: with the CA the client inserts and queries exactly; without it, or under another
// name, the connection fails fast with the TLS reason. The official Java client talks to the same
// server over SSL and reads what ours wrote.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LIB_DIR } from "../../../scripts/iotdb-server/paths.js";
import { ConnectionError, Session, TableSession, TimeoutError, type SessionOptions } from "../src/index.js";
import { TEST_CERT } from "../test/helpers/tls-fixture.js";
import { comparable, server, setup, uniqueName } from "./env.js";
import { readTlsMaterial, type TlsMaterial } from "./tls-material.js";
import { TLS_ENV } from "./tls-server.js";

const tlsPort = process.env[TLS_ENV.port];
const materialDir = process.env[TLS_ENV.materialDir];
const CONNECT_TIMEOUT_MS = 30_000;
/** Far below CONNECT_TIMEOUT_MS: a refused handshake must fail on its own, not by the timer. */
const FAST_FAILURE_MS = 10_000;

if (tlsPort && materialDir) {
  const material: TlsMaterial & { caPem: string } = readTlsMaterial(materialDir);
  const options = (extra: SessionOptions): SessionOptions => ({
    host: "127.0.0.1",
    port: Number(tlsPort),
    zoneId: "UTC",
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    requestTimeoutMs: 120_000,
    ...extra,
  });
  const DB = `root.${uniqueName("zw_tls")}`;
  let session: Session;

  test.before(
    setup(async () => {
      session = new Session(options({ tls: { ca: material.caPem } }));
      await session.open();
      await session.deleteDatabase(DB).catch(() => {});
      await session.createDatabase(DB);
    }),
  );

  test.after(async () => {
    if (session === undefined) return;
    await session.deleteDatabase(DB);
    await session.close();
  });

  test("with the CA: the certificate is verified and a tree session inserts and queries exactly over TLS", async () => {
    const rows = 50_000; // ~1.3 MB of frame: many TLS records per request
    const times = BigInt64Array.from({ length: rows }, (_, i) => 1_700_000_000_000n + BigInt(i));
    const ints = BigInt64Array.from({ length: rows }, (_, i) => BigInt(i) * 1_000_003n - 7n);
    const texts = Array.from({ length: rows }, (_, i) => (i % 97 === 0 ? null : `tls ✓ ${i}`));
    const status = await session.insertTablet({
      schema: {
        target: `${DB}.d`,
        columns: [
          { name: "v", type: "INT64" },
          { name: "t", type: "TEXT" },
          { name: "f", type: "DOUBLE" },
        ],
      },
      timestamps: times,
      values: [ints, texts, Float64Array.from({ length: rows }, (_, i) => (i === 1 ? Number.NaN : i / 8))],
    });
    assert.is(status.code, 200);
    const read = await (
      await session.executeQueryStatement(`select v, t, f from ${DB}.d`, { fetchSize: 7_000 })
    ).toRows();
    assert.is(read.length, rows);
    const mismatch = read.findIndex(
      (r, i) =>
        r.timestamp !== times[i] ||
        r.fields[0] !== ints[i] ||
        r.fields[1] !== texts[i] ||
        !Object.is(r.fields[2], i === 1 ? Number.NaN : i / 8),
    );
    assert.is(mismatch, -1, `row ${mismatch} differs`);
    const [count] = await (await session.executeQueryStatement(`select count(v) from ${DB}.d`)).toRows();
    assert.equal(comparable(count!.fields), comparable([BigInt(rows)]));
  });

  test("with the CA: a table session over TLS, and host 'localhost' matches the certificate's DNS name", async () => {
    const db = uniqueName("zw_tls_table");
    const table = new TableSession(options({ host: "localhost", tls: { ca: material.caPem } }));
    await table.open();
    try {
      await table.executeNonQueryStatement(`CREATE DATABASE IF NOT EXISTS ${db}`);
      await table.executeNonQueryStatement(`USE ${db}`);
      await table.insert({
        schema: {
          target: "t",
          columns: [
            { name: "id", type: "STRING", category: "TAG" },
            { name: "b", type: "BLOB" },
          ],
        },
        timestamps: [1n, 2n],
        values: [
          ["a", "b"],
          [Buffer.from([0, 0xff]), null],
        ],
      });
      const rows = await (await table.executeQueryStatement("select time, id, b from t order by time")).toRows();
      assert.equal(
        comparable(rows.map((r) => r.fields)),
        comparable([
          [1n, "a", Buffer.from([0, 0xff])],
          [2n, "b", null],
        ]),
      );
    } finally {
      await table.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${db}`).catch(() => {});
      await table.close();
    }
  });

  test("verification is on by default: tls: true without the CA fails fast with the certificate error", async () => {
    const error = await openFails(options({ tls: true }));
    assert.match(error.message, "self-signed certificate in certificate chain");
    assert.match(error.message, `127.0.0.1:${tlsPort}`);
    assert.is((error.cause as NodeJS.ErrnoException).code, "SELF_SIGNED_CERT_IN_CHAIN");
  });

  test("the wrong name fails even with the right CA (hostname checked against the certificate's names)", async () => {
    const error = await openFails(options({ tls: { ca: material.caPem, servername: "not-this-server.example" } }));
    assert.match(
      error.message,
      "not-this-server.example. is not in the cert's altnames: IP Address:127.0.0.1, DNS:localhost",
    );
    assert.is((error.cause as NodeJS.ErrnoException).code, "ERR_TLS_CERT_ALTNAME_INVALID");
  });

  test("a CA that did not sign the server's certificate is refused", async () => {
    // the unit tests' self-signed certificate for localhost: a valid CA, just not this server's
    const error = await openFails(options({ tls: { ca: TEST_CERT } }));
    assert.match(error.message, "self-signed certificate in certificate chain");
  });

  test("without tls the TLS port fails fast with a hint", async () => {
    const error = await openFails(options({}));
    assert.match(error.message, "the reply looks like a TLS record: does the server want TLS (the tls option)?");
  });

  test("with tls, a plain server (which waits for a frame) fails at the connect timeout with a hint", async () => {
    const connectTimeoutMs = 2_000;
    const started = Date.now();
    const session = new Session({
      ...options({ tls: { ca: material.caPem }, connectTimeoutMs }),
      host: server.host,
      port: server.port,
    });
    const error = await session.open().then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;
    assert.instance(error, TimeoutError, String(error));
    assert.match(
      (error as TimeoutError).message,
      `TLS handshake with ${server.host}:${server.port} not answered within 2000 ms (the TCP connection was made): does the server speak TLS?`,
    );
    assert.ok(elapsed >= connectTimeoutMs && elapsed < connectTimeoutMs + 3_000, `failed after ${elapsed} ms`);
  });

  test("the official Java client (useSSL + truststore) reads our rows from the same server and writes one we read", async () => {
    const device = `${DB}.java`;
    await session.insertRecords(
      [1n, 2n, 3n].map((t) => ({
        deviceId: device,
        time: t,
        measurements: ["v"],
        types: ["INT64" as const],
        values: [t * 10n],
      })),
    );
    const output = await javaClient(["127.0.0.1", tlsPort, material.trustStorePath, device], material.storePassword);
    assert.equal(JSON.parse(output.trim().split("\n").at(-1)!), { rows: 3, sum: 60 });
    const rows = await (await session.executeQueryStatement(`select java_v from ${device} where time = 1`)).toRows();
    assert.equal(comparable(rows.map((r) => r.fields)), comparable([[42n]]));
  });

  async function openFails(sessionOptions: SessionOptions): Promise<ConnectionError> {
    const attempt = new Session(sessionOptions);
    const started = Date.now();
    const outcome = await attempt.open().then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = Date.now() - started;
    if (outcome === undefined) await attempt.close();
    assert.instance(
      outcome,
      ConnectionError,
      `expected a ConnectionError, got ${outcome === undefined ? "an open session" : String(outcome)}`,
    );
    assert.ok(
      elapsed < FAST_FAILURE_MS,
      `failed after ${elapsed} ms: the handshake's own error, not a timeout, must end it`,
    );
    assert.not.ok(attempt.isOpen);
    return outcome as ConnectionError;
  }
} else {
  console.warn(
    `\n!!! ${TLS_ENV.port} / ${TLS_ENV.materialDir} not set (server ${server.host}:${server.port} given by hand): TLS against the real server is NOT tested\n`,
  );
}

function javaClient(args: string[], trustStorePassword: string): Promise<string> {
  const source = resolve(import.meta.dirname, "java/TlsJavaClient.java");
  return new Promise((done, fail) => {
    execFile(
      "java",
      ["-cp", `${LIB_DIR}/*`, source, ...args],
      { env: { ...process.env, TRUST_STORE_PASSWORD: trustStorePassword }, timeout: 180_000 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`the Java client failed: ${error.message}\n${stderr}`)) : done(stdout),
    );
  });
}

test.run();
