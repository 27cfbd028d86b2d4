// The session password never shows: a user with a distinctive random password goes through every
// error path the client has (bad options, wrong password, refused connection, connect and reply
// timeouts, TLS failures, a peer that hangs up or sends garbage, bad input, server refusals, pools,
// closed session, a result read after close; over TLS also a client key encrypted with it). Every error is looked at
// every way an application
// might log it (message, stack, cause chain, util.inspect deep with hidden properties, JSON,
// String), and so are the Session and pool objects in each state; everything written to stdout/stderr
// meanwhile is captured. The password, in clear, hex, Buffer-inspect hex or base64, or any 10
// characters of it, must appear nowhere.
import buffer, { Buffer } from "node:buffer";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  ConnectionError,
  EncodeError,
  IoTDBError,
  Session,
  SessionPool,
  TableSession,
  TableSessionPool,
  TimeoutError,
  type SessionOptions,
} from "../src/index.js";
import { openSession, server, sessionOptions, setup, uniqueName } from "./env.js";
import { closedPort, garbageServer, hangUpServer, type LoopbackServer, silentServer } from "./security-servers.js";
import { readTlsMaterial } from "./tls-material.js";
import { TLS_ENV } from "./tls-server.js";

const PASSWORD = `zwPw_${randomBytes(6).toString("hex")}`;
const USER = uniqueName("zw_secuser");
const DB = `root.${uniqueName("zw_secdb")}`;

