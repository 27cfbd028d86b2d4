// Opens the TCP or TLS socket of a connection, bounded by a connect timeout.
import net from "node:net";
import tls from "node:tls";
import { abortError } from "../abort.js";
import { ConnectionError, TimeoutError } from "../errors.js";
import { type ConnectedSocket, SharedBufferReads } from "./socket-reads.js";

export interface SocketTarget {
  host: string;
  port: number;
  /** true, or Node TLS options (ca, servername, rejectUnauthorized, ...), for a TLS connection. */
  tls?: boolean | tls.ConnectionOptions;
  connectTimeoutMs: number;
  /** Aborting destroys the socket and rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * A connected socket (TLS handshake done), or a ConnectionError / TimeoutError (an AbortError when target.signal
 * aborts).
 */
export function connectSocket(target: SocketTarget): Promise<ConnectedSocket> {
  const where = `${target.host}:${target.port}`;
  const signal = target.signal;
  if (signal?.aborted === true) return Promise.reject(abortError(signal, `connecting to ${where}`));
  return new Promise((resolve, reject) => {
    const tlsOptions =
      target.tls === undefined || target.tls === false ? undefined : target.tls === true ? {} : target.tls;
    const useTls = tlsOptions !== undefined;
    const reads = useTls ? undefined : new SharedBufferReads();
    const socket = useTls
      ? tls.connect({ ...withoutKeyMaterial(tlsOptions), host: target.host, port: target.port })
      : net.connect({ host: target.host, port: target.port, onread: reads!.onread });
    const timer = setTimeout(() => {
      // TCP connected but no handshake: typically a plain server, which waits for a Thrift frame.
      const stalledHandshake = useTls && !socket.connecting;
      socket.destroy();
      const message = stalledHandshake
        ? `TLS handshake with ${where} not answered within ${target.connectTimeoutMs} ms (the TCP connection was made): does the server speak TLS?`
        : `connecting to ${where} timed out after ${target.connectTimeoutMs} ms`;
      signal?.removeEventListener("abort", onAbort);
      reject(new TimeoutError(message, target.connectTimeoutMs));
    }, target.connectTimeoutMs);
    const onAbort = () => {
      clearTimeout(timer);
      socket.destroy();
      reject(abortError(signal!, `connecting to ${where}`));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const onError = (error: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      socket.destroy();
      reject(new ConnectionError(`cannot connect to ${where}: ${error.message}`, { cause: error }));
    };
    socket.once("error", onError);
    socket.once(useTls ? "secureConnect" : "connect", () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      socket.off("error", onError);
      socket.setNoDelay(true);
      resolve({ socket, sharedReads: reads });
    });
  });
}

/**
 * The TLS options with the client's key material already turned into a SecureContext, as
 * tls.connect would do itself: Node keeps the options a socket connected with on the socket, where
 * inspecting a session would show the private key and its passphrase.
 */
function withoutKeyMaterial(options: tls.ConnectionOptions): tls.ConnectionOptions {
  const { key, passphrase, pfx, ...rest } = options;
  return { ...rest, secureContext: options.secureContext ?? tls.createSecureContext(options) };
}
