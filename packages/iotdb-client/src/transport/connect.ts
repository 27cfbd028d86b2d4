// Opens the TCP or TLS socket of a connection, bounded by a connect timeout.
import net from "node:net";
import tls from "node:tls";
import { ConnectionError, TimeoutError } from "../errors.js";

export interface SocketTarget {
  host: string;
  port: number;
  /** true, or Node TLS options (ca, servername, rejectUnauthorized, ...), for a TLS connection. */
  tls?: boolean | tls.ConnectionOptions;
  connectTimeoutMs: number;
}

/** A connected socket (TLS handshake done), or a ConnectionError / TimeoutError. */
export function connectSocket(target: SocketTarget): Promise<net.Socket> {
  const where = `${target.host}:${target.port}`;
  return new Promise((resolve, reject) => {
    const useTls = target.tls !== undefined && target.tls !== false;
    const socket = useTls
      ? tls.connect({ ...(target.tls === true ? {} : target.tls), host: target.host, port: target.port })
      : net.connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new TimeoutError(`connecting to ${where} timed out after ${target.connectTimeoutMs} ms`, target.connectTimeoutMs));
    }, target.connectTimeoutMs);
    const onError = (error: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new ConnectionError(`cannot connect to ${where}: ${error.message}`, { cause: error }));
    };
    socket.once("error", onError);
    socket.once(useTls ? "secureConnect" : "connect", () => {
      clearTimeout(timer);
      socket.off("error", onError);
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}
