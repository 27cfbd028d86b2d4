// A BufferPool that only watches (every acquire and release goes to BufferPool unchanged): it
// counts the frame buffers still held one event-loop turn after they were handed out. A session
// builds a frame and calls socket.write in one synchronous step, and a write the kernel took at
// once calls back on the next tick; so a buffer still held when setImmediate runs is a frame the
// socket was still sending. The ownership test needs many of those, or it proves nothing.
import { BufferPool } from "../../src/index.js";

export class WatchedFramePool extends BufferPool {
  /** The acquisition that owns each buffer now. */
  private readonly owner = new Map<Buffer, number>();
  private acquisitions = 0;
  /** Acquisitions whose buffer was still held a loop turn later. */
  stillSending = 0;

  override acquire(n: number): Buffer {
    const buf = super.acquire(n);
    const id = ++this.acquisitions;
    this.owner.set(buf, id);
    setImmediate(() => {
      if (this.owner.get(buf) === id) this.stillSending++;
    });
    return buf;
  }

  override release(buf: Buffer): void {
    this.owner.delete(buf);
    super.release(buf);
  }
}
