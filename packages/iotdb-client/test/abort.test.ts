// AbortSignal on every call that waits, against servers that never answer: open (the half-open
// connection is closed), a query (the session stays usable; a late result is closed on the
// server), a fetch during iteration, an insert (aborted before sending: nothing sent), a pool's
// wait for a session. Every abort rejects at once with an AbortError whose cause is the reason.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSExecuteStatementResp } from "../src/gen/client_types.js";
import { toInt64 } from "../src/thrift/int64.js";
import { AbortError, type CallOptions, OptionError, Session, TableSessionPool } from "../src/index.js";
import { ok, withFake } from "./helpers/fake-iotdb.js";

// Two rows (times 1, 2; INT64 values 10, 20): the first TsBlock of vector 055.
const TWO_ROW_BLOCK = Buffer.from(
  "0000000102000000020202000000000000000001000000000000000200000000000000000a0000000000000014",
  "hex",
);
const REASON = new Error("the user went away");
const never = () => new Promise<never>(() => {});

/** The rejection of p, which must come within `withinMs` of now. */
async function abortRejection(p: Promise<unknown>, withinMs = 1_000): Promise<AbortError> {
  const started = performance.now();
  const error = await p.then(
    () => assert.unreachable("expected a rejection"),
    (e: unknown) => e,
  );
  assert.ok(performance.now() - started < withinMs, "rejected at once, not after a timeout");
  assert.instance(error, AbortError);
  const abort = error as AbortError;
  assert.is(abort.name, "AbortError");
  assert.is(abort.code, "ABORT_ERR");
  assert.is(abort.cause, REASON, "cause is the signal's reason, as Node's own APIs");
  return abort;
}

function abortSoon(ms = 30): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(REASON), ms);
  return controller.signal;
}

test("open() against a server that never answers openSession: AbortError, the connection closed, the session not open", async () => {
  // Aborted once openSession has arrived (so the abort comes while its reply is awaited).
  const controller = new AbortController();
  const closedByClient: Promise<void>[] = [];
  const silent = net.createServer((socket) => {
    closedByClient.push(new Promise((done) => socket.on("close", () => done())));
    socket.once("data", () => controller.abort(REASON));
  });
  const port = await new Promise<number>((done) =>
    silent.listen(0, "127.0.0.1", () => done((silent.address() as net.AddressInfo).port)),
  );
  try {
    const session = new Session({ port, zoneId: "UTC", connectTimeoutMs: 30_000, requestTimeoutMs: 30_000 });
    const error = await abortRejection(session.open({ signal: controller.signal }));
    assert.match(error.message, "was aborted");
    assert.is(session.isOpen, false);
    assert.is(closedByClient.length, 1);
    await closedByClient[0]; // the client closed the half-open connection (else this hangs)
  } finally {
    await new Promise((done) => silent.close(done));
  }
});

test("a query whose reply never comes: AbortError at once, the session stays usable, and the result of a late reply is closed", async () => {
  await withFake(async (fake, options) => {
    let answerLate: (resp: TSExecuteStatementResp) => void = () => {};
    // Aborted once the server has the query (so the abort comes while its reply is awaited).
    const controller = new AbortController();
    fake.handler.executeQueryStatementV2 = () => {
      controller.abort(REASON);
      return new Promise((resolve) => (answerLate = resolve));
    };
    const session = new Session(options);
    await session.open();
    await abortRejection(session.executeQueryStatement("select s from root.sg.d", { signal: controller.signal }));
    await session.ping(); // usable: the connection was kept
    assert.is(session.isOpen, true);
    answerLate(
      new TSExecuteStatementResp({
        status: ok(),
        queryId: toInt64(9),
        columns: ["root.sg.d.s"],
        dataTypeList: ["INT64"],
        queryResult: [TWO_ROW_BLOCK],
        moreData: true,
      }),
    );
    for (let i = 0; i < 50 && fake.calls("closeOperation").length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    const closes = fake.calls("closeOperation");
    assert.is(closes.length, 1, "the late result's query is closed on the server");
    assert.is(String((closes[0]!.args[0] as { queryId: unknown }).queryId), String(toInt64(9)));
    await session.close();
  });
});

test("an already aborted signal: the query and the insert are not sent", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    const controller = new AbortController();
    controller.abort(REASON);
    await abortRejection(session.executeQueryStatement("select s from root.sg.d", { signal: controller.signal }));
    await abortRejection(session.executeNonQueryStatement("create database root.x", { signal: controller.signal }));
    const record = { deviceId: "root.sg.d", time: 1n, measurements: ["s"], types: ["INT64" as const], values: [1n] };
    await abortRejection(session.insertRecord(record, { signal: controller.signal }));
    await abortRejection(
      session.insertTablet(
        { schema: { target: "root.sg.d", columns: [{ name: "s", type: "INT64" }] }, timestamps: [1n], values: [[1n]] },
        { signal: controller.signal },
      ),
    );
    assert.equal(
      [
        fake.calls("executeQueryStatementV2").length,
        fake.calls("executeUpdateStatementV2").length,
        fake.calls("insertRecord").length,
        fake.calls("insertTablet").length,
      ],
      [0, 0, 0, 0],
    );
    // negative control: without the signal the same insert is sent
    await session.insertRecord(record);
    assert.is(fake.calls("insertRecord").length, 1);
    await session.close();
  });
});

