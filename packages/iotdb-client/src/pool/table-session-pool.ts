// A pool of table-model TableSessions, all opened in the pool's database (sent at openSession, so
// no call pays a USE round trip). A session that leaves that database (a USE through
// withSession or executeNonQueryStatement) is closed when it comes back instead of being reused.
// Tablets are routed whole by the device (table + TAG values) of their first row in wire order;
// the per-row hints of the server's answer teach the route of every device in the tablet.
import type { Int64Mode } from "@zerowire/iotdb-codec";
import type { Status } from "../errors.js";
import type { SessionOptions } from "../session/session-options.js";
import { TableSession } from "../session/table-session.js";
import type { SessionTablet } from "../session/tablet-input.js";
import { BasePool } from "./base-pool.js";
import type { PoolOptions } from "./pool-options.js";
import { tableRowDevices } from "./table-devices.js";

/** M: the int64 mode of the pool's sessions ("bigint" unless `int64: "number"`), which types query results. */
export class TableSessionPool<M extends Int64Mode = "bigint"> extends BasePool<TableSession<M>, M> {
  /** The database every session of the pool is in (the `database` option), if any. */
  readonly database: string | undefined;

  constructor(options: PoolOptions<TableSession<M>, M> = {}) {
    super(options, (o) => new TableSession(o as SessionOptions<M>));
    this.database = options.database;
  }

  /** Writes a table-model tablet (TAG / ATTRIBUTE / FIELD columns), routed by its first row's device. */
  insert(tablet: SessionTablet): Promise<Status> {
    return this.insertRouted("insert", tableRowDevices(tablet), (s) => s.insert(tablet));
  }

  protected override canReuse(session: TableSession<M>): boolean {
    return session.database === this.database;
  }
}
