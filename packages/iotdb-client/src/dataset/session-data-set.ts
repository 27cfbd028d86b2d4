// A query result streamed batch by batch: the first batch comes with the execute reply, the
// rest through fetchResultsV2 while the server says moreData. The next batch is requested when
// the current one starts being read, so at most one fetched batch waits ahead of the reader.
// The server-side query is closed (closeOperation) when iteration ends, breaks or throws. Rows
// are read as objects (BlockRows: for await, rows(), hasNext/next) or through Java's cursor
// (DataIterator) or as a Node Readable (stream()); all read one BlockStream over blocks(), so they
// fetch and close alike. A read's AbortSignal (its own, else the query's) stops it between rows
// and stops waiting for a fetch; the query is then closed on the server and the session stays usable.
// Once a batch's blocks are decoded (they copy what they hold), its reply's memory goes back to
// the connection for its next large reply (frame-reader.ts), unless something may still view it:
// a BLOB column's values, or a tracing subscriber that received the reply object.
import type { Readable } from "node:stream";
import {
  type Float32Mode,
  type Int64Mode,
  TSDataType,
  type TSDataTypeName,
  type TimestampPrecision,
  type ResultBlock,
  ResultSetDecoder,
  type RowOptions,
  type RowRecord,
} from "@zerowire/iotdb-codec";
import type Int64 from "node-int64";
import { abortable, abortError, type CallOptions, signalOf } from "../abort.js";
import type { Connection } from "../connection.js";
import { fetchChannel, noteBlocks, operationAttributes } from "../diagnostics.js";
import { ConnectionError, DataSetError, OptionError } from "../errors.js";
import type { TSExecuteStatementResp } from "../gen/client_types.js";
import { TSCloseOperationReq, TSFetchResultsReq } from "../gen/client_types.js";
import { checkedReadModes, shown } from "../options.js";
import { verifyStatus } from "../status.js";
import { toInt64 } from "../thrift/int64.js";
import { BlockStream, type Interruption } from "./block-stream.js";
import { DataIterator } from "./data-iterator.js";
import { type ColumnarResult, concatBlocks } from "./columnar.js";
import { ResultStream } from "./result-stream.js";
import { arrowBatches, arrowTable } from "./arrow.js";
import type { RecordBatch, Table } from "apache-arrow";

/**
 * The rows of a stream of blocks, a block's rows handed out one by one without a wait in between:
 * an async generator (`yield*` of each block's rows) cost several promises and microtask hops per
 * row, most of reading a large result row by row (bench/client fetch-5000x10); the block's
 * rowReader, not its rows() generator, saves a generator resume per row too. Ending early (break,
 * return, throw in the loop), or the data set's close(), ends the block stream, which closes the
 * query.
 */
class BlockRows<Q extends Int64Mode> implements AsyncIterableIterator<RowRecord<Q>> {
  /** The current block's rows by position; rows before `position` have been handed out. */
  private rowAt: ((position: number) => RowRecord<Q>) | undefined;
  private position = 0;
  private rowCount = 0;
  /** The next block being awaited; calls to next() made meanwhile wait for it, in order. */
  private fetching: Promise<void> | undefined;

  constructor(
    private readonly stream: BlockStream,
    private readonly read: RowOptions<Q>,
  ) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<RowRecord<Q>> {
    return this;
  }

  next(): Promise<IteratorResult<RowRecord<Q>, undefined>> {
    if (this.fetching === undefined) {
      if (this.stream.interrupted) return this.stream.stop().then(() => END);
      if (this.position < this.rowCount) {
        let row: RowRecord<Q>;
        try {
          row = this.rowAt!(this.position++);
        } catch (error) {
          this.leaveBlock();
          return this.stream.fail(error);
        }
        return Promise.resolve({ done: false, value: row });
      }
      this.leaveBlock();
      if (this.stream.done) return Promise.resolve(END);
      this.fetching = this.stream.next().then(
        (block) => {
          this.fetching = undefined;
          if (block !== undefined) this.enterBlock(block);
        },
        (error: unknown) => {
          this.fetching = undefined;
          throw error;
        },
      );
    }
    return this.fetching.then(() => this.next());
  }

  async return(): Promise<IteratorResult<RowRecord<Q>, undefined>> {
    this.leaveBlock();
    await this.stream.end();
    return END;
  }

  private enterBlock(block: ResultBlock): void {
    this.rowAt = block.rowReader(this.read);
    this.position = 0;
    this.rowCount = block.rowCount;
  }

  private leaveBlock(): void {
    this.rowAt = undefined;
    this.position = 0;
    this.rowCount = 0;
  }
}

const END: IteratorReturnResult<undefined> = { done: true, value: undefined };

