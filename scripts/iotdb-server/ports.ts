import { createConnection, createServer } from "node:net";

const LOOPBACK = "127.0.0.1";

/** Resolves true when something accepts a TCP connection on 127.0.0.1:port. */
export function portAccepts(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = createConnection({ host: LOOPBACK, port });
    const finish = (accepted: boolean) => {
      socket.destroy();
      resolvePromise(accepted);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once("connect", () => finish(true));
    socket.once("error", () => finish(false));
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once("error", () => resolvePromise(false));
    server.listen({ host: LOOPBACK, port, exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

/** Fails before any JVM starts when another process already holds one of the ports. */
export async function assertPortsFree(ports: number[], owner: string): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) if (!(await portIsFree(port))) taken.push(port);
  if (taken.length > 0) {
    throw new Error(
      `${owner}: port(s) ${taken.join(", ")} on ${LOOPBACK} are already in use (pick another basePort / --port)`,
    );
  }
}