test("an insert whose reply never comes: AbortError (its outcome unknown), the session stays usable", async () => {
  await withFake(async (fake, options) => {
    const controller = new AbortController();
    fake.handler.insertRecord = () => {
      controller.abort(REASON);
      return never();
    };
    const session = new Session(options);
    await session.open();
    const record = { deviceId: "root.sg.d", time: 1n, measurements: ["s"], types: ["INT64" as const], values: [1n] };
    await abortRejection(session.insertRecord(record, { signal: controller.signal }));
    assert.is(fake.calls("insertRecord").length, 1, "it had been sent");
    await session.ping();
    await session.close();
  });
});

test("a fetch that never comes, aborted during for await: AbortError, and the query is closed", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () =>
      new TSExecuteStatementResp({
        status: ok(),
        queryId: toInt64(5),
        columns: ["root.sg.d.s"],
        dataTypeList: ["INT64"],
        ignoreTimeStamp: false,
        queryResult: [TWO_ROW_BLOCK],
        moreData: true,
      });
    const controller = new AbortController();
    fake.handler.fetchResultsV2 = () => {
      controller.abort(REASON);
      return never();
    };
    const session = new Session(options);
    await session.open();
    const dataSet = await session.executeQueryStatement("select s from root.sg.d", { signal: controller.signal });
    const seen: bigint[] = [];
    await abortRejection(
      (async () => {
        for await (const row of dataSet) seen.push(row.fields[0] as bigint);
      })(),
    );
    assert.equal(seen, [10n, 20n], "the first batch's rows came before the fetch was awaited");
    assert.is(fake.calls("closeOperation").length, 1);
    await session.ping();
    await session.close();
  });
});

test("a read's own signal stops it between rows, even within a fetched block; the query's signal is the default", async () => {
  await withFake(async (fake, options) => {
    fake.handler.executeQueryStatementV2 = () =>
      new TSExecuteStatementResp({
        status: ok(),
        queryId: toInt64(5),
        columns: ["root.sg.d.s"],
        dataTypeList: ["INT64"],
        ignoreTimeStamp: false,
        queryResult: [TWO_ROW_BLOCK],
        moreData: false,
      });
    const session = new Session(options);
    await session.open();
    const controller = new AbortController();
    const rows = (await session.executeQueryStatement("select s from root.sg.d")).rows({ signal: controller.signal });
    assert.equal((await rows.next()).value?.fields, [10n]);
    controller.abort(REASON);
    await abortRejection(rows.next());
    const cursorController = new AbortController();
    const it = (
      await session.executeQueryStatement("select s from root.sg.d", { signal: cursorController.signal })
    ).iterator();
    assert.ok(await it.next());
    cursorController.abort(REASON);
    assert.not.ok(it.nextInBlock(), "the second row is not handed out");
    await abortRejection(it.next());
    await session.close();
  });
});

test("a pool's wait for a session: AbortError, and the waiter leaves the line", async () => {
  await withFake(async (fake, options) => {
    const pool = new TableSessionPool({ ...options, maxSize: 1, waitTimeoutMs: 30_000 });
    const held = await pool.getSession();
    await abortRejection(pool.getSession({ signal: abortSoon() }));
    await abortRejection(pool.executeQueryStatement("select 1", { signal: abortSoon() }));
    assert.is(pool.stats().endpoints[0]!.waiting, 0);
    await held.close();
    const again = await pool.getSession(); // the session went to no aborted waiter
    await again.close();
    await pool.close();
    assert.ok(fake.connections >= 1);
  });
});

test("a pool's and a pooled session's executeNonQueryStatement and insert take the session's signal: aborted before sending, nothing is sent", async () => {
  await withFake(async (fake, options) => {
    const pool = new TableSessionPool({ ...options, maxSize: 1, waitTimeoutMs: 30_000 });
    const held = await pool.getSession();
    const controller = new AbortController();
    controller.abort(REASON);
    const tablet = {
      schema: { target: "t", columns: [{ name: "s", type: "INT64" as const }] },
      timestamps: [1n],
      values: [[1n]],
    };
    await abortRejection(held.executeNonQueryStatement("create database x", { signal: controller.signal }));
    await abortRejection(held.insert(tablet, { signal: controller.signal }));
    // The pool's only session is held: the pool's statement waits for it, and the abort ends the wait.
    await abortRejection(pool.executeNonQueryStatement("create database x", { signal: abortSoon() }));
    assert.equal([fake.calls("executeUpdateStatementV2").length, fake.calls("insertTablet").length], [0, 0]);
    // negative control: without the signal the same calls are sent
    await held.executeNonQueryStatement("create database x");
    await held.insert(tablet);
    assert.equal([fake.calls("executeUpdateStatementV2").length, fake.calls("insertTablet").length], [1, 1]);
    await held.close();
    await pool.close();
  });
});

test("a signal that is not an AbortSignal is an OptionError naming `signal`, before anything is sent", async () => {
  await withFake(async (fake, options) => {
    const session = new Session(options);
    await session.open();
    const bad = { signal: "stop" } as unknown as CallOptions;
    await session.executeQueryStatement("select s from root.sg.d", bad).then(
      () => assert.unreachable(),
      (e: unknown) => {
        assert.instance(e, OptionError);
        assert.is((e as OptionError).option, "signal");
        assert.is((e as Error).message, "executeQueryStatementV2: options.signal must be an AbortSignal, got string");
      },
    );
    assert.is(fake.calls("executeQueryStatementV2").length, 0);
    await session.close();
  });
});

test.run();
