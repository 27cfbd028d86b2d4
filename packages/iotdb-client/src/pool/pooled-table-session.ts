// What TableSessionPool.getSession() hands out: Java's ITableSession of a pool (insert, the two
// statement calls, close). The caller holds the pool's session until close(), which gives it back
// to the pool instead of ending it (as Java's pooled table session does). A wrapper, not the
// TableSession itself, so that a caller cannot end the pool's session or use it after giving it back.
// Its operations are the TableSession's (session/operations.ts), each forwarded as it is to the
// held session.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import { ConnectionError } from "../errors.js";
import type { TableOperations } from "../session/operations.js";
import type { TableSession } from "../session/table-session.js";
import { defineMethod, forward } from "./operation-routes.js";

/** Every operation of a TableSession, each forwarded to the held session. */
const OPERATIONS: Record<keyof TableOperations, true> = {
  insert: true,
  executeQueryStatement: true,
  executeNonQueryStatement: true,
};

/** The table operations of a PooledTableSession (documented in {@link TableOperations}), run on the held session. */
export interface PooledTableSession<M extends Int64Mode = "bigint"> extends TableOperations<M> {}

/**
 * A session of a TableSessionPool held by one caller (TableSessionPool.getSession()): the
 * TableSession's operations ({@link TableOperations}) on that session until close() gives it back
 * to the pool. Read or close a data set before close(). A USE through executeNonQueryStatement
 * makes the pool close the session when it comes back. M: the pool's int64 mode, which types
 * query results.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above declares the operations the class defines from its route table (session/operations.ts)
export class PooledTableSession<M extends Int64Mode = "bigint"> {
  static {
    for (const method of Object.keys(OPERATIONS)) {
      defineMethod(this.prototype, method, function (this: PooledTableSession<Int64Mode>, ...args: unknown[]) {
        return this.use((s) => forward(s, method, args));
      });
    }
  }

  #session: TableSession<M> | undefined;
  readonly #release: (error?: unknown) => void;
  /** The last connection error seen: the session then goes back as broken. */
  #failure: unknown;

  /** Made by TableSessionPool.getSession(). */
  constructor(session: TableSession<M>, release: (error?: unknown) => void) {
    this.#session = session;
    this.#release = release;
  }

  /** The database the held session is in. */
  get database(): string | undefined {
    return this.#session?.database;
  }

  /** False once close() gave the session back. */
  get isOpen(): boolean {
    return this.#session !== undefined;
  }

  /** Gives the session back to the pool (Java's close() of a pooled session). Idempotent. */
  async close(): Promise<void> {
    if (this.#session === undefined) return;
    this.#session = undefined;
    this.#release(this.#failure);
  }

  private use<R>(fn: (session: TableSession<M>) => Promise<R>): Promise<R> {
    const session = this.#session;
    if (session === undefined)
      return Promise.reject(new ConnectionError("this pooled session was closed (given back to its pool)"));
    return fn(session).catch((error: unknown) => {
      if (error instanceof ConnectionError) this.#failure = error;
      throw error;
    });
  }
}
