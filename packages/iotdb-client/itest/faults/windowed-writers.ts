// Writers whose every request is countable: request k of writer w inserts ROWS points into device
// w at times [k*ROWS, (k+1)*ROWS), so a GROUP BY over those windows tells, request by request,
// what the server stored. Each call is tracked from start to settlement; the stored windows are
// then held against what each call was told (acknowledged or rejected).
import * as assert from "uvu/assert";
import type { Session, SessionPool } from "../../src/index.js";
import { CallTracker, sleep, type TrackedCall } from "./fault-env.js";

export interface Req {
  writer: number;
  k: number;
}

export interface StoredCheck {
  /** Points of acknowledged calls. */
  ackedPoints: number;
  /** Points the server holds. */
  storedPoints: number;
  /** Rejected calls whose points are stored (sent, applied, then the answer was lost). */
  rejectedApplied: TrackedCall<Req>[];
  rejectedAppliedPoints: number;
  /** stored[w][k]: points of writer w's request k. */
  stored: number[][];
}

export class WindowedWriters {
  readonly tracker = new CallTracker<Req>();
  readonly devices: string[];
  private readonly nextK: number[];
  private stopped = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly pool: SessionPool,
    database: string,
    writers: number,
    readonly rows: number,
    /** Pause after a rejected call, so an outage is not a busy loop. */
    private readonly backoffMs: number,
  ) {
    this.devices = Array.from({ length: writers }, (_, w) => `${database}.w${w}`);
    this.nextK = new Array<number>(writers).fill(0);
  }

  start(): void {
    this.running = this.devices.map((_, w) => this.write(w));
  }

  /** Lets every writer finish its current call and stops them. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Acknowledged calls per writer that started after `since`. */
  ackedSince(since: number): number[] {
    const counts = this.devices.map(() => 0);
    for (const c of this.tracker.calls) if (c.ok && c.startedAt > since) counts[c.label.writer]!++;
    return counts;
  }

  /** Waits until every writer has `acks` acknowledged calls started after `since`, at most `ms`. */
  async waitForAcks(since: number, acks: number, ms: number): Promise<number[]> {
    const deadline = Date.now() + ms;
    while (this.ackedSince(since).some((n) => n < acks) && Date.now() < deadline) await sleep(50);
    return this.ackedSince(since);
  }

  /**
   * Reads what is stored per request and asserts what holds whatever the fault: every acknowledged
   * request is stored whole, no request in part, nothing outside the windows of requests sent.
   */
  async checkStored(session: Session): Promise<StoredCheck> {
    const requests = Math.max(...this.nextK);
    const stored: number[][] = [];
    for (const device of this.devices) {
      const perK = new Array<number>(requests).fill(0);
      const sql = `select count(s) from ${device} group by ([0, ${requests * this.rows}), ${this.rows}ms)`;
      for await (const row of await session.executeQueryStatement(sql))
        perK[Number(row.timestamp) / this.rows] = Number(row.fields[0] ?? 0);
      const [total] = await (await session.executeQueryStatement(`select count(s) from ${device}`)).toRows();
      assert.is(
        Number(total?.fields[0] ?? 0),
        perK.reduce((a, b) => a + b, 0),
        `${device}: every stored point lies in a request's window`,
      );
      stored.push(perK);
    }
    const storedOf = (c: TrackedCall<Req>) => stored[c.label.writer]![c.label.k]!;
    const calls = this.tracker.calls;
    const acked = calls.filter((c) => c.ok);
    const lost = acked
      .filter((c) => storedOf(c) !== this.rows)
      .map((c) => `w${c.label.writer} k${c.label.k}: ${storedOf(c)}/${this.rows}`);
    assert.equal(lost, [], "every acknowledged request is stored whole");
    const partial = calls
      .filter((c) => storedOf(c) !== 0 && storedOf(c) !== this.rows)
      .map((c) => `w${c.label.writer} k${c.label.k}`);
    assert.equal(partial, [], "no request is stored in part");
    const sent = new Set(calls.map((c) => `${c.label.writer}/${c.label.k}`));
    const strays = stored.flatMap((perK, w) =>
      perK.flatMap((n, k) => (n > 0 && !sent.has(`${w}/${k}`) ? [`w${w} k${k}`] : [])),
    );
    assert.equal(strays, [], "nothing is stored that no call sent");
    const rejectedApplied = calls.filter((c) => !c.ok && storedOf(c) > 0);
    const storedPoints = stored.flat().reduce((a, b) => a + b, 0);
    const ackedPoints = acked.length * this.rows;
    const rejectedAppliedPoints = rejectedApplied.length * this.rows;
    assert.is(storedPoints, ackedPoints + rejectedAppliedPoints, "stored = acknowledged + rejected-but-applied");
    return { ackedPoints, storedPoints, rejectedApplied, rejectedAppliedPoints, stored };
  }

  private async write(w: number): Promise<void> {
    while (!this.stopped) {
      const k = this.nextK[w]!++;
      const times = BigInt64Array.from({ length: this.rows }, (_, i) => BigInt(k * this.rows + i));
      const call = await this.tracker.track({ writer: w, k }, () =>
        this.pool.insertTablet({
          schema: { target: this.devices[w]!, columns: [{ name: "s", type: "INT64" }] },
          timestamps: times,
          values: [times],
        }),
      );
      if (!call.ok && this.backoffMs > 0) await sleep(this.backoffMs);
    }
  }
}
