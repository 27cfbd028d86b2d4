// Reply bytes as they come off the socket, decoded without one, the way Connection decodes them:
// a FrameReader cuts them into frames, then per frame RpcCodec reads the message header (which
// must name the method) and the method's generated *_result reader reads the body. Connection
// does the same two RpcCodec steps with its request lookup by seqid between them (a pairing
// check, not decoding); an insert (sendInsert) first tries the hand-written TSStatus reader
// (status-reply.ts), and a fetchResultsV2 reply the hand-written TSFetchResultsResp reader
// (fetch-reply.ts), which leave every reply they do not read exactly to these steps. This is
// those steps alone: the generated readers' results, which the hand-written ones are tested against.
// Exported for tests and fuzzing of the reply path; internal but stable.
import { CONNECTION_DEFAULTS } from "../connection.js";
import { FrameReader } from "../transport/frame-reader.js";
import { ReplyError, RpcCodec, type WireProtocol } from "./rpc-codec.js";
import type { RpcMethod, RpcResult } from "./rpc-signatures.js";

export interface ReplyDecodeOptions {
  /** "binary" (default) or "compact". */
  readonly protocol?: WireProtocol;
  /** Largest frame accepted (default CONNECTION_DEFAULTS.maxFrameSize, 64 MiB). */
  readonly maxFrameSize?: number;
}

export interface DecodedReplies<M extends RpcMethod> {
  /** One result per complete frame in the bytes. */
  readonly results: RpcResult<M>[];
  /** The bytes end inside a frame: a Connection would wait for more. */
  readonly waiting: boolean;
}

const codecs: Partial<Record<WireProtocol, RpcCodec>> = {};

/**
 * Decodes every frame in `bytes` as a reply to `method`. Throws what Connection turns into a
 * ConnectionError (as its cause): FrameError for a frame over maxFrameSize, ReplyError for a
 * malformed header or body, a reply to another method, or a Thrift application exception.
 * Binary fields of the results (TsBlocks, ...) are views of `bytes`, valid while `bytes` is unchanged.
 */
export function decodeReplies<M extends RpcMethod>(
  bytes: Uint8Array,
  method: M,
  options: ReplyDecodeOptions = {},
): DecodedReplies<M> {
  const protocol = options.protocol ?? CONNECTION_DEFAULTS.protocol;
  const codec = (codecs[protocol] ??= new RpcCodec(protocol));
  const results: RpcResult<M>[] = [];
  // Each frame is decoded as soon as it is cut, as in Connection: a bad frame stops the stream.
  const reader = new FrameReader(options.maxFrameSize ?? CONNECTION_DEFAULTS.maxFrameSize, (frame) => {
    const header = codec.readHeader(frame);
    if (header.name !== method) throw new ReplyError(`reply ${header.name}: expected a reply to ${method}`);
    results.push(codec.readResult(method, header));
  });
  reader.push(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { results, waiting: reader.midFrame };
}
