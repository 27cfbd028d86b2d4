// Redirection through the pools, against fake DataNodes: a hint moves a device's later inserts to
// the DataNode it names (counted per fake server and per pool event), multi-device inserts are
// split by route with the hints of a 400 answer read per item, table tablets learn from per-row
// hints in wire order, and hints that cannot be used are not.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSStatus } from "../src/gen/client_types.js";
import { type PoolRequest, SessionPool, TableSessionPool } from "../src/index.js";
import { base, devicesSent, fakes, hint, ok, record, subStatuses, tablet, url } from "./helpers/pool-fakes.js";

test("single-device inserts: after a hint, the device's inserts go to the DataNode it names; other devices stay", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)] });
  const events: PoolRequest[] = [];
  pool.onRequest((r) => events.push(r));
  try {
    a!.handler.insertTablet = (req: { prefixPath: string }) => (req.prefixPath === "root.sg.d1" ? hint(b!.port) : ok());
    a!.handler.insertRecord = (req: { prefixPath: string }) => (req.prefixPath === "root.sg.r1" ? hint(b!.port) : ok());
    a!.handler.insertRecordsOfOneDevice = () => hint(b!.port);
    const first = await pool.insertTablet(tablet("root.sg.d1"));
    assert.equal(first.redirectNode, { host: "127.0.0.1", port: b!.port }, "the server's status comes back as it is");
    await pool.insertTablet(tablet("root.sg.d1", 2));
    await pool.insertAlignedTablet(tablet("root.sg.d1", 3));
    await pool.insertTablet(tablet("root.sg.d2"));
    await pool.insertTablet(tablet("root.sg.d2", 2));
    await pool.insertRecord(record("root.sg.r1"));
    await pool.insertRecord(record("root.sg.r1"));
    await pool.insertRecordsOfOneDevice("root.sg.o1", [
      { time: 1, measurements: ["s"], types: ["INT32"], values: [1] },
    ]);
    await pool.insertAlignedRecordsOfOneDevice("root.sg.o1", [
      { time: 2, measurements: ["s"], types: ["INT32"], values: [1] },
    ]);
    assert.equal(devicesSent(a!, "insertTablet"), ["root.sg.d1", "root.sg.d2", "root.sg.d2"]);
    assert.equal(devicesSent(b!, "insertTablet"), ["root.sg.d1", "root.sg.d1"]);
    assert.equal(devicesSent(a!, "insertRecord"), ["root.sg.r1"]);
    assert.equal(devicesSent(b!, "insertRecord"), ["root.sg.r1"]);
    assert.equal(devicesSent(a!, "insertRecordsOfOneDevice"), ["root.sg.o1"]);
    assert.equal(devicesSent(b!, "insertRecordsOfOneDevice"), ["root.sg.o1"]);
    assert.equal(
      events.map((e) => `${e.method} ${e.endpoint.port === a!.port ? "A" : "B"} ${e.devices.join()}`),
      [
        "insertTablet A root.sg.d1",
        "insertTablet B root.sg.d1",
        "insertAlignedTablet B root.sg.d1",
        "insertTablet A root.sg.d2",
        "insertTablet A root.sg.d2",
        "insertRecord A root.sg.r1",
        "insertRecord B root.sg.r1",
        "insertRecordsOfOneDevice A root.sg.o1",
        "insertAlignedRecordsOfOneDevice B root.sg.o1",
      ],
    );
    assert.equal(pool.routeOf("root.sg.d1"), { host: "127.0.0.1", port: b!.port });
    assert.is(pool.routeOf("root.sg.d2"), undefined);
    const stats = pool.stats();
    assert.equal(
      stats.endpoints.map((e) => e.requests),
      [5, 4],
    );
    assert.is(stats.routes, 3);
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("multi-device inserts: a 400 with per-item hints (all-null records not counted) splits the next insert by route", async () => {
  const [a, b, c] = await fakes(3);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!), url(c!)] });
  try {
    // The server answers for the records sent: d1, d2, d3 (the all-null one is not sent).
    a!.handler.insertRecords = () => subStatuses([undefined, b!.port, c!.port]);
    const first = await pool.insertRecords([
      record("root.sg.d1"),
      record("root.sg.dnull", null),
      record("root.sg.d2"),
      record("root.sg.d3"),
    ]);
    assert.is(first.code, 400, "a 400 with hints is a success");
    assert.equal(devicesSent(a!, "insertRecords"), ["root.sg.d1,root.sg.d2,root.sg.d3"]);
    assert.equal(pool.routeOf("root.sg.d2")?.port, b!.port);
    assert.equal(pool.routeOf("root.sg.d3")?.port, c!.port);
    assert.is(pool.routeOf("root.sg.dnull"), undefined);

    a!.handler.insertRecords = ok;
    const second = await pool.insertRecords([
      record("root.sg.d3"),
      record("root.sg.d1"),
      record("root.sg.d2"),
      record("root.sg.d4"),
      record("root.sg.d2"),
    ]);
    assert.equal(devicesSent(a!, "insertRecords").slice(1), ["root.sg.d1,root.sg.d4"]);
    assert.equal(devicesSent(b!, "insertRecords"), ["root.sg.d2,root.sg.d2"]);
    assert.equal(devicesSent(c!, "insertRecords"), ["root.sg.d3"]);
    assert.equal(second, {
      code: 200,
      subStatus: [{ code: 200 }, { code: 200 }, { code: 200 }, { code: 200 }, { code: 200 }],
    });

    // insertTablets: the same, per tablet; a part's hints land on the right input items.
    a!.handler.insertTablets = () => subStatuses([undefined, c!.port]);
    const third = await pool.insertTablets([tablet("root.sg.d2"), tablet("root.sg.d1"), tablet("root.sg.d5")]);
    assert.equal(devicesSent(b!, "insertTablets"), ["root.sg.d2"]);
    assert.equal(devicesSent(a!, "insertTablets"), ["root.sg.d1,root.sg.d5"]);
    assert.is(third.code, 400);
    assert.equal(
      third.subStatus!.map((s) => s.redirectNode?.port),
      [undefined, undefined, c!.port],
    );
    assert.equal(pool.routeOf("root.sg.d5")?.port, c!.port);

    // A device routed to the default DataNode travels with the unrouted ones: one request there.
    a!.handler.insertRecords = () => subStatuses([a!.port]);
    await pool.insertRecords([record("root.sg.d6")]);
    a!.handler.insertRecords = ok;
    await pool.insertRecords([record("root.sg.d6"), record("root.sg.d7")]);
    assert.equal(devicesSent(a!, "insertRecords").at(-1), "root.sg.d6,root.sg.d7");
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close(), c!.close()]);
  }
});

