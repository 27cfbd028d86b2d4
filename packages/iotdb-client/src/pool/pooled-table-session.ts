// What TableSessionPool.getSession() hands out: Java's ITableSession of a pool (insert, the two
// statement calls, close). The caller holds the pool's session until close(), which gives it back
// to the pool instead of ending it (as Java's pooled table session does). A wrapper, not the
// TableSession itself, so that a caller cannot end the pool's session or use it after giving it back.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import type { SessionDataSet } from "../dataset/session-data-set.js";
import { ConnectionError, type Status } from "../errors.js";
import type { QueryOptions } from "../session/base-session.js";
import type { TableSession } from "../session/table-session.js";
import type { SessionTablet } from "../session/tablet-input.js";

/** M: the pool's int64 mode, which types query results. */
export class PooledTableSession<M extends Int64Mode = "bigint"> {
  #session: TableSession<M> | undefined;
  readonly #release: (error?: unknown) => void;
  /** The last connection error seen: the session then goes back as broken. */
  #failure: unknown;

  /** Made by TableSessionPool.getSession(). */
  constructor(session: TableSession<M>, release: (error?: unknown) => void) {
    this.#session = session;
    this.#release = release;
  }

  /** TableSession.insert on the held session. */
  insert(tablet: SessionTablet): Promise<Status> {
    return this.use((s) => s.insert(tablet));
  }

  /** TableSession.executeNonQueryStatement on the held session (a USE makes the pool close it when it comes back). */
  executeNonQueryStatement(sql: string): Promise<Status> {
    return this.use((s) => s.executeNonQueryStatement(sql));
  }

  /** TableSession.executeQueryStatement on the held session; read or close the data set before close(). */
  executeQueryStatement<Q extends Int64Mode = M>(sql: string, options?: QueryOptions<Q>): Promise<SessionDataSet<Q>> {
    return this.use((s) => s.executeQueryStatement(sql, options));
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
    if (session === undefined) return Promise.reject(new ConnectionError("this pooled session was closed (given back to its pool)"));
    return fn(session).catch((error: unknown) => {
      if (error instanceof ConnectionError) this.#failure = error;
      throw error;
    });
  }
}
