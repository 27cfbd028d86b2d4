// The fake DataNode (FakeServer: connections, frames) answering the client RPC service through the
// generated Processor, with handler methods each test can replace: for tests that assert on a
// request's decoded fields rather than its bytes. It records every request it received.
import thrift from "thrift";
import { Processor } from "../gen/IClientRPCService.js";
import { TSExecuteStatementResp, TSOpenSessionResp, TSStatus } from "../../src/gen/client_types.js";
import { toInt64 } from "../../src/thrift/int64.js";
import type { SessionOptions } from "../../src/index.js";
import { FakeServer, type Peer } from "./fake-server.js";

export type Handler = Record<string, (...args: any[]) => unknown>;

export interface Received {
  method: string;
  args: unknown[];
  connection: number;
}

export const ok = () => new TSStatus({ code: 200 });

/** Answers openSession (sessionId 100 + connection number), requestStatementId (7) and the usual statuses. */
export function defaultHandler(server: FakeIoTDB): Handler {
  return {
    openSession: () =>
      new TSOpenSessionResp({
        status: ok(),
        serverProtocolVersion: 2,
        sessionId: toInt64(100 + server.connections),
        configuration: { timestamp_precision: "us" },
      }),
    requestStatementId: () => toInt64(7),
    closeSession: ok,
    testConnectionEmptyRPC: ok,
    insertTablet: ok,
    insertTablets: ok,
    insertRecord: ok,
    insertRecords: ok,
    insertRecordsOfOneDevice: ok,
    deleteData: ok,
    closeOperation: ok,
    executeUpdateStatementV2: () => new TSExecuteStatementResp({ status: ok() }),
  };
}

const ARITY: Record<string, number> = {
  testConnectionEmptyRPC: 0,
  getProperties: 0,
  setStorageGroup: 2,
  deleteStorageGroups: 2,
  deleteTimeseries: 2,
};

export class FakeIoTDB {
  readonly received: Received[] = [];
  handler: Handler = defaultHandler(this);
  private server!: FakeServer;
  /** Per connection, the Processor's receiver its frames go through. */
  private readonly receivers = new WeakMap<Peer, (frame: Buffer) => void>();

  private constructor() {}

  static async start(): Promise<FakeIoTDB> {
    const fake = new FakeIoTDB();
    fake.server = await FakeServer.start((call, peer) => {
      let receive = fake.receivers.get(peer);
      if (receive === undefined) fake.receivers.set(peer, (receive = fake.serve(peer)));
      receive(call.frame);
    });
    return fake;
  }

  get port(): number {
    return this.server.port;
  }

  /** Connections accepted so far. */
  get connections(): number {
    return this.server.connections;
  }

  /** The requests of one method, in order. */
  calls(method: string): Received[] {
    return this.received.filter((r) => r.method === method);
  }

  /** Breaks every open connection from the server side. */
  dropConnections(): void {
    this.server.dropConnections();
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  private serve({ socket, connection }: Peer): (frame: Buffer) => void {
    // Each call is recorded and then delegated to the current handler.
    const recording = new Proxy(
      {},
      {
        get: (_t, method: string) => {
          const impl = this.handler[method];
          if (impl === undefined) return undefined;
          // The Processor uses the promise style only when the function declares the RPC's arity.
          const arity = ARITY[method] ?? 1;
          const record = (...args: unknown[]) => {
            this.received.push({ method, args, connection });
            return impl(...args);
          };
          Object.defineProperty(record, "length", { value: arity });
          return record;
        },
      },
    );
    const processor = new Processor(recording);
    return thrift.TFramedTransport.receiver((transport: thrift.TFramedTransport) => {
      const input = new thrift.TBinaryProtocol(transport);
      const output = new thrift.TBinaryProtocol(
        new thrift.TFramedTransport(undefined, (frame?: Buffer) => frame && socket.write(frame)),
      );
      processor.process(input, output);
    }, 0);
  }
}

/**
 * Runs `body` against a fresh FakeIoTDB (`prepare` may set handlers first) with the session
 * options that reach it (UTC, 5 s replies), and closes the fake afterwards.
 */
export async function withFake(
  body: (fake: FakeIoTDB, options: SessionOptions) => Promise<void>,
  prepare: (fake: FakeIoTDB) => void = () => {},
): Promise<void> {
  const fake = await FakeIoTDB.start();
  prepare(fake);
  try {
    await body(fake, { port: fake.port, zoneId: "UTC", requestTimeoutMs: 5000 });
  } finally {
    await fake.close();
  }
}
