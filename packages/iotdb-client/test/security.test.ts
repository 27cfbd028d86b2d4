// Secrets stay out of sight and TLS mistakes are named: a session's or pool's password (and TLS
// key material) never shows through util.inspect or JSON.stringify yet still reaches openSession;
// a TLS server answering a plain client, and a plain server ignoring a TLS handshake, are told
// apart from other failures.
import { generateKeyPairSync } from "node:crypto";
import net from "node:net";
import { inspect } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, Session, SessionPool, TableSession, TableSessionPool, TimeoutError } from "../src/index.js";
import { Connection } from "../src/connection.js";
import type { TSOpenSessionReq } from "../src/gen/client_types.js";
import { FrameError, FrameReader } from "../src/transport/frame-reader.js";
import { FakeIoTDB } from "./helpers/fake-iotdb.js";
import { FakeServer } from "./helpers/fake-server.js";
import { TEST_CERT, TEST_KEY } from "./helpers/tls-fixture.js";

const SECRET = "zw-unit-Secret-91c3";

function shows(value: unknown, secret: string): boolean {
  const deep = inspect(value, { depth: Infinity, showHidden: true, getters: true });
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch (e) {
    json = (e as Error).message;
  }
  return (
    deep.includes(secret) || inspect(value).includes(secret) || json.includes(secret) || String(value).includes(secret)
  );
}

test("the check sees a password where one is (control)", () => {
  assert.ok(shows({ options: { password: SECRET } }, SECRET));
  assert.ok(
    shows(
      new (class {
        protected readonly options = { password: SECRET };
      })(),
      SECRET,
    ),
    "a protected property is an ordinary one",
  );
});

test("sessions and pools keep the password and TLS options out of inspect and JSON", async () => {
  const tls = { ca: TEST_CERT, passphrase: SECRET };
  const options = { password: SECRET, tls, zoneId: "UTC" };
  const pools = [new SessionPool(options), new TableSessionPool(options)];
  for (const value of [new Session(options), new TableSession(options), ...pools]) {
    assert.not.ok(shows(value, SECRET), `${value.constructor.name} shows the password`);
    assert.not.ok(shows(value, "BEGIN CERTIFICATE"), `${value.constructor.name} shows the TLS options`);
  }
  await Promise.all(pools.map((p) => p.close()));
});

test("the password still reaches openSession, and a session opened with it still shows none", async () => {
  const fake = await FakeIoTDB.start();
  const session = new Session({ host: "127.0.0.1", port: fake.port, username: "u1", password: SECRET, zoneId: "UTC" });
  try {
    await session.open();
    const [open] = fake.calls("openSession");
    const request = open!.args[0] as TSOpenSessionReq;
    assert.equal([request.username, request.password], ["u1", SECRET]);
    assert.not.ok(shows(session, SECRET));
  } finally {
    await session.close();
    await fake.close();
  }
});

test("an open TLS connection keeps no client key or passphrase on its socket", async () => {
  const server = await FakeServer.start(() => {}, { key: TEST_KEY, cert: TEST_CERT });
  const key = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: SECRET },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
  const connection = await Connection.open({
    host: "127.0.0.1",
    port: server.port,
    tls: { ca: TEST_CERT, servername: "localhost", key, passphrase: SECRET },
  });
  try {
    assert.not.ok(shows(connection, SECRET), "passphrase");
    assert.not.ok(shows(connection, key.split("\n")[1]!), "encrypted key");
  } finally {
    connection.close();
    await server.close();
  }
});

test("a reply that starts like a TLS record names TLS; other oversized frames do not", () => {
  const failure = (bytes: number[]): string => {
    let error: unknown;
    try {
      new FrameReader(64 * 1024 * 1024, () => {}).push(Buffer.from(bytes));
    } catch (e) {
      error = e;
    }
    assert.instance(error, FrameError);
    return (error as FrameError).message;
  };
  const hint = "the reply looks like a TLS record: does the server want TLS (the tls option)?";
  assert.match(failure([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]), hint); // alert, TLS 1.2 record
  assert.match(failure([0x16, 0x03, 0x01, 0x02, 0x00]), hint); // handshake, TLS 1.0 record version
  assert.not.match(failure([0x7f, 0xff, 0xff, 0xf0]), "TLS");
  // application data is not what a refusing server sends first
  assert.not.match(failure([0x17, 0x03, 0x03, 0x00]), "TLS");
});

test("a plain client to a server that answers with a TLS alert gets the hint", async () => {
  const alerting = net.createServer((socket) =>
    socket.once("data", () => socket.end(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]))),
  );
  const port = await new Promise<number>((resolve) =>
    alerting.listen(0, "127.0.0.1", () => resolve((alerting.address() as net.AddressInfo).port)),
  );
  try {
    const session = new Session({ host: "127.0.0.1", port, zoneId: "UTC" });
    const error = await session.open().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ConnectionError);
    assert.match((error as Error).message, "does the server want TLS (the tls option)?");
  } finally {
    await new Promise((resolve) => alerting.close(resolve));
  }
});

test("a TLS handshake a plain server never answers times out with a hint", async () => {
  const silent = await FakeServer.start(() => {});
  try {
    const error = await Connection.open({
      host: "127.0.0.1",
      port: silent.port,
      tls: true,
      connectTimeoutMs: 200,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, TimeoutError);
    assert.match(
      (error as Error).message,
      `TLS handshake with 127.0.0.1:${silent.port} not answered within 200 ms (the TCP connection was made): does the server speak TLS?`,
    );
  } finally {
    await silent.close();
  }
});

test.run();
