// Splits the incoming byte stream into Thrift frames ([u32 BE length][payload]). A frame that
// arrives within one socket chunk is handed out as a view of it (no copy); a frame spread over
// several chunks is assembled once into a buffer of its announced size.

/** Why the stream cannot be framed any further. */
export class FrameError extends Error {
  override readonly name = "FrameError";
}

export class FrameReader {
  private readonly header = Buffer.alloc(4);
  private headerFill = 0;
  private frame: Buffer | undefined;
  private frameFill = 0;

  constructor(
    private readonly maxFrameSize: number,
    private readonly onFrame: (payload: Buffer) => void,
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
            this.onFrame(chunk.subarray(pos, pos + length));
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
      const frame = this.frame!;
      const n = Math.min(frame.length - this.frameFill, chunk.length - pos);
      chunk.copy(frame, this.frameFill, pos, pos + n);
      this.frameFill += n;
      pos += n;
      if (this.frameFill === frame.length) {
        this.frame = undefined;
        this.onFrame(frame);
      }
    }
  }

  /** True while a frame (or its length) has been partly received. */
  get midFrame(): boolean {
    return this.frame !== undefined || this.headerFill > 0;
  }

  private checkedLength(length: number): number {
    if (length > this.maxFrameSize) {
      throw new FrameError(`incoming frame of ${length} bytes exceeds maxFrameSize ${this.maxFrameSize}${looksLikeTlsRecord(length) ? TLS_HINT : ""}`);
    }
    return length;
  }

  private startFrame(length: number): void {
    this.frame = Buffer.allocUnsafe(length);
    this.frameFill = 0;
    if (length === 0) {
      this.frame = undefined;
      this.onFrame(Buffer.alloc(0));
    }
  }
}

const TLS_HINT = "; the reply looks like a TLS record: does the server want TLS (the tls option)?";

/** A TLS record header read as a frame length: alert (0x15) or handshake (0x16), then version 3.x (x <= 4). */
function looksLikeTlsRecord(length: number): boolean {
  const contentType = length >>> 24;
  return (contentType === 0x15 || contentType === 0x16) && ((length >>> 16) & 0xff) === 0x03 && ((length >>> 8) & 0xff) <= 0x04;
}
