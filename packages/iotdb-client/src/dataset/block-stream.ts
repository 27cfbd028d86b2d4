// A reader's side of a data set's block stream (SessionDataSet.blocks()), shared by the three ways
// of reading rows: row objects (for await, BlockRows), the cursor (DataIterator) and the Node
// stream (ResultStream). The stream itself fetches ahead, and closes the query when it ends or
// fails; this adds what the readers need on top: knowing that it has ended, ending it early, and
// noticing an interruption between two rows: the data set's close() ends the read quietly; the
// session's connection closing (session.close(), a timeout) or the read's signal aborting fails
// it, so rows already fetched are not handed out after that.
import type { ResultBlock } from "@zerowire/iotdb-codec";

/** Why a read stops before its end: "closed" (the data set's close(): quietly), or the error it fails with. */
export type Interruption = "closed" | Error;

export class BlockStream {
  /**
   * A block was asked for: from then on close() ends the reading (before, the block stream says why it cannot start).
   */
  private started = false;
  /** The stream has ended (last block read, failed, or ended early): nothing more comes. */
  done = false;

  constructor(
    private readonly blocks: AsyncGenerator<ResultBlock, void, undefined>,
    /** Undefined while the read may go on; else why it must stop (checked between rows). */
    private readonly interruption: () => Interruption | undefined,
  ) {}

  /** The read was interrupted while this reader was reading: it must stop (stop()) now. */
  get interrupted(): boolean {
    return this.started && !this.done && this.interruption() !== undefined;
  }

  /** Ends an interrupted read: quietly after the data set's close(); else it fails with the interruption's error. */
  stop(): Promise<void> {
    const why = this.interruption();
    return why instanceof Error ? this.fail(why) : this.end();
  }

  /**
   * The next block, or undefined at the end. A failure of the stream (fetch, decode) is rethrown; the stream has closed
   * the query by then.
   */
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

  /**
   * A read that failed: the stream is ended (the query closed), then the read fails with that error (not one from
   * closing).
   */
  fail(error: unknown): Promise<never> {
    const rethrow = (): never => {
      throw error;
    };
    return this.end().then(rethrow, rethrow);
  }
}
