// What a session refuses to send, on a fake server: a request longer than maxRequestFrameSize,
// non-string SQL, and arguments the generated Thrift writer cannot encode. Each is an EncodeError,
// the server receives nothing, and the next request on the same connection is intact (a writer
// that failed mid-message used to leave its bytes in front of the next frame).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { insertTabletCall, writeCallFrame } from "@zerowire/iotdb-codec";
import { Writer } from "@zerowire/writer";
import { EncodeError, OptionError, Session } from "../src/index.js";
import { CONNECTION_DEFAULTS } from "../src/connection.js";
import { framePool } from "../src/session/base-session.js";
import { FakeIoTDB } from "./helpers/fake-iotdb.js";

const tablet = (rows: number) => ({
  schema: { target: "root.sg.d1", columns: [{ name: "s1", type: "INT64" as const }] },
  timestamps: Array.from({ length: rows }, (_, i) => i + 1),
  values: [Array.from({ length: rows }, (_, i) => i)],
});

async function withSession(
  options: { maxRequestFrameSize?: number },
  body: (session: Session, fake: FakeIoTDB) => Promise<void>,
): Promise<void> {
  const fake = await FakeIoTDB.start();
  const session = new Session({ port: fake.port, zoneId: "UTC", requestTimeoutMs: 5000, ...options });
  try {
    await session.open();
    await body(session, fake);
  } finally {
    await session.close();
    await fake.close();
  }
}

async function encodeError(p: Promise<unknown>): Promise<EncodeError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.instance(error, EncodeError, `expected an EncodeError, got ${String(error)}`);
  return error as EncodeError;
}

test("maxRequestFrameSize: a request one byte over it is refused before sending, one at it is sent; the frame's buffer goes back", async () => {
  // The frame's length does not depend on the session id or seqid (fixed-width in the binary protocol).
  const writer = new Writer();
  writeCallFrame(writer, insertTabletCall({ ...tablet(100), schema: { ...tablet(100).schema, model: "tree" } }), {
    sessionId: 1n,
    seqid: 1,
  });
  const length = writer.length - 4;
  assert.ok(length > 1600, `frame of ${length} bytes`);
  await withSession({ maxRequestFrameSize: length - 1 }, async (session, fake) => {
    const outstanding = framePool.stats().outstanding;
    const error = await encodeError(session.insertTablet(tablet(100)));
    assert.is(
      error.message,
      `insertTablet: the request frame of ${length} bytes exceeds maxRequestFrameSize ${length - 1} (the server's dn_thrift_max_frame_size; it would close the connection); nothing was sent: split the data into smaller requests`,
    );
    assert.is(framePool.stats().outstanding, outstanding, "the refused frame's buffer was released");
    assert.is(fake.calls("insertTablet").length, 0);
    await session.ping();
  });
  await withSession({ maxRequestFrameSize: length }, async (session, fake) => {
    await session.insertTablet(tablet(100));
    assert.is(fake.calls("insertTablet").length, 1);
  });
  assert.is(CONNECTION_DEFAULTS.maxRequestFrameSize, 512 * 1024 * 1024);
});

test("maxRequestFrameSize must be a positive number of bytes, checked at construction", () => {
  assert.throws(
    () => new Session({ port: 1, maxRequestFrameSize: 0 }),
    (e: unknown) =>
      e instanceof OptionError &&
      e.option === "maxRequestFrameSize" &&
      e.message === "maxRequestFrameSize must be a positive number of bytes, got 0",
  );
});

test("SQL that is not a string is refused before anything is sent", async () => {
  await withSession({}, async (session, fake) => {
    const before = fake.received.length;
    assert.is(
      (await encodeError(session.executeQueryStatement(42 as never))).message,
      "executeQueryStatement: the SQL must be a string, got number",
    );
    assert.is(
      (await encodeError(session.executeNonQueryStatement(null as never))).message,
      "executeNonQueryStatement: the SQL must be a string, got null",
    );
    assert.is(fake.received.length, before);
  });
});

test("arguments the Thrift writer cannot encode: an EncodeError, and the next request on the connection is intact", async () => {
  await withSession({}, async (session, fake) => {
    fake.handler.createTimeseries = () => ({ code: 200 });
    const error = await encodeError(session.createTimeseries("root.sg.d1.s", "INT32", { tags: { unit: 5 as never } }));
    assert.is(
      error.message,
      "createTimeseries: cannot encode the request: writeString: expected a string or Uint8Array, got number",
    );
    await session.createTimeseries("root.sg.d1.s", "INT32", { tags: { unit: "celsius" } });
    const [created] = fake.calls("createTimeseries");
    assert.equal((created!.args[0] as { tags: unknown }).tags, { unit: "celsius" });
    assert.is(fake.connections, 1, "the connection was not replaced");
  });
});

test.run();
