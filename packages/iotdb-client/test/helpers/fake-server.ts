// The loopback fake DataNode of the client's tests and of fuzz/vectors: it accepts connections
// (numbered 1, 2, ... in accept order), splits the client's bytes into frames, records each
// call's method, seqid and frame, and hands it to an answerer. Tests that script bytes answer
// here directly; FakeIoTDB (fake-iotdb.ts) answers through the generated Processor with
// per-method handlers; fuzz/vectors/fake-datanode.ts gives it the session-call vectors' answers.
// bench/client/fake-datanode.ts is a separate process on purpose (see its own comment).
import net from "node:net";
import tls from "node:tls";

export interface ReceivedCall {
  method: string;
  seqid: number;
  /** The whole frame, length prefix included. */
  frame: Buffer;
}

export interface Peer {
  readonly socket: net.Socket;
  /** The connection's number: 1 for the first accepted, and so on. */
  readonly connection: number;
  send(bytes: Buffer): void;
}

export class FakeServer {
  readonly calls: ReceivedCall[] = [];
  /** Connections accepted so far (whether or not they sent a call). */
  connections = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  /** Listens on 127.0.0.1 (TLS when `tlsOptions` carries a key and certificate). */
  static async start(
    onCall: (call: ReceivedCall, peer: Peer) => void,
    tlsOptions?: tls.TlsOptions,
  ): Promise<FakeServer> {
    const server = tlsOptions ? tls.createServer(tlsOptions) : net.createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
    );
    const fake = new FakeServer(server, port);
    server.on(tlsOptions ? "secureConnection" : "connection", (socket: net.Socket) => {
      fake.sockets.add(socket);
      socket.on("close", () => fake.sockets.delete(socket));
      socket.on("error", () => {});
      const peer: Peer = { socket, connection: ++fake.connections, send: (bytes) => void socket.write(bytes) };
      let pending = Buffer.alloc(0);
      socket.on("data", (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
          const frame = pending.subarray(0, 4 + pending.readUInt32BE(0));
          pending = pending.subarray(frame.length);
          const call = { ...readCallHeader(frame.subarray(4)), frame: Buffer.from(frame) };
          fake.calls.push(call);
          onCall(call, peer);
        }
      });
    });
    return fake;
  }

  /** Breaks every open connection from the server side. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Method and seqid of a CALL message in either protocol. */
export function readCallHeader(message: Buffer): { method: string; seqid: number } {
  if (message[0] === 0x82) {
    // compact: 0x82, version|type, varint seqid, varint name length, name
    let pos = 2;
    const varint = () => {
      let v = 0;
      let shift = 0;
      for (;;) {
        const b = message[pos++]!;
        v |= (b & 0x7f) << shift;
        if ((b & 0x80) === 0) return v >>> 0;
        shift += 7;
      }
    };
    const seqid = varint();
    const len = varint();
    return { method: message.toString("utf8", pos, pos + len), seqid };
  }
  const len = message.readInt32BE(4);
  return { method: message.toString("utf8", 8, 8 + len), seqid: message.readInt32BE(8 + len) };
}
