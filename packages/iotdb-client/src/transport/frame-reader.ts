// Splits the incoming byte stream into Thrift frames ([u32 BE length][payload]). A frame that
// arrives within one socket chunk is handed out as a view of it (no copy; marked `inChunk`, as
// the chunk may be a shared read buffer that the next read overwrites); a frame spread over
// several chunks is assembled in one buffer of its announced length when that is at most
// WHOLE_FRAME_BYTES, else in a buffer that grows as its bytes arrive (doubling, capped by the
// announced length), so a forged length costs at most WHOLE_FRAME_BYTES more than the bytes sent.
// A socket may read the rest of such a frame straight into that buffer (room(), filled()).
// (Bench client fetch-5000x10, ~375 KB replies: growing from 64 KiB copied each reply's bytes
// about twice.)
//
// Reuse: a frame of RECYCLED_MIN_BYTES to WHOLE_FRAME_BYTES is assembled in a buffer of its own,
// which whoever read the reply may give back (recycle()) once nothing it made still views it: the
// next such frame that fits is then assembled in it. Only the buffers this reader handed out are
// taken back, each once, and one is kept (the largest). Why: a large reply's buffer lives while
// its bytes trickle in, other callers' work runs meanwhile, so it is often promoted to V8's old
// generation, whose external memory is freed only by a full mark-compact; a new buffer per reply
// then made V8 run one every ~100 ms (bench client fetch-5000x10 at 10 readers: ~30% of the CPU).

/** Why the stream cannot be framed any further. */
export class FrameError extends Error {
  override readonly name = "FrameError";
  readonly code = "ERR_IOTDB_FRAME";
}

/** Frames up to this length are assembled in one buffer of their length; a longer one starts in one this large. */
const WHOLE_FRAME_BYTES = 4 * 1024 * 1024;
/** Frames at least this long (a usual socket read) are assembled in buffers that may be recycled. */
const RECYCLED_MIN_BYTES = 64 * 1024;

export class FrameReader {
  private readonly header = Buffer.alloc(4);
  private headerFill = 0;
  /** The frame being assembled: its bytes so far in frame[0, frameFill), out of frameLength. */
  private frame: Buffer | undefined;
  private frameFill = 0;
  private frameLength = 0;
  /** The buffers of recyclable frames handed out and not given back yet. */
  private readonly lent = new WeakSet<ArrayBufferLike>();
  /** A buffer given back, for the next recyclable frame that fits. */
  private spare: ArrayBufferLike | undefined;

  constructor(
    private readonly maxFrameSize: number,
    /** `inChunk`: the payload is a view of the chunk being pushed, valid only during this call. */
    private readonly onFrame: (payload: Buffer, inChunk: boolean) => void,
  ) {}

