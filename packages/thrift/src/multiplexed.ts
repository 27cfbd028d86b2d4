// Multiplexed services: several services on one connection, each call's method name prefixed
// with its service's name and ":" (Apache Thrift's TMultiplexedProtocol and
// TMultiplexedProcessor; the bytes are those of Java's and the `thrift` package's). The
// `thrift` package's own Multiplexer and MultiplexedProcessor cannot take this package's
// protocols: the Multiplexer calls the protocol constructor without `new` (a class cannot be
// called), and the MultiplexedProcessor copies the input protocol's methods with `for...in`
// (class methods are not enumerable), so both are written here.
import type { ThriftProtocol } from "./protocol.js";
import type { FrameProcessor, ProcessCall, ProtocolClass } from "./serve-frames.js";
import { type MessageHeader, MessageType, ThriftDecodeError, TType } from "./wire/index.js";

/** Between the service name and the method name in a multiplexed call's message name. */
export const MULTIPLEX_SEPARATOR = ":";

/** TApplicationException's type for a call nothing can answer (the `thrift` package's UNKNOWN_METHOD). */
const UNKNOWN_METHOD = 1;

/**
 * A protocol class like `Protocol` whose calls (CALL and ONEWAY messages) go out as
 * `serviceName:method`, for a generated client of one service of a multiplexed server. Replies
 * carry the plain method name, so reading them needs nothing special. Constructor arguments
 * go to `Protocol` as given (TBinaryProtocol's strictRead and strictWrite too).
 */
export function multiplexedProtocol(Protocol: ProtocolClass, serviceName: string): ProtocolClass {
  const prefix = serviceName + MULTIPLEX_SEPARATOR;
  return class extends Protocol {
    override writeMessageBegin(name: string, type: number, seqid: number): void {
      const call = type === MessageType.CALL || type === MessageType.ONEWAY;
      super.writeMessageBegin(call ? prefix + name : name, type, seqid);
    }
  };
}

/**
 * The server side: reads a call's `service:method` name and hands the call to the processor
 * registered for that service, which reads it as a plain `method` call. A call to a service that
 * is not registered (or without a service name) is answered with a TApplicationException of type
 * UNKNOWN_METHOD, as the generated Processor answers an unknown method (a ONEWAY one is dropped),
 * and the connection goes on. A message that is not a call is a ThriftDecodeError.
 */
export class TMultiplexedProcessor implements FrameProcessor {
  private readonly services = new Map<string, FrameProcessor>();

  /** Serves `serviceName`'s calls with `processor` (a generated Processor). */
  registerProcessor(serviceName: string, processor: FrameProcessor): void {
    this.services.set(serviceName, processor);
  }

  process(input: ThriftProtocol, output: ThriftProtocol): unknown {
    const at = input.getTransport().reader.pos;
    const { fname, mtype, rseqid } = input.readMessageBegin();
    if (mtype !== MessageType.CALL && mtype !== MessageType.ONEWAY) {
      const r = input.getTransport().reader;
      throw new ThriftDecodeError("message type", at, r.remaining, `message type ${mtype} where a call was expected`);
    }
    const split = fname.indexOf(MULTIPLEX_SEPARATOR);
    const method = fname.slice(split + 1);
    const processor = split < 0 ? undefined : this.services.get(fname.slice(0, split));
    if (processor === undefined) {
      input.skip(TType.STRUCT);
      input.readMessageEnd();
      if (mtype === MessageType.CALL) {
        const why = split < 0 ? `no service name in "${fname}"` : `unknown service "${fname.slice(0, split)}"`;
        writeUnknownMethod(output, method, rseqid, why);
      }
      return undefined;
    }
    // The service's processor reads the message header again: it gets the stored one, with the
    // plain method name, once (an own property over the protocol's method, removed when used).
    // The input itself is handed on, so the protocol's reading state stays in one object.
    const stored: MessageHeader = { fname: method, mtype, rseqid };
    const once = input as { readMessageBegin?: () => MessageHeader };
    once.readMessageBegin = () => {
      delete once.readMessageBegin;
      return stored;
    };
    try {
      return (processor.process as ProcessCall).call(processor, input, output);
    } finally {
      delete once.readMessageBegin;
    }
  }
}

/** Answers call `rseqid` with a TApplicationException (message, type UNKNOWN_METHOD). */
function writeUnknownMethod(output: ThriftProtocol, method: string, rseqid: number, message: string): void {
  output.writeMessageBegin(method, MessageType.EXCEPTION, rseqid);
  output.writeStructBegin("TApplicationException");
  output.writeFieldBegin("message", TType.STRING, 1);
  output.writeString(message);
  output.writeFieldEnd();
  output.writeFieldBegin("type", TType.I32, 2);
  output.writeI32(UNKNOWN_METHOD);
  output.writeFieldEnd();
  output.writeFieldStop();
  output.writeStructEnd();
  output.writeMessageEnd();
  output.flush();
}