/** @internal The session side of a result: where to fetch from and with which ids. */
export interface QueryHandle {
  connection: Connection;
  sessionId: Int64;
  statementId: Int64;
  /** The SQL (empty for raw/last/aggregation queries), sent again with each fetch as Java does. */
  statement: string;
  fetchSize: number;
  /** Server-side query timeout (ms) sent with each fetch. */
  queryTimeoutMs: number;
  /** Client-side wait for each fetch reply. */
  requestTimeoutMs: number;
  int64: Int64Mode;
  float32: Float32Mode;
  /** The session's zone and the server's time precision, for DataIterator.getString of TIMESTAMP cells (as Java's). */
  zoneId: string;
  timestampPrecision: TimestampPrecision;
  /** The query's signal: it stops the data set's reads unless a read gives its own. */
  signal: AbortSignal | undefined;
  /** The session's database when the query ran (for tracing). */
  database: string | undefined;
  /** The execute reply went to a tracing subscriber (context.result), who may keep it. */
  replyTraced: boolean;
}

/** How rows are read: INT64/TIMESTAMP as bigint or number, FLOAT exact or shortest; each defaults to the query's. */
export interface RowReadOptions<M extends Int64Mode> extends CallOptions {
  int64?: M;
  float32?: Float32Mode;
}

/** stream(): what the Readable gives, and the options of rows() for rows. */
export interface ResultStreamOptions<M extends Int64Mode> extends RowReadOptions<M> {
  /** "rows" (default): one RowRecord per chunk; "blocks": one ResultBlock (typed columns) per chunk. */
  as?: "rows" | "blocks";
  /** Chunks buffered ahead of the consumer (Readable's objectMode highWaterMark); default 1024 rows, or 1 block. */
  highWaterMark?: number;
}

interface Batch {
  blocks: readonly Uint8Array[];
  moreData: boolean;
  /**
   * Only this data set has seen the reply (a tracing subscriber gets the reply object, and may
   * keep it): its memory may be given back to the connection once every block is decoded.
   */
  unobserved: boolean;
}

/**
 * One query's result, typed by the int64 mode its rows are read in (M: "bigint" unless the
 * session or query says "number"). Column i is the same column in columnNames, columnTypes,
 * every block's columns and toColumnar().columns; row.fields leave out a leading "Time" (it is
 * row.timestamp), so they follow fieldNames.
 */
export class SessionDataSet<M extends Int64Mode = "bigint"> implements AsyncIterable<RowRecord<M>> {
  /** Result columns; "Time" leads when the result has a time column (tree model). */
  readonly columnNames: readonly string[];
  /** Type names per column ("INT64" for "Time"). */
  readonly columnTypes: readonly TSDataTypeName[];
  /** The names of row.fields: columnNames without a leading "Time". */
  readonly fieldNames: readonly string[];
  private readonly decoder: ResultSetDecoder;
  private readonly queryId: Int64 | undefined;
  private firstBatch: Batch | undefined;
  /** The decoded blocks view no reply memory (no BLOB column): a reply's is given back once decoded. */
  private readonly recyclesReplies: boolean;
  private closing: Promise<void> | undefined;
  private readonly closeListeners: (() => void)[] = [];
  /** The rows hasNext() and next() read, and the row hasNext() made ready. */
  private javaRows: AsyncIterableIterator<RowRecord<M>> | undefined;
  private readyRow: RowRecord<M> | undefined;

  /** @internal A data set comes from a session's query methods. */
  constructor(
    private readonly handle: QueryHandle,
    response: TSExecuteStatementResp,
  ) {
    this.decoder = new ResultSetDecoder({
      columns: response.columns ?? [],
      dataTypeList: response.dataTypeList ?? [],
      ignoreTimeStamp: response.ignoreTimeStamp,
      columnIndex2TsBlockColumnIndexList: response.columnIndex2TsBlockColumnIndexList,
    });
    this.columnNames = this.decoder.columnNames;
    this.columnTypes = this.decoder.columnTypes as readonly TSDataTypeName[];
    this.fieldNames = this.columnNames.slice(this.decoder.schema.fieldStart);
    this.queryId = response.queryId ?? undefined;
    this.firstBatch = {
      blocks: response.queryResult ?? [],
      moreData: response.moreData === true,
      unobserved: !handle.replyTraced,
    };
    // A BLOB column's values are views of the reply's memory, so it is never given back.
    this.recyclesReplies = !this.decoder.schema.tsBlockTypes.includes(TSDataType.BLOB);
  }

  /** Rows in order, as the Java SessionDataSet.next() gives them. */
  [Symbol.asyncIterator](): AsyncIterableIterator<RowRecord<M>> {
    return this.rows();
  }

