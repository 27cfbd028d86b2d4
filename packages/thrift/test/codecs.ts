// Serializing a generated struct with ours and with the `thrift` package (the oracle), in
// either protocol, to the bytes of a struct (no frame prefix, no message header).
import thrift from "thrift";
import { TBinaryProtocol, TCompactProtocol, TFramedTransport } from "@zerowire/thrift";

export type ProtocolName = "binary" | "compact";
export const PROTOCOLS: readonly ProtocolName[] = ["binary", "compact"];

/** A generated struct: what it has for the protocols (its .d.ts does not declare them). */
interface GeneratedStruct {
  write(output: unknown): void;
  read(input: unknown): void;
}

export function oursProtocol(name: ProtocolName, transport: TFramedTransport): TBinaryProtocol | TCompactProtocol {
  return name === "binary" ? new TBinaryProtocol(transport) : new TCompactProtocol(transport);
}

/** The struct's bytes as ours writes them. */
export function oursWrite(name: ProtocolName, value: object): Buffer {
  let frame: Buffer | undefined;
  const transport = new TFramedTransport(undefined, (bytes) => {
    frame = Buffer.from(bytes);
  });
  const output = oursProtocol(name, transport);
  (value as GeneratedStruct).write(output);
  output.flush();
  if (frame === undefined || frame.readInt32BE(0) !== frame.length - 4) throw new Error("no well-framed output");
  return frame.subarray(4);
}

/** Reads `bytes` into a new instance of `Struct` with ours. */
export function oursRead<T extends object>(name: ProtocolName, Struct: new () => T, bytes: Uint8Array): T {
  const value = new Struct();
  (value as GeneratedStruct).read(oursProtocol(name, new TFramedTransport(bytes)));
  return value;
}

/** A `thrift` transport that collects what its protocol writes. */
class Collector {
  chunks: Buffer[] = [];
  write(chunk: Buffer): void {
    this.chunks.push(Buffer.from(chunk));
  }
  setCurrSeqId(): void {}
  flush(): void {}
}

function thriftProtocolClass(name: ProtocolName): new (t: unknown) => unknown {
  return (name === "binary" ? thrift.TBinaryProtocol : thrift.TCompactProtocol) as unknown as new (
    t: unknown,
  ) => unknown;
}

/** The struct's bytes as the `thrift` package writes them. */
export function thriftWrite(name: ProtocolName, value: object): Buffer {
  const collector = new Collector();
  (value as GeneratedStruct).write(new (thriftProtocolClass(name))(collector));
  return Buffer.concat(collector.chunks);
}

/** Reads `bytes` into a new instance of `Struct` with the `thrift` package. */
export function thriftRead<T extends object>(name: ProtocolName, Struct: new () => T, bytes: Uint8Array): T {
  const value = new Struct();
  const transport = new (thrift.TFramedTransport as unknown as new (b: Buffer) => unknown)(Buffer.from(bytes));
  (value as GeneratedStruct).read(new (thriftProtocolClass(name))(transport));
  return value;
}
