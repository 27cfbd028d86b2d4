// A loopback TCP proxy in front of the server that forwards what clients send at a limited rate
// per connection (replies pass straight through). On loopback the kernel takes a frame of a few MB
// at once, so the socket's write is already complete when write() returns and a buffer released
// too early would go unnoticed. Behind this link the kernel's buffers fill, socket writes stay
// pending for milliseconds, and only the write callback says when a frame's buffer is free.
import net from "node:net";

export interface SlowLink {
  host: string;
  port: number;
  /** Bytes forwarded from clients to the server. */
  forwardedBytes(): number;
  close(): Promise<void>;
}

export async function startSlowLink(upstream: { host: string; port: number }, bytesPerMs: number): Promise<SlowLink> {
  const sockets = new Set<net.Socket>();
  let forwarded = 0;
  const server = net.createServer((client) => {
    const target = net.connect(upstream.port, upstream.host);
    for (const s of [client, target]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined); // the other side's close ends the pair
    }
    client.on("close", () => target.destroy());
    target.on("close", () => client.destroy());
    target.pipe(client);
    client.on("data", (chunk: Buffer) => {
      forwarded += chunk.length;
      const flushed = target.write(chunk);
      // Hold further reads for the time this chunk takes at the link's rate (and until the server drains).
      client.pause();
      const resume = () => setTimeout(() => client.resume(), Math.ceil(chunk.length / bytesPerMs));
      if (flushed) resume();
      else target.once("drain", resume);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    host: "127.0.0.1",
    port: (server.address() as net.AddressInfo).port,
    forwardedBytes: () => forwarded,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
