// A DataNode that holds its connections open but answers nothing (frozen, as under SIGSTOP): a
// pool call fails with a TimeoutError after about one request timeout. It is not retried on the
// same silent DataNode (each retry would cost another timeout), but still on another one that is
// up; a new session whose openSession is not answered, and an idle session whose health check is
// not answered, both end the call with the TimeoutError instead of waiting on the server again.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionPool, TimeoutError } from "../src/index.js";
import { base, fakes, rejection, sleep, tablet, url } from "./helpers/pool-fakes.js";

const TIMEOUT_MS = 200;
const never = () => new Promise(() => {});

test("an insert the only DataNode never answers: TimeoutError after one timeout, not retried there", async () => {
  const [a] = await fakes(1);
  const pool = new SessionPool({ ...base, requestTimeoutMs: TIMEOUT_MS, nodeUrls: [url(a!)], maxRetries: 3 });
  try {
    await pool.insertTablet(tablet("root.sg.d1"));
    a!.handler.insertTablet = never;
    const started = Date.now();
    const error = await rejection(pool.insertTablet(tablet("root.sg.d1", 2)));
    const took = Date.now() - started;
    assert.instance(error, TimeoutError);
    assert.is(a!.calls("insertTablet").length, 2, "the hung insert was sent once");
    assert.ok(took >= TIMEOUT_MS - 5 && took < 2 * TIMEOUT_MS, `failed after ${took} ms`);
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("an insert that timed out is still retried on another DataNode that is up", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, requestTimeoutMs: TIMEOUT_MS, nodeUrls: [url(a!), url(b!)] });
  try {
    a!.handler.insertTablet = never;
    assert.is((await pool.insertTablet(tablet("root.sg.d1"))).code, 200);
    assert.is(a!.calls("insertTablet").length, 1);
    assert.is(b!.calls("insertTablet").length, 1, "retried on B");
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("a DataNode that accepts connections but never answers openSession: TimeoutError (not ConnectionError) after one timeout", async () => {
  const [a] = await fakes(1);
  a!.handler.openSession = never;
  const pool = new SessionPool({ ...base, requestTimeoutMs: TIMEOUT_MS, nodeUrls: [url(a!)] });
  try {
    const started = Date.now();
    const error = await rejection(pool.insertTablet(tablet("root.sg.d1")));
    const took = Date.now() - started;
    assert.instance(error, TimeoutError);
    assert.match(error.message, "no DataNode answered in time");
    assert.is((error as TimeoutError).timeoutMs, TIMEOUT_MS);
    assert.ok(took < 2 * TIMEOUT_MS, `failed after ${took} ms`);
  } finally {
    await pool.close();
    await a!.close();
  }
});

test("an idle session whose health check is not answered: the call fails with TimeoutError, no new session is opened on the silent DataNode", async () => {
  const [a] = await fakes(1);
  const pool = new SessionPool({ ...base, requestTimeoutMs: TIMEOUT_MS, nodeUrls: [url(a!)], maxSize: 2 });
  try {
    await Promise.all([pool.insertTablet(tablet("root.sg.d1")), pool.insertTablet(tablet("root.sg.d2"))]);
    assert.is(pool.stats().endpoints[0]!.idle, 2);
    a!.handler.insertTablet = never;
    a!.handler.testConnectionEmptyRPC = never;
    // The first call's timeout marks the DataNode failed, so the other idle session is checked before reuse.
    assert.instance(await rejection(pool.insertTablet(tablet("root.sg.d1", 2))), TimeoutError);
    const opened = a!.calls("openSession").length;
    const started = Date.now();
    const error = await rejection(pool.insertTablet(tablet("root.sg.d1", 3)));
    const took = Date.now() - started;
    assert.instance(error, TimeoutError);
    assert.is(a!.calls("testConnectionEmptyRPC").length, 1, "the idle session was checked");
    assert.is(a!.calls("openSession").length, opened, "no session was opened after the check timed out");
    assert.ok(took < 2 * TIMEOUT_MS, `failed after ${took} ms`);
    await sleep(10);
    assert.is(pool.stats().endpoints[0]!.size, 0, "both sessions are gone");
  } finally {
    await pool.close();
    await a!.close();
  }
});

test.run();
