// Group commit against a fake DataNode: inserts that wait for a session go out merged (fewer
// requests than calls, each call its own outcome), a merged request the server refuses (507, as a
// real server answers a partly failed batch) or the codec refuses is re-sent per caller so each
// gets its own outcome, calls of one device go out in arrival order, a lone caller's insert goes
// straight out as its own request, and close() drains what was accepted (or, with timeoutMs,
// rejects what was not sent, saying so).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { TSStatus } from "../src/gen/client_types.js";
import { fromInt64 } from "../src/thrift/int64.js";
import {
  EncodeError,
  IoTDBError,
  PoolClosedError,
  SessionPool,
  type SessionTablet,
  TableSessionPool,
} from "../src/index.js";
import { base, breakFirst, FakeIoTDB, ok, record, rejection, sleep, tablet, until, url } from "./helpers/pool-fakes.js";
type Int64 = Parameters<typeof fromInt64>[0];

/** What the fake received, one line per insert request: method, then device@time of each row sent. */
function requests(fake: FakeIoTDB): string[] {
  return fake.received
    .filter((r) => r.method.startsWith("insert"))
    .map((r) => {
      const req = r.args[0] as {
        prefixPath?: string;
        prefixPaths?: string[];
        timestamp?: Int64;
        timestamps?: Int64[] | Buffer;
        timestampsList?: Buffer[];
      };
      if (req.prefixPath !== undefined) {
        const time =
          req.timestamp !== undefined ? fromInt64(req.timestamp) : (req.timestamps as Buffer).readBigInt64BE(0);
        return `${r.method} ${req.prefixPath}@${time}`;
      }
      // insertRecords: one time per record; insertTablets: the first time of each tablet.
      const time = (i: number) =>
        req.timestampsList !== undefined
          ? req.timestampsList[i]!.readBigInt64BE(0)
          : fromInt64((req.timestamps as Int64[])[i]!);
      return `${r.method} ${req.prefixPaths!.map((p, i) => `${p}@${time(i)}`).join(",")}`;
    });
}

const at = (deviceId: string, time: number, value = 1) => ({ ...record(deviceId, value), time });

/** A fake whose first `method` request is held until `release()`: the pool's only session stays busy meanwhile. */
async function heldFake(method = "insertRecord"): Promise<{ fake: FakeIoTDB; release: () => void }> {
  const fake = await FakeIoTDB.start();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let first = true;
  fake.handler[method] = async () => {
    if (first) {
      first = false;
      await held;
    }
    return ok();
  };
  return { fake, release };
}

/**
 * A pool of one session whose first insert (root.gc.hold) the fake holds until `release()`:
 * inserts made before then wait for the session. `prepare` sets handlers first.
 */
async function busyPool(prepare: (fake: FakeIoTDB) => void = () => {}) {
  const { fake, release } = await heldFake();
  prepare(fake);
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  const holding = pool.insertRecord(at("root.gc.hold", 1));
  assert.ok(await until(() => fake.calls("insertRecord").length === 1), "the held insert reached the fake");
  return {
    fake,
    pool,
    holding,
    free: async () => {
      release();
      await holding;
    },
    close: async () => {
      await pool.close();
      await fake.close();
    },
  };
}

