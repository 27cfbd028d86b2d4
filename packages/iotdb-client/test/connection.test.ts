// Connection against a loopback server we script: replies matched by seqid, framing across
// chunk boundaries, seqid and method mismatches, timeouts, broken sockets, the incoming frame
// limit, connect failures and timeouts, and prebuilt frames released once written.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConnectionError, TimeoutError } from "../src/index.js";
import { Connection } from "../src/connection.js";
import { FakeServer, type Peer, type ReceivedCall } from "./helpers/fake-server.js";
import { exceptionReply, statusReply } from "./helpers/replies.js";
import { TEST_CERT, TEST_KEY } from "./helpers/tls-fixture.js";

type Handler = (call: ReceivedCall, peer: Peer) => void;

async function withServer(handler: Handler, body: (server: FakeServer) => Promise<void>): Promise<void> {
  const server = await FakeServer.start(handler);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

const answer200: Handler = (call, peer) =>
  peer.send(statusReply("binary", call.method, call.seqid, 200, `seq ${call.seqid}`));

async function rejectsWith<E extends Error>(
  p: Promise<unknown>,
  type: new (...a: never[]) => E,
  mentions: string[] = [],
): Promise<E> {
  try {
    await p;
  } catch (e) {
    assert.instance(e, type, `expected ${type.name}, got ${(e as Error)?.name}: ${(e as Error)?.message}`);
    for (const m of mentions)
      assert.ok(
        (e as Error).message.includes(m),
        `message ${JSON.stringify((e as Error).message)} should mention ${m}`,
      );
    return e as E;
  }
  throw new assert.Assertion({
    message: `expected a ${type.name}, but the promise resolved`,
    operator: "rejects",
    expects: type.name,
    actual: "resolved",
  });
}

test("a call resolves with the generated result of its own reply; seqids count from 1", async () => {
  await withServer(answer200, async (server) => {
    const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
    const a = await conn.call("testConnectionEmptyRPC", []);
    const b = await conn.call("testConnectionEmptyRPC", []);
    assert.is(a.code, 200);
    assert.is(a.message, "seq 1");
    assert.is(b.message, "seq 2");
    assert.equal(
      server.calls.map((c) => c.seqid),
      [1, 2],
    );
    conn.close();
  });
});

test("pipelined calls are matched by seqid even when replies come back in another order", async () => {
  const held: ReceivedCall[] = [];
  await withServer(
    (call, peer) => {
      held.push(call);
      if (held.length === 3)
        for (const c of held.reverse()) peer.send(statusReply("binary", c.method, c.seqid, 200 + c.seqid));
    },
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      const results = await Promise.all([1, 2, 3].map(() => conn.call("testConnectionEmptyRPC", [])));
      assert.equal(
        results.map((r) => r.code),
        [201, 202, 203],
      );
      conn.close();
    },
  );
});

test("replies split byte by byte, and several replies in one chunk, are framed correctly", async () => {
  const held: ReceivedCall[] = [];
  await withServer(
    (call, peer) => {
      held.push(call);
      if (held.length < 3) return;
      const all = Buffer.concat(
        held.map((c) => statusReply("binary", c.method, c.seqid, 200, "x".repeat(c.seqid * 50))),
      );
      // first reply dribbled one byte per write, the other two in one write
      const first = statusReply("binary", held[0]!.method, held[0]!.seqid, 200, "x".repeat(50)).length;
      let i = 0;
      const dribble = () => {
        if (i < first) {
          peer.socket.write(all.subarray(i, i + 1));
          i++;
          setImmediate(dribble);
        } else peer.send(all.subarray(first));
      };
      peer.socket.setNoDelay(true);
      dribble();
    },
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      const results = await Promise.all([1, 2, 3].map(() => conn.call("testConnectionEmptyRPC", [])));
      assert.equal(
        results.map((r) => r.message!.length),
        [50, 100, 150],
      );
      conn.close();
    },
  );
});

test("a reply with a seqid no request has fails the connection and every request in flight", async () => {
  await withServer(
    (call, peer) => {
      if (call.seqid === 2) peer.send(statusReply("binary", call.method, call.seqid + 100));
    },
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      const first = conn.call("testConnectionEmptyRPC", []);
      const second = conn.call("testConnectionEmptyRPC", []);
      await rejectsWith(second, ConnectionError, ["seqid 102", "seqid mismatch"]);
      await rejectsWith(first, ConnectionError, ["seqid mismatch"]);
      assert.ok(conn.closed);
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError, ["seqid mismatch"]);
    },
  );
});

