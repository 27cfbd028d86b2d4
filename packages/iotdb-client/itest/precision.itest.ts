// TIMESTAMP at ms, us and ns server precision (read from the openSession reply), and the compact
// protocol (Java's enableRPCCompression) against a server with RPC compression on: row times and
// TIMESTAMP values keep every digit, in the tree and the table model, through inserts, queries
// and fetches.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session, TableSession, type SessionOptions, type TimestampPrecision } from "../src/index.js";
import { comparable, server, sessionOptions, uniqueName } from "./env.js";

interface Target {
  precision: TimestampPrecision;
  options: SessionOptions;
}

const usPort = process.env.IOTDB_US_PORT;
const nsPort = process.env.IOTDB_NS_PORT;
const targets: Target[] = [{ precision: "ms", options: sessionOptions() }];
if (usPort && nsPort) {
  targets.push({ precision: "us", options: sessionOptions({ port: Number(usPort) }) });
  targets.push({ precision: "ns", options: sessionOptions({ port: Number(nsPort), protocol: "compact" }) });
} else {
  console.warn(
    `\n!!! IOTDB_US_PORT / IOTDB_NS_PORT not set (server ${server.host}:${server.port} given by hand): us/ns precision and compact protocol are NOT tested\n`,
  );
}

/** Times near now at the server's precision, with every sub-millisecond digit set. */
function timesAt(precision: TimestampPrecision, count: number): bigint[] {
  const base = { ms: 1_700_000_000_123n, us: 1_700_000_000_123_456n, ns: 1_700_000_000_123_456_789n }[precision];
  return Array.from({ length: count }, (_, i) => base + BigInt(i) * 7n);
}

for (const { precision, options } of targets) {
  const label = `${precision} precision, ${options.protocol ?? "binary"} protocol`;

  test(`${label}: the session reports it, and tree row times and TIMESTAMP values keep every digit`, async () => {
    const session = new Session(options);
    await session.open();
    const db = `root.${uniqueName(`zw_precision_${precision}`)}`;
    try {
      assert.is(session.timestampPrecision, precision);
      await session.deleteDatabase(db).catch(() => {});
      await session.createDatabase(db);
      const times = timesAt(precision, 20_000);
      const values = times.map((t) => -t);
      await session.insertTablet({
        schema: {
          target: `${db}.d`,
          columns: [
            { name: "t", type: "TIMESTAMP" },
            { name: "n", type: "INT64" },
          ],
        },
        timestamps: BigInt64Array.from(times),
        values: [BigInt64Array.from(values), BigInt64Array.from(times, (_, i) => BigInt(i))],
      });
      await session.insertRecords([
        { deviceId: `${db}.r`, time: times[3]!, measurements: ["t"], types: ["TIMESTAMP"], values: [times[4]!] },
      ]);
      // a small fetchSize: the fetches go through the same protocol
      const rows = await (
        await session.executeQueryStatement(`select t, n from ${db}.d`, { fetchSize: 1000 })
      ).toRows();
      assert.is(rows.length, times.length);
      assert.ok(
        rows.every((r, i) => r.timestamp === times[i] && r.fields[0] === values[i] && r.fields[1] === BigInt(i)),
        "every row exact",
      );
      const [record] = await (await session.executeQueryStatement(`select t from ${db}.r`)).toRows();
      assert.equal(comparable([record!.timestamp, ...record!.fields]), comparable([times[3], times[4]]));
    } finally {
      await session.deleteDatabase(db).catch(() => {});
      await session.close();
    }
  });

  test(`${label}: table-model time and TIMESTAMP columns keep every digit`, async () => {
    const session = new TableSession(options);
    await session.open();
    const db = uniqueName(`zw_precision_${precision}`);
    try {
      await session.executeNonQueryStatement(`CREATE DATABASE IF NOT EXISTS ${db}`);
      await session.executeNonQueryStatement(`USE ${db}`);
      const times = timesAt(precision, 9);
      await session.insert({
        schema: {
          target: "p",
          columns: [
            { name: "id", type: "STRING", category: "TAG" },
            { name: "at", type: "TIMESTAMP" },
          ],
        },
        timestamps: times,
        values: [times.map(() => "x"), times.map((t) => t + 1n)],
      });
      const rows = await (await session.executeQueryStatement("select time, at from p order by time")).toRows();
      assert.equal(comparable(rows.map((r) => r.fields)), comparable(times.map((t) => [t, t + 1n])));
    } finally {
      await session.executeNonQueryStatement(`DROP DATABASE IF EXISTS ${db}`).catch(() => {});
      await session.close();
    }
  });
}

test.run();
