// The life of pooled sessions: with injected fake sessions (health checks, broken sessions,
// minSize and idle reaping, close) and against fake servers (queries that hold their session
// until the data set closes, the wait queue's timeout, TableSessionPool's database).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSExecuteStatementResp } from "../src/gen/client_types.js";
import {
  ConnectionError,
  type Int64Mode,
  PoolClosedError,
  PoolTimeoutError,
  type Session,
  SessionPool,
  type SessionOptions,
  TableSessionPool,
} from "../src/index.js";
import { base, fakes, ok, queryResponse, rejection, sleep, tablet, until, url } from "./helpers/pool-fakes.js";

/** Just what the pool uses of a Session. */
class FakeSession {
  isOpen = false;
  pings = 0;
  closes = 0;
  failPing = false;
  private readonly brokenListeners: ((e: ConnectionError) => void)[] = [];
  constructor(readonly options: SessionOptions<Int64Mode>) {}
  async open(): Promise<void> {
    this.isOpen = true;
  }
  async close(): Promise<void> {
    this.closes++;
    this.isOpen = false;
  }
  async ping(): Promise<void> {
    this.pings++;
    if (this.failPing) throw new ConnectionError("no pong");
  }
  onBroken(listener: (e: ConnectionError) => void): void {
    this.brokenListeners.push(listener);
  }
  breakConnection(): void {
    for (const l of this.brokenListeners) l(new ConnectionError("broken"));
  }
}

function fakePool(options: Partial<ConstructorParameters<typeof SessionPool>[0]> = {}) {
  const made: FakeSession[] = [];
  const pool = new SessionPool({
    nodeUrls: ["10.0.0.1:6667"],
    createSession: (o) => {
      const s = new FakeSession(o);
      made.push(s);
      return s as unknown as Session;
    },
    ...options,
  });
  const sessionOf = () => pool.withSession(async (s) => s as unknown as FakeSession);
  return { pool, made, sessionOf };
}

test("sessions are opened at the endpoint with autoReconnect off (a broken one is replaced, not reopened)", async () => {
  const { pool, made, sessionOf } = fakePool({ username: "u", zoneId: "UTC" });
  await sessionOf();
  assert.equal(made[0]!.options, { username: "u", zoneId: "UTC", host: "10.0.0.1", port: 6667, autoReconnect: false });
  await pool.close();
});

test("a session whose connection broke is never handed out again", async () => {
  const { pool, made, sessionOf } = fakePool();
  const first = await sessionOf();
  assert.is(await sessionOf(), first, "an idle session is reused");
  first.breakConnection();
  const second = await sessionOf();
  assert.is.not(second, first);
  assert.is(first.closes, 1, "the broken one was closed");
  assert.is(made.length, 2);
  await pool.close();
});

test("health checks: a ping after healthCheckAfterIdleMs idle and after an unexpected error; a failed ping replaces the session", async () => {
  const { pool, made, sessionOf } = fakePool({ healthCheckAfterIdleMs: 40 });
  const s = await sessionOf();
  await sessionOf();
  assert.is(s.pings, 0);
  await sleep(60);
  await sessionOf();
  assert.is(s.pings, 1, "pinged after idling");
  await pool
    .withSession(async () => {
      throw new Error("the caller's own bug");
    })
    .catch(() => {});
  await sessionOf();
  assert.is(s.pings, 2, "pinged after an unexpected error");
  await pool
    .withSession(async () => {
      throw new Error("again");
    })
    .catch(() => {});
  s.failPing = true;
  const replacement = await sessionOf();
  assert.is.not(replacement, s);
  assert.is(made.length, 2);
  assert.is(s.closes, 1);
  await pool.close();
});

test("open() opens minSize sessions; idle ones beyond minSize are closed after maxIdleMs", async () => {
  const { pool, made } = fakePool({ minSize: 2, maxSize: 4, maxIdleMs: 40 });
  await pool.open();
  assert.is(made.length, 2);
  // Four at once: two more are opened.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const busy = Array.from({ length: 4 }, () => pool.withSession(() => gate));
  await sleep(10);
  assert.is(pool.stats().endpoints[0]!.borrowed, 4);
  release();
  await Promise.all(busy);
  assert.is(pool.stats().endpoints[0]!.idle, 4);
  await sleep(150);
  assert.is(pool.stats().endpoints[0]!.size, 2, "reaped down to minSize");
  assert.is(made.filter((s) => s.closes === 1).length, 2);
  await pool.close();
  assert.ok(
    made.every((s) => s.closes === 1),
    "close() closed every session",
  );
});

test("minSize is restored in the background after sessions broke", async () => {
  const { pool, made } = fakePool({ minSize: 2, maxIdleMs: 20 });
  await pool.open();
  for (const s of made) s.breakConnection();
  await sleep(100);
  const stats = pool.stats().endpoints[0]!;
  assert.is(stats.size, 2);
  assert.is(made.length, 4, "two replacements were opened");
  await pool.close();
});

test("wait queue: a call beyond maxSize waits; past waitTimeoutMs it fails with PoolTimeoutError; close() drains waiters, refuses new calls", async () => {
  const { pool } = fakePool({ maxSize: 1, waitTimeoutMs: 50 });
  let release!: () => void;
  const holding = pool.withSession(() => new Promise<void>((r) => (release = r)));
  await sleep(5);
  const timedOut = await rejection(pool.withSession(async () => 1));
  assert.instance(timedOut, PoolTimeoutError);
  const waiting = pool.withSession(async () => 2);
  await sleep(5);
  assert.is(pool.stats().endpoints[0]!.waiting, 1);
  const closing = pool.close();
  const refused = await rejection(pool.withSession(async () => 1));
  assert.instance(refused, PoolClosedError, "a call after close() started is refused at once");
  assert.instance(refused, ConnectionError, "still a ConnectionError, as before");
  release();
  await holding;
  assert.is(await waiting, 2, "the call that waited when close() started was served");
  await closing;
  assert.instance(await rejection(pool.withSession(async () => 1)), ConnectionError);
});

