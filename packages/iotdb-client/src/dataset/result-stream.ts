// SessionDataSet.stream(): a query result as a Node Readable in object mode, over the data set's
// BlockStream (the same fetching and closing as `for await`). Pull-based: a block is asked for
// only when Node calls _read() (the consumer wants more) and the block at hand is used up, so a
// slow consumer holds the fetching back (backpressure through pipeline()). Ending, failing or
// destroying the stream ends the BlockStream, which closes the query on the server.
import { Readable } from "node:stream";
import type { ResultBlock } from "@zerowire/iotdb-codec";
import { abortError } from "../abort.js";
import type { BlockStream } from "./block-stream.js";

export class ResultStream extends Readable {
  /** The chunks (rows, or the block itself) of the block at hand. */
  private current: Iterator<unknown> | undefined;
  /** A block is being awaited: _read() calls meanwhile have nothing to add. */
  private fetching = false;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly source: BlockStream,
    private readonly chunksOf: (block: ResultBlock) => Iterator<unknown>,
    private readonly signal: AbortSignal | undefined,
    highWaterMark: number,
    /**
     * The data set's close(): a stream destroyed before its first read has no running block stream to close the query.
     */
    private readonly closeDataSet: () => Promise<void>,
  ) {
    super({ objectMode: true, highWaterMark });
    // An abort destroys the stream even while nobody reads (a paused consumer).
    if (signal !== undefined) {
      this.onAbort = () => this.destroy(abortError(signal, "reading the result"));
      if (signal.aborted) queueMicrotask(this.onAbort);
      else signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  override _read(): void {
    if (!this.fetching) this.pump();
  }

  /**
   * Pushes chunks until Node's buffer is full (push() false), fetching the next block when the current one is used up.
   */
  private pump(): void {
    for (;;) {
      if (this.destroyed) return;
      if (this.source.interrupted) {
        this.current = undefined;
        this.source.stop().then(
          () => this.push(null),
          (error: unknown) => this.destroy(error as Error),
        );
        return;
      }
      let chunk: IteratorResult<unknown> | undefined;
      try {
        chunk = this.current?.next();
      } catch (error) {
        this.current = undefined;
        this.destroy(error as Error);
        return;
      }
      if (chunk !== undefined && chunk.done !== true) {
        if (!this.push(chunk.value)) return;
        continue;
      }
      this.current = undefined;
      if (this.source.done) {
        this.push(null);
        return;
      }
      this.fetching = true;
      this.source.next().then(
        (block) => {
          this.fetching = false;
          if (block === undefined) this.push(null);
          else {
            this.current = this.chunksOf(block);
            this.pump();
          }
        },
        (error: unknown) => {
          this.fetching = false;
          this.destroy(error as Error);
        },
      );
      return;
    }
  }

  /** Ends the block stream (closing the query) before the stream reports its end or error. */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.current = undefined;
    if (this.onAbort !== undefined) this.signal!.removeEventListener("abort", this.onAbort);
    this.source
      .end()
      .then(() => this.closeDataSet())
      .then(
        () => callback(error),
        (closeError: unknown) => callback(error ?? (closeError as Error)),
      );
  }
}
