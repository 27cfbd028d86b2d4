// FrameReader: frames split anywhere are reassembled byte for byte, and a frame spread over
// chunks takes memory as its bytes arrive, not as its length prefix announces.
import { randomBytes } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import net from "node:net";
import { ConnectionError, Session } from "../src/index.js";
import { FrameError, FrameReader } from "../src/transport/frame-reader.js";

function framed(payload: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  return Buffer.concat([length, payload]);
}

function feed(stream: Buffer, chunkSizes: readonly number[], maxFrameSize = 64 << 20): Buffer[] {
  const frames: Buffer[] = [];
  const reader = new FrameReader(maxFrameSize, (f) => frames.push(Buffer.from(f)));
  let pos = 0;
  for (let i = 0; pos < stream.length; i++) {
    const size = chunkSizes[i % chunkSizes.length]!;
    reader.push(stream.subarray(pos, pos + size));
    pos += size;
  }
  assert.is(reader.midFrame, false);
  return frames;
}

test("frames spread over chunks of every shape come out whole, past every growth of the buffer", () => {
  // 1 byte to 4 MiB in one buffer of their length; 9 MiB + 1 grows from a 4 MiB one twice.
  const payloads = [1, 0, 4096, 65_535, 65_536, 65_537, 300_001, 4 << 20, (9 << 20) + 1].map((n) => randomBytes(n));
  const stream = Buffer.concat(payloads.map(framed));
  for (const chunks of [[1_000], [65_536], [7, 70_001, 3], [stream.length]]) {
    const frames = feed(stream, chunks);
    assert.is(frames.length, payloads.length, `chunks ${chunks}`);
    frames.forEach((f, i) =>
      assert.ok(f.equals(payloads[i]!), `frame ${i} (${payloads[i]!.length} bytes), chunks ${chunks}`),
    );
  }
  assert.equal(feed(framed(Buffer.from("abc")), [1]).map(String), ["abc"], "split byte by byte");
});

test("a forged length costs memory in proportion to the bytes sent (beyond the first 4 MiB), not to the length", () => {
  const announced = (64 << 20) - 1;
  const reader = new FrameReader(64 << 20, () => assert.unreachable("no frame is complete"));
  const header = Buffer.alloc(4);
  header.writeUInt32BE(announced);
  const before = process.memoryUsage().arrayBuffers;
  reader.push(Buffer.concat([header, Buffer.alloc(10)]));
  for (let i = 0; i < 10; i++) reader.push(Buffer.alloc(10_000));
  const first = process.memoryUsage().arrayBuffers - before;
  for (let i = 0; i < 50; i++) reader.push(Buffer.alloc(100_000));
  const grown = process.memoryUsage().arrayBuffers - before;
  assert.ok(reader.midFrame);
  // Allocating the announced size would take 64 MiB here: 100 kB sent holds 4 MiB, 5.1 MB a few times that.
  assert.ok(first <= (4 << 20) + (1 << 20), `${first} bytes held for 100,010 bytes sent of a ${announced}-byte frame`);
  assert.ok(grown < 24 << 20, `${grown} bytes held for 5,100,010 bytes sent of a ${announced}-byte frame`);
});

test("a length over maxFrameSize is a FrameError before any of the frame is read", () => {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(1001);
  const reader = new FrameReader(1000, () => assert.unreachable("no frame"));
  assert.throws(
    () => reader.push(header),
    (e: Error) => e instanceof FrameError && e.message.includes("1001 bytes exceeds maxFrameSize 1000"),
  );
});

test("a reply that starts with text says what the port seems to be: HTTP, SSH, another text protocol", () => {
  const messageOf = (reply: string) => {
    const reader = new FrameReader(64 * 1024 * 1024, () => assert.unreachable("no frame"));
    try {
      reader.push(Buffer.from(reply, "latin1"));
    } catch (e) {
      assert.instance(e, FrameError);
      return (e as Error).message;
    }
    throw new Error("no FrameError");
  };
  const http = messageOf("HTTP/1.1 400 Bad Request\r\n\r\n");
  // What the user can act on leads; the frame length follows as the evidence.
  assert.ok(http.startsWith("this port speaks HTTP, not IoTDB's RPC: is it the REST port"), http);
  assert.match(http, "the DataNode's RPC port (dn_rpc_port) is usually 6667");
  assert.match(http, "incoming frame of 1213486160 bytes");
  assert.ok(messageOf("SSH-2.0-OpenSSH_9.6\r\n").startsWith("this port speaks SSH"));
  assert.ok(messageOf("-ERR unknown command\r\n").startsWith('this port answers with text ("-ERR"...)'));
  // negative control: a large length that is not text gets no guess
  const binary = messageOf("\x7f\x00\x00\x01rest");
  assert.ok(binary.startsWith("incoming frame of"), binary);
  assert.not.match(binary, "port");
  assert.not.match(binary, "TLS");
});

test("Session.open() against an HTTP port fails with a ConnectionError that says the port seems to be HTTP", async () => {
  const http = net.createServer((socket) =>
    socket.once("data", () => socket.end("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")),
  );
  const port = await new Promise<number>((done) =>
    http.listen(0, "127.0.0.1", () => done((http.address() as net.AddressInfo).port)),
  );
  try {
    const error = await new Session({ port, zoneId: "UTC", connectTimeoutMs: 2_000 }).open().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.instance(error, ConnectionError);
    assert.match((error as Error).message, `127.0.0.1:${port}: this port speaks HTTP, not IoTDB's RPC`);
    const causes: unknown[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) causes.push(e);
    assert.ok(
      causes.some((e) => e instanceof FrameError),
      "a FrameError among the causes",
    );
  } finally {
    await new Promise((done) => http.close(done));
  }
});

test.run();
