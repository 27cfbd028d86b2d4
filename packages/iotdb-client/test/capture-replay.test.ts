// The official Java Session's conversations (session-capture.json, and the `conversation` of the
// queryResponse vectors 052-055, made by fuzz/java's SessionCapture into the repo's set) replayed against our client: a
// loopback server plays the
// captured server frames, and every frame our client sends must equal the frame the Java client
// sent (seqids included). Query rows must equal `javaClientRows`.
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  columnarTablet,
  rowsTablet,
  vectorRecords,
  type RecordsInput,
  type TabletInput,
} from "../../../fuzz/vectors/vector-input.js";
import { Session, TableSession, type RowRecord } from "../src/index.js";
import type { BaseSession } from "../src/session/base-session.js";
import { dirHolding, REPO_SET } from "../../../fuzz/vectors/vector-sets.js";
import { FakeServer } from "./helpers/fake-server.js";
import {
  type CapturedFrame,
  frameBytes,
  jsonValue,
  readVector,
  seqidOf,
  vectorFile,
  vectorsAvailable,
  withSeqid,
} from "./helpers/vectors.js";

interface Exchange {
  method: string;
  request: CapturedFrame & { length: number };
  reply: CapturedFrame;
}

interface QueryVector {
  name: string;
  input: { sql: string; model: "tree" | "table" };
  output: {
    conversation: CapturedFrame[];
    javaClientRows: { columnNames: string[]; columnTypes: string[]; rows: { timestamp: string; fields: unknown[] }[] };
  };
}

/** Pairs client->server frames with the server->client frame that answered them. */
function exchanges(frames: readonly CapturedFrame[]): Exchange[] {
  const out: Exchange[] = [];
  for (let i = 0; i < frames.length; i += 2) {
    const request = frames[i]! as Exchange["request"];
    const reply = frames[i + 1]!;
    assert.is(request.direction, "client->server");
    assert.is(reply.direction, "server->client");
    out.push({ method: request.method, request, reply });
  }
  return out;
}

/**
 * Serves `script` in order: checks each received frame against the captured request (exactly, or
 * with seqids renumbered when `renumber`), then answers with the captured reply (renumbered too).
 */
async function replay(script: Exchange[], renumber: boolean, run: (port: number) => Promise<void>): Promise<void> {
  const problems: string[] = [];
  let next = 0;
  const server = await FakeServer.start((call, peer) => {
    const ex = script[next++];
    if (ex === undefined) {
      problems.push(`unexpected ${call.method} (seqid ${call.seqid}) after the captured conversation`);
      peer.socket.destroy();
      return;
    }
    const label = `#${next} ${ex.method} (captured seqid ${ex.request.seqid})`;
    if (call.method !== ex.method) problems.push(`${label}: client sent ${call.method}`);
    else if (ex.request.hex === undefined) {
      if (call.frame.length !== ex.request.length)
        problems.push(`${label}: ${call.frame.length} bytes, captured ${ex.request.length}`);
      if (!renumber && call.seqid !== ex.request.seqid) problems.push(`${label}: seqid ${call.seqid}`);
    } else {
      const expected = frameBytes(ex.request);
      const actual = renumber ? withSeqid(call.frame, seqidOf(expected)) : call.frame;
      if (!actual.equals(expected))
        problems.push(`${label}: frame differs\n  ours ${call.frame.toString("hex")}\n  java ${ex.request.hex}`);
    }
    const reply = frameBytes(ex.reply);
    peer.send(renumber ? withSeqid(reply, call.seqid) : reply);
  });
  try {
    await run(server.port);
  } finally {
    await server.close();
  }
  assert.equal(problems, [], problems.join("\n"));
  assert.is(next, script.length, `the client made ${next} of the ${script.length} captured calls`);
}

function checkRows(
  rows: RowRecord[],
  columns: { names: readonly string[]; types: readonly string[] },
  expected: QueryVector["output"]["javaClientRows"],
): void {
  assert.equal([...columns.names], expected.columnNames);
  assert.equal([...columns.types], expected.columnTypes);
  const actual = rows.map((r) => ({ timestamp: jsonValue(r.timestamp), fields: r.fields.map(jsonValue) }));
  assert.equal(actual, expected.rows);
}

async function queryAndCheck(session: BaseSession, vector: QueryVector): Promise<void> {
  const dataSet = await session.executeQueryStatement(vector.input.sql);
  const rows = await dataSet.toRows();
  checkRows(rows, { names: dataSet.columnNames, types: dataSet.columnTypes }, vector.output.javaClientRows);
}

