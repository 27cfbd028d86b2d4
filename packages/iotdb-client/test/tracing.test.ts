// The diagnostics_channel tracing of the client's operations, against fake servers: which channel
// each operation publishes on, in which order (start, then asyncEnd or error), and the OpenTelemetry
// attributes of its context (system, endpoint, database, operation, SQL, rows and bytes of the
// reply, request bytes, the status code and error type of a refusal); the pool's acquire, retry
// and redirect, and onRequestEnd's duration and outcome. Unsubscribed, nothing is published.
import dc from "node:diagnostics_channel";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { OperationChannel } from "../src/diagnostics.js";
import { TSStatus } from "../src/gen/client_types.js";
import {
  IOTDB_CHANNELS,
  type IoTDBEventMessage,
  type IoTDBTraceContext,
  IoTDBError,
  type PoolRequestEnd,
  Session,
  SessionPool,
} from "../src/index.js";
import { serveAllTypes, tsBlock, ROWS } from "./helpers/all-types-result.js";
import { withFake } from "./helpers/fake-iotdb.js";
import { base, fakes, hint, ok, tablet, url } from "./helpers/pool-fakes.js";

interface Seen {
  channel: string;
  event: string;
  attributes: Record<string, unknown>;
}

/** Subscribes to every iotdb: channel; `stop()` unsubscribes. Attributes are copied when each event fires. */
function record(): { seen: Seen[]; events: { channel: string; message: IoTDBEventMessage }[]; stop(): void } {
  const seen: Seen[] = [];
  const events: { channel: string; message: IoTDBEventMessage }[] = [];
  const stops: (() => void)[] = [];
  for (const name of [
    IOTDB_CHANNELS.open,
    IOTDB_CHANNELS.query,
    IOTDB_CHANNELS.fetch,
    IOTDB_CHANNELS.insert,
    IOTDB_CHANNELS.poolAcquire,
  ]) {
    const channel = dc.tracingChannel<unknown, IoTDBTraceContext>(name);
    const on = (event: string) => (context: IoTDBTraceContext) =>
      seen.push({ channel: name, event, attributes: { ...context.attributes } });
    const handlers = {
      start: on("start"),
      end: on("end"),
      asyncStart: on("asyncStart"),
      asyncEnd: on("asyncEnd"),
      error: on("error"),
    };
    channel.subscribe(handlers);
    stops.push(() => channel.unsubscribe(handlers));
  }
  for (const name of [IOTDB_CHANNELS.redirect, IOTDB_CHANNELS.retry]) {
    const listener = (message: unknown) => events.push({ channel: name, message: message as IoTDBEventMessage });
    dc.subscribe(name, listener);
    stops.push(() => dc.unsubscribe(name, listener));
  }
  return { seen, events, stop: () => stops.forEach((s) => s()) };
}

const at = (seen: Seen[], channel: string, event: string) =>
  seen.filter((s) => s.channel === channel && s.event === event);