test("close({ timeoutMs }): a call still waiting for a session at the deadline rejects saying it was not sent", async () => {
  const { pool } = fakePool({ maxSize: 1, closeGraceMs: 1_000 });
  let release!: () => void;
  const holding = pool.withSession(() => new Promise<void>((r) => (release = r)));
  await sleep(5);
  let ran = false;
  const waiting = rejection(
    pool.withSession(async () => {
      ran = true;
    }),
  );
  await sleep(5);
  const closing = pool.close({ timeoutMs: 30 });
  const error = await waiting;
  assert.instance(error, PoolClosedError);
  assert.match(error.message, "nothing of it was written");
  assert.not.ok(ran);
  release();
  await holding;
  await closing;
});

test("executeConcurrent: at most `concurrency` sessions at once, each item's outcome", async () => {
  const { pool } = fakePool({ maxSize: 8 });
  let running = 0;
  let most = 0;
  const outcomes = await pool.executeConcurrent(
    Array.from({ length: 20 }, (_, i) => i),
    async (_s, item) => {
      running++;
      most = Math.max(most, running);
      await sleep(2);
      running--;
      if (item === 7) throw new Error("seven");
      return item;
    },
    { concurrency: 3 },
  );
  assert.is(most, 3);
  assert.is(outcomes.filter((o) => o.status === "fulfilled").length, 19);
  assert.is(outcomes[7]!.status, "rejected");
  assert.ok(pool.stats().endpoints[0]!.size <= 3);
  await pool.close();
});

test("a query holds its session until the data set is read (closeOperation sent); then the session serves the next call", async () => {
  const [a] = await fakes(1);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!)], maxSize: 1 });
  try {
    a!.handler.executeQueryStatementV2 = () => queryResponse(9);
    const dataSet = await pool.executeQueryStatement("select s1 from root.ref.f");
    assert.is(pool.stats().endpoints[0]!.borrowed, 1);
    let inserted = false;
    const insert = pool.insertTablet(tablet("root.sg.d1")).then(() => (inserted = true));
    await sleep(30);
    assert.not.ok(inserted, "the only session is held by the open data set");
    const rows = await dataSet.toRows();
    assert.equal(
      rows.map((r) => r.fields),
      [[10n], [20n]],
    );
    await insert;
    assert.is(a!.calls("closeOperation").length, 1);
    assert.is(a!.connections, 1, "one session served both");
    const unread = await pool.executeQueryStatement("select s1 from root.ref.f");
    await unread.close();
    assert.is(pool.stats().endpoints[0]!.borrowed, 0, "closing an unread data set gives the session back");
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("close(): every session is closed on the server (closeSession), later calls fail with ConnectionError", async () => {
  const [a] = await fakes(1);
  // Three inserts in flight at once open three sessions (set explicitly: a limit below 3 would merge the third).
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!)], maxSize: 3, groupCommitMaxInFlight: 3 });
  try {
    await Promise.all([1, 2, 3].map((i) => pool.insertTablet(tablet(`root.sg.d${i}`))));
    assert.is(a!.connections, 3);
    await pool.close();
    assert.is(a!.calls("closeSession").length, 3);
    assert.instance(await rejection(pool.insertTablet(tablet("root.sg.d1"))), ConnectionError);
  } finally {
    await a!.close();
  }
});

test("TableSessionPool: sessions open in the database (no USE sent); a session moved by USE is closed, not reused", async () => {
  const [a] = await fakes(1);
  const pool = new TableSessionPool({ ...base, nodeUrls: [url(a!)], database: "db1" });
  try {
    assert.is(pool.database, "db1");
    await pool.insert({
      schema: {
        target: "t",
        columns: [
          { name: "tag", type: "STRING", category: "TAG" },
          { name: "v", type: "INT32" },
        ],
      },
      timestamps: [1],
      values: [["x"], [1]],
    });
    const open = a!.calls("openSession")[0]!.args[0] as { configuration: Record<string, string> };
    assert.equal(open.configuration, { version: "V_1_0", sql_dialect: "table", db: "db1" });
    assert.is(a!.calls("executeUpdateStatementV2").length, 0, "no USE round trip");
    a!.handler.executeUpdateStatementV2 = () => new TSExecuteStatementResp({ status: ok(), database: "other" });
    await pool.executeNonQueryStatement("USE other");
    assert.ok(await until(() => a!.calls("closeSession").length === 1), "the session that left db1 was closed");
    a!.handler.executeUpdateStatementV2 = () => new TSExecuteStatementResp({ status: ok() });
    await pool.executeNonQueryStatement("CREATE TABLE t2 (v INT32)");
    assert.is(a!.calls("openSession").length, 2);
    const reopened = a!.calls("openSession")[1]!.args[0] as { configuration: Record<string, string> };
    assert.is(reopened.configuration.db, "db1");
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("bad options are a RangeError", () => {
  const bad = [
    { maxSize: 0 },
    { minSize: 3, maxSize: 2 },
    { nodeUrls: [] },
    { nodeUrls: ["nohost"] },
    { nodeUrls: ["h:0"] },
    { waitTimeoutMs: -1 },
    { host: "h", nodeUrls: ["h:1"] },
  ];
  for (const options of bad) {
    try {
      new SessionPool(options as never);
      assert.unreachable(JSON.stringify(options));
    } catch (e) {
      assert.instance(e, RangeError, JSON.stringify(options));
    }
  }
});

test.run();
