// TCP plumbing of the connection tests: our server (serveFrames on a net.Server), the `thrift`
// package's client connection and server with its own protocols (the other side of the interop
// tests), a raw socket that collects reply frames, and the test IDL's Echo handlers.
import net from "node:net";
import { once } from "node:events";
import thrift from "thrift";
import {
  serveFrames,
  TBinaryProtocol,
  TCompactProtocol,
  TFramedTransport,
  type FrameProcessor,
  type ProtocolClass,
} from "@zerowire/thrift";
import type { ProtocolName } from "./codecs.js";

export const OUR_PROTOCOL: Record<ProtocolName, ProtocolClass> = { binary: TBinaryProtocol, compact: TCompactProtocol };
export const STOCK_PROTOCOL = { binary: thrift.TBinaryProtocol, compact: thrift.TCompactProtocol } as const;

interface Int64Like {
  buffer: Buffer;
  offset: number;
}
export const int64ToBigint = (v: Int64Like): bigint => v.buffer.readBigInt64BE(v.offset);

/** Echo's handler: `add` adds (times `scale`; an Int64, which both packages write), `echo` returns its argument. */
export function echoHandler(scale = 1n) {
  return {
    echo: (value: unknown) => value,
    add: (a: Int64Like, b: Int64Like) => new thrift.Int64(Number((int64ToBigint(a) + int64ToBigint(b)) * scale)),
    ping: () => {},
  };
}

/** A listening server; `errors` collects what each connection's onError got. */
export interface Listening {
  port: number;
  errors: unknown[];
  close(): Promise<void>;
}

async function listen(server: net.Server, errors: unknown[]): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as net.AddressInfo).port,
    errors,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

/** Our server: the README's recipe (serveFrames on each connection; onError closes it). */
export function ourServer(processor: FrameProcessor, Protocol: ProtocolClass): Promise<Listening> {
  const errors: unknown[] = [];
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.on(
      "data",
      serveFrames(
        processor,
        Protocol,
        (frame, owned) => socket.write(frame, () => owned.release()),
        (error) => {
          errors.push(error);
          socket.destroy();
        },
      ),
    );
  });
  return listen(server, errors);
}

/** The `thrift` package's server with its own framed transport and `protocol`. */
export function stockServer(server: net.Server): Promise<Listening> {
  const errors: unknown[] = [];
  server.on("error", (e: unknown) => errors.push(e));
  return listen(server, errors);
}

/** A `thrift` package connection (framed, its own protocol) to `port`, connected. */
export async function stockConnection(port: number, protocol: ProtocolName) {
  const connection = thrift.createConnection("127.0.0.1", port, {
    transport: thrift.TFramedTransport,
    protocol: STOCK_PROTOCOL[protocol],
  });
  connection.on("error", () => {});
  await once(connection, "connect");
  return connection;
}

/** A raw socket to `port` that collects the frames it receives. */
export async function rawSocket(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  const frames: TFramedTransport[] = [];
  let arrived: (() => void) | undefined;
  socket.on(
    "data",
    TFramedTransport.receiver((frame) => {
      frames.push(frame);
      arrived?.();
    }),
  );
  const closed = once(socket, "close");
  await once(socket, "connect");
  return {
    socket,
    frames,
    closed,
    /** Resolves once `n` frames have arrived; rejects if they have not within 2 s. */
    async frameCount(n: number): Promise<TFramedTransport[]> {
      const deadline = Date.now() + 2000;
      while (frames.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${frames.length} of ${n} frames arrived within 2 s`);
        await new Promise<void>((resolve) => {
          arrived = resolve;
          setTimeout(resolve, left);
        });
      }
      return frames;
    },
  };
}
