// The writer's own refusals of a write(); bad values are the codec's EncodeError.

/** write() (or define*) after close() was called: the row was not taken. */
export class WriterClosedError extends Error {
  override readonly name = "WriterClosedError";
  readonly code = "ERR_IOTDB_WRITER_CLOSED";
}

/**
 * write() would hold more than maxBufferedPoints (buffered + in flight): the row was not taken.
 * A producer that waits for 'drain' (or ready()) after write() returned false never sees it.
 */
export class WriterFullError extends Error {
  override readonly name = "WriterFullError";
  readonly code = "ERR_IOTDB_WRITER_FULL";
  constructor(
    message: string,
    readonly maxBufferedPoints: number,
  ) {
    super(message);
  }
}
