// A pool of table-model TableSessions, all opened in the pool's database (sent at openSession, so
// no call pays a USE round trip). A session that leaves that database (a USE through
// withSession or executeNonQueryStatement) is closed when it comes back instead of being reused.
// Tablets are routed whole by the device (table + TAG values) of their first row in wire order;
// the per-row hints of the server's answer teach the route of every device in the tablet.
import type { Status } from "../errors.js";
import { TableSession } from "../session/table-session.js";
import type { SessionTablet } from "../session/tablet-input.js";
import { BasePool } from "./base-pool.js";
import type { PoolOptions } from "./pool-options.js";
import { tableRowDevices } from "./table-devices.js";

export class TableSessionPool extends BasePool<TableSession> {
  /** The database every session of the pool is in (the `database` option), if any. */
  readonly database: string | undefined;

  constructor(options: PoolOptions<TableSession> = {}) {
    super(options, (o) => new TableSession(o));
    this.database = options.database;
  }

  /** Writes a table-model tablet (TAG / ATTRIBUTE / FIELD columns), routed by its first row's device. */
  insert(tablet: SessionTablet): Promise<Status> {
    return this.insertRouted("insert", tableRowDevices(tablet), (s) => s.insert(tablet));
  }

  protected override canReuse(session: TableSession): boolean {
    return session.database === this.database;
  }
}
