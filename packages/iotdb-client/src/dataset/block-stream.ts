// A reader's side of a data set's block stream (SessionDataSet.blocks()), shared by the two ways
// of reading rows: row objects (for await, BlockRows) and the cursor (DataIterator). The stream
// itself fetches ahead, and closes the query when it ends or fails; this adds what both readers
// need on top: knowing that it has ended, ending it early, and noticing the data set's close().
import type { ResultBlock } from "@zerowire/iotdb-codec";

export class BlockStream {
  /** A block was asked for: from then on close() ends the reading (before, the block stream says why it cannot start). */
  private started = false;
  /** The stream has ended (last block read, failed, or ended early): nothing more comes. */
  done = false;

  constructor(
    private readonly blocks: AsyncGenerator<ResultBlock, void, undefined>,
    /** True once the data set's close() was called: reading ends at once. */
    private readonly closed: () => boolean,
  ) {}

  /** The data set was closed while this reader was reading: it must end (end()) now. */
  get closedMeanwhile(): boolean {
    return this.started && !this.done && this.closed();
  }

  /** The next block, or undefined at the end. A failure of the stream (fetch, decode) is rethrown; the stream has closed the query by then. */
  next(): Promise<ResultBlock | undefined> {
    this.started = true;
    return this.blocks.next().then(
      (step) => {
        if (step.done !== true) return step.value;
        this.done = true;
        return undefined;
      },
      (error: unknown) => {
        this.done = true;
        throw error;
      },
    );
  }

  /** Ends the stream early; the stream closes the query if it had started. */
  async end(): Promise<void> {
    this.done = true;
    await this.blocks.return();
  }

  /** A read that failed: the stream is ended (the query closed), then the read fails with that error (not one from closing). */
  fail(error: unknown): Promise<never> {
    const rethrow = (): never => {
      throw error;
    };
    return this.end().then(rethrow, rethrow);
  }
}
