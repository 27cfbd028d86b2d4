// Redirection on a real 3-DataNode cluster: the pool's first insert for a device goes to the
// default DataNode, the server names the DataNode that leads the device's data region, and every
// later insert for that device goes there, counted per request (onRequest) and per endpoint
// (stats). Tree single-device inserts, multi-device insertRecords (400 + per-item hints, then one
// request per DataNode) and table tablets (per-row hints).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type EndPoint, type PoolRequest, SessionPool, type Status, TableSessionPool } from "../src/index.js";
import { countPoints, keyOf, openSessionAt, openTableSessionAt, poolOptions, testCluster } from "./cluster-env.js";
import { uniqueName } from "./env.js";

const cluster = testCluster("cluster-redirect.itest.ts");
// Six databases, one data region each (the cluster's manyDatabases layout): their leaders spread
// over the three DataNodes, so some devices live away from the default DataNode.
const DATABASES = Array.from({ length: 6 }, (_, i) => `root.${uniqueName(`zw_redirect_${i}`)}`);
const DEVICES = DATABASES.map((db) => `${db}.d`);
const TABLE_DATABASES = Array.from({ length: 3 }, (_, i) => uniqueName(`zw_redirect_t${i}`));

const tablet = (device: string, time: number) => ({
  schema: { target: device, columns: [{ name: "s", type: "INT64" as const }] },
  timestamps: [time],
  values: [[time]],
});

if (cluster !== undefined) {
  const [home] = cluster.nodes;

  test("tree inserts for a device move to the DataNode the server names, and stay there", async () => {
    const pool = new SessionPool(poolOptions({ nodeUrls: cluster.urls }));
    const requests: PoolRequest[] = [];
    pool.onRequest((r) => requests.push(r));
    // Where each device's inserts must go: the DataNode its latest hint named (leaders can still
    // move right after a region is created, and then the server names the new one).
    const expected = new Map<string, EndPoint>();
    const insert = async (device: string, time: number) => {
      const sentBefore = requests.length;
      const status = await pool.insertTablet(tablet(device, time));
      const sent = requests.slice(sentBefore);
      assert.is(sent.length, 1);
      assert.is(keyOf(sent[0]!.endpoint), keyOf(expected.get(device) ?? home!), `insert ${time} of ${device}`);
      if (status.redirectNode !== undefined) {
        assert.ok(
          cluster.urls.includes(keyOf(status.redirectNode)),
          `hint ${keyOf(status.redirectNode)} names a DataNode of the cluster`,
        );
        expected.set(device, status.redirectNode);
      }
    };
    try {
      for (const device of DEVICES) await insert(device, 1);
      const away = DEVICES.filter((d) => expected.has(d));
      assert.ok(away.length > 0, `no device's data region is led away from ${keyOf(home!)}: nothing could move`);

      const before = new Map(pool.stats().endpoints.map((e) => [keyOf(e.endpoint), e.requests]));
      const moved = requests.length;
      for (let time = 2; time <= 6; time++) for (const device of DEVICES) await insert(device, time);
      const perEndpoint = new Map<string, number>();
      for (const r of requests.slice(moved))
        perEndpoint.set(keyOf(r.endpoint), (perEndpoint.get(keyOf(r.endpoint)) ?? 0) + 1);
      for (const e of pool.stats().endpoints) {
        assert.is(
          e.requests - (before.get(keyOf(e.endpoint)) ?? 0),
          perEndpoint.get(keyOf(e.endpoint)) ?? 0,
          `stats: requests to ${keyOf(e.endpoint)}`,
        );
      }
      assert.ok(
        [...perEndpoint.keys()].some((k) => k !== keyOf(home!)),
        `later inserts went away from ${keyOf(home!)}: ${JSON.stringify([...perEndpoint])}`,
      );

      // insertRecords over every device: one request per DataNode, each with the devices routed there.
      const routes = new Map(DEVICES.map((d) => [d, keyOf(pool.routeOf(d) ?? home!)]));
      const sentBefore = requests.length;
      await pool.insertRecords(
        DEVICES.map((deviceId) => ({
          deviceId,
          time: 7,
          measurements: ["s"],
          types: ["INT64" as const],
          values: [7n],
        })),
      );
      const sent = requests.slice(sentBefore);
      assert.is(sent.length, new Set(routes.values()).size, "one request per DataNode");
      for (const r of sent)
        for (const d of r.devices) assert.is(keyOf(r.endpoint), routes.get(d), `${d} in insertRecords`);

      const session = await openSessionAt(home!);
      try {
        const counts = await countPoints(session, DEVICES);
        assert.equal(
          [...counts.values()],
          DEVICES.map(() => 7n),
          "every point written",
        );
      } finally {
        await session.close();
      }
    } finally {
      await pool.close();
    }
  });

  test("insertRecords: a 400 with per-item hints from the default DataNode is a success and teaches every device's route", async () => {
    const pool = new SessionPool(poolOptions({ nodeUrls: cluster.urls }));
    const devices = DEVICES.map((d) => `${d}r`);
    try {
      const status: Status = await pool.insertRecords(
        devices.map((deviceId) => ({
          deviceId,
          time: 1,
          measurements: ["s"],
          types: ["INT64" as const],
          values: [1n],
        })),
      );
      assert.is(status.code, 400, `some device lives away from ${keyOf(home!)}, so the answer carries hints`);
      const hinted = status.subStatus!.map((s) => s.redirectNode);
      devices.forEach((d, i) => assert.equal(pool.routeOf(d), hinted[i], `route of ${d}`));
    } finally {
      await pool.close();
    }
  });

  test("table tablets: per-row hints move a device's later tablets to the DataNode that leads it", async () => {
    const moved: string[] = [];
    for (const db of TABLE_DATABASES) {
      const setup = await openTableSessionAt(home!);
      await setup.executeNonQueryStatement(`CREATE DATABASE IF NOT EXISTS ${db}`).finally(() => setup.close());
      const pool = new TableSessionPool(poolOptions({ nodeUrls: cluster.urls, database: db }));
      const requests: PoolRequest[] = [];
      pool.onRequest((r) => requests.push(r));
      const sensors = (time: number) => ({
        schema: {
          target: "sensors",
          columns: [
            { name: "region", type: "STRING" as const, category: "TAG" as const },
            { name: "v", type: "INT64" as const },
          ],
        },
        timestamps: [time, time],
        values: [
          ["north", "south"],
          [time, time],
        ],
      });
      try {
        const first = await pool.insert(sensors(1));
        const leader = first.subStatus?.[0]?.redirectNode;
        for (let time = 2; time <= 4; time++) await pool.insert(sensors(time));
        const later = requests.slice(1).map((r) => keyOf(r.endpoint));
        if (leader === undefined) {
          assert.is(first.code, 200);
          assert.equal(later, [keyOf(home!), keyOf(home!), keyOf(home!)], `${db} lives on the default DataNode`);
        } else {
          assert.is(first.code, 400);
          assert.equal(later, [keyOf(leader), keyOf(leader), keyOf(leader)], `${db}'s tablets follow the hint`);
          moved.push(db);
        }
        const rows = await (await pool.executeQueryStatement("select count(*) from sensors")).toRows();
        assert.equal(rows[0]!.fields, [8n]);
      } finally {
        await pool.close();
      }
    }
    assert.ok(moved.length > 0, `no table database is led away from ${keyOf(home!)}: nothing could move`);
  });
}

test.run();