  /** Feeds one chunk; calls onFrame for every frame it completes. Throws FrameError on an oversized frame. */
  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.frame === undefined) {
        if (this.headerFill === 0 && chunk.length - pos >= 4) {
          const length = this.checkedLength(chunk.readUInt32BE(pos));
          pos += 4;
          if (chunk.length - pos >= length) {
            this.onFrame(chunk.subarray(pos, pos + length), true);
            pos += length;
            continue;
          }
          this.startFrame(length);
        } else {
          const n = Math.min(4 - this.headerFill, chunk.length - pos);
          chunk.copy(this.header, this.headerFill, pos, pos + n);
          this.headerFill += n;
          pos += n;
          if (this.headerFill < 4) return;
          this.headerFill = 0;
          this.startFrame(this.checkedLength(this.header.readUInt32BE(0)));
          if (this.frame === undefined) continue;
        }
      }
      const n = Math.min(this.frameLength - this.frameFill, chunk.length - pos);
      const frame = this.withRoom(n);
      chunk.copy(frame, this.frameFill, pos, pos + n);
      pos += n;
      this.filled(n);
    }
  }

  /**
   * Where the frame being assembled takes its next bytes (its buffer grown first when full), for
   * a socket read to put them there directly; undefined between frames.
   */
  room(): Buffer | undefined {
    if (this.frame === undefined) return undefined;
    const frame = this.withRoom(1);
    return frame.subarray(this.frameFill, Math.min(frame.length, this.frameLength));
  }

  /** `n` more bytes of the frame are in place (copied by push, or read into room()); calls onFrame when it is whole. */
  filled(n: number): void {
    this.frameFill += n;
    if (this.frameFill === this.frameLength) {
      const frame = this.frame!;
      this.frame = undefined;
      if (recyclable(frame.length)) this.lent.add(frame.buffer);
      this.onFrame(frame, false);
    }
  }

  /**
   * Gives back the buffer of a frame this reader handed out (`memory`: the frame's, or any view's
   * `.buffer`): the caller and everything it made from the frame no longer read it. Anything else
   * is ignored: frames in a read chunk, too short or too long to be recycled, or given back already.
   */
  recycle(memory: ArrayBufferLike): void {
    if (!this.lent.delete(memory)) return;
    if (this.spare === undefined || memory.byteLength > this.spare.byteLength) this.spare = memory;
  }

  /** True while a frame (or its length) has been partly received. */
  get midFrame(): boolean {
    return this.frame !== undefined || this.headerFill > 0;
  }

  private checkedLength(length: number): number {
    if (length > this.maxFrameSize) {
      const tooLarge = `incoming frame of ${length} bytes exceeds maxFrameSize ${this.maxFrameSize}`;
      const hint = wrongPortHint(length);
      // What the user can act on (the port is wrong) leads; the frame length is the evidence.
      throw new FrameError(hint === undefined ? tooLarge : `${hint} (its reply read as a Thrift frame: ${tooLarge})`);
    }
    return length;
  }

  private startFrame(length: number): void {
    if (length === 0) {
      this.onFrame(Buffer.alloc(0), false);
      return;
    }
    this.frame = recyclable(length) ? this.recycledOr(length) : Buffer.allocUnsafe(Math.min(length, WHOLE_FRAME_BYTES));
    this.frameFill = 0;
    this.frameLength = length;
  }

  /** A buffer of its own for a recyclable frame: the spare if it fits, else a new one. */
  private recycledOr(length: number): Buffer {
    const spare = this.spare;
    if (spare !== undefined && spare.byteLength >= length) {
      this.spare = undefined;
      return Buffer.from(spare, 0, length);
    }
    return Buffer.allocUnsafeSlow(length); // never a slice of Node's shared pool
  }

  /** The frame buffer with room for n more bytes: doubled (at most to the announced length) when
   *  they do not fit, so each byte is copied about twice at most however the frame is split. */
  private withRoom(n: number): Buffer {
    const frame = this.frame!;
    const needed = this.frameFill + n;
    if (needed <= frame.length) return frame;
    const grown = Buffer.allocUnsafe(Math.min(this.frameLength, Math.max(2 * frame.length, needed)));
    frame.copy(grown, 0, 0, this.frameFill);
    this.frame = grown;
    return grown;
  }
}

/** Whether a frame of `length` bytes is assembled in a buffer that may be recycled. */
function recyclable(length: number): boolean {
  return length >= RECYCLED_MIN_BYTES && length <= WHOLE_FRAME_BYTES;
}

/**
 * What the port seems to be when its reply's first 4 bytes, read as a frame length, are too
 * large: a TLS record, or text (a Thrift frame never starts with 4 printable bytes below
 * maxFrameSize's reach), e.g. "HTTP" from IoTDB's REST port or a web server, "SSH-" from sshd.
 * Undefined when the bytes say nothing.
 */
function wrongPortHint(length: number): string | undefined {
  if (looksLikeTlsRecord(length))
    return "the reply looks like a TLS record: does the server want TLS (the tls option)?";
  const bytes = [length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff];
  if (!bytes.every((b) => b >= 0x20 && b < 0x7f)) return undefined;
  const text = String.fromCharCode(...bytes);
  const rpcPort = "the DataNode's RPC port (dn_rpc_port) is usually 6667";
  if (text === "HTTP") return `this port speaks HTTP, not IoTDB's RPC: is it the REST port (usually 18080)? ${rpcPort}`;
  if (text === "SSH-") return `this port speaks SSH, not IoTDB's RPC: ${rpcPort}`;
  return `this port answers with text (${JSON.stringify(text)}...), not IoTDB's RPC: ${rpcPort}`;
}

/** A TLS record header read as a frame length: alert (0x15) or handshake (0x16), then version 3.x (x <= 4). */
function looksLikeTlsRecord(length: number): boolean {
  const contentType = length >>> 24;
  return (
    (contentType === 0x15 || contentType === 0x16) &&
    ((length >>> 16) & 0xff) === 0x03 &&
    ((length >>> 8) & 0xff) <= 0x04
  );
}