test("a reply naming another method for the seqid is a mismatch too", async () => {
  await withServer(
    (call, peer) => peer.send(statusReply("binary", "closeOperation", call.seqid)),
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError, [
        "closeOperation",
        "testConnectionEmptyRPC",
      ]);
      assert.ok(conn.closed);
    },
  );
});

test("a hung server gives TimeoutError after the request timeout; the others in flight fail, the connection closes", async () => {
  await withServer(
    () => {},
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, requestTimeoutMs: 150 });
      let reported: ConnectionError | undefined;
      conn.onClose((e) => (reported = e));
      const started = Date.now();
      const first = conn.call("testConnectionEmptyRPC", []);
      const second = conn.call("testConnectionEmptyRPC", [], 10_000);
      const timeout = await rejectsWith(first, TimeoutError, ["testConnectionEmptyRPC", "150 ms"]);
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 140 && elapsed < 2000, `timed out after ${elapsed} ms`);
      assert.is(timeout.timeoutMs, 150);
      await rejectsWith(second, ConnectionError, ["timed out"]);
      assert.ok(conn.closed);
      assert.instance(reported, ConnectionError);
    },
  );
});

test("a per-call timeout overrides the connection's", async () => {
  await withServer(
    () => {},
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, requestTimeoutMs: 60_000 });
      const started = Date.now();
      await rejectsWith(conn.call("testConnectionEmptyRPC", [], 100), TimeoutError, ["100 ms"]);
      assert.ok(Date.now() - started < 2000);
    },
  );
});

test("a socket closed by the server fails every pending request with ConnectionError and reports it", async () => {
  await withServer(
    (call, peer) => {
      if (call.seqid === 3) peer.socket.destroy();
    },
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      const closed = new Promise<ConnectionError | undefined>((resolve) => conn.onClose(resolve));
      const calls = [1, 2, 3].map(() => conn.call("testConnectionEmptyRPC", []));
      for (const c of calls) await rejectsWith(c, ConnectionError, ["127.0.0.1"]);
      assert.instance(await closed, ConnectionError);
      assert.is(conn.inFlight, 0);
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError);
    },
  );
});

test("close() by the client fails pending requests and reports no error to onClose", async () => {
  await withServer(
    () => {},
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      const reported: (ConnectionError | undefined)[] = [];
      conn.onClose((e) => reported.push(e));
      const pending = conn.call("testConnectionEmptyRPC", []);
      conn.close();
      conn.close();
      await rejectsWith(pending, ConnectionError, ["closed"]);
      assert.equal(reported, [undefined]);
      // a listener added after the close still hears about it
      const late = await new Promise((resolve) => conn.onClose(resolve));
      assert.is(late, undefined);
    },
  );
});

test("an incoming frame larger than maxFrameSize fails the connection before it is read", async () => {
  await withServer(
    (call, peer) => peer.send(statusReply("binary", call.method, call.seqid, 200, "y".repeat(5000))),
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, maxFrameSize: 1000 });
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError, ["exceeds maxFrameSize 1000"]);
      assert.ok(conn.closed);
    },
  );
  // the default is 64 MiB: a header announcing 64 MiB + 1 is refused at once
  await withServer(
    (_call, peer) => {
      const header = Buffer.alloc(4);
      header.writeUInt32BE(64 * 1024 * 1024 + 1);
      peer.send(header);
    },
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError, [
        `${64 * 1024 * 1024 + 1} bytes`,
        "maxFrameSize",
      ]);
    },
  );
});

test("a Thrift application exception from the server is a ConnectionError naming it", async () => {
  await withServer(
    (call, peer) =>
      peer.send(exceptionReply("binary", call.method, call.seqid, "Internal error processing testConnectionEmptyRPC")),
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
      await rejectsWith(conn.call("testConnectionEmptyRPC", []), ConnectionError, [
        "application exception",
        "Internal error processing",
      ]);
    },
  );
});

