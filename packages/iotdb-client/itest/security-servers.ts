// Small misbehaving servers for the error paths the real IoTDB server does not produce on demand.
// Every one listens on 127.0.0.1 only, on a port the kernel picks.
import net from "node:net";

export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

/** Accepts connections and never sends a byte (a hung server; also a TLS handshake that never completes). */
export function silentServer(): Promise<LoopbackServer> {
  return listen(() => {});
}

/** Closes every connection as soon as the client sends something. */
export function hangUpServer(): Promise<LoopbackServer> {
  return listen((socket) => socket.once("data", () => socket.destroy()));
}

/** Answers the first request with a frame header announcing 2 GiB (a broken or hostile peer). */
export function garbageServer(): Promise<LoopbackServer> {
  return listen((socket) => socket.once("data", () => socket.write(Buffer.from([0x7f, 0xff, 0xff, 0xf0, 1, 2, 3]))));
}

/** A port nothing listens on: taken from the kernel, then released. */
export async function closedPort(): Promise<number> {
  const server = await listen(() => {});
  await server.close();
  return server.port;
}

function listen(onConnection: (socket: net.Socket) => void): Promise<LoopbackServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {}); // the client's side of each test decides what failed
    onConnection(socket);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0 }, () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