test("a session: open, query (rows and bytes of the first batch), fetch, insert (request bytes); start then asyncEnd, with the OpenTelemetry attributes", async () => {
  await withFake(async (fake, options) => {
    serveAllTypes(fake);
    const trace = record();
    try {
      const session = new Session({ ...options, database: "root.sg" });
      await session.open();
      const rows = await (await session.executeQueryStatement("select * from root.sg.d")).toRows();
      assert.is(rows.length, 6);
      await session.insertTablet(tablet("root.sg.d"));
      await session.close();

      const endpoint = {
        "db.system.name": "iotdb",
        "server.address": "127.0.0.1",
        "server.port": fake.port,
        "db.namespace": "root.sg",
      };
      assert.equal(
        trace.seen.filter((s) => s.event === "start" || s.event === "asyncEnd").map((s) => `${s.channel} ${s.event}`),
        [
          "iotdb:open start",
          "iotdb:open asyncEnd",
          "iotdb:query start",
          "iotdb:query asyncEnd",
          "iotdb:fetch start",
          "iotdb:fetch asyncEnd",
          "iotdb:insert start",
          "iotdb:insert asyncEnd",
        ],
      );
      assert.equal(at(trace.seen, "iotdb:open", "asyncEnd")[0]!.attributes, {
        ...endpoint,
        "db.operation.name": "openSession",
      });
      const firstBatch = tsBlock(ROWS.slice(0, 3)).length;
      assert.equal(at(trace.seen, "iotdb:query", "start")[0]!.attributes, {
        ...endpoint,
        "db.operation.name": "executeQueryStatement",
        "db.query.text": "select * from root.sg.d",
      });
      assert.equal(at(trace.seen, "iotdb:query", "asyncEnd")[0]!.attributes, {
        ...endpoint,
        "db.operation.name": "executeQueryStatement",
        "db.query.text": "select * from root.sg.d",
        "db.response.returned_rows": 3,
        "iotdb.response.bytes": firstBatch,
      });
      assert.equal(at(trace.seen, "iotdb:fetch", "asyncEnd")[0]!.attributes, {
        ...endpoint,
        "db.operation.name": "fetchResults",
        "db.query.text": "select * from root.sg.d",
        "db.response.returned_rows": 3,
        "iotdb.response.bytes": tsBlock(ROWS.slice(3)).length,
      });
      const insert = at(trace.seen, "iotdb:insert", "asyncEnd")[0]!.attributes;
      assert.is(insert["db.operation.name"], "insertTablet");
      assert.ok((insert["iotdb.request.bytes"] as number) > 40, "the frame's bytes");
      assert.is(
        at(trace.seen, "iotdb:insert", "start")[0]!.attributes["iotdb.request.bytes"],
        undefined,
        "known once the frame is written",
      );
    } finally {
      trace.stop();
    }
  });
});

test("an insert's rows and points: a tablet's rows × field columns (nulls included), insertTablets summed, records' non-null values", async () => {
  await withFake(async (_fake, options) => {
    const trace = record();
    const session = new Session(options);
    try {
      await session.open();
      const columns = [
        { name: "a", type: "INT32" as const },
        { name: "b", type: "DOUBLE" as const },
      ];
      await session.insertTablet({
        schema: { target: "root.sg.d", columns },
        timestamps: [1, 2, 3],
        values: [
          [1, null, 3],
          [1.5, 2.5, null],
        ],
      });
      await session.insertTablets([
        {
          schema: { target: "root.sg.d", columns },
          timestamps: [1, 2],
          values: [
            [1, 2],
            [1, 2],
          ],
        },
        { schema: { target: "root.sg.e", columns: [columns[0]!] }, timestamps: [5], values: [[5]] },
      ]);
      const records = [
        {
          deviceId: "root.sg.d",
          time: 1,
          measurements: ["a", "b"],
          types: ["INT32", "DOUBLE"] as const,
          values: [1, null],
        },
        {
          deviceId: "root.sg.d",
          time: 2,
          measurements: ["a", "b"],
          types: ["INT32", "DOUBLE"] as const,
          values: [2, 2.5],
        },
        {
          deviceId: "root.sg.d",
          time: 3,
          measurements: ["a", "b"],
          types: ["INT32", "DOUBLE"] as const,
          values: [null, null],
        },
      ];
      await session.insertRecords(records.map((r) => ({ ...r, types: [...r.types] })));
      const ends = at(trace.seen, "iotdb:insert", "asyncEnd").map((s) => [
        s.attributes["db.operation.name"],
        s.attributes["iotdb.request.rows"],
        s.attributes["iotdb.request.points"],
      ]);
      assert.equal(ends, [
        ["insertTablet", 3, 6],
        ["insertTablets", 3, 5],
        ["insertRecords", 2, 3],
      ]);
    } finally {
      trace.stop();
      await session.close();
    }
  });
});