test("compact protocol: calls and replies in TCompactProtocol", async () => {
  await withServer(
    (call, peer) => peer.send(statusReply("compact", call.method, call.seqid, 200, "compact ok")),
    async (server) => {
      const conn = await Connection.open({ host: "127.0.0.1", port: server.port, protocol: "compact" });
      const status = await conn.call("testConnectionEmptyRPC", []);
      assert.is(status.message, "compact ok");
      assert.is(server.calls[0]!.frame[4], 0x82, "compact protocol id");
      conn.close();
    },
  );
});

test("send(): the prebuilt frame goes out in one write as given, and is released once written", async () => {
  await withServer(answer200, async (server) => {
    const conn = await Connection.open({ host: "127.0.0.1", port: server.port });
    const seqid = conn.nextSeqid();
    const frame = statusReplyAsCall(seqid);
    let released = 0;
    const status = await conn.send("testConnectionEmptyRPC", seqid, { bytes: frame, release: () => released++ });
    assert.is(status.code, 200);
    assert.is(released, 1);
    assert.equal(server.calls[0]!.frame, frame);
    conn.close();
    // on a closed connection the frame is released at once and nothing is sent
    let releasedLate = 0;
    await rejectsWith(
      conn.send("testConnectionEmptyRPC", conn.nextSeqid(), { bytes: frame, release: () => releasedLate++ }),
      ConnectionError,
    );
    assert.is(releasedLate, 1);
  });
});

test("connecting to a closed port is a ConnectionError", async () => {
  const probe = net.createServer();
  const port = await new Promise<number>((resolve) =>
    probe.listen(0, "127.0.0.1", () => resolve((probe.address() as net.AddressInfo).port)),
  );
  await new Promise((resolve) => probe.close(resolve));
  await rejectsWith(Connection.open({ host: "127.0.0.1", port }), ConnectionError, [`127.0.0.1:${port}`]);
});

test("a TLS handshake that never completes hits the connect timeout", async () => {
  // a plain TCP server that accepts and stays silent: the TLS ClientHello is never answered
  await withServer(
    () => {},
    async (server) => {
      const started = Date.now();
      await rejectsWith(
        Connection.open({ host: "127.0.0.1", port: server.port, tls: true, connectTimeoutMs: 200 }),
        TimeoutError,
        ["200 ms"],
      );
      assert.ok(Date.now() - started < 3000);
    },
  );
});

test("TLS: calls and replies over a verified TLS connection; an untrusted certificate is a ConnectionError", async () => {
  const server = await FakeServer.start(
    (call, peer) => peer.send(statusReply("binary", call.method, call.seqid, 200, "over tls")),
    { key: TEST_KEY, cert: TEST_CERT },
  );
  try {
    const conn = await Connection.open({
      host: "127.0.0.1",
      port: server.port,
      tls: { ca: TEST_CERT, servername: "localhost" },
    });
    assert.is((await conn.call("testConnectionEmptyRPC", [])).message, "over tls");
    conn.close();
    await rejectsWith(Connection.open({ host: "127.0.0.1", port: server.port, tls: true }), ConnectionError, [
      "self-signed",
    ]);
    assert.is(server.calls.length, 1, "nothing was sent on the untrusted connection");
  } finally {
    await server.close();
  }
});

test("options are checked: timeouts and the frame limit must be positive", async () => {
  await rejectsWith(Connection.open({ host: "127.0.0.1", port: 1, connectTimeoutMs: 0 }), RangeError, [
    "connectTimeoutMs",
  ]);
  await withServer(answer200, async (server) => {
    await rejectsWith(Connection.open({ host: "127.0.0.1", port: server.port, requestTimeoutMs: -1 }), RangeError, [
      "requestTimeoutMs",
    ]);
  });
});

/** A testConnectionEmptyRPC CALL frame, built by hand (binary protocol, empty args). */
function statusReplyAsCall(seqid: number): Buffer {
  const name = Buffer.from("testConnectionEmptyRPC");
  const body = Buffer.alloc(4 + 4 + name.length + 4 + 1);
  body.writeUInt32BE(0x80010001, 0);
  body.writeInt32BE(name.length, 4);
  name.copy(body, 8);
  body.writeInt32BE(seqid, 8 + name.length);
  body[body.length - 1] = 0; // args struct stop
  const frame = Buffer.alloc(4 + body.length);
  frame.writeUInt32BE(body.length);
  body.copy(frame, 4);
  return frame;
}

test.run();
