// A TCP forwarder on loopback that counts what clients send to the server: the bytes (over every
// connection) and the connections. Sessions and pools under test connect to it instead of the
// server, so a test can see that a refused call wrote nothing.
import net from "node:net";

export interface Target {
  host: string;
  port: number;
}

export class CountingProxy {
  /** Bytes received from clients and forwarded to the server, over every connection so far. */
  sent = 0;
  /** Client connections accepted so far. */
  connections = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: Target): Promise<CountingProxy> {
    const server = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
    const proxy = new CountingProxy(server, port);
    server.on("connection", (client) => proxy.forward(client, target));
    return proxy;
  }

  get endpoint(): Target {
    return { host: "127.0.0.1", port: this.port };
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: net.Socket, target: Target): void {
    this.connections++;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    // Counted as it arrives, before it is forwarded: a request is counted before its reply can exist.
    client.on("data", (chunk: Buffer) => {
      this.sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.pipe(client);
  }
}
