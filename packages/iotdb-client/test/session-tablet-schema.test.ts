// A session keeps the model-completed copy of a tablet schema per schema object, so the codec
// resolves it once: the same schema object must still send what it says at each call (target,
// columns and aligned flag changed in place, the aligned and plain insert methods alternated,
// a model set later), as if every call had seen it for the first time.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EncodeError, Session, TableSession, type SessionTablet } from "../src/index.js";
import { FakeIoTDB } from "./helpers/fake-iotdb.js";

interface TabletReq {
  prefixPath: string;
  measurements: string[];
  types: number[];
  isAligned: boolean;
  writeToTable: boolean | null;
}

test("one schema object reused across inserts: each request carries the schema as it is at that call", async () => {
  const fake = await FakeIoTDB.start();
  const session = new Session({ port: fake.port, zoneId: "UTC" });
  try {
    await session.open();
    const schema: SessionTablet["schema"] = { target: "root.sg.d1", columns: [{ name: "s1", type: "INT32" }] };
    const tablet = (): SessionTablet => ({ schema, timestamps: [1], values: schema.columns.map(() => [1]) });
    await session.insertTablet(tablet());
    await session.insertAlignedTablet(tablet());
    await session.insertTablet(tablet());
    schema.target = "root.sg.d2";
    await session.insertTablet(tablet());
    schema.columns = [{ name: "s2", type: "DOUBLE" }];
    await session.insertTablet(tablet());
    (schema.columns[0] as { type: string }).type = "INT64";
    await session.insertTablet(tablet());
    schema.aligned = true; // insertTablet sends the schema's own flag
    await session.insertTablet(tablet());
    const sent = fake.calls("insertTablet").map((c) => c.args[0] as TabletReq);
    assert.equal(
      sent.map((r) => [r.prefixPath, r.measurements.join(), r.types.join(), r.isAligned]),
      [
        ["root.sg.d1", "s1", "1", false],
        ["root.sg.d1", "s1", "1", true],
        ["root.sg.d1", "s1", "1", false],
        ["root.sg.d2", "s1", "1", false],
        ["root.sg.d2", "s2", "4", false],
        ["root.sg.d2", "s2", "2", false],
        ["root.sg.d2", "s2", "2", true],
      ],
    );
    schema.model = "table";
    const refused = await session.insertTablet(tablet()).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(
      refused instanceof EncodeError && /table-model tablet/.test(refused.message),
      "a model set on the schema later is checked",
    );
  } finally {
    await session.close();
    await fake.close();
  }
});

test("a schema object shared by a Session and a TableSession is sent in each one's model", async () => {
  const fake = await FakeIoTDB.start();
  const tree = new Session({ port: fake.port, zoneId: "UTC" });
  const table = new TableSession({ port: fake.port, zoneId: "UTC" });
  try {
    await tree.open();
    await table.open();
    const schema: SessionTablet["schema"] = { target: "t1", columns: [{ name: "v", type: "INT32" }] };
    const tablet: SessionTablet = { schema, timestamps: [1], values: [[1]] };
    await table.insert(tablet);
    await tree.insertTablet({ ...tablet, schema: { ...schema, target: "root.sg.d" } });
    await table.insert(tablet);
    const sent = fake.calls("insertTablet").map((c) => c.args[0] as TabletReq);
    assert.equal(
      sent.map((r) => [r.prefixPath, r.writeToTable === true]),
      [
        ["t1", true],
        ["root.sg.d", false],
        ["t1", true],
      ],
    );
  } finally {
    await tree.close();
    await table.close();
    await fake.close();
  }
});

test.run();