  /**
   * Rows in order; `int64` overrides the session's INT64/TIMESTAMP mode. Ends at once when close()
   * is called; fails (rows already fetched are not handed out) once the session's connection
   * closed or `signal` (default: the query's) aborted.
   */
  rows<Q extends Int64Mode = M>(options: RowReadOptions<Q> = {}): AsyncIterableIterator<RowRecord<Q>> {
    return new BlockRows(this.blockStream(this.signalOf(options)), this.readOptions(options));
  }

  /**
   * The result as a Node Readable in object mode: RowRecords (options as rows()), or with
   * `as: "blocks"` ResultBlocks. It fetches the next batch only as the consumer reads
   * (`pipeline(dataSet.stream(), transform, sink)` keeps backpressure), and closes the query on
   * the server when it ends, fails or is destroyed. Aborting `signal` (default: the query's)
   * destroys it with an AbortError. A result is read once: stream() or iteration, not both.
   */
  stream<Q extends Int64Mode = M>(options: ResultStreamOptions<Q> = {}): Readable {
    const signal = this.signalOf(options);
    const read = this.readOptions(options);
    if (options.as !== undefined && options.as !== "rows" && options.as !== "blocks")
      throw new OptionError("as", `stream: options.as must be "rows" or "blocks", got ${shown(options.as)}`);
    const blocks = options.as === "blocks";
    const highWaterMark = options.highWaterMark ?? (blocks ? 1 : 1024);
    const chunksOf = blocks ? (block: ResultBlock) => [block].values() : (block: ResultBlock) => block.rows(read);
    return new ResultStream(this.blockStream(signal), chunksOf, signal, highWaterMark, () => this.close());
  }

  /**
   * Java's iterator(): a cursor read by 1-based column index or name with typed getters
   * (`while (await it.next()) it.getLong("root.sg.d.s")`), no object per row. Options as rows().
   */
  iterator<Q extends Int64Mode = M>(options: RowReadOptions<Q> = {}): DataIterator<Q> {
    const h = this.handle;
    const settings = { read: this.readOptions(options), zoneId: h.zoneId, timestampPrecision: h.timestampPrecision };
    return new DataIterator<Q>(this.blockStream(this.signalOf(options)), this.decoder.schema, settings, () =>
      this.close(),
    );
  }

  /** Java's hasNext(): whether a row is ready for next(); false at the end (the query is then closed). */
  async hasNext(): Promise<boolean> {
    if (this.readyRow !== undefined) return true;
    this.javaRows ??= this.rows();
    const step = await this.javaRows.next();
    if (step.done === true) return false;
    this.readyRow = step.value;
    return true;
  }

  /** Java's next(): the row hasNext() made ready, the same RowRecord `for await` gives. A DataSetError without one. */
  next(): RowRecord<M> {
    const row = this.readyRow;
    if (row === undefined) throw new DataSetError("next(): no row is ready; call it after hasNext() resolved true");
    this.readyRow = undefined;
    return row;
  }

  /**
   * The result one TsBlock at a time, as typed columns (no copy of the decoded arrays; FLOAT
   * columns are the Float32Array as decoded, whatever the float32 mode). Ends at once when close()
   * is called; fails once the session's connection closed or `signal` (default: the query's) aborted.
   */
  async *blocks(options: CallOptions = {}): AsyncGenerator<ResultBlock, void, undefined> {
    const signal = this.signalOf(options);
    const interruption = this.interruption(signal);
    let batch = this.takeFirstBatch();
    let failed = false;
    try {
      for (;;) {
        const ahead = batch.moreData ? this.fetchBatch() : undefined;
        // If the reader stops early, the fetch's outcome no longer matters to anyone.
        ahead?.catch(() => {});
        const { blocks } = batch;
        for (let k = 0; k < blocks.length; k++) {
          const why = interruption();
          if (why === "closed") return;
          if (why !== undefined) throw why;
          const block = this.decoder.decodeBlock(blocks[k]!);
          // Bench client fetch-5000x10 (why reply memory is reused: frame-reader.ts).
          if (k === blocks.length - 1 && batch.unobserved && this.recyclesReplies)
            this.handle.connection.recycleReply(blocks[k]!);
          yield block;
        }
        if (ahead === undefined || this.closing !== undefined) break;
        // An abort stops the wait; the fetch's reply is read and dropped, then the query closed.
        batch = await abortable(ahead, signal, "fetchResultsV2");
      }
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      // A failed read reports its own error, not one from closing.
      if (failed) await this.close().catch(() => {});
      else await this.close();
    }
  }

  /** Every remaining row in one array. */
  async toRows<Q extends Int64Mode = M>(options: RowReadOptions<Q> = {}): Promise<RowRecord<Q>[]> {
    const rows: RowRecord<Q>[] = [];
    for await (const row of this.rows(options)) rows.push(row);
    return rows;
  }

