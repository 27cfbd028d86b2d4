// Properties of @zerowire/thrift against the `thrift` npm package (the oracle), on random values
// of the test IDL's Everything, in both protocols:
//   1. our bytes equal thrift's bytes, for a struct and for a whole framed CALL message;
//   2. thrift reads our bytes back equal to the value;
//   3. we read thrift's bytes back equal to the value;
//   4. we read our own bytes back equal, over values thrift gets wrong too (-0, i64 map keys);
//   5. a reader that knows three of the fields (Sparse) skips all the others and gets those three.
// Where thrift is known to be wrong (see everything-arbitraries.ts and normalize.ts) the property
// says so explicitly rather than avoiding the field.
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import thrift from "thrift";
import { TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";
import {
  Echo,
  everythingTypes as types,
  oursRead,
  oursWrite,
  PROTOCOLS,
  thriftRead,
  thriftWrite,
} from "@zerowire/thrift/test-support";
import { everything } from "./everything-arbitraries.js";
import { asThriftCompactReadsIt, normalize } from "./normalize.js";

const NUM_RUNS = 1_500;
const run = <T extends [unknown, ...unknown[]]>(property: fc.IProperty<T>) =>
  fc.assert(property, { numRuns: NUM_RUNS });
const safe = everything({ thriftSafe: true });
const full = everything({ thriftSafe: false });

for (const protocol of PROTOCOLS) {
  test(`${protocol}: our bytes equal thrift's`, () => {
    run(
      fc.property(safe, (value) => {
        const ours = oursWrite(protocol, value);
        const theirs = thriftWrite(protocol, value);
        if (!ours.equals(theirs))
          assert.unreachable(`bytes differ\n ours:   ${ours.toString("hex")}\n thrift: ${theirs.toString("hex")}`);
      }),
    );
  });

  test(`${protocol}: thrift reads our bytes back equal`, () => {
    run(
      fc.property(safe, (value) => {
        const back = thriftRead(protocol, types.Everything, oursWrite(protocol, value));
        const expected = protocol === "compact" ? asThriftCompactReadsIt(value) : normalize(value);
        assert.equal(normalize(back), expected);
      }),
    );
  });

  test(`${protocol}: we read thrift's bytes back equal`, () => {
    run(
      fc.property(safe, (value) => {
        assert.equal(normalize(oursRead(protocol, types.Everything, thriftWrite(protocol, value))), normalize(value));
      }),
    );
  });

  test(`${protocol}: we read our own bytes back equal (-0, any i64 map key)`, () => {
    run(
      fc.property(full, (value) => {
        assert.equal(normalize(oursRead(protocol, types.Everything, oursWrite(protocol, value))), normalize(value));
      }),
    );
  });

  test(`${protocol}: a reader knowing 3 fields skips every other type`, () => {
    run(
      fc.property(full, (value) => {
        const sparse = oursRead(protocol, types.Sparse, oursWrite(protocol, value));
        assert.equal(
          normalize(sparse),
          normalize(new types.Sparse({ medium: value.medium, mandatory: value.mandatory, lastFlag: value.lastFlag })),
        );
      }),
    );
  });

  test(`${protocol}: a framed CALL message equals thrift's, and reads back`, () => {
    const seqid = fc.integer({ min: 0, max: 0x7fffffff });
    run(
      fc.property(safe, seqid, (value, id) => {
        const ours = sendEcho(protocol, value, id, false);
        const theirs = sendEcho(protocol, value, id, true);
        if (!ours.equals(theirs))
          assert.unreachable(`frames differ\n ours:   ${ours.toString("hex")}\n thrift: ${theirs.toString("hex")}`);
        const input =
          protocol === "binary"
            ? new TBinaryProtocol(new TFramedTransport(ours.subarray(4)))
            : new TCompactProtocol(new TFramedTransport(ours.subarray(4)));
        assert.equal(input.readMessageBegin(), { fname: "echo", mtype: thrift.Thrift.MessageType.CALL, rseqid: id });
      }),
    );
  });
}

/** The frame the generated client sends for echo(value) with this seqid, through ours or thrift's classes. */
function sendEcho(protocol: "binary" | "compact", value: unknown, seqid: number, useThrift: boolean): Buffer {
  let frame: Buffer | undefined;
  const onFlush = (bytes: Buffer) => {
    frame = Buffer.from(bytes);
  };
  const transport = useThrift
    ? new (thrift.TFramedTransport as unknown as new (b: undefined, f: typeof onFlush) => unknown)(undefined, onFlush)
    : new TFramedTransport(undefined, onFlush);
  const protocolClass = useThrift
    ? protocol === "binary"
      ? thrift.TBinaryProtocol
      : thrift.TCompactProtocol
    : protocol === "binary"
      ? TBinaryProtocol
      : TCompactProtocol;
  const client = new Echo.Client(transport as never, protocolClass as never) as unknown as {
    _seqid: number;
    new_seqid(): number;
    echo(v: unknown): Promise<unknown>;
  };
  client.new_seqid = () => seqid; // the generated call takes its seqid from here
  void client.echo(value).catch(() => {}); // no reply comes; the frame is what matters
  if (frame === undefined) throw new Error("no frame flushed");
  return frame;
}

test.run();
