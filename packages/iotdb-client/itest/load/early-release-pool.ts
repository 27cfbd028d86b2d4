// NEGATIVE CONTROL ONLY: a BufferPool that breaks ownership rule 2 on purpose, to show that the
// ownership test detects the bug it is looking for. Every buffer it hands out is put back on the
// free list in a microtask queued when it was acquired, i.e. as soon as the synchronous code that
// built the frame and called socket.write has returned, and before the socket's write callback
// (which Node calls on a later tick at the earliest). When the kernel did not take the whole frame
// at once, the next frame of the same size class is built in the buffer the socket is still
// sending from. The client's own release in the write callback is then absorbed, so the pool's
// counts stay balanced. Never use this outside the negative control.
import { BufferPool } from "../../src/index.js";

export class EarlyReleasePool extends BufferPool {
  /** Buffers handed out and not released yet. */
  private readonly held = new Set<Buffer>();
  /** Releases still to come from owners whose buffer was taken back early, per buffer. */
  private readonly absorbed = new Map<Buffer, number>();
  /** Buffers taken back before their owner released them. */
  earlyReleases = 0;

  override acquire(n: number): Buffer {
    const buf = super.acquire(n);
    this.held.add(buf);
    queueMicrotask(() => {
      if (!this.held.delete(buf)) return; // released in time (the writer grew out of it)
      this.earlyReleases++;
      this.absorbed.set(buf, (this.absorbed.get(buf) ?? 0) + 1);
      super.release(buf);
    });
    return buf;
  }

  override release(buf: Buffer): void {
    const pending = this.absorbed.get(buf) ?? 0;
    if (pending > 0) {
      if (pending === 1) this.absorbed.delete(buf);
      else this.absorbed.set(buf, pending - 1);
      return;
    }
    this.held.delete(buf);
    super.release(buf);
  }
}
