// Rows T and X20 of docs/bad-input.md: the schema-template calls and setTimeZone of Session and
// SessionPool with bad input, against the real server through a byte-counting proxy. A refused
// call writes nothing and the session (or the pool's one session) still answers a ping; X20 is
// sent and refused by the server, and the session keeps its zone.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { type Session, Session as TreeSession, SessionPool, type TemplateMeasurement } from "../../src/index.js";
import { rowTests } from "../../test/helpers/bad-input-table.js";
import { CountingProxy } from "./counting-proxy.js";
import { checkRow, server, viaProxy } from "./env.js";

const rowTest = rowTests(test);

let proxy: CountingProxy;
let session: Session;
let pool: SessionPool;

test.before(async () => {
  proxy = await CountingProxy.start(server);
  session = new TreeSession(viaProxy(proxy));
  await session.open();
  pool = new SessionPool({
    ...viaProxy(proxy),
    maxSize: 1,
    maxIdleMs: 600_000,
    healthCheckAfterIdleMs: 600_000,
    enableRedirection: false,
  });
  await pool.open();
});

test.after(async () => {
  await Promise.all([session.close(), pool.close()]);
  await proxy.close();
});

const s: TemplateMeasurement = { name: "s", dataType: "INT32" };
/** Strings of "Aa"/"BB" blocks share one String.hashCode. */
const equalHashes = Array.from({ length: 11 }, (_, i) =>
  Array.from({ length: 4 }, (_, bit) => ((i >> bit) & 1 ? "BB" : "Aa")).join(""),
);

function sessionRow(id: string, call: (s: Session) => unknown): void {
  rowTest(id, async (row) => {
    await checkRow(
      proxy,
      row,
      () => session.ping(),
      () => call(session),
    );
  });
}

function poolRow(id: string, call: (p: SessionPool) => unknown): void {
  rowTest(id, async (row) => {
    await checkRow(
      proxy,
      row,
      () => pool.executeNonQueryStatement("SHOW VERSION"),
      () => call(pool),
    );
  });
}

sessionRow("T01", (x) => x.createSchemaTemplate({ name: "t", measurements: [s, s] }));
sessionRow("T02", (x) => x.createSchemaTemplate({ name: "t", measurements: [{ name: "s", dataType: "VECTOR" }] }));
sessionRow("T03", (x) => x.createSchemaTemplate({ name: "t", measurements: [{ ...s, encoding: "FOO" as never }] }));
sessionRow("T04", (x) => x.createSchemaTemplate({ name: "t", measurements: [] }));
sessionRow("T05", (x) =>
  x.createSchemaTemplate({ name: "t", measurements: equalHashes.map((name) => ({ name, dataType: "INT32" })) }),
);
sessionRow("T06", (x) => x.addAlignedMeasurementsInTemplate("", [s]));
sessionRow("T07", (x) => x.createTimeseriesUsingSchemaTemplate([]));
sessionRow("T08", (x) => x.showMeasurementsInTemplate("t", 5 as never));
sessionRow("T09", (x) => x.setTimeZone(""));
sessionRow("T12", (x) => x.createSchemaTemplate({ name: "t", measurements: [{ name: "m\ud800", dataType: "INT32" }] }));
poolRow("T10", (p) => p.createSchemaTemplate({ name: "t", measurements: [{ dataType: "INT32" } as never] }));
poolRow("T11", (p) => p.setTimeZone(8 as never));

rowTest("X20", async (row) => {
  const zone = session.getTimeZone();
  await checkRow(
    proxy,
    row,
    () => session.ping(),
    () => session.setTimeZone("Mars/Olympus_Mons"),
  );
  assert.is(session.getTimeZone(), zone, "the refused zone is not taken");
});

test.run();
