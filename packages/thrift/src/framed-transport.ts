// TFramedTransport: Thrift's framed transport (a 4-byte big-endian length, then the message),
// with the constructor, flush callback and `receiver` of the `thrift` package's class, so the
// generated client and processor code use it unchanged.
//
// Output: the protocols write straight into this transport's Writer. A frame's length prefix
// is reserved when its first byte is written and backfilled by flush(), so a message is
// encoded in one pass into one buffer, never copied. The next frame's buffer is sized after
// the previous frame, so a steady stream of similar calls does not regrow the buffer.
//
// Input: the protocols read the frame through this transport's Reader, which never copies;
// binary values are views of the frame (see the README on their lifetime).
import { Reader, Writer, type BufferPool, type OwnedBytes } from "@zerowire/writer";
import { ThriftDecodeError } from "./wire/index.js";

/**
 * Receives each flushed frame (length prefix included) and the seqid of the message in it.
 * `owned` holds the frame's buffer: release it once the bytes are written (for a socket, in the
 * write callback); that gives a pooled buffer back to the transport's pool.
 */
export type FlushCallback = (frame: Buffer, seqid: number | undefined, owned: OwnedBytes) => void;

export interface FramedTransportOptions {
  /** Where output frame buffers come from (and go back to on `owned.release()`). Default: none, plain allocations. */
  pool?: BufferPool;
}

/** The largest frame `receiver` accepts unless told otherwise: 16 384 000 bytes, the `thrift` package's default. */
export const DEFAULT_MAX_FRAME_BYTES = 16_384_000;

const EMPTY = Buffer.alloc(0);

/** A framed transport: input is one frame's bytes (after the length), output is whole frames. */
export class TFramedTransport {
  /** The input frame (without its length prefix), read by the protocols. */
  readonly reader: Reader;
  /** Made on the first write: a transport that only reads (a reply frame) never needs one. */
  private writer: Writer | undefined = undefined;
  private readonly pool: BufferPool | undefined;
  private readonly onFlush: FlushCallback | undefined;
  private frameOpen = false;
  private lastFrameBytes = 0;
  private seqid: number | undefined = undefined;

  /**
   * @param frame the bytes of one input frame, without the length prefix (what `receiver` passes)
   * @param onFlush called by flush() with each output frame
   */
  constructor(frame?: Uint8Array, onFlush?: FlushCallback, options: FramedTransportOptions = {}) {
    this.reader = new Reader(frame ?? EMPTY);
    this.onFlush = onFlush;
    this.pool = options.pool;
  }

  /**
   * Splits a byte stream into frames and calls `callback` with a transport over each, like the
   * `thrift` package's `TFramedTransport.receiver`. A frame length that is negative or over
   * `maxFrameBytes` is a ThriftDecodeError (offset = that frame's offset in the stream); the
   * stream cannot continue after it.
   */
  static receiver(
    callback: (transport: TFramedTransport, seqid?: number) => void,
    seqid?: number,
    maxFrameBytes = DEFAULT_MAX_FRAME_BYTES,
  ): (data: Uint8Array) => void {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let streamOffset = 0;
    return (data) => {
      pending.push(Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.length));
      pendingBytes += data.length;
      while (pendingBytes >= 4) {
        const length = frameLength(pending);
        if (length < 0 || length > maxFrameBytes) {
          throw new ThriftDecodeError(
            "frame length",
            streamOffset,
            pendingBytes,
            `frame length ${length} is outside 0..${maxFrameBytes}`,
          );
        }
        if (pendingBytes < 4 + length) return; // chunks are joined once, when the frame is complete
        const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
        const frame = joined.subarray(4, 4 + length);
        const rest = joined.subarray(4 + length);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
        streamOffset += 4 + length;
        callback(new TFramedTransport(frame), seqid);
      }
    };
  }

  /** The writer of the current output frame, opening the frame (its length reserved) if needed. */
  get out(): Writer {
    return this.frameOpen ? this.writer! : this.openFrame();
  }

  private openFrame(): Writer {
    const w = (this.writer ??= new Writer(this.pool === undefined ? {} : { pool: this.pool }));
    w.ensure(this.lastFrameBytes);
    w.reserve(4);
    this.frameOpen = true;
    return w;
  }

  /** Records the seqid of the message being written, for the flush callback (the protocols call it). */
  setCurrSeqId(seqid: number): void {
    this.seqid = seqid;
  }

  /**
   * Ends the output frame: backfills its length and hands it to the flush callback (without a
   * callback the frame is dropped, as the `thrift` package does).
   */
  flush(): void {
    const w = this.out;
    const frameBytes = w.length;
    w.i32beAt(0, frameBytes - 4);
    const owned = w.finish();
    const seqid = this.seqid;
    this.frameOpen = false;
    this.seqid = undefined;
    this.lastFrameBytes = frameBytes;
    if (this.onFlush === undefined) owned.release();
    else this.onFlush(owned.bytes, seqid, owned);
  }

  /** Drops what was written since the last flush (the generated code's `output.reset()` after a failed write). */
  discardOutput(): void {
    this.writer?.reset();
    this.frameOpen = false;
    this.seqid = undefined;
  }

  /** Appends raw bytes to the output frame (the `thrift` transport interface). */
  write(bytes: Uint8Array | string): void {
    this.out.bytes(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
  }

  /** The next `length` input bytes, as a view (the `thrift` transport interface). */
  read(length: number): Buffer {
    return this.reader.bytes(length);
  }

  isOpen(): boolean {
    return true;
  }
  open(): void {}
  close(): void {}
  /** No-ops: a frame is always complete, so there is nothing to roll back to. */
  commitPosition(): void {}
  rollbackPosition(): void {}
}

/** The int32 big-endian length at the start of the pending chunks (at least 4 bytes in all). */
function frameLength(chunks: Buffer[]): number {
  const head = chunks[0]!;
  if (head.length >= 4) return head.readInt32BE(0);
  const bytes = Buffer.alloc(4);
  let filled = 0;
  for (const chunk of chunks) {
    filled += chunk.copy(bytes, filled, 0, Math.min(chunk.length, 4 - filled));
    if (filled === 4) break;
  }
  return bytes.readInt32BE(0);
}
