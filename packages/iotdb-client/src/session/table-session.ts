// The table-model session: always sql_dialect "table", an optional database, tablet inserts with
// TAG / ATTRIBUTE / FIELD columns, and the database a `USE` switched to kept for reconnects.
import { type Int64Mode, insertTabletCall } from "@zerowire/iotdb-codec";
import type { CallOptions } from "../abort.js";
import type { Status } from "../errors.js";
import type { TSExecuteStatementResp } from "../gen/client_types.js";
import { BaseSession } from "./base-session.js";
import type { TableOperations } from "./operations.js";
import type { SessionOptions } from "./session-options.js";
import { type SessionTablet, withModel } from "./tablet-input.js";

/**
 * The table-model session; M is its int64 mode ("bigint" unless `int64: "number"`), which types
 * its query results. Its operations are documented once, in {@link TableOperations}.
 */
export class TableSession<M extends Int64Mode = "bigint"> extends BaseSession<M> implements TableOperations<M> {
  /** A session that is not open yet: call open() (or let the first call fail with a ConnectionError). */
  constructor(options: SessionOptions<M> = {}) {
    super(options, "table");
  }

  insert(tablet: SessionTablet, options?: CallOptions): Promise<Status> {
    return this.sendInsert(() => insertTabletCall(withModel(tablet, "table"), this.insertOptions), options);
  }

  /**
   * @internal
   * After a successful `USE db` the server names the session's database in the reply (as the
   * Java client reads it); a reopened session then asks for that database.
   */
  protected override afterNonQuery(_sql: string, resp: TSExecuteStatementResp): void {
    if (resp.database != null) this.currentDatabase = resp.database;
  }
}
