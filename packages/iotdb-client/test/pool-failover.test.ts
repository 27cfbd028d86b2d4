// Failover and recovery against fake DataNodes behind proxies that can go down: the next node of
// nodeUrls takes over, a down node is marked and tried last, calls fail fast when no node can be
// reached and work again once one is back, a broken connection is retried elsewhere and its
// session is never reused, and only needRetry refusals are retried.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSOpenSessionResp, TSStatus } from "../src/gen/client_types.js";
import { ConnectionError, IoTDBError, SessionPool } from "../src/index.js";
import { base, devicesSent, fakes, hint, ok, rejection, sleep, tablet, url } from "./helpers/pool-fakes.js";
import { PoolProxy } from "./helpers/pool-proxy.js";

test("failover: a DataNode that refuses is marked down and the next one serves; none reachable fails fast; one back, calls work again", async () => {
  const [a, b] = await fakes(2);
  const [pa, pb] = await Promise.all([PoolProxy.start(a!.port), PoolProxy.start(b!.port)]);
  const pool = new SessionPool({ ...base, nodeUrls: [pa!.url, pb!.url] });
  try {
    await pa!.stop();
    await pool.insertTablet(tablet("root.sg.d1"));
    assert.is(b!.calls("insertTablet").length, 1);
    let [sa, sb] = pool.stats().endpoints;
    assert.ok(sa!.down && sa!.failures === 1 && !sb!.down, JSON.stringify(pool.stats()));
    await pool.insertTablet(tablet("root.sg.d1", 2));
    assert.is(pool.stats().endpoints[0]!.failures, 1, "a node marked down is not tried first again");

    await pb!.stop();
    const started = Date.now();
    const error = await rejection(pool.insertTablet(tablet("root.sg.d1", 3)));
    assert.instance(error, ConnectionError);
    assert.match(error.message, "no DataNode could be reached");
    assert.ok(Date.now() - started < 1_000, `failed in ${Date.now() - started} ms`);

    await pa!.start();
    await pool.insertTablet(tablet("root.sg.d1", 4));
    assert.is(a!.calls("insertTablet").length, 1, "the node that came back serves, though it was marked down");
    [sa, sb] = pool.stats().endpoints;
    assert.not.ok(sa!.down, "a session opened on it clears the mark");
  } finally {
    await pool.close();
    await Promise.all([pa!.stop(), pb!.stop(), a!.close(), b!.close()]);
  }
});

test("a routed DataNode that went down: its routes are dropped and the insert goes to the default node, once", async () => {
  const [a, b] = await fakes(2);
  const pb = await PoolProxy.start(b!.port);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!)] });
  try {
    a!.handler.insertTablet = () => hint(pb.port);
    await pool.insertTablet(tablet("root.sg.d1"));
    await pool.insertTablet(tablet("root.sg.d2"));
    a!.handler.insertTablet = ok;
    assert.is(pool.stats().routes, 2);
    await pb.stop();
    await pool.insertTablet(tablet("root.sg.d1", 2));
    assert.equal(devicesSent(a!, "insertTablet"), ["root.sg.d1", "root.sg.d2", "root.sg.d1"]);
    assert.is(b!.calls("insertTablet").length, 0);
    assert.is(pool.stats().routes, 0, "every route to the failed node is dropped");
    a!.handler.insertTablet = () => hint(pb.port);
    await pool.insertTablet(tablet("root.sg.d1", 3));
    assert.is(pool.routeOf("root.sg.d1"), undefined, "a hint naming a node marked down is not learned");
  } finally {
    await pool.close();
    await Promise.all([pb.stop(), a!.close(), b!.close()]);
  }
});

