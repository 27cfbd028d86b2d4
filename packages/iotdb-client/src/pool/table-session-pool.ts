// A pool of table-model TableSessions, all opened in the pool's database (sent at openSession, so
// no call pays a USE round trip). A session that leaves that database (a USE through
// withSession or executeNonQueryStatement) is closed when it comes back instead of being reused.
// Tablets are routed whole by the device (table + TAG values) of their first row in wire order;
// the per-row hints of the server's answer teach the route of every device in the tablet.
// Tablets of one table with the same columns waiting for a session go out as one (group commit:
// group-commit.ts, table-merge.ts); for their order, a table counts as one device.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import { type CallOptions, signalOf } from "../abort.js";
import type { SessionOptions } from "../session/session-options.js";
import type { StatementOperations, TableOperations } from "../session/operations.js";
import { TableSession } from "../session/table-session.js";
import type { SessionTablet } from "../session/tablet-input.js";
import { TableBatchWriter } from "../ingest/model-writers.js";
import type { BatchWriterOptions } from "../ingest/writer-options.js";
import { BasePool } from "./base-pool.js";
import type { OperationRoutes } from "./operation-routes.js";
import type { PoolOptions } from "./pool-options.js";
import { PooledTableSession } from "./pooled-table-session.js";
import { tableRowDevices } from "./table-devices.js";
import type { MergeKind } from "./group-commit.js";
import { concatTablets, sameTableShape } from "./table-merge.js";

/** The merged tablet of a batch, made once for sending and for reading the answer's per-row hints. */
const mergedTablets = new WeakMap<readonly SessionTablet[], SessionTablet>();

function mergedTablet(tablets: readonly SessionTablet[]): SessionTablet {
  let merged = mergedTablets.get(tablets);
  if (merged === undefined) mergedTablets.set(tablets, (merged = concatTablets(tablets)));
  return merged;
}

const TABLE_TABLETS: MergeKind<TableSession<Int64Mode>, SessionTablet> = {
  method: "insert",
  send: (s, tablets) => s.insert(mergedTablet(tablets)),
  // Routed and ordered by table: the pool routes a tablet by its first row's device anyway.
  deviceOf: (tablet) => (typeof tablet?.schema?.target === "string" ? tablet.schema.target : undefined),
  isSent: () => true,
  points: (tablet) => tablet.timestamps.length * tablet.schema.columns.length,
  uniqueDevices: false,
  compatible: sameTableShape,
  written: (tablets) => tableRowDevices(mergedTablet(tablets)),
};

/**
 * How TableSessionPool sends insert: routed by its first row's device, merged with waiting tablets of the same table
 * shape.
 */
const TABLE_ROUTES: OperationRoutes<
  Omit<TableOperations<Int64Mode>, keyof StatementOperations>,
  TableSession<Int64Mode>
> = {
  insert: {
    via: "insert",
    options: 1,
    devices: ([tablet]) => tableRowDevices(tablet),
    merge: ([tablet]) => ({ kind: TABLE_TABLETS, item: tablet }),
  },
};

/** The table operations of a TableSessionPool (documented in {@link TableOperations}), sent as its class says. */
export interface TableSessionPool<M extends Int64Mode = "bigint"> extends TableOperations<M> {}

/**
 * A pool of table-model TableSessions with the TableSession's operations ({@link TableOperations}),
 * each on a session of the pool, all opened in the pool's `database`: insert goes to the DataNode
 * of its first row's device, and inserts of one table with the same columns that wait for a
 * session go out merged as one tablet; queries are retried when their connection fails before the
 * data set exists, and hold their session until the data set closes; executeNonQueryStatement runs
 * on any session, not retried. M: the int64 mode of the pool's sessions ("bigint" unless
 * `int64: "number"`), which types query results.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the operations the class defines from its route table (session/operations.ts)
export class TableSessionPool<M extends Int64Mode = "bigint"> extends BasePool<TableSession<M>, M> {
  static {
    this.defineOperations(TABLE_ROUTES);
  }

  /** The database every session of the pool is in (the `database` option), if any. */
  readonly database: string | undefined;

  /** A pool that opens its sessions on demand (or at open()), each in `options.database`; see PoolOptions. */
  constructor(options: PoolOptions<TableSession<M>, M> = {}) {
    super(options, (o) => new TableSession(o as SessionOptions<M>));
    this.database = options.database;
  }

  /**
   * A batching writer over this pool: rows one at a time, one tablet per table per request (see the README, "Ingesting
   * a stream of rows").
   */
  writer(options?: BatchWriterOptions): TableBatchWriter {
    return new TableBatchWriter(this, options);
  }

  /**
   * Java's ITableSessionPool.getSession(): a session of the pool for the caller alone, until its
   * close() gives it back (beside withSession, which gives it back by itself). Waits like any call
   * when maxSize sessions are out; a session not closed stays out of the pool (close() of the pool
   * closes it after closeGraceMs). Aborting `options.signal` gives up the wait with an AbortError.
   */
  async getSession(options?: CallOptions): Promise<PooledTableSession<M>> {
    const { session, release } = await this.borrow("getSession", signalOf(options, "getSession"));
    return new PooledTableSession(session, release);
  }

  protected override canReuse(session: TableSession<M>): boolean {
    return session.database === this.database;
  }
}
