// connectTimeoutMs bounds the whole of open(): TCP, the TLS handshake, openSession (with the
// database) and requestStatementId, for sessions and for the sessions a pool opens. A server
// that accepts TCP and never answers fails open() after connectTimeoutMs, not after the
// (much longer) request timeout.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session, SessionPool, TableSession, TableSessionPool, TimeoutError } from "../src/index.js";
import { FakeServer } from "./helpers/fake-server.js";
import { fakes, rejection, tablet } from "./helpers/pool-fakes.js";

const CONNECT_MS = 300;
const REQUEST_MS = 30_000;
const silent = { zoneId: "UTC", connectTimeoutMs: CONNECT_MS, requestTimeoutMs: REQUEST_MS };

async function withSilentServer(run: (port: number) => Promise<void>): Promise<void> {
  const server = await FakeServer.start(() => {}); // reads every call, answers none
  try {
    await run(server.port);
  } finally {
    await server.close();
  }
}

async function failsWithinConnectTimeout(open: () => Promise<unknown>): Promise<TimeoutError> {
  const started = Date.now();
  const error = await rejection(open());
  const took = Date.now() - started;
  assert.instance(error, TimeoutError);
  assert.ok(took >= CONNECT_MS - 20 && took < CONNECT_MS + 1_500, `failed after ${took} ms`);
  assert.match((error as Error).message, `connectTimeoutMs ${CONNECT_MS} ms`);
  return error as TimeoutError;
}

test("Session.open() against a server that never answers openSession: TimeoutError after connectTimeoutMs", async () => {
  await withSilentServer(async (port) => {
    const error = await failsWithinConnectTimeout(() => new Session({ ...silent, port }).open());
    assert.is(error.timeoutMs, CONNECT_MS);
    assert.match(error.message, "openSession");
  });
});

test("TableSession.open() with a database: the same bound", async () => {
  await withSilentServer(async (port) => {
    await failsWithinConnectTimeout(() => new TableSession({ ...silent, port, database: "db1" }).open());
  });
});

test("an unanswered requestStatementId counts against the same connectTimeoutMs", async () => {
  const [fake] = await fakes(1);
  try {
    fake!.handler.requestStatementId = () => new Promise(() => {});
    const error = await failsWithinConnectTimeout(() => new Session({ ...silent, port: fake!.port }).open());
    assert.match(error.message, "requestStatementId");
  } finally {
    await fake!.close();
  }
});

test("pools: a session the pool opens is bounded by connectTimeoutMs too", async () => {
  await withSilentServer(async (port) => {
    const pool = new SessionPool({ ...silent, nodeUrls: [`127.0.0.1:${port}`], maxRetries: 0 });
    try {
      await failsWithinConnectTimeout(() => pool.insertTablet(tablet("root.sg.d1")));
    } finally {
      await pool.close();
    }
    const tables = new TableSessionPool({ ...silent, nodeUrls: [`127.0.0.1:${port}`], database: "db1", minSize: 1 });
    try {
      await failsWithinConnectTimeout(() => tables.open());
    } finally {
      await tables.close();
    }
  });
});

test("a server that answers opens as before (negative control)", async () => {
  const [fake] = await fakes(1);
  try {
    const session = new Session({ ...silent, port: fake!.port });
    await session.open();
    assert.ok(session.isOpen);
    await session.close();
  } finally {
    await fake!.close();
  }
});

test.run();
