// The template calls' answers and setTimeZone's state against a fake server built on the generated
// Processor: what the template queries return (and when the server leaves the answer out), the
// server's refusals as IoTDBError, the zone a session and a pool use after setTimeZone (and after
// a refused one), and the zone a reopened or newly opened session sends in openSession.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  TSQueryTemplateResp,
  TSStatus,
  type TSOpenSessionReq,
  type TSQueryTemplateReq,
  type TSSetTimeZoneReq,
} from "../src/gen/client_types.js";
import { IoTDBError, Session, SessionPool, type SessionOptions } from "../src/index.js";
import { type FakeIoTDB, ok, withFake } from "./helpers/fake-iotdb.js";

/** withFake with a setTimeZone handler that refuses "Nowhere/Zone" as the server does an unknown zone. */
function withZoneFake(body: (fake: FakeIoTDB, options: SessionOptions) => Promise<void>): Promise<void> {
  return withFake(body, (fake) => {
    fake.handler.setTimeZone = (req: TSSetTimeZoneReq) =>
      req.timeZone === "Nowhere/Zone"
        ? new TSStatus({ code: 703, message: "Unknown time-zone ID: Nowhere/Zone" })
        : ok();
  });
}

const zonesOpened = (fake: FakeIoTDB) => fake.calls("openSession").map((c) => (c.args[0] as TSOpenSessionReq).zoneId);

test("template queries return the server's count, result and lists, by query type", async () => {
  await withZoneFake(async (fake, options) => {
    fake.handler.querySchemaTemplate = (req: TSQueryTemplateReq) =>
      new TSQueryTemplateResp({
        status: ok(),
        queryType: req.queryType,
        count: 5,
        result: req.queryType === 1,
        measurements: [`q${req.queryType}`, req.name],
      });
    const s = new Session(options);
    await s.open();
    assert.is(await s.countMeasurementsInTemplate("t"), 5);
    assert.is(await s.isMeasurementInTemplate("t", "a"), true);
    assert.is(await s.isPathExistInTemplate("t", "a"), false);
    assert.equal(await s.showMeasurementsInTemplate("t"), ["q3", "t"]);
    assert.equal(await s.showAllTemplates(), ["q4", ""]);
    assert.equal(await s.showPathsTemplateSetOn("t"), ["q5", "t"]);
    assert.equal(await s.showPathsTemplateUsingOn("t"), ["q6", "t"]);
    const sent = fake.calls("querySchemaTemplate").map((c) => c.args[0] as TSQueryTemplateReq);
    assert.equal(
      sent.map((r) => [r.queryType, r.measurement ?? null]),
      [
        [0, null],
        [1, "a"],
        [2, "a"],
        [3, ""],
        [4, null],
        [5, null],
        [6, null],
      ],
    );
    await s.close();
  });
});

test("an answer the server left out is 0, false or [] (Java: 0, false, null)", async () => {
  await withZoneFake(async (fake, options) => {
    fake.handler.querySchemaTemplate = (req: TSQueryTemplateReq) =>
      new TSQueryTemplateResp({ status: ok(), queryType: req.queryType });
    const s = new Session(options);
    await s.open();
    assert.is(await s.countMeasurementsInTemplate("t"), 0);
    assert.is(await s.isMeasurementInTemplate("t", "a"), false);
    assert.equal(await s.showMeasurementsInTemplate("t"), []);
    await s.close();
  });
});

test("a refused template call is an IoTDBError with the server's status", async () => {
  await withZoneFake(async (fake, options) => {
    fake.handler.querySchemaTemplate = (req: TSQueryTemplateReq) =>
      new TSQueryTemplateResp({
        status: new TSStatus({ code: 300, message: "COUNT_MEASUREMENTShas not been supported." }),
        queryType: req.queryType,
      });
    fake.handler.dropSchemaTemplate = () => new TSStatus({ code: 507, message: "Template t does not exist" });
    const s = new Session(options);
    await s.open();
    const count = await s.countMeasurementsInTemplate("t").then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(count, IoTDBError);
    assert.is((count as IoTDBError).code, 300);
    assert.match((count as Error).message, /^countMeasurementsInTemplate: 300: COUNT_MEASUREMENTS/);
    const drop = await s.dropSchemaTemplate("t").then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.is((drop as IoTDBError).code, 507);
    await s.close();
  });
});

test("setTimeZone: the zone changes only when the server took it, and a reopened session opens with it", async () => {
  await withZoneFake(async (fake, options) => {
    const s = new Session(options);
    await s.open();
    await s.setTimeZone("Asia/Shanghai");
    assert.is(s.getTimeZone(), "Asia/Shanghai");
    assert.is(s.zoneId, "Asia/Shanghai");
    const refused = await s.setTimeZone("Nowhere/Zone").then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.is((refused as IoTDBError).code, 703);
    assert.is(s.getTimeZone(), "Asia/Shanghai", "a refused zone is not taken");
    assert.equal(
      fake.calls("setTimeZone").map((c) => (c.args[0] as TSSetTimeZoneReq).timeZone),
      ["Asia/Shanghai", "Nowhere/Zone"],
    );
    await s.reconnect();
    assert.equal(zonesOpened(fake), ["UTC", "Asia/Shanghai"]);
    await s.close();
  });
});

test("SessionPool.setTimeZone: one setTimeZone call; sessions opened before are replaced by ones opened in the new zone", async () => {
  await withZoneFake(async (fake, options) => {
    const pool = new SessionPool({ ...options, maxSize: 2 });
    try {
      assert.is(pool.getZoneId(), "UTC");
      // Two sessions, both opened in UTC.
      await Promise.all([
        pool.withSession(async () => new Promise((r) => setTimeout(r, 20))),
        pool.withSession(async () => new Promise((r) => setTimeout(r, 20))),
      ]);
      assert.equal(zonesOpened(fake), ["UTC", "UTC"]);
      await pool.setTimeZone("Asia/Tokyo");
      assert.is(pool.getZoneId(), "Asia/Tokyo");
      assert.is(fake.calls("setTimeZone").length, 1, "Java's SessionPool sends it once");
      const zones = await Promise.all([
        pool.withSession(async (s) => {
          await new Promise((r) => setTimeout(r, 20));
          return s.zoneId;
        }),
        pool.withSession(async (s) => {
          await new Promise((r) => setTimeout(r, 20));
          return s.zoneId;
        }),
      ]);
      assert.equal(zones, ["Asia/Tokyo", "Asia/Tokyo"]);
      // The session that sent setTimeZone is kept; the other UTC session was closed and one opened in Tokyo.
      assert.equal(zonesOpened(fake), ["UTC", "UTC", "Asia/Tokyo"]);
      const refused = await pool.setTimeZone("Nowhere/Zone").then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.is((refused as IoTDBError).code, 703);
      assert.is(pool.getZoneId(), "Asia/Tokyo", "a refused zone is not taken");
    } finally {
      await pool.close();
    }
  });
});

test.run();
