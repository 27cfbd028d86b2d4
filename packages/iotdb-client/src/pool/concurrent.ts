// Many independent operations with at most `concurrency` under way at once: every item gets its
// own outcome (value or error), in input order. With stopOnError, no item starts after the
// first failure (those are "skipped"); the ones already under way finish.

export interface ConcurrentOptions {
  /** Most operations under way at once (a positive integer). */
  concurrency: number;
  /** Start no further item after the first failure. Default false. */
  stopOnError?: boolean;
}

export type ItemOutcome<R> =
  | { index: number; status: "fulfilled"; value: R }
  | { index: number; status: "rejected"; reason: unknown }
  | { index: number; status: "skipped" };

export async function runConcurrent<T, R>(
  items: readonly T[],
  operation: (item: T, index: number) => Promise<R>,
  options: ConcurrentOptions,
): Promise<ItemOutcome<R>[]> {
  const { concurrency, stopOnError = false } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  if (!Array.isArray(items)) throw new TypeError("runConcurrent: items must be an array");
  const outcomes: ItemOutcome<R>[] = items.map((_, index) => ({ index, status: "skipped" }));
  let next = 0;
  let stopped = false;
  const worker = async (): Promise<void> => {
    while (!stopped && next < items.length) {
      const index = next++;
      try {
        // A synchronous throw counts as that item's failure too.
        outcomes[index] = { index, status: "fulfilled", value: await operation(items[index]!, index) };
      } catch (reason) {
        outcomes[index] = { index, status: "rejected", reason };
        if (stopOnError) stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return outcomes;
}
