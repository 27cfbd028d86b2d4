// serveFrames over TCP, with the `thrift` package on the other side: bad input closes only its
// connection (the process and the server go on), a frame carrying two calls gets both answered
// (as the `thrift` package's server answers them), and the `thrift` package's client works
// against it in both protocols.
import { test } from "uvu";
import * as assert from "uvu/assert";
import thrift from "thrift";
import { ReadError, TFramedTransport, ThriftDecodeError } from "@zerowire/thrift";
import Echo from "./gen/Echo.js";
import { oursProtocol, PROTOCOLS, type ProtocolName } from "./codecs.js";
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

/** Both the stock client's add() and a fresh connection work: the server is still up. */
async function assertServes(port: number, protocol: ProtocolName): Promise<void> {
  const connection = await stockConnection(port, protocol);
  const client = thrift.createClient(Echo, connection);
  assert.is(int64ToBigint(await client.add(new thrift.Int64(40), new thrift.Int64(2))), 42n);
  connection.end();
}

for (const protocol of PROTOCOLS) {
  test(`${protocol}: a malformed frame closes its connection; the process and the server go on`, async () => {
    const server = await ourServer(new Echo.Processor(echoHandler()), OUR_PROTOCOL[protocol]);
    try {
      const bad = [
        "00000008" + "ff01020304050607", // not a message header
        "7fffffff", // a frame length over the limit
        "00000003" + "800100", // a message header cut short
      ];
      for (const [i, hex] of bad.entries()) {
        const raw = await rawSocket(server.port);
        raw.socket.write(Buffer.from(hex, "hex"));
        await raw.closed;
        assert.is(server.errors.length, i + 1, `onError called once for ${hex}`);
        assert.instance(server.errors[i], ReadError);
      }
      assert.instance(server.errors[1], ThriftDecodeError);
      await assertServes(server.port, protocol);
    } finally {
      await server.close();
    }
  });

  test(`${protocol}: a frame carrying two calls gets both answered, as the thrift package's server answers it`, async () => {
    // add(2, 3) as seqid 1 and add(4, 5) as seqid 2, in one frame.
    let frame: Buffer | undefined;
    const out = oursProtocol(protocol, new TFramedTransport(undefined, (bytes) => (frame = Buffer.from(bytes))));
    for (const [seqid, a, b] of [
      [1, 2n, 3n],
      [2, 4n, 5n],
    ] as const) {
      out.writeMessageBegin("add", thrift.Thrift.MessageType.CALL, seqid);
      out.writeStructBegin("add_args");
      out.writeFieldBegin("a", thrift.Thrift.Type.I64, 1);
      out.writeI64(a);
      out.writeFieldBegin("b", thrift.Thrift.Type.I64, 2);
      out.writeI64(b);
      out.writeFieldStop();
      out.writeStructEnd();
      out.writeMessageEnd();
    }
    out.flush();

    const stock = await stockServer(
      thrift.createServer(Echo, echoHandler(), {
        transport: thrift.TFramedTransport,
        protocol: STOCK_PROTOCOL[protocol],
      }),
    );
    const ours = await ourServer(new Echo.Processor(echoHandler()), OUR_PROTOCOL[protocol]);
    try {
      for (const server of [stock, ours]) {
        const raw = await rawSocket(server.port);
        raw.socket.write(frame!);
        const replies = (await raw.frameCount(2)).map((reply) => {
          const input = oursProtocol(protocol, reply);
          const { fname, mtype, rseqid } = input.readMessageBegin();
          if (mtype !== thrift.Thrift.MessageType.REPLY) {
            const x = new thrift.Thrift.TApplicationException();
            x.read(input as never);
            assert.unreachable(`${fname} ${rseqid}: ${x.message}`);
          }
          input.readStructBegin();
          const field = input.readFieldBegin();
          assert.equal([field.fid, field.ftype], [0, thrift.Thrift.Type.I64]);
          return [fname, mtype, rseqid, int64ToBigint(input.readI64())];
        });
        assert.equal(
          replies,
          [
            ["add", thrift.Thrift.MessageType.REPLY, 1, 5n],
            ["add", thrift.Thrift.MessageType.REPLY, 2, 9n],
          ],
          server === stock ? "the thrift package's server" : "serveFrames",
        );
        raw.socket.destroy();
      }
      assert.equal(ours.errors, []);
    } finally {
      await stock.close();
      await ours.close();
    }
  });

  test(`${protocol}: the thrift package's client calls a serveFrames server`, async () => {
    const server = await ourServer(new Echo.Processor(echoHandler()), OUR_PROTOCOL[protocol]);
    try {
      const connection = await stockConnection(server.port, protocol);
      const client = thrift.createClient(Echo, connection);
      const [sum, echoed] = await Promise.all([
        client.add(new thrift.Int64(1), new thrift.Int64(2)),
        client.echo({ mandatory: 7, text: "héllo", ints: [1, -2] } as never),
      ]);
      assert.is(int64ToBigint(sum), 3n);
      assert.equal([echoed.mandatory, echoed.text, echoed.ints], [7, "héllo", [1, -2]]);
      connection.end();
      assert.equal(server.errors, []);
    } finally {
      await server.close();
    }
  });
}

test.run();
