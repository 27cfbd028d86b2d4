// Multiplexed services over TCP, against the `thrift` package: its Multiplexer's clients call
// our TMultiplexedProcessor (two services on one connection, an unknown service answered with a
// TApplicationException), and our multiplexedProtocol clients call its MultiplexedProcessor.
import { test } from "uvu";
import * as assert from "uvu/assert";
import net from "node:net";
import { once } from "node:events";
import thrift from "thrift";
import { multiplexedProtocol, TFramedTransport, TMultiplexedProcessor, ThriftDecodeError } from "@zerowire/thrift";
import Echo from "./gen/Echo.js";
import { oursProtocol, PROTOCOLS } from "./codecs.js";
import {
  echoHandler,
  int64ToBigint,
  OUR_PROTOCOL,
  ourServer,
  rawSocket,
  STOCK_PROTOCOL,
  stockConnection,
  stockServer,
} from "./tcp.js";

const i64 = (n: number) => new thrift.Int64(n);

/** Two services of Echo: "Sum" adds, "Double" adds and doubles. */
function twoServices() {
  const processor = new TMultiplexedProcessor();
  processor.registerProcessor("Sum", new Echo.Processor(echoHandler(1n)));
  processor.registerProcessor("Double", new Echo.Processor(echoHandler(2n)));
  return processor;
}

for (const protocol of PROTOCOLS) {
  test(`${protocol}: the thrift package's Multiplexer clients call TMultiplexedProcessor services on one connection`, async () => {
    const server = await ourServer(twoServices(), OUR_PROTOCOL[protocol]);
    try {
      const connection = await stockConnection(server.port, protocol);
      const multiplexer = new thrift.Multiplexer();
      const sum = multiplexer.createClient("Sum", Echo, connection);
      const double = multiplexer.createClient("Double", Echo, connection);
      const results = await Promise.all([sum.add(i64(1), i64(2)), double.add(i64(1), i64(2)), sum.add(i64(5), i64(5))]);
      assert.equal(results.map(int64ToBigint), [3n, 6n, 10n]);

      const unknown = multiplexer.createClient("Nope", Echo, connection);
      try {
        await unknown.add(i64(1), i64(2));
        assert.unreachable("a call to an unknown service succeeded");
      } catch (e) {
        assert.instance(e, thrift.Thrift.TApplicationException);
        assert.is((e as { type: number }).type, thrift.Thrift.TApplicationExceptionType.UNKNOWN_METHOD);
        assert.is((e as Error).message, 'unknown service "Nope"');
      }
      // The connection goes on after it.
      assert.is(int64ToBigint(await double.add(i64(2), i64(2))), 8n);
      connection.end();
      assert.equal(server.errors, []);
    } finally {
      await server.close();
    }
  });

  test(`${protocol}: multiplexedProtocol clients call the thrift package's MultiplexedProcessor services on one connection`, async () => {
    // @types/thrift (0.10) declares neither registerProcessor nor createMultiplexServer.
    const stock = thrift as unknown as {
      MultiplexedProcessor: new () => { registerProcessor(name: string, processor: unknown): void };
      createMultiplexServer(processor: unknown, options: object): net.Server;
    };
    const stockProcessor = new stock.MultiplexedProcessor();
    stockProcessor.registerProcessor("Sum", new Echo.Processor(echoHandler(1n)));
    stockProcessor.registerProcessor("Double", new Echo.Processor(echoHandler(2n)));
    const server = await stockServer(
      stock.createMultiplexServer(stockProcessor, {
        transport: thrift.TFramedTransport,
        protocol: STOCK_PROTOCOL[protocol],
      }),
    );
    const socket = net.connect(server.port, "127.0.0.1");
    try {
      await once(socket, "connect");
      // Clients on one connection share one seqid sequence, so that each reply finds its client.
      let seqid = 0;
      const callers = new Map<number, { [recv: string]: (...a: unknown[]) => void }>();
      const client = (service: string) => {
        const c = new Echo.Client(
          new TFramedTransport(undefined, (frame, id, owned) => {
            callers.set(id!, c as never);
            socket.write(frame, () => owned.release());
          }) as never,
          multiplexedProtocol(OUR_PROTOCOL[protocol], service) as never,
        );
        (c as unknown as { new_seqid(): number }).new_seqid = () => ++seqid;
        return c;
      };
      socket.on(
        "data",
        TFramedTransport.receiver((reply) => {
          const input = oursProtocol(protocol, reply);
          const { fname, mtype, rseqid } = input.readMessageBegin();
          const caller = callers.get(rseqid)!;
          callers.delete(rseqid);
          caller[`recv_${fname}`]!(input, mtype, rseqid);
        }),
      );
      const sum = client("Sum");
      const double = client("Double");
      const results = await Promise.all([sum.add(i64(1), i64(2)), double.add(i64(1), i64(2)), sum.add(i64(5), i64(5))]);
      assert.equal(results.map(int64ToBigint), [3n, 6n, 10n]);
      assert.equal(server.errors, []);
    } finally {
      socket.destroy();
      await server.close();
    }
  });

  test(`${protocol}: a message that is not a call closes the connection with a ThriftDecodeError`, async () => {
    const server = await ourServer(twoServices(), OUR_PROTOCOL[protocol]);
    try {
      let frame: Buffer | undefined;
      const out = oursProtocol(protocol, new TFramedTransport(undefined, (bytes) => (frame = Buffer.from(bytes))));
      out.writeMessageBegin("Sum:add", thrift.Thrift.MessageType.REPLY, 1);
      out.writeStructBegin("add_result");
      out.writeFieldStop();
      out.writeStructEnd();
      out.flush();
      const raw = await rawSocket(server.port);
      raw.socket.write(frame!);
      await raw.closed;
      assert.is(server.errors.length, 1);
      assert.instance(server.errors[0], ThriftDecodeError);
      assert.match((server.errors[0] as Error).message, /message type 2 where a call was expected/);
    } finally {
      await server.close();
    }
  });
}

test.run();
