/** Bad input to an encoder, reported before any byte is produced. */
export class EncodeError extends Error {
  override readonly name = "EncodeError";
  /** Stable across copies of the package (ESM and CJS both loaded), where instanceof fails. */
  readonly code = "ERR_IOTDB_ENCODE";
  constructor(
    message: string,
    /** The column (measurement) name, when the problem is in one column. */
    readonly column?: string,
    /** The row index (in the caller's order), when the problem is in one cell or row. */
    readonly row?: number,
  ) {
    super(message);
  }
}

/** Truncated or inconsistent bytes handed to a decoder. */
export class DecodeError extends Error {
  override readonly name = "DecodeError";
  /** Stable across copies of the package (ESM and CJS both loaded), where instanceof fails. */
  readonly code = "ERR_IOTDB_DECODE";
  constructor(
    message: string,
    /** Byte offset in the decoded input where the problem was found; -1 when the problem is in
     *  a query's metadata (columns, types, column mapping) rather than in bytes. */
    readonly offset: number,
    /** The column being decoded ("time" for the time column), when known. */
    readonly column?: string,
  ) {
    super(message);
  }
}
