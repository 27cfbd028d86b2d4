// serveFrames: the server side of one framed connection, as a function to feed the socket's
// "data" chunks to. It exists so that the shortest way to serve a generated Processor is also
// the safe one:
//
// - Bad input stays inside the connection. A frame length out of range, bytes that are not a
//   valid message, or a handler that throws while the call is read: the error goes to `onError`
//   (which closes the connection) and later chunks are ignored. Nothing is thrown out of the
//   socket's "data" listener, where it would end the whole process.
// - A frame that carries several messages gets each one processed and answered, as the `thrift`
//   package's server does (it loops over a frame until it runs out of bytes); reading only the
//   first would drop the others silently.
import type { OwnedBytes } from "@zerowire/writer";
import { DEFAULT_MAX_FRAME_BYTES, TFramedTransport, type FramedTransportOptions } from "./framed-transport.js";
import type { ThriftProtocol } from "./protocol.js";

/**
 * What the Apache Thrift compiler generates as a service's `Processor` (or a
 * `TMultiplexedProcessor`). `process` is called with two protocols of this package; its
 * parameters are `never` here so that a generated Processor, whose declarations name the
 * `thrift` package's TProtocol, is accepted without a cast.
 */
export interface FrameProcessor {
  process(input: never, output: never): unknown;
}

/** How a FrameProcessor is called. */
export type ProcessCall = (input: ThriftProtocol, output: ThriftProtocol) => unknown;

/** A protocol class: `TBinaryProtocol`, `TCompactProtocol`, or one from `multiplexedProtocol`. */
export type ProtocolClass = new (transport: TFramedTransport) => ThriftProtocol;

export interface ServeFramesOptions extends FramedTransportOptions {
  /** The largest call frame accepted (default `DEFAULT_MAX_FRAME_BYTES`); a larger one is an error. */
  maxFrameBytes?: number;
}

/**
 * Returns the function to feed a connection's byte stream to (`socket.on("data", ...)`). Each
 * complete frame is read with `Protocol` and handed to `processor.process`, once per message in
 * the frame. Reply frames (length prefix included) go to `write(frame, owned)`: write them to the
 * socket and call `owned.release()` once written. The first error reading a frame (a
 * `ReadError`/`ThriftDecodeError`, or whatever the processor throws) goes to `onError`, once;
 * after it the stream is out of step, so later chunks are ignored: close the connection there.
 */
export function serveFrames(
  processor: FrameProcessor,
  Protocol: ProtocolClass,
  write: (frame: Buffer, owned: OwnedBytes) => void,
  onError: (error: unknown) => void,
  options: ServeFramesOptions = {},
): (chunk: Uint8Array) => void {
  const { maxFrameBytes = DEFAULT_MAX_FRAME_BYTES, ...transportOptions } = options;
  const process = processor.process as ProcessCall;
  const onFlush = (frame: Buffer, _seqid: number | undefined, owned: OwnedBytes): void => write(frame, owned);
  const receive = TFramedTransport.receiver(
    (call) => {
      // One output per frame, as the `thrift` package: replies may be written later (a handler
      // returning a promise), each as one frame.
      const input = new Protocol(call);
      const output = new Protocol(new TFramedTransport(undefined, onFlush, transportOptions));
      const r = call.reader;
      do {
        const at = r.pos;
        process.call(processor, input, output);
        if (r.pos === at) throw new Error(`serveFrames: the processor read nothing of the message at offset ${at}`);
      } while (r.remaining > 0);
    },
    undefined,
    maxFrameBytes,
  );
  let failed = false;
  return (chunk) => {
    if (failed) return;
    try {
      receive(chunk);
    } catch (error) {
      failed = true;
      onError(error);
    }
  };
}