test("a refused insert: the error event, with error.type and db.response.status_code; unsubscribed, nothing is published", async () => {
  await withFake(async (fake, options) => {
    fake.handler.insertTablet = () => new TSStatus({ code: 507, message: "refused" });
    serveAllTypes(fake);
    const trace = record();
    const session = new Session(options);
    try {
      await session.open();
      const error = await session.insertTablet(tablet("root.sg.d")).catch((e: unknown) => e);
      assert.instance(error, IoTDBError);
      const failed = at(trace.seen, "iotdb:insert", "error");
      assert.is(failed.length, 1);
      assert.is(failed[0]!.attributes["error.type"], "IoTDBError");
      assert.is(failed[0]!.attributes["db.response.status_code"], "507");
      trace.stop();
      const before = trace.seen.length;
      await session.insertTablet(tablet("root.sg.d")).catch(() => {});
      assert.is((await (await session.executeQueryStatement("select 1")).toRows()).length, 6);
      assert.is(trace.seen.length, before, "no subscriber, no event");
    } finally {
      trace.stop();
      await session.close();
    }
  });
});

test("a pool: acquire traced on the DataNode the session came from, a retry event per retried attempt, a redirect event per learned route; onRequestEnd gives duration and outcome", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)], retryIntervalMs: 1, maxRetries: 2 });
  const ends: PoolRequestEnd[] = [];
  pool.onRequestEnd((r) => ends.push(r));
  const trace = record();
  try {
    const answers = [new TSStatus({ code: 507, message: "busy", needRetry: true }), hint(b!.port)];
    a!.handler.insertTablet = () => answers.shift() ?? ok();
    await pool.insertTablet(tablet("root.sg.d1"));
    await pool.insertTablet(tablet("root.sg.d1", 2));

    const acquired = at(trace.seen, "iotdb:pool:acquire", "asyncEnd").map(
      (s) => `${s.attributes["db.operation.name"]} ${s.attributes["server.port"] === a!.port ? "A" : "B"}`,
    );
    assert.equal(
      acquired,
      ["insertTablet A", "insertTablet A", "insertTablet B"],
      "each attempt acquires; the third follows the route",
    );
    assert.equal(
      trace.events.map(
        (e) =>
          `${e.channel} ${e.message.attributes["server.port"] === a!.port ? "A" : "B"} ${e.message.device ?? ""}${e.message.attempt ?? ""}`,
      ),
      ["iotdb:retry A 0", "iotdb:redirect B root.sg.d1"],
    );
    assert.instance(trace.events[0]!.message.error, IoTDBError);
    assert.equal(trace.events[1]!.message.target, { host: "127.0.0.1", port: b!.port });

    assert.equal(
      ends.map(
        (e) =>
          `${e.method} ${e.endpoint.port === a!.port ? "A" : "B"} ${e.error === undefined ? "ok" : (e.error as Error).name}`,
      ),
      ["insertTablet A IoTDBError", "insertTablet A ok", "insertTablet B ok"],
    );
    assert.ok(ends.every((e) => e.durationMs >= 0 && e.durationMs < 5_000 && e.devices[0] === "root.sg.d1"));
  } finally {
    trace.stop();
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("a Node without diagnostics_channel.tracingChannel (before 18.19): the channels are never active, nothing is traced", () => {
  const tracingChannel = dc.tracingChannel;
  const present = new OperationChannel("iotdb:test-old-node");
  const subscriber = { start: () => {}, end: () => {}, asyncStart: () => {}, asyncEnd: () => {}, error: () => {} };
  dc.tracingChannel("iotdb:test-old-node").subscribe(subscriber);
  try {
    assert.is(present.active, true, "a subscriber makes it active");
    (dc as { tracingChannel?: unknown }).tracingChannel = undefined;
    assert.is(new OperationChannel("iotdb:test-old-node").active, false);
  } finally {
    (dc as { tracingChannel?: unknown }).tracingChannel = tracingChannel;
    dc.tracingChannel("iotdb:test-old-node").unsubscribe(subscriber);
  }
  assert.is(present.active, false, "unsubscribed");
});

test.run();