  /**
   * Every remaining block joined into one typed column per result column (for results that fit in memory); FLOAT
   * columns as blocks() gives them.
   */
  async toColumnar(options: CallOptions = {}): Promise<ColumnarResult> {
    const blocks: ResultBlock[] = [];
    for await (const block of this.blocks(options)) blocks.push(block);
    return concatBlocks(this.columnNames, this.columnTypes, blocks);
  }

  /**
   * Every remaining block as one Apache Arrow Table (one RecordBatch per block; see the README
   * for the types). Needs the optional package apache-arrow (`npm install apache-arrow`); without
   * it, an Error says so and the data set is left unread.
   */
  toArrow(): Promise<Table> {
    return arrowTable(this.blocks(), this.decoder.schema, this.handle.timestampPrecision);
  }

  /**
   * The result one Apache Arrow RecordBatch per block, fetched as it is read; ending early closes the query. Needs
   * apache-arrow, as toArrow().
   */
  arrowBatches(): AsyncGenerator<RecordBatch, void, undefined> {
    return arrowBatches(this.blocks(), this.decoder.schema, this.handle.timestampPrecision);
  }

  /** Ends the query on the server (closeOperation). Idempotent; iteration calls it on its own. */
  close(): Promise<void> {
    this.firstBatch = undefined;
    this.closing ??= this.closeOperation().finally(() => {
      for (const listener of this.closeListeners.splice(0)) listener();
    });
    return this.closing;
  }

  /** Calls `listener` once close() has ended the query (or failed to); a pool returns the session then. */
  onClose(listener: () => void): void {
    if (this.closing === undefined) this.closeListeners.push(listener);
    else void this.closing.then(listener, listener);
  }

  private readOptions<Q extends Int64Mode>(options: RowReadOptions<Q>): Required<RowOptions<Q>> {
    checkedReadModes(options);
    return { int64: (options.int64 ?? this.handle.int64) as Q, float32: options.float32 ?? this.handle.float32 };
  }

  private signalOf(options: CallOptions): AbortSignal | undefined {
    return signalOf(options, "reading a SessionDataSet") ?? this.handle.signal;
  }

  /**
   * Why a read under `signal` must stop, checked between rows: the data set's close(), its session's connection gone,
   * the signal aborted.
   */
  private interruption(signal: AbortSignal | undefined): () => Interruption | undefined {
    const connection = this.handle.connection;
    return () => {
      if (this.closing !== undefined) return "closed";
      if (connection.closed)
        return new ConnectionError(
          "the session's connection closed (session.close(), a timeout or a broken connection) while its result was read: the rows not yet read are lost",
        );
      if (signal?.aborted === true) return abortError(signal, "reading the result");
      return undefined;
    };
  }

  private blockStream(signal: AbortSignal | undefined): BlockStream {
    const blocks = this.blocks({ signal });
    return new BlockStream(blocks, this.interruption(signal));
  }

  private takeFirstBatch(): Batch {
    const batch = this.firstBatch;
    if (batch === undefined) {
      throw new DataSetError(
        this.closing
          ? "this SessionDataSet is closed"
          : "this SessionDataSet is already being read; a result can be read once",
      );
    }
    this.firstBatch = undefined;
    return batch;
  }

  private fetchBatch(): Promise<Batch> {
    if (!fetchChannel.active) return this.fetchBatchUntraced(true);
    const h = this.handle;
    const context = { attributes: operationAttributes("fetchResults", h.connection.endpoint, h.database) };
    if (h.statement) context.attributes["db.query.text"] = h.statement;
    return fetchChannel.trace(context, () =>
      this.fetchBatchUntraced(false).then((batch) => (noteBlocks(context, batch.blocks), batch)),
    );
  }

  private async fetchBatchUntraced(unobserved: boolean): Promise<Batch> {
    const h = this.handle;
    const resp = await h.connection.call(
      "fetchResultsV2",
      [
        new TSFetchResultsReq({
          sessionId: h.sessionId,
          statement: h.statement,
          fetchSize: h.fetchSize,
          queryId: this.queryId!,
          isAlign: true,
          timeout: toInt64(h.queryTimeoutMs),
          statementId: h.statementId,
        }),
      ],
      h.requestTimeoutMs,
    );
    verifyStatus(resp.status, "fetchResultsV2", h.queryTimeoutMs);
    if (!resp.hasResultSet) return { blocks: [], moreData: false, unobserved };
    return { blocks: resp.queryResult ?? [], moreData: resp.moreData === true, unobserved };
  }

  private async closeOperation(): Promise<void> {
    const h = this.handle;
    // Without a query id there is nothing to close; on a closed connection the server has
    // already dropped the query with the session.
    if (this.queryId === undefined || h.connection.closed) return;
    const req = new TSCloseOperationReq({ sessionId: h.sessionId, queryId: this.queryId, statementId: h.statementId });
    const status = await h.connection.call("closeOperation", [req], h.requestTimeoutMs);
    verifyStatus(status, "closeOperation");
  }
}
