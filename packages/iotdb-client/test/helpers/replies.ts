// Server replies built with the thrift runtime and the generated structs, in either protocol.
import thrift from "thrift";
import { TSStatus } from "../../src/gen/client_types.js";

type Protocol = "binary" | "compact";

/** A framed message: header, then whatever `body` writes, then the end of the message. */
export function message(
  protocol: Protocol,
  name: string,
  type: number,
  seqid: number,
  body: (p: thrift.TProtocol) => void,
): Buffer {
  let frame: Buffer | undefined;
  const transport = new thrift.TFramedTransport(undefined, (msg?: Buffer) => (frame = msg));
  const p = protocol === "compact" ? new thrift.TCompactProtocol(transport) : new thrift.TBinaryProtocol(transport);
  p.writeMessageBegin(name, type as thrift.Thrift.MessageType, seqid);
  body(p);
  p.writeMessageEnd();
  p.flush();
  return frame!;
}

/** A REPLY whose result struct is {0: success} holding the given struct. */
export function structReply(
  protocol: Protocol,
  name: string,
  seqid: number,
  success: { write(p: thrift.TProtocol): void },
): Buffer {
  return message(protocol, name, 2, seqid, (p) => {
    p.writeStructBegin("result");
    p.writeFieldBegin("success", thrift.Thrift.Type.STRUCT, 0);
    success.write(p);
    p.writeFieldEnd();
    p.writeFieldStop();
    p.writeStructEnd();
  });
}

export function statusReply(protocol: Protocol, name: string, seqid: number, code = 200, message?: string): Buffer {
  return structReply(
    protocol,
    name,
    seqid,
    new TSStatus({ code, message }) as unknown as { write(p: thrift.TProtocol): void },
  );
}

/** An EXCEPTION message carrying a TApplicationException. */
export function exceptionReply(protocol: Protocol, name: string, seqid: number, text: string): Buffer {
  return message(protocol, name, 3, seqid, (p) =>
    new thrift.Thrift.TApplicationException(thrift.Thrift.TApplicationExceptionType.UNKNOWN, text).write(p),
  );
}

/** A REPLY whose result struct is {0: success} holding an i64 (requestStatementId). */
export function i64Reply(protocol: Protocol, name: string, seqid: number, value: number): Buffer {
  return message(protocol, name, 2, seqid, (p) => {
    p.writeStructBegin("result");
    p.writeFieldBegin("success", thrift.Thrift.Type.I64, 0);
    p.writeI64(value);
    p.writeFieldEnd();
    p.writeFieldStop();
    p.writeStructEnd();
  });
}

/**
 * A copy of a framed reply damaged for the decline-or-equal property tests: each (offset, byte)
 * of `flips` written into the body (offsets wrap), and, when `cut` is a multiple of 4, the body
 * cut to `cut % length` bytes (the length prefix kept matching the body).
 */
export function damagedFrame(frame: Buffer, flips: readonly (readonly [number, number])[], cut: number): Buffer {
  const copy = Buffer.from(frame);
  const body = copy.subarray(4);
  for (const [at, value] of flips) body[at % body.length] = value;
  const keep = cut % 4 === 0 ? cut % body.length : body.length;
  copy.writeUInt32BE(keep, 0);
  return copy.subarray(0, 4 + keep);
}