test("concurrent insertRecord calls on a pool of one session: fewer requests than calls, each call resolves", async () => {
  const fake = await FakeIoTDB.start();
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => pool.insertRecord(at(`root.gc.d${i}`, i))));
    assert.equal(
      statuses.map((s) => s.code),
      Array(10).fill(200),
    );
    const sent = requests(fake);
    assert.ok(sent.length < 10, sent.join("\n"));
    assert.equal(
      sent,
      [`insertRecords ${Array.from({ length: 10 }, (_, i) => `root.gc.d${i}@${i}`).join(",")}`],
      "one request, the calls in arrival order",
    );
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("groupCommitMaxInFlight 1 on a pool of 5: with one insert in flight, the other callers wait with sessions idle and go out as one request", async () => {
  const { fake, release } = await heldFake();
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 5, minSize: 5, groupCommitMaxInFlight: 1 });
  try {
    await pool.open(); // minSize sessions open and idle
    const holding = pool.insertRecord(at("root.gc.hold", 1));
    assert.ok(await until(() => fake.calls("insertRecord").length === 1), "the held insert reached the fake");
    const waiting = Array.from({ length: 8 }, (_, i) => pool.insertRecord(at(`root.gc.w${i}`, i)));
    await sleep(50);
    const meanwhile = requests(fake).length;
    release();
    assert.is(meanwhile, 1, `nothing else went out while one was in flight: ${requests(fake).join(" | ")}`);
    await holding;
    const statuses = await Promise.all(waiting);
    assert.equal(
      statuses.map((s) => s.code),
      Array(8).fill(200),
    );
    assert.equal(requests(fake).slice(1), [
      `insertRecords ${Array.from({ length: 8 }, (_, i) => `root.gc.w${i}@${i}`).join(",")}`,
    ]);
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("the default groupCommitMaxInFlight (2) on a pool of 5: a second caller goes at once, the callers behind the two in flight merge", async () => {
  const { fake, release } = await heldFake();
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 5, minSize: 5 });
  try {
    await pool.open();
    const holding = pool.insertRecord(at("root.gc.hold", 1));
    assert.ok(await until(() => fake.calls("insertRecord").length === 1), "the held insert reached the fake");
    // w0 goes at once (one in flight); w1..w3 are made while two are: they wait and merge.
    const others = Array.from({ length: 4 }, (_, i) => pool.insertRecord(at(`root.gc.w${i}`, i)));
    await until(() => requests(fake).length === 3);
    await sleep(50);
    const meanwhile = requests(fake);
    release();
    await Promise.all([holding, ...others]);
    assert.equal(
      meanwhile,
      [
        "insertRecord root.gc.hold@1",
        "insertRecord root.gc.w0@0",
        "insertRecords root.gc.w1@1,root.gc.w2@2,root.gc.w3@3",
      ],
      "with the first still held",
    );
    assert.is(requests(fake).length, 3);
  } finally {
    release();
    await pool.close();
    await fake.close();
  }
});

test("groupCommitMaxInFlight Infinity: a pool of 5 sends concurrent callers on idle sessions at once (the limit is what merged them)", async () => {
  const { fake, release } = await heldFake();
  const pool = new SessionPool({
    ...base,
    nodeUrls: [url(fake)],
    maxSize: 5,
    minSize: 5,
    groupCommitMaxInFlight: Number.POSITIVE_INFINITY,
  });
  try {
    await pool.open();
    const holding = pool.insertRecord(at("root.gc.hold", 1));
    assert.ok(await until(() => fake.calls("insertRecord").length === 1), "the held insert reached the fake");
    const others = Array.from({ length: 4 }, (_, i) => pool.insertRecord(at(`root.gc.w${i}`, i)));
    const allOut = await until(() => fake.calls("insertRecord").length === 5);
    release();
    await Promise.all([holding, ...others]);
    assert.ok(allOut, requests(fake).join(" | "));
  } finally {
    release();
    await pool.close();
    await fake.close();
  }
});

