// Where a writer's batches go: through the pool's own insert methods, so redirect routing,
// failover across DataNodes and the retry of a broken connection stay the pool's. Tree devices
// share one insertTablets per alignment (the request carries one isAligned flag); a table's rows
// are one tablet, one request per table.
import type { Int64Mode, Tablet } from "@zerowire/iotdb-codec";
import type { SessionPool } from "../pool/session-pool.js";
import type { TableSessionPool } from "../pool/table-session-pool.js";
import type { TargetSchema } from "./target-schema.js";

/** The pool methods a tree writer sends with (they do not depend on the pool's int64 mode). */
export type TreeInserts = Pick<SessionPool<Int64Mode>, "insertTablets" | "insertAlignedTablets">;
/** The pool method a table writer sends with. */
export type TableInserts = Pick<TableSessionPool<Int64Mode>, "insert">;

export interface TabletSink {
  /** Most tablets one request may carry (table model: 1). */
  readonly maxTablets: number;
  /** Which tablets may share a request: those whose key is equal. */
  groupOf(schema: TargetSchema): string;
  /** Sends the tablets (of one group) in as few requests as the routing allows. */
  send(tablets: readonly Tablet[]): Promise<unknown>;
}

export function treeSink(pool: TreeInserts): TabletSink {
  return {
    maxTablets: Number.POSITIVE_INFINITY,
    groupOf: (schema) => (schema.aligned === true ? "aligned" : "non-aligned"),
    send: (tablets) =>
      tablets[0]!.schema.aligned === true ? pool.insertAlignedTablets(tablets) : pool.insertTablets(tablets),
  };
}

export function tableSink(pool: TableInserts): TabletSink {
  return {
    maxTablets: 1,
    groupOf: (schema) => schema.target,
    send: (tablets) => pool.insert(tablets[0]!),
  };
}
