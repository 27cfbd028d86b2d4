// A single Session built with nodeUrls (Java's Session with node URLs) on the 3-DataNode cluster:
// the DataNode it opened on is killed (SIGKILL); the call that sees the break fails, the next one
// reopens the session on another DataNode of nodeUrls, and the points written before the kill
// are read back there. The DataNode is restarted at the end.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, Session, TimeoutError } from "../src/index.js";
import { keyOf, testCluster } from "./cluster-env.js";
import { setup, uniqueName } from "./env.js";

const cluster = testCluster("cluster-session-nodeurls.itest.ts");
const DB = `root.${uniqueName("zw_nodeurls")}`;

if (cluster !== undefined) {
  let session: Session;
  let killed: number | undefined;

  test.before(
    setup(async () => {
      session = new Session({
        nodeUrls: cluster.urls,
        zoneId: "UTC",
        connectTimeoutMs: 5_000,
        requestTimeoutMs: 30_000,
      });
      await session.open();
      await session.createDatabase(DB);
      await session.insertRecord({
        deviceId: `${DB}.d1`,
        time: 1,
        measurements: ["s"],
        types: ["INT64"],
        values: [1n],
      });
    }),
  );

  test.after(async () => {
    await session?.close().catch(() => {});
    if (killed !== undefined) await cluster.handle.startDataNode(killed);
  });

  test("the DataNode in use is killed: the next call reopens the session on another one of nodeUrls", async () => {
    const before = session.endpoint;
    killed = cluster.urls.indexOf(keyOf(before));
    assert.ok(killed >= 0, `the session is on one of nodeUrls (${keyOf(before)})`);
    await cluster.handle.stopDataNode(killed, "SIGKILL");
    const broken = await session.ping().then(
      () => undefined,
      (e: unknown) => e,
    );
    // The kill may also be noticed before the ping (the socket closes): then the ping itself reopens.
    if (broken !== undefined)
      assert.ok(broken instanceof ConnectionError || broken instanceof TimeoutError, `the break: ${String(broken)}`);
    await session.ping();
    assert.is.not(keyOf(session.endpoint), keyOf(before), "moved to another DataNode");
    assert.ok(cluster.urls.includes(keyOf(session.endpoint)));
    await session.insertRecord({ deviceId: `${DB}.d1`, time: 2, measurements: ["s"], types: ["INT64"], values: [2n] });
    const rows = await (await session.executeQueryStatement(`select s from ${DB}.d1`)).toRows();
    assert.equal(
      rows.map((r) => r.fields[0]),
      [1n, 2n],
    );
  });
}

test.run();