test("the repo's own vector set holds the session capture and the query responses (no test of them depends on anything beside the repo)", () => {
  if (process.env.VECTORS_DIR) return; // another set was asked for: the tests below say NOT RUN if it lacks them
  assert.is(dirHolding("session-capture"), REPO_SET);
  assert.is(dirHolding("queryResponse"), REPO_SET);
});

const QUERY_VECTORS = [
  "052-query_tree_raw.json",
  "053-query_table_select_star.json",
  "054-query_table_column_mapping.json",
  "055-query_tree_more_data_fetch.json",
];

if (vectorsAvailable()) {
  const capture = readVector<{ frames: CapturedFrame[]; firstFrameOfEachControlCall: Record<string, CapturedFrame> }>(
    "session-capture.json",
  );
  const framesOf = (connection: number) => capture.frames.filter((f) => f.connection === connection);
  const queries = new Map(QUERY_VECTORS.map((file) => [file, readVector<QueryVector>(file)]));

  test("openSession frame is byte-identical to the Java client's (tree, zone UTC, defaults)", async () => {
    const expected = frameBytes(capture.firstFrameOfEachControlCall["1:client->server:openSession"]!);
    const server = await FakeServer.start(() => {});
    try {
      const session = new Session({ port: server.port, zoneId: "UTC", connectTimeoutMs: 2000, requestTimeoutMs: 300 });
      await session.open().catch(() => {}); // the server never answers
      assert.equal(server.calls[0]!.frame.toString("hex"), expected.toString("hex"));
    } finally {
      await server.close();
    }
  });

  test("openSession of a TableSession with a database is byte-identical (sql_dialect table, db last)", async () => {
    const expected = frameBytes(framesOf(2)[0]!);
    const server = await FakeServer.start(() => {});
    try {
      const session = new TableSession({
        port: server.port,
        zoneId: "UTC",
        database: "test_db",
        requestTimeoutMs: 300,
      });
      await session.open().catch(() => {});
      assert.equal(server.calls[0]!.frame.toString("hex"), expected.toString("hex"));
    } finally {
      await server.close();
    }
  });

  test("the zone defaults to the machine's IANA zone (TZ)", async () => {
    const saved = process.env.TZ;
    process.env.TZ = "America/New_York";
    const server = await FakeServer.start(() => {});
    try {
      const session = new Session({ port: server.port, requestTimeoutMs: 300 });
      await session.open().catch(() => {});
      assert.ok(
        server.calls[0]!.frame.includes(Buffer.from("\u0000\u0000\u0000\u0010America/New_York")),
        "zoneId string with its length",
      );
      assert.is(session.zoneId, "America/New_York");
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
      await server.close();
    }
  });

  test("connection 1 of the capture, replayed whole: handshake, 29 tablets, 6 record calls, 2 queries, close", async () => {
    const treeTablets: TabletInput[] = [];
    const records: { file: string; input: RecordsInput & { kind: string } }[] = [];
    for (let n = 1; n <= 41; n++) {
      const file = vectorFile(n);
      const v = readVector<{ kind: string; input: any }>(file);
      if (v.kind === "tablet" && v.input.model === "tree") treeTablets.push(v.input);
      if (v.kind === "insertRecords" || v.kind === "insertRecord")
        records.push({ file, input: { ...v.input, kind: v.kind } });
    }
    assert.is(treeTablets.length, 29);
    assert.is(records.length, 6);
    await replay(exchanges(framesOf(1)), false, async (port) => {
      const session = new Session({ port, zoneId: "UTC" });
      await session.open();
      assert.is(session.sessionId, 42n);
      assert.is(session.timestampPrecision, "ms");
      for (const [i, input] of treeTablets.entries()) {
        // alternate the columnar and the row (TabletBuilder) forms; both must give Java's bytes
        const tablet = i % 2 === 0 ? columnarTablet(input) : rowsTablet(input);
        const status = input.aligned ? await session.insertAlignedTablet(tablet) : await session.insertTablet(tablet);
        assert.is(status.code, 200);
      }
      for (const { input } of records) {
        const list = vectorRecords(input);
        if (input.kind === "insertRecord")
          await (input.aligned ? session.insertAlignedRecord(list[0]!) : session.insertRecord(list[0]!));
        else await (input.aligned ? session.insertAlignedRecords(list) : session.insertRecords(list));
      }
      await queryAndCheck(session, queries.get("052-query_tree_raw.json")!);
      await queryAndCheck(session, queries.get("055-query_tree_more_data_fetch.json")!);
      await session.close();
    });
  });

  test("connection 2 of the capture, replayed whole: TableSession with db, 5 tablets (the empty one sends nothing), 2 queries", async () => {
    const tableTablets: TabletInput[] = [];
    for (let n = 30; n <= 35; n++) tableTablets.push(readVector<{ input: TabletInput }>(vectorFile(n)).input);
    await replay(exchanges(framesOf(2)), false, async (port) => {
      const session = new TableSession({ port, zoneId: "UTC", database: "test_db" });
      await session.open();
      for (const [i, input] of tableTablets.entries()) {
        const status = await session.insert(i % 2 === 0 ? columnarTablet(input) : rowsTablet(input));
        assert.is(status.code, 200);
      }
      await queryAndCheck(session, queries.get("053-query_table_select_star.json")!);
      await queryAndCheck(session, queries.get("054-query_table_column_mapping.json")!);
      await session.close();
    });
  });

  for (const file of QUERY_VECTORS) {
    test(`${file}: its conversation replayed (requests equal Java's up to the seqid), rows equal javaClientRows`, async () => {
      const vector = queries.get(file)!;
      const connection = vector.input.model === "tree" ? 1 : 2;
      const frames = framesOf(connection);
      const handshake = frames.slice(0, 4);
      const closing = frames.slice(-2);
      await replay(exchanges([...handshake, ...vector.output.conversation, ...closing]), true, async (port) => {
        const session =
          connection === 1
            ? new Session({ port, zoneId: "UTC" })
            : new TableSession({ port, zoneId: "UTC", database: "test_db" });
        await session.open();
        // rows through `for await`, the data set closing itself when the loop ends
        const dataSet = await session.executeQueryStatement(vector.input.sql);
        const rows: RowRecord[] = [];
        for await (const row of dataSet) rows.push(row);
        checkRows(rows, { names: dataSet.columnNames, types: dataSet.columnTypes }, vector.output.javaClientRows);
        await session.close();
      });
    });
  }

  test("055 in number mode: INT64 fields and timestamps as numbers; 054's INT64 max throws instead of rounding", async () => {
    const fetchVector = queries.get("055-query_tree_more_data_fetch.json")!;
    const frames1 = framesOf(1);
    await replay(
      exchanges([...frames1.slice(0, 4), ...fetchVector.output.conversation, ...frames1.slice(-2)]),
      true,
      async (port) => {
        const session = new Session({ port, zoneId: "UTC", int64: "number" });
        await session.open();
        const rows = await (await session.executeQueryStatement(fetchVector.input.sql)).toRows();
        assert.equal(
          rows.map((r) => [r.timestamp, ...r.fields]),
          [
            [1, 10],
            [2, 20],
            [3, null],
            [4, 40],
            [5, -50],
          ],
        );
        await session.close();
      },
    );
    const mappingVector = queries.get("054-query_table_column_mapping.json")!;
    const frames2 = framesOf(2);
    await replay(
      exchanges([...frames2.slice(0, 4), ...mappingVector.output.conversation, ...frames2.slice(-2)]),
      true,
      async (port) => {
        const session = new TableSession({ port, zoneId: "UTC", database: "test_db" });
        await session.open();
        const dataSet = await session.executeQueryStatement(mappingVector.input.sql);
        let error: unknown;
        try {
          for await (const _row of dataSet.rows({ int64: "number" })) {
            /* the first row holds Long.MAX_VALUE */
          }
        } catch (e) {
          error = e;
        }
        assert.instance(error, RangeError);
        assert.match((error as Error).message, "9223372036854775807");
        await session.close(); // closeOperation was still sent: the replay checks the order
      },
    );
  });

  test("055 as blocks and toColumnar: typed columns over every fetched batch", async () => {
    const vector = queries.get("055-query_tree_more_data_fetch.json")!;
    const frames1 = framesOf(1);
    await replay(
      exchanges([...frames1.slice(0, 4), ...vector.output.conversation, ...frames1.slice(-2)]),
      true,
      async (port) => {
        const session = new Session({ port, zoneId: "UTC" });
        await session.open();
        const columnar = await (await session.executeQueryStatement(vector.input.sql)).toColumnar();
        assert.is(columnar.rowCount, 5);
        assert.equal(columnar.columnNames, ["Time", "root.ref.f.s1"]);
        const [time, s1] = columnar.columns;
        assert.instance(time!.values, BigInt64Array);
        assert.equal([...(time!.values as BigInt64Array)], [1n, 2n, 3n, 4n, 5n]);
        assert.equal(
          [...(s1!.values as BigInt64Array)].filter((_, i) => s1!.nulls?.[i] !== 1),
          [10n, 20n, 40n, -50n],
        );
        assert.equal([...s1!.nulls!], [0, 0, 1, 0, 0]);
        await session.close();
      },
    );
  });
}

test.run();
