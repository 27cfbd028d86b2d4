// The server the bad-input rows run against, as itest/bad-input/run.ts started it, and the checks
// every row makes through a byte-counting proxy: the call fails (or passes) as its row says, it
// sends nothing (or something, for the rows passed through to the server), and a good call on the
// same session or pool succeeds afterwards.
import * as assert from "uvu/assert";
import type { SessionOptions } from "../../src/index.js";
import { assertRowError, type BadInputRow, outcomeOf } from "../../test/helpers/bad-input-table.js";
import type { CountingProxy } from "./counting-proxy.js";
import { MAX_FRAME_ENV, SERVER_ENV } from "./env-names.js";

function serverFromEnv(): { host: string; port: number } {
  const where = process.env[SERVER_ENV];
  const match = where === undefined ? null : /^(.+):(\d+)$/.exec(where);
  if (match === null) {
    throw new Error(
      `the bad-input rows need a server: run \`node --import tsx packages/iotdb-client/itest/bad-input/run.ts\` (it sets ${SERVER_ENV}=host:port)`,
    );
  }
  return { host: match[1]!, port: Number(match[2]) };
}

export const server = serverFromEnv();

/** The server's dn_thrift_max_frame_size, as run.ts configured it. */
export const serverMaxFrameSize = Number(process.env[MAX_FRAME_ENV]);
if (!(serverMaxFrameSize > 0)) throw new Error(`${MAX_FRAME_ENV} must be the server's dn_thrift_max_frame_size`);

/** Session options through `proxy`; the request-size limit is the test server's. */
export function viaProxy(proxy: CountingProxy, extra: SessionOptions = {}): SessionOptions {
  return {
    ...proxy.endpoint,
    zoneId: "UTC",
    connectTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
    maxRequestFrameSize: serverMaxFrameSize,
    ...extra,
  };
}

/**
 * Runs the row's bad call between two runs of `probe` (a good call of fixed size, e.g. a ping on
 * the session or pool under test) and checks: the call's error (or success) is the row's; the
 * bytes sent from before the call to after the second probe are exactly one probe's for a row
 * that sends nothing (a byte the call wrote would arrive before the probe's), more for a row
 * passed through; no connection was opened; the probe still succeeds. Resolves with what the
 * call returned.
 */
export async function checkRow(
  proxy: CountingProxy,
  row: BadInputRow,
  probe: () => Promise<unknown>,
  call: () => unknown,
): Promise<unknown> {
  const probeBytes = await bytesOf(proxy, probe);
  const before = proxy.sent;
  const connections = proxy.connections;
  let result: unknown;
  const outcome = await outcomeOf(async () => (result = await call()));
  if (row.errorClass === "none")
    assert.not.ok(outcome.threw, `${row.id} is accepted, but it threw ${String(outcome.error)}`);
  else assertRowError(row, outcome.error);
  await probe();
  const callBytes = proxy.sent - before - probeBytes;
  if (row.sent === "nothing") assert.is(callBytes, 0, `${row.id}: bytes sent by the refused call`);
  else assert.ok(callBytes > 0, `${row.id}: the request reached the server`);
  assert.is(proxy.connections, connections, `${row.id}: no connection opened`);
  return result;
}

async function bytesOf(proxy: CountingProxy, probe: () => Promise<unknown>): Promise<number> {
  await probe();
  const before = proxy.sent;
  await probe();
  return proxy.sent - before;
}