test("a connection broken under a pending insert: retried on another node; the broken session is discarded, never reused", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)] });
  try {
    await pool.insertTablet(tablet("root.sg.d1"));
    a!.handler.insertTablet = () => new Promise(() => {}); // never answers
    const pending = pool.insertTablet(tablet("root.sg.d1", 2));
    await sleep(50);
    a!.dropConnections();
    const status = await pending;
    assert.is(status.code, 200);
    assert.equal(devicesSent(b!, "insertTablet"), ["root.sg.d1"], "retried on B");
    const [sa] = pool.stats().endpoints;
    assert.is(sa!.size, 0, "the broken session is gone");
    assert.ok(sa!.down);
    a!.handler.insertTablet = ok;
    await pool.insertTablet(tablet("root.sg.d1", 3));
    assert.is(b!.calls("insertTablet").length, 2, "A stays marked down for endpointDownMs");
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("the only server goes away: pending calls fail fast with ConnectionError; the pool recovers once it is back", async () => {
  const [a] = await fakes(1);
  const proxy = await PoolProxy.start(a!.port);
  const pool = new SessionPool({ ...base, nodeUrls: [proxy.url], maxSize: 4 });
  try {
    await pool.insertTablet(tablet("root.sg.d0"));
    // Never answered: d1 alone, d2 and d3 merged (group commit) while d1 holds a session.
    a!.handler.insertTablet = a!.handler.insertTablets = () => new Promise(() => {});
    const pending = [1, 2, 3].map((i) => rejection(pool.insertTablet(tablet(`root.sg.d${i}`))));
    await sleep(50);
    const stopped = Date.now();
    await proxy.stop();
    for (const error of await Promise.all(pending)) assert.instance(error, ConnectionError);
    assert.ok(Date.now() - stopped < 1_000, `pending calls failed after ${Date.now() - stopped} ms`);
    const during = await rejection(pool.insertTablet(tablet("root.sg.d4")));
    assert.instance(during, ConnectionError);

    a!.handler.insertTablet = ok;
    await proxy.start();
    const status = await pool.insertTablet(tablet("root.sg.d5"));
    assert.is(status.code, 200);
    assert.is(devicesSent(a!, "insertTablet").at(-1), "root.sg.d5");
    assert.is(pool.stats().endpoints[0]!.size, 1, "one new session; the broken ones are gone");
  } finally {
    await pool.close();
    await Promise.all([proxy.stop(), a!.close()]);
  }
});

test("a refusal with needRetry is retried after retryIntervalMs; other refusals are not", async () => {
  const [a] = await fakes(1);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!)], retryIntervalMs: 30, maxRetries: 2 });
  try {
    let answers = [new TSStatus({ code: 507, message: "busy", needRetry: true }), ok()];
    a!.handler.insertTablet = () => answers.shift();
    const started = Date.now();
    assert.is((await pool.insertTablet(tablet("root.sg.d1"))).code, 200);
    assert.is(a!.calls("insertTablet").length, 2);
    assert.ok(Date.now() - started >= 25);

    answers = [1, 2, 3].map(() => new TSStatus({ code: 507, message: "busy", needRetry: true }));
    const gaveUp = await rejection(pool.insertTablet(tablet("root.sg.d1")));
    assert.instance(gaveUp, IoTDBError);
    assert.is(a!.calls("insertTablet").length, 5, "the first try and maxRetries (2) retries");

    a!.handler.insertTablet = () => new TSStatus({ code: 507, message: "no" });
    assert.instance(await rejection(pool.insertTablet(tablet("root.sg.d1"))), IoTDBError);
    assert.is(a!.calls("insertTablet").length, 6);
    assert.is(pool.stats().endpoints[0]!.idle, 1, "a refusal leaves the session usable");
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("a refused login (wrong password) is the caller's IoTDBError; no failover, the node is not marked down", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)], password: "wrong" });
  try {
    a!.handler.openSession = () =>
      new TSOpenSessionResp({
        status: new TSStatus({ code: 801, message: "wrong password" }),
        serverProtocolVersion: 2,
      });
    const error = await rejection(pool.open());
    assert.instance(error, IoTDBError);
    assert.is((error as IoTDBError).code, 801);
    assert.is(b!.calls("openSession").length, 0);
    assert.not.ok(pool.stats().endpoints[0]!.down);
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test.run();
