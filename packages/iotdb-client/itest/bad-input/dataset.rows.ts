// Rows D of docs/bad-input.md: a SessionDataSet used after it was read, closed, or while another
// reader has it, and one whose session was closed under it; a DataIterator asked for a column it
// does not have, with a getter its type lacks, or with no current row; against the real server
// through a byte-counting proxy. None of them sends anything, and the session still answers afterwards.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session } from "../../src/index.js";
import { rowTests } from "../../test/helpers/bad-input-table.js";
import { CountingProxy } from "./counting-proxy.js";
import { checkRow, server, viaProxy } from "./env.js";

const rowTest = rowTests(test);
const DATABASE = "root.bi_dataset";
const QUERY = `select s from ${DATABASE}.d`;
/** Rows of a second device: D04 reads both devices, whose rows come in separate TsBlocks. */
const MANY = 2500;

let proxy: CountingProxy;
let session: Session;

test.before(async () => {
  proxy = await CountingProxy.start(server);
  session = new Session(viaProxy(proxy));
  await session.open();
  await session.createDatabase(DATABASE);
  await session.insertTablet({
    schema: { target: `${DATABASE}.d`, columns: [{ name: "s", type: "INT32" }] },
    timestamps: [1, 2, 3],
    values: [[10, 20, 30]],
  });
  const times = Array.from({ length: MANY }, (_, i) => i + 1);
  await session.insertTablet({
    schema: { target: `${DATABASE}.many`, columns: [{ name: "s", type: "INT32" }] },
    timestamps: times,
    values: [times],
  });
});

test.after(async () => {
  await session.deleteDatabase(DATABASE).catch(() => {});
  await session.close();
  await proxy.close();
});

const ping = () => session.ping();

rowTest("D01", async (row) => {
  const dataSet = await session.executeQueryStatement(QUERY);
  assert.is((await dataSet.toRows()).length, 3);
  await checkRow(proxy, row, ping, async () => {
    for await (const _ of dataSet) assert.unreachable("a read data set yields nothing");
  });
});

rowTest("D02", async (row) => {
  const dataSet = await session.executeQueryStatement(QUERY);
  const first = dataSet[Symbol.asyncIterator]();
  assert.equal((await first.next()).value?.fields, [10]);
  await checkRow(proxy, row, ping, () => dataSet.toRows());
  // The first reader is unharmed by the second.
  assert.equal((await first.next()).value?.fields, [20]);
  await first.return();
});

rowTest("D03", async (row) => {
  const dataSet = await session.executeQueryStatement(QUERY);
  await dataSet.close();
  await checkRow(proxy, row, ping, () => dataSet.toRows());
});

rowTest("D05", async (row) => {
  const dataSet = await session.executeQueryStatement(QUERY);
  await dataSet.close();
  await checkRow(proxy, row, ping, async () => {
    for await (const _ of dataSet) assert.unreachable("a closed data set yields nothing");
  });
});

rowTest("D04", async (row) => {
  const other = new Session(viaProxy(proxy));
  await other.open();
  // Aligned by device, the two devices' rows are separate TsBlocks: with fetchSize 1 the query's
  // reply carries the first. Once the session is closed, not even those rows are handed out: the
  // first read stops with the error (rows already fetched are lost, as the message says).
  const dataSet = await other.executeQueryStatement(`select s from ${DATABASE}.* align by device`, { fetchSize: 1 });
  await other.close();
  let seen = 0;
  await checkRow(proxy, row, ping, async () => {
    for await (const _ of dataSet) seen++;
  });
  assert.is(seen, 0, `no row is read after the session closed (${seen} of ${3 + MANY} were)`);
});

rowTest("D06", async (row) => {
  const it = (await session.executeQueryStatement(QUERY)).iterator();
  assert.ok(await it.next());
  await checkRow(proxy, row, ping, () => it.findColumn(`${DATABASE}.d.nope`));
  await it.close();
});

rowTest("D07", async (row) => {
  const it = (await session.executeQueryStatement(QUERY)).iterator();
  assert.ok(await it.next());
  await checkRow(proxy, row, ping, () => it.getInt(0));
  assert.is(it.getInt(2), 10, "the cursor still reads");
  await it.close();
});

rowTest("D08", async (row) => {
  const it = (await session.executeQueryStatement(QUERY)).iterator();
  assert.ok(await it.next());
  await checkRow(proxy, row, ping, () => it.getBoolean(`${DATABASE}.d.s`));
  await it.close();
});

rowTest("D09", async (row) => {
  const it = (await session.executeQueryStatement(QUERY)).iterator();
  await checkRow(proxy, row, ping, () => it.getInt(2));
  assert.ok(await it.next(), "next() works afterwards");
  assert.is(it.getInt(2), 10);
  await it.close();
});

rowTest("D10", async (row) => {
  const dataSet = await session.executeQueryStatement(QUERY);
  await checkRow(proxy, row, ping, () => dataSet.next());
  assert.ok(await dataSet.hasNext());
  assert.equal(dataSet.next().fields, [10]);
  await dataSet.close();
});

test.run();