/** Every way the password could be spelled in text. */
function passwordForms(password: string): string[] {
  const bytes = Buffer.from(password, "utf8");
  const windows = Array.from({ length: password.length - 9 }, (_, i) => password.slice(i, i + 10));
  return [
    password,
    bytes.toString("hex"),
    [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(" "),
    bytes.toString("base64"),
    ...windows,
  ];
}

/** Texts that were shown, with where they came from. */
class Exposure {
  readonly texts: { label: string; text: string }[] = [];
  errors = 0;

  add(label: string, text: string | undefined): void {
    if (text !== undefined) this.texts.push({ label, text });
  }

  /** An error as an application might log it: itself and every cause. */
  error(label: string, error: unknown): void {
    this.errors++;
    this.add(`${label}: inspect`, deepInspect(error));
    this.add(`${label}: inspect (defaults)`, inspect(error));
    this.add(`${label}: JSON`, safeJson(error));
    let current: unknown = error;
    for (let depth = 0; current !== undefined && depth < 10; depth++) {
      if (current instanceof Error) {
        this.add(`${label}: cause ${depth} message`, current.message);
        this.add(`${label}: cause ${depth} stack`, current.stack);
        this.add(`${label}: cause ${depth} String`, String(current));
        this.add(
          `${label}: cause ${depth} JSON of own properties`,
          safeJson(current, Object.getOwnPropertyNames(current)),
        );
        current = current.cause;
      } else {
        this.add(`${label}: cause ${depth}`, String(current));
        current = undefined;
      }
    }
  }

  /** A session or pool object as an application might log it. */
  session(label: string, session: object): void {
    this.add(`${label}: inspect session`, deepInspect(session));
    this.add(`${label}: inspect session (defaults)`, inspect(session));
    this.add(`${label}: JSON session`, safeJson(session));
    this.add(`${label}: String session`, String(session));
  }

  /** The texts that hold any form, with the forms found. */
  leaks(forms: string[]): { label: string; found: string[] }[] {
    return this.texts
      .map(({ label, text }) => ({ label, found: forms.filter((f) => text.includes(f)) }))
      .filter((leak) => leak.found.length > 0);
  }
}

/** A private key in PEM, encrypted with `passphrase`. */
function encryptedKey(passphrase: string): string {
  return generateKeyPairSync("ec", {
    namedCurve: "P-256",
    privateKeyEncoding: { type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
}

function deepInspect(value: unknown): string {
  return inspect(value, {
    depth: Infinity,
    showHidden: true,
    maxArrayLength: Infinity,
    maxStringLength: Infinity,
    getters: true,
  });
}

function safeJson(value: unknown, keys?: string[]): string {
  try {
    return JSON.stringify(value, keys) ?? "undefined";
  } catch (e) {
    return `JSON.stringify threw: ${(e as Error).message}`;
  }
}

/** Records everything written to stdout/stderr until stop() (and still writes it). */
function captureOutput(): { stop(): string } {
  let captured = "";
  const originals = { out: process.stdout.write, err: process.stderr.write };
  const tap = (original: typeof process.stdout.write, stream: NodeJS.WriteStream) =>
    function (this: unknown, chunk: unknown, ...rest: unknown[]) {
      captured += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
      return (original as (...a: unknown[]) => boolean).call(stream, chunk, ...rest);
    } as typeof process.stdout.write;
  process.stdout.write = tap(originals.out, process.stdout);
  process.stderr.write = tap(originals.err, process.stderr);
  const onWarning = (w: Error) => (captured += `${w.name}: ${w.message}\n`);
  process.on("warning", onWarning);
  return {
    stop() {
      process.stdout.write = originals.out;
      process.stderr.write = originals.err;
      process.off("warning", onWarning);
      return captured;
    },
  };
}

/** The promise's rejection, checked to be of `type` (so the path under test really ran). */
async function failure<E extends Error>(
  label: string,
  p: Promise<unknown>,
  type: new (...a: never[]) => E,
): Promise<E> {
  const outcome = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(
    outcome,
    type,
    `${label}: expected ${type.name}, got ${outcome === undefined ? "success" : String(outcome)}`,
  );
  return outcome as E;
}

function thrown<E extends Error>(label: string, fn: () => unknown, type: new (...a: never[]) => E): E {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.instance(
    error,
    type,
    `${label}: expected ${type.name}, got ${error === undefined ? "nothing thrown" : String(error)}`,
  );
  return error as E;
}

let admin: Session;
/** Closed by after() too, should an assertion stop the test while they are open. */
const opened: Session[] = [];
const servers: LoopbackServer[] = [];

test.before(
  setup(async () => {
    admin = await openSession();
    await admin.executeNonQueryStatement(`DROP USER ${USER}`).catch(() => {});
    await admin.executeNonQueryStatement(`CREATE USER ${USER} '${PASSWORD}'`);
    await admin.deleteDatabase(DB).catch(() => {});
    await admin.createDatabase(DB);
    const rows = 20_000; // more than one fetch
    await admin.insertTablet({
      schema: { target: `${DB}.r`, columns: [{ name: "v", type: "INT32" }] },
      timestamps: BigInt64Array.from({ length: rows }, (_, i) => BigInt(i)),
      values: [new Int32Array(rows)],
    });
    await admin.executeNonQueryStatement(`GRANT READ_DATA ON ${DB}.** TO USER ${USER}`);
  }),
);

test.after(async () => {
  await Promise.all(opened.map((s) => s.close().catch(() => {})));
  await Promise.all(servers.map((s) => s.close()));
  if (admin === undefined) return;
  await admin.executeNonQueryStatement(`DROP USER ${USER}`).catch(() => {});
  await admin.deleteDatabase(DB).catch(() => {});
  await admin.close();
});

test("the scanner finds the password where it is (a control: this test can fail)", () => {
  const control = new Exposure();
  control.add("an options object", inspect({ username: USER, password: PASSWORD }));
  control.add("a Buffer holding it", inspect(Buffer.from(`..${PASSWORD}..`)));
  control.add("a fragment", `...${PASSWORD.slice(3, 14)}...`);
  const leaks = control.leaks(passwordForms(PASSWORD));
  // the object: clear + its 8 ten-character windows; the Buffer: spaced hex; the fragment: 2 windows
  assert.equal(
    leaks.map((l) => l.found.length),
    [9, 1, 2],
  );
});

test("no error, session object or console output shows the password, on any error path", async () => {
  const seen = new Exposure();
  const as = (extra: SessionOptions): SessionOptions =>
    sessionOptions({ username: USER, password: PASSWORD, ...extra });
  const previousInspectBytes = buffer.INSPECT_MAX_BYTES;
  buffer.INSPECT_MAX_BYTES = 1 << 20; // Buffers in inspected objects shown whole (up to 1 MiB)
  const output = captureOutput();
  try {
    // bad options: thrown by the constructor
    seen.error(
      "bad option",
      thrown("bad option", () => new Session(as({ fetchSize: 0 })), RangeError),
    );

    // wrong password (the distinctive one, for root), tree and table sessions
    const wrongPassword = new Session(sessionOptions({ password: PASSWORD }));
    const refused = await failure("wrong password", wrongPassword.open(), IoTDBError);
    assert.is(refused.code, 801);
    seen.error("wrong password", refused);
    seen.session("wrong password", wrongPassword);
    seen.error(
      "call after a refused open",
      await failure("call after refused open", wrongPassword.ping(), ConnectionError),
    );
    const wrongTable = new TableSession(sessionOptions({ password: PASSWORD }));
    seen.error("wrong password (table)", await failure("wrong password (table)", wrongTable.open(), IoTDBError));
    seen.session("wrong password (table)", wrongTable);

    // the right password: an open session, then the server's refusals and bad input
    const session = new Session(as({}));
    opened.push(session);
    await session.open();
    seen.session("open session", session);
    const badSql = await failure("bad SQL", session.executeQueryStatement("selec nothing"), IoTDBError);
    assert.is(badSql.code, 700);
    seen.error("bad SQL", badSql);
    const denied = await failure("no privilege", session.executeQueryStatement("list user"), IoTDBError);
    assert.is(denied.code, 803, `a user without privileges is refused (803), got ${denied.message}`);
    seen.error("no privilege", denied);
    seen.error(
      "no privilege (insert)",
      await failure(
        "no privilege insert",
        session.insertRecord({ deviceId: `${DB}.d`, time: 1n, measurements: ["v"], types: ["INT32"], values: [1] }),
        IoTDBError,
      ),
    );
    seen.error(
      "bad input: ragged tablet",
      await failure(
        "ragged",
        session.insertTablet({
          schema: { target: `${DB}.d`, columns: [{ name: "v", type: "INT32" }] },
          timestamps: [1n, 2n],
          values: [[1]],
        }),
        EncodeError,
      ),
    );
    seen.error(
      "bad input: wrong type",
      await failure(
        "wrong type",
        session.insertRecord({ deviceId: `${DB}.d`, time: 1n, measurements: ["v"], types: ["INT32"], values: ["x"] }),
        EncodeError,
      ),
    );
    seen.error(
      "bad input: fraction into INT64",
      await failure(
        "fraction",
        session.insertRecord({ deviceId: `${DB}.d`, time: 1n, measurements: ["v"], types: ["INT64"], values: [0.5] }),
        EncodeError,
      ),
    );
    const result = await session.executeQueryStatement(`select v from ${DB}.r`, { fetchSize: 1000 }); // more to fetch
    await session.close();
    seen.session("closed session", session);
    seen.error("result read after close", await failure("result after close", result.toRows(), ConnectionError));
    seen.error(
      "closed session",
      await failure("closed session", session.executeQueryStatement("show version"), ConnectionError),
    );

    // pools: the wrong password, then the right one with a query the user may not run
    const wrongPool = new SessionPool(sessionOptions({ password: PASSWORD, maxRetries: 0 }));
    seen.error("pool: wrong password", await failure("pool wrong password", wrongPool.open(), IoTDBError));
    seen.session("pool: wrong password", wrongPool);
    await wrongPool.close();
    const pool = new TableSessionPool(as({ maxRetries: 0 }));
    await pool.open();
    seen.session("pool: open", pool);
    seen.error(
      "pool: no privilege",
      await failure("pool no privilege", pool.executeQueryStatement("list user"), IoTDBError),
    );
    await pool.close();
    seen.session("pool: closed", pool);

    // the network: nothing listening, a silent peer (reply timeout; TLS handshake timeout), a peer that hangs up,
    // garbage
    seen.error(
      "connection refused",
      await failure("refused", new Session(as({ port: await closedPort() })).open(), ConnectionError),
    );
    const silent = await silentServer();
    const hangUp = await hangUpServer();
    const garbage = await garbageServer();
    servers.push(silent, hangUp, garbage);
    const timedOut = new Session(as({ host: "127.0.0.1", port: silent.port, requestTimeoutMs: 300 }));
    seen.error("reply timeout", await failure("reply timeout", timedOut.open(), TimeoutError));
    seen.session("reply timeout", timedOut);
    seen.error(
      "TLS handshake timeout",
      await failure(
        "handshake timeout",
        new Session(as({ host: "127.0.0.1", port: silent.port, tls: true, connectTimeoutMs: 300 })).open(),
        TimeoutError,
      ),
    );
    seen.error(
      "hang-up",
      await failure("hang-up", new Session(as({ host: "127.0.0.1", port: hangUp.port })).open(), ConnectionError),
    );
    seen.error(
      "garbage reply",
      await failure("garbage", new Session(as({ host: "127.0.0.1", port: garbage.port })).open(), ConnectionError),
    );

    // TLS against the real TLS server, when run.ts started it
    const tlsPort = process.env[TLS_ENV.port];
    const materialDir = process.env[TLS_ENV.materialDir];
    if (tlsPort && materialDir) {
      const tlsAt = (extra: SessionOptions) => as({ host: "127.0.0.1", port: Number(tlsPort), ...extra });
      const untrusted = new Session(tlsAt({ tls: true }));
      seen.error("TLS: unknown CA", await failure("unknown CA", untrusted.open(), ConnectionError));
      seen.session("TLS: unknown CA", untrusted);
      const ca = readTlsMaterial(materialDir).caPem;
      seen.error(
        "TLS: wrong name",
        await failure(
          "wrong name",
          new Session(tlsAt({ tls: { ca, servername: "elsewhere.example" } })).open(),
          ConnectionError,
        ),
      );
      seen.error("TLS: plain client", await failure("plain client", new Session(tlsAt({})).open(), ConnectionError));
      // An open TLS session (root on that server) whose client key is encrypted with the password as passphrase (the
      // server asks for no client certificate; the key is only held): Node keeps the options a
      // socket connected with on the socket.
      const withKey = new Session(
        tlsAt({ tls: { ca, key: encryptedKey(PASSWORD), passphrase: PASSWORD }, username: "root", password: "root" }),
      );
      opened.push(withKey);
      await withKey.open();
      seen.session("TLS: open, client key with the password as passphrase", withKey);
      await withKey.close();
      const overTls = new Session(tlsAt({ tls: { ca }, username: "root", password: PASSWORD }));
      seen.error("TLS: wrong password", await failure("wrong password over TLS", overTls.open(), IoTDBError));
      seen.session("TLS: wrong password", overTls);
    } else {
      console.warn(`\n!!! ${TLS_ENV.port} not set: the TLS error paths are NOT part of the password check\n`);
    }
  } finally {
    seen.add("stdout and stderr", output.stop());
    buffer.INSPECT_MAX_BYTES = previousInspectBytes;
  }
  const chars = seen.texts.reduce((n, t) => n + t.text.length, 0);
  console.log(
    `  password check: ${seen.errors} errors, ${seen.texts.length} texts, ${chars} characters scanned (server ${server.host}:${server.port})`,
  );
  const leaks = seen.leaks(passwordForms(PASSWORD));
  const where = leaks.map((l) => `${l.label}: ${l.found.map((f) => JSON.stringify(f)).join(", ")}`);
  assert.ok(leaks.length === 0, `the password shows in ${leaks.length} texts:\n${where.join("\n")}`);
});

test.run();
