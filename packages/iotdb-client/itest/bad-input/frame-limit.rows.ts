// Why S33 and P04 refuse what they refuse: the server's request-frame limit (dn_thrift_max_frame_size,
// set by run.ts) is exactly where the client's maxRequestFrameSize puts it. A frame announcing the
// limit is read and answered; one byte more and the server closes the connection. Through the
// client, the largest tablet within the limit is stored.
import net from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Session } from "../../src/index.js";
import { CONNECTION_DEFAULTS } from "../../src/connection.js";
import { RpcCodec } from "../../src/thrift/rpc-codec.js";
import { CountingProxy } from "./counting-proxy.js";
import { server, serverMaxFrameSize, viaProxy } from "./env.js";
import { doubleTablet, insertFrameLength, rowsWithin } from "./frame-size.js";

const DATABASE = "root.bi_frame";

/** A testConnectionEmptyRPC call whose frame announces `length` bytes: the call, then zeros. */
function paddedPing(length: number): Buffer {
  const ping = new RpcCodec("binary").encodeCall("testConnectionEmptyRPC", 1, []);
  const frame = Buffer.alloc(4 + length);
  ping.copy(frame);
  frame.writeUInt32BE(length, 0);
  return frame;
}

/**
 * Sends `bytes` on a fresh connection: "reply" once a reply frame's header arrives, "closed" if the server closes
 * first.
 */
function serverAnswer(bytes: Buffer): Promise<"reply" | "closed"> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, server.host);
    let received = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server neither answered nor closed within 60 s"));
    }, 60_000);
    const settle = (answer: "reply" | "closed") => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    socket.on("data", (chunk) => {
      received += chunk.length;
      if (received >= 4) settle("reply");
    });
    socket.on("error", () => settle("closed"));
    socket.on("close", () => settle("closed"));
    socket.on("connect", () => socket.write(bytes));
  });
}

test("the server answers a frame of exactly dn_thrift_max_frame_size bytes and closes the connection on one byte more", async () => {
  assert.is(await serverAnswer(paddedPing(serverMaxFrameSize)), "reply");
  // The header alone: the server checks the announced length before reading the body.
  assert.is(await serverAnswer(paddedPing(serverMaxFrameSize + 1).subarray(0, 4 + 64)), "closed");
});

test("the client's default maxRequestFrameSize is IoTDB's default dn_thrift_max_frame_size (512 MiB)", () => {
  assert.is(CONNECTION_DEFAULTS.maxRequestFrameSize, 536_870_912);
});

test("the largest tablet within the limit is sent whole and stored", async () => {
  const proxy = await CountingProxy.start(server);
  const session = new Session(viaProxy(proxy));
  await session.open();
  try {
    await session.createDatabase(DATABASE);
    const rows = rowsWithin(`${DATABASE}.d`, serverMaxFrameSize);
    const tablet = doubleTablet(`${DATABASE}.d`, rows);
    const length = insertFrameLength(tablet);
    assert.ok(length <= serverMaxFrameSize && length > serverMaxFrameSize - 129, `frame of ${length} bytes`);
    const before = proxy.sent;
    await session.insertTablet(tablet);
    assert.is(proxy.sent - before, 4 + length, "the frame went out whole");
    const [count] = await (await session.executeQueryStatement(`select count(v) from ${DATABASE}.d`)).toRows();
    assert.equal(count!.fields, [BigInt(rows)]);
  } finally {
    await session.deleteDatabase(DATABASE).catch(() => {});
    await session.close();
    await proxy.close();
  }
});

test.run();
