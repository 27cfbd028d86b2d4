// Write-to-acknowledgement latency of rows sent by our batching writer, which does not say which
// request carried a row. What it does guarantee (its README; packages/iotdb-client/src/ingest):
// a target's rows go out in the order written, and a target is in at most one request at a time.
// So when a request acknowledges k rows of target T, they are T's next k rows not yet settled,
// and a row sampled as T's i-th row of the round is acknowledged once T's settled count passes i.
// Failed rows settle too (the writer's 'failed' event), without a latency. Bookkeeping is per
// sampled row and per request, never per row: the writer's hot path is what is measured.
import type { LatencyLog } from "./round-measure.js";

interface TargetRows {
  /** Rows of the target settled (acknowledged or failed) this round. */
  settled: number;
  /**
   * Sampled rows not yet settled, oldest first from `head`: their index in the target's rows, and when they were
   * written (ms).
   */
  indices: number[];
  writtenAt: number[];
  head: number;
}

export class RowAckLatency {
  private readonly targets = new Map<string, TargetRows>();

  constructor(private readonly log: LatencyLog) {}

  /** The target's row `index` (rows of it written before this one, this round) was handed to the writer at `at` ms. */
  sampled(target: string, index: number, at: number): void {
    const t = this.target(target);
    if (index < t.settled) throw new Error(`${target}: row ${index} sampled after ${t.settled} rows settled`);
    t.indices.push(index);
    t.writtenAt.push(at);
  }

  /** `rows` more rows of the target were acknowledged at `at` ms: the sampled ones among them get their latency. */
  acknowledged(target: string, rows: number, at: number): void {
    const t = this.target(target);
    t.settled += rows;
    while (t.head < t.indices.length && t.indices[t.head]! < t.settled) this.log.add(at - t.writtenAt[t.head++]!);
    this.compact(t);
  }

  /** `rows` more rows of the target failed: they settle without a latency. */
  failed(target: string, rows: number): void {
    const t = this.target(target);
    t.settled += rows;
    while (t.head < t.indices.length && t.indices[t.head]! < t.settled) t.head++;
    this.compact(t);
  }

  /** Sampled rows still unsettled (0 after a round that ended with flush()); then starts a new round. */
  endRound(): number {
    let unsettled = 0;
    for (const t of this.targets.values()) unsettled += t.indices.length - t.head;
    this.targets.clear();
    return unsettled;
  }

  private target(name: string): TargetRows {
    let t = this.targets.get(name);
    if (t === undefined) {
      t = { settled: 0, indices: [], writtenAt: [], head: 0 };
      this.targets.set(name, t);
    }
    return t;
  }

  /** Drops settled entries once they are most of the arrays (amortised O(1) per sample). */
  private compact(t: TargetRows): void {
    if (t.head < 1024 || t.head * 2 < t.indices.length) return;
    t.indices.splice(0, t.head);
    t.writtenAt.splice(0, t.head);
    t.head = 0;
  }
}
