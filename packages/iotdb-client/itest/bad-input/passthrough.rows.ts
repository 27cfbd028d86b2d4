// Rows X of docs/bad-input.md: input the client sends as given because the server owns the rule
// (name syntax and lengths, SQL), against the real server through a byte-counting proxy. Each
// reaches the server; the accepted ones are read back, the refused ones are the server's
// IoTDBError; the session still answers afterwards.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session, type SessionTablet, TableSession } from "../../src/index.js";
import { rowTests } from "../../test/helpers/bad-input-table.js";
import { CountingProxy } from "./counting-proxy.js";
import { checkRow, server, viaProxy } from "./env.js";

const rowTest = rowTests(test);
const DATABASE = "root.bi_pass";
const TABLE_DATABASE = "bi_pass";
const LONG = 100_000;

let proxy: CountingProxy;
let session: Session;
let table: TableSession;

test.before(async () => {
  proxy = await CountingProxy.start(server);
  session = new Session(viaProxy(proxy));
  await session.open();
  await session.createDatabase(DATABASE);
  table = new TableSession(viaProxy(proxy));
  await table.open();
  await table.executeNonQueryStatement(`CREATE DATABASE ${TABLE_DATABASE}`);
  await table.executeNonQueryStatement(`USE ${TABLE_DATABASE}`);
});

test.after(async () => {
  await session.deleteDatabase(DATABASE).catch(() => {});
  await table.executeNonQueryStatement(`DROP DATABASE ${TABLE_DATABASE}`).catch(() => {});
  await Promise.all([session.close(), table.close()]);
  await proxy.close();
});

const tablet = (device: string, measurement: string, type: "INT32" | "TEXT", cell: number | string): SessionTablet => ({
  schema: { target: device, columns: [{ name: measurement, type }] },
  timestamps: [1],
  values: [[cell]],
});

/** A name of `length` characters: `prefix`, then letters. */
const longName = (prefix: string, length: number) => prefix + "n".repeat(length - prefix.length);

const ping = () => session.ping();

async function fields(sql: string, on: Session | TableSession = session): Promise<unknown[][]> {
  return (await (await on.executeQueryStatement(sql)).toRows()).map((r) => r.fields);
}

rowTest("X01", async (row) => {
  const device = `${DATABASE}.${longName("d", LONG - DATABASE.length - 1)}`;
  assert.is(device.length, LONG);
  await checkRow(proxy, row, ping, () => session.insertTablet(tablet(device, "s", "INT32", 1)));
  assert.equal(await fields(`select s from ${device}`), [[1]]);
});

rowTest("X02", async (row) => {
  const measurement = longName("m", LONG);
  await checkRow(proxy, row, ping, () => session.insertTablet(tablet(`${DATABASE}.d`, measurement, "INT32", 2)));
  assert.equal(await fields(`select ${measurement} from ${DATABASE}.d`), [[2]]);
});

rowTest("X03", async (row) => {
  const name = longName("t", LONG);
  const rows: SessionTablet = {
    schema: {
      target: name,
      columns: [
        { name: "region", type: "STRING", category: "TAG" },
        { name: "v", type: "INT32" },
      ],
    },
    timestamps: [1],
    values: [["north"], [3]],
  };
  await checkRow(
    proxy,
    row,
    () => table.ping(),
    () => table.insert(rows),
  );
  assert.equal(await fields(`select region, v from ${name}`, table), [["north", 3]]);
});

rowTest("X04", async (row) => {
  const name = longName("root.x", 65);
  await checkRow(proxy, row, ping, () => session.createDatabase(name));
  // The limit is 64: one character less is a database.
  const fits = longName("root.x", 64);
  await session.createDatabase(fits);
  await session.deleteDatabase(fits);
});

rowTest("X05", async (row) => {
  await checkRow(proxy, row, ping, () => session.insertTablet(tablet(`${DATABASE}.d`, "a.b", "INT32", 5)));
});

rowTest("X06", async (row) => {
  await checkRow(proxy, row, ping, () => session.executeQueryStatement(""));
});

rowTest("X07", async (row) => {
  await checkRow(proxy, row, ping, () => session.insertTablet(tablet(`${DATABASE}.lone`, "s", "TEXT", "a\uD800b")));
  assert.equal(await fields(`select s from ${DATABASE}.lone`), [["a?b"]]);
});

test.run();