test("hints that cannot be used: 0.0.0.0, misaligned sub-statuses, and redirection turned off", async () => {
  const [a, b] = await fakes(2);
  const pool = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)] });
  const off = new SessionPool({ ...base, nodeUrls: [url(a!), url(b!)], enableRedirection: false });
  try {
    a!.handler.insertTablet = () => hint(b!.port, 200, "0.0.0.0");
    await pool.insertTablet(tablet("root.sg.d1"));
    assert.is(pool.routeOf("root.sg.d1"), undefined, "0.0.0.0 means no better node");
    a!.handler.insertRecords = () => subStatuses([b!.port]); // one sub-status for two records
    await pool.insertRecords([record("root.sg.d1"), record("root.sg.d2")]);
    assert.is(pool.stats().routes, 0, "sub-statuses that do not line up with the items are not trusted");
    a!.handler.insertTablet = () => hint(b!.port);
    await off.insertTablet(tablet("root.sg.d1"));
    await off.insertTablet(tablet("root.sg.d1"));
    assert.equal(devicesSent(b!, "insertTablet"), [], "without redirection everything goes to the first DataNode");
    assert.is(off.routeOf("root.sg.d1"), undefined);
  } finally {
    await Promise.all([pool.close(), off.close()]);
    await Promise.all([a!.close(), b!.close()]);
  }
});

test("TableSessionPool: per-row hints in wire order teach each device's route; a tablet goes where its first row's device lives", async () => {
  const [a, b] = await fakes(2);
  const pool = new TableSessionPool({ ...base, nodeUrls: [url(a!), url(b!)], database: "db1" });
  const table = (tags: string[], times: number[]) => ({
    schema: {
      target: "sensors",
      columns: [
        { name: "region", type: "STRING" as const, category: "TAG" as const },
        { name: "v", type: "INT32" as const },
      ],
    },
    timestamps: times,
    values: [tags, times],
  });
  try {
    // Times 2, 1: the rows go on the wire as (1, "south"), (2, "north"); the hint is for wire row 0.
    a!.handler.insertTablet = () => new TSStatus({ code: 400, subStatus: [hint(b!.port), ok()] });
    await pool.insert(table(["north", "south"], [2, 1]));
    assert.equal(pool.routeOf("sensors\u0000south")?.port, b!.port);
    assert.is(pool.routeOf("sensors\u0000north"), undefined);
    a!.handler.insertTablet = ok;
    await pool.insert(table(["south", "north"], [3, 4]));
    await pool.insert(table(["north", "south"], [5, 6]));
    assert.is(b!.calls("insertTablet").length, 1, "the tablet whose first device is south went to B");
    assert.is(a!.calls("insertTablet").length, 2);
  } finally {
    await pool.close();
    await Promise.all([a!.close(), b!.close()]);
  }
});

test.run();