test("a lone caller's insert goes straight out as its own request (cold pool and idle session)", async () => {
  const fake = await FakeIoTDB.start();
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    await pool.insertRecord(at("root.gc.lone", 1));
    await pool.insertTablet(tablet("root.gc.lone", 2));
    await pool.insertRecords([at("root.gc.lone", 3)]);
    assert.equal(requests(fake), [
      "insertRecord root.gc.lone@1",
      "insertTablet root.gc.lone@2",
      "insertRecords root.gc.lone@3",
    ]);
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("a merged request answered 507 (empty subStatus): each caller's part is re-sent alone, each caller gets its own outcome", async () => {
  const fake = await FakeIoTDB.start();
  // As the real server: a batch with a bad part is refused as a whole, naming only the bad part.
  const refuse = () => new TSStatus({ code: 507, message: "data type of root.gc.bad.s is not consistent" });
  fake.handler.insertRecords = (req: { prefixPaths: string[] }) =>
    req.prefixPaths.includes("root.gc.bad") ? refuse() : ok();
  fake.handler.insertRecord = (req: { prefixPath: string }) => (req.prefixPath === "root.gc.bad" ? refuse() : ok());
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    const devices = ["root.gc.a", "root.gc.b", "root.gc.bad", "root.gc.c"];
    const outcomes = await Promise.allSettled(devices.map((d) => pool.insertRecord(at(d, 1))));
    assert.equal(
      outcomes.map((o) => o.status),
      ["fulfilled", "fulfilled", "rejected", "fulfilled"],
    );
    const error = (outcomes[2] as PromiseRejectedResult).reason as IoTDBError;
    assert.instance(error, IoTDBError);
    assert.is(error.code, 507);
    assert.equal(requests(fake), [
      "insertRecords root.gc.a@1,root.gc.b@1,root.gc.bad@1,root.gc.c@1",
      "insertRecord root.gc.a@1",
      "insertRecord root.gc.b@1",
      "insertRecord root.gc.bad@1",
      "insertRecord root.gc.c@1",
    ]);
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("parts re-sent after a refused merged request go ahead of inserts of their devices made meanwhile", async () => {
  let answer!: () => void;
  const answered = new Promise<void>((r) => (answer = r));
  const { fake, pool, free, close } = await busyPool((fake) => {
    fake.handler.insertRecords = async () => {
      await answered;
      return new TSStatus({ code: 507, message: "data type of root.gc.bad.s is not consistent" });
    };
    const insertRecord = fake.handler.insertRecord!;
    fake.handler.insertRecord = (req: { prefixPath: string }) =>
      req.prefixPath === "root.gc.bad" ? new TSStatus({ code: 507 }) : insertRecord(req);
  });
  try {
    const merged = [pool.insertRecord(at("root.gc.a", 1, 1)), pool.insertRecord(at("root.gc.bad", 1))];
    await free();
    assert.ok(await until(() => fake.calls("insertRecords").length === 1), "the merged request reached the fake");
    const later = pool.insertRecord(at("root.gc.a", 1, 2)); // same series and time, a newer value
    answer();
    const outcomes = await Promise.allSettled([...merged, later]);
    assert.equal(
      outcomes.map((o) => o.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
    assert.equal(requests(fake).slice(1), [
      "insertRecords root.gc.a@1,root.gc.bad@1",
      "insertRecord root.gc.a@1",
      "insertRecord root.gc.bad@1",
      "insertRecord root.gc.a@1",
    ]);
    const values = fake
      .calls("insertRecord")
      .filter((r) => (r.args[0] as { prefixPath: string }).prefixPath === "root.gc.a")
      .map((r) => (r.args[0] as { values: Buffer }).values.readInt32BE(1));
    assert.equal(values, [1, 2], "the newer value is written last");
  } finally {
    await close();
  }
});

test("one caller's bad value (an EncodeError of the merged batch) fails only that caller; the others are sent", async () => {
  const { fake, pool, free, close } = await busyPool();
  try {
    const bad = {
      deviceId: "root.gc.x",
      time: 1,
      measurements: ["s"],
      types: ["INT32" as const],
      values: ["not a number" as unknown as number],
    };
    const calls = [
      pool.insertRecord(at("root.gc.a", 1)),
      pool.insertRecord(bad),
      pool.insertRecord(at("root.gc.b", 1)),
    ];
    await free();
    const outcomes = await Promise.allSettled(calls);
    assert.equal(
      outcomes.map((o) => o.status),
      ["fulfilled", "rejected", "fulfilled"],
    );
    assert.instance((outcomes[1] as PromiseRejectedResult).reason, EncodeError);
    assert.equal(requests(fake), [
      "insertRecord root.gc.hold@1",
      "insertRecord root.gc.a@1",
      "insertRecord root.gc.b@1",
    ]);
  } finally {
    await close();
  }
});

test("records of callers that disagree on a type, merged into an auto-converted batch: each caller sent alone, only the conflicting one refused", async () => {
  const { fake, pool, free, close } = await busyPool((fake) => {
    // TEXT (type 5) into the INT32 series: the server refuses that record only.
    const insertRecord = fake.handler.insertRecord!;
    fake.handler.insertRecord = (req: { values: Buffer }) =>
      req.values[0] === 5 ? new TSStatus({ code: 507, message: "not consistent" }) : insertRecord(req);
  });
  try {
    // 45 records over 3 devices: Java's rule converts the merged batch to tablets, and a tablet column has one type.
    const text = { deviceId: "root.gc.t0", time: 100, measurements: ["s"], types: ["TEXT" as const], values: ["x"] };
    const calls = Array.from({ length: 45 }, (_, i) =>
      i === 5 ? pool.insertRecord(text) : pool.insertRecord(at(`root.gc.t${i % 3}`, i)),
    );
    await free();
    const outcomes = await Promise.allSettled(calls);
    assert.equal(
      outcomes.flatMap((o, i) => (o.status === "rejected" ? [i] : [])),
      [5],
    );
    assert.is(((outcomes[5] as PromiseRejectedResult).reason as IoTDBError).code, 507);
    assert.is(fake.calls("insertTablets").length, 0, "the converted batch was refused by the codec before sending");
    assert.is(fake.calls("insertRecord").length, 46);
  } finally {
    await close();
  }
});

/**
 * A fake that answers insertRecords as the real server does (§7): a batch holding a record of a
 * `bad` device is refused as a whole (507, no sub-status, naming the first bad one) and every
 * other record of it is stored. `stored` is what it keeps: device@time.
 */
async function refusingFake(bad: (device: string) => boolean): Promise<{ fake: FakeIoTDB; stored: Set<string> }> {
  const fake = await FakeIoTDB.start();
  const stored = new Set<string>();
  fake.handler.insertRecords = (req: { prefixPaths: string[]; timestamps: Int64[] }) => {
    const times = req.timestamps.map((t) => fromInt64(t));
    req.prefixPaths.forEach((p, i) => {
      if (!bad(p)) stored.add(`${p}@${times[i]}`);
    });
    const first = req.prefixPaths.find(bad);
    return first === undefined
      ? ok()
      : new TSStatus({ code: 507, message: `data type of ${first}.s is not consistent` });
  };
  return { fake, stored };
}

test("one caller's insertRecords refused as a whole (507, no sub-status): parts re-sent in halves, subStatus says exactly which were stored", async () => {
  const { fake, stored } = await refusingFake((d) => d === "root.gc.bad");
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    const error = await rejection(pool.insertRecords([at("root.gc.a", 1), at("root.gc.bad", 1), at("root.gc.b", 1)]));
    assert.instance(error, IoTDBError);
    const refused = error as IoTDBError;
    assert.is(refused.code, 302);
    assert.equal(
      refused.subStatus.map((s) => s.code),
      [200, 507, 200],
    );
    assert.match(refused.message, "item 1 refused, the other 2 stored");
    assert.match(refused.message, "data type of root.gc.bad.s is not consistent");
    assert.equal(requests(fake), [
      "insertRecords root.gc.a@1,root.gc.bad@1,root.gc.b@1",
      "insertRecords root.gc.a@1",
      "insertRecords root.gc.bad@1,root.gc.b@1",
      "insertRecords root.gc.bad@1",
      "insertRecords root.gc.b@1",
    ]);
    assert.equal([...stored].sort(), ["root.gc.a@1", "root.gc.b@1"]);
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("attribution of a larger batch: each item's status matches what the server kept, all-null records are not sent", async () => {
  const bad = new Set(["root.gc.x3", "root.gc.x40"]);
  const { fake, stored } = await refusingFake((d) => bad.has(d));
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    const records = Array.from({ length: 64 }, (_, i) => at(`root.gc.x${i}`, 100 + i));
    records[5] = { ...records[5]!, values: [null] } as never; // all null: no row, nothing sent
    const error = (await rejection(pool.insertRecords(records))) as IoTDBError;
    assert.is(error.code, 302);
    const codes = error.subStatus.map((s) => s.code);
    assert.is(codes.length, 64);
    records.forEach((r, i) => {
      const key = `${r.deviceId}@${r.time}`;
      assert.is(
        codes[i] === 200,
        i === 5 || stored.has(key),
        `item ${i}: status ${codes[i]}, stored ${stored.has(key)}`,
      );
      assert.is(codes[i] === 507, bad.has(r.deviceId), `item ${i}`);
    });
    assert.match(error.message, "items 3, 40 refused, the other 62 stored");
    // Halves stored whole are not split: about 2k·log2(n/k) requests for k bad of n, not n.
    assert.ok(requests(fake).length <= 24, requests(fake).join("\n"));
    assert.not.ok(
      requests(fake).some((r) => r.includes("root.gc.x5@")),
      "the all-null record is never sent",
    );
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("attribution where every part is stored when sent again: the call resolves, one status per item", async () => {
  const fake = await FakeIoTDB.start();
  let calls = 0;
  // Refuses the first request only (whole), as a batch-level refusal that no part causes.
  fake.handler.insertRecords = () => (calls++ === 0 ? new TSStatus({ code: 507, message: "refused once" }) : ok());
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1 });
  try {
    const status = await pool.insertRecords([at("root.gc.a", 1), at("root.gc.b", 1), at("root.gc.c", 1)]);
    assert.is(status.code, 200);
    assert.equal(
      status.subStatus?.map((s) => s.code),
      [200, 200, 200],
    );
    assert.is(requests(fake).length, 3, requests(fake).join("\n"));
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("attributeRefusals false: one caller's refused batch rejects with the server's refusal, saying the other parts were most likely stored (§7.1)", async () => {
  const { fake } = await refusingFake((d) => d === "root.gc.bad");
  const pool = new SessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1, attributeRefusals: false });
  try {
    const error = await rejection(pool.insertRecords([at("root.gc.a", 1), at("root.gc.bad", 1), at("root.gc.b", 1)]));
    assert.instance(error, IoTDBError);
    assert.is((error as IoTDBError).code, 507);
    assert.match(error.message, "insertRecords of 3 items refused as a whole");
    assert.match(error.message, "the other parts were most likely stored");
    assert.match(error.message, "data type of root.gc.bad.s is not consistent");
    assert.is(requests(fake).length, 1, "nothing re-sent");
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("order per device: an insert that cannot join a batch holds back the later inserts of its device", async () => {
  const { fake, pool, free, close } = await busyPool();
  try {
    const calls = [
      pool.insertRecord(at("root.gc.a", 1)),
      pool.insertTablet(tablet("root.gc.a", 2)), // another kind: goes in a request of its own
      pool.insertRecord(at("root.gc.a", 3)), // must not overtake the tablet
      pool.insertRecord(at("root.gc.b", 1)), // another device: joins the first batch
      pool.insertTablet(tablet("root.gc.c", 1)),
    ];
    await free();
    await Promise.all(calls);
    assert.equal(requests(fake), [
      "insertRecord root.gc.hold@1",
      "insertRecords root.gc.a@1,root.gc.b@1",
      "insertTablets root.gc.a@2,root.gc.c@1",
      "insertRecord root.gc.a@3",
    ]);
  } finally {
    await close();
  }
});

test("a merged request whose connection broke: each caller retried as a single call would be; all resolve", async () => {
  const { fake, pool, free, close } = await busyPool((fake) => breakFirst(fake, "insertRecords"));
  try {
    const calls = [1, 2, 3].map((i) => pool.insertRecord(at(`root.gc.r${i}`, i)));
    await free();
    assert.equal(
      (await Promise.all(calls)).map((s) => s.code),
      [200, 200, 200],
    );
    const merged = requests(fake).filter((r) => r.startsWith("insertRecords"));
    assert.equal(
      merged,
      ["insertRecords root.gc.r1@1,root.gc.r2@2,root.gc.r3@3", "insertRecords root.gc.r1@1,root.gc.r2@2,root.gc.r3@3"],
      "sent again after the break (merged again)",
    );
  } finally {
    await close();
  }
});

test("table model: waiting tablets of one table and columns go out as one tablet, rows in arrival order; other columns go apart", async () => {
  const { fake, release } = await heldFake("insertTablet");
  const columns = [
    { name: "dev", type: "STRING" as const, category: "TAG" as const },
    { name: "v", type: "INT64" as const },
  ];
  const rows = (dev: string, times: number[]): SessionTablet => ({
    schema: { target: "t1", columns },
    timestamps: BigInt64Array.from(times.map(BigInt)),
    values: [times.map(() => dev), BigInt64Array.from(times.map(BigInt))],
  });
  const pool = new TableSessionPool({ ...base, nodeUrls: [url(fake)], maxSize: 1, database: "db1" });
  try {
    const holding = pool.insert(rows("h", [1]));
    assert.ok(await until(() => fake.calls("insertTablet").length === 1), "the held insert reached the fake");
    const other: SessionTablet = {
      schema: { target: "t1", columns: [columns[0]!, { name: "w", type: "INT64" }] },
      timestamps: [5],
      values: [["a"], [5n]],
    };
    const calls = [
      pool.insert(rows("a", [1, 2])),
      pool.insert(other),
      pool.insert(rows("b", [3])),
      pool.insert(rows("a", [4])),
    ];
    release();
    await holding;
    await Promise.all(calls);
    const sent = fake.calls("insertTablet").map((r) => {
      const req = r.args[0] as { size: number; measurements: string[]; timestamps: Buffer };
      const times = Array.from({ length: req.size }, (_, i) => req.timestamps.readBigInt64BE(i * 8));
      return `${req.measurements.join("+")} ${times.join(",")}`;
    });
    // The tablet with other columns is sent apart; the table counts as one device, so the
    // tablets after it wait for it (order per device), and then go together.
    assert.equal(sent, ["dev+v 1", "dev+v 1,2", "dev+w 5", "dev+v 3,4"]);
  } finally {
    await pool.close();
    await fake.close();
  }
});

test("close() drains: inserts waiting for a session when it was called are sent, then it resolves; calls after it reject at once", async () => {
  const { fake, pool, free } = await busyPool();
  const waiting = [1, 2, 3].map((i) => pool.insertRecord(at("root.gc.q", i)));
  assert.is(pool.stats().endpoints[0]!.waiting, 3, "stats count the inserts waiting to go out merged");
  let closed = false;
  const closing = pool.close().then(() => (closed = true));
  const after = await rejection(pool.insertRecord(at("root.gc.late", 1)));
  assert.instance(after, PoolClosedError);
  assert.match(after.message, "not sent");
  await sleep(20);
  assert.not.ok(closed, "close() waits for the accepted calls");
  await free();
  assert.equal(
    (await Promise.all(waiting)).map((s) => s.code),
    [200, 200, 200],
  );
  await closing;
  assert.equal(requests(fake), ["insertRecord root.gc.hold@1", "insertRecords root.gc.q@1,root.gc.q@2,root.gc.q@3"]);
  await fake.close();
});

test("close({ timeoutMs }): inserts not sent by the deadline reject with a PoolClosedError saying so; the one in flight finishes", async () => {
  const { fake, pool, holding, free } = await busyPool();
  const waiting = [1, 2].map((i) => rejection(pool.insertRecord(at("root.gc.q", i))));
  const closing = pool.close({ timeoutMs: 30 });
  for (const error of await Promise.all(waiting)) {
    assert.instance(error, PoolClosedError);
    assert.match(error.message, "deadline of 30 ms passed): nothing of it was written");
  }
  await free();
  assert.is((await holding).code, 200, "the insert in flight at the deadline finished");
  await closing;
  assert.equal(requests(fake), ["insertRecord root.gc.hold@1"], "the rejected ones were never sent");
  await fake.close();
});

test.run();
