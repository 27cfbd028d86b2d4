// Group commit: inserts that find no idle session wait in a queue per DataNode, and when a session
// comes free the first waiting insert goes out together with every later waiting insert of the same
// kind (insertRecord/insertRecords parts -> one insertRecords; insertTablet/insertTablets parts ->
// one insertTablets; aligned and non-aligned apart), as one request. An insert that finds an idle
// session is sent at once, as without group commit: nothing waits for a batch to fill.
//
// Order per device: a waiting insert that cannot join the batch (another kind, over the size cap,
// a tablet of a device already in it, or sent alone after a failure) holds back every later insert
// of its devices, so the inserts of one device go out in the order they were made.
//
// Failure attribution (why a merged request that fails is re-sent in parts): the server answers a
// batch that partly fails with one status (507, empty subStatus) naming only the first failed part,
// and stores everything else (docs/iotdb-wire-format.md §7.1); writes of the same series, time and
// value are idempotent. So when a merged request is refused (any IoTDBError that is not needRetry),
// or the codec refuses the merged batch before sending it (an EncodeError: one caller's bad value,
// or two callers' records of one device with different types, which the Java client's
// records-to-tablets conversion refuses too), each caller's part is sent again alone, and each
// caller gets the outcome of its own part. A merged request whose connection failed is retried per
// caller as a single call would be (maxRetries, on another DataNode when one is up).
import type { EndPoint, Status } from "../errors.js";
import type { WrittenDevices } from "./redirect-hints.js";

/** How inserts of one kind merge: one constant per kind, compared by identity. */
export interface MergeKind<S, I> {
  /** The method the merged request is counted as (onRequest, stats). */
  readonly method: string;
  /** Sends the merged items as one request. */
  send(session: S, items: readonly I[]): Promise<Status>;
  deviceOf(item: I): string | undefined;
  /** Whether the server answers for the item (the codec leaves all-null records out). */
  isSent(item: I): boolean;
  /** Values in the item (rows x columns): what the merged request's size cap counts. */
  points(item: I): number;
  /** A merged request may not hold two items of one device (insertTablets: one tablet per device, as Java's Map). */
  readonly uniqueDevices: boolean;
  /**
   * Whether `item` may join a request that starts with `first` (table tablets: same table and columns); default yes.
   */
  compatible?(first: I, item: I): boolean;
  /**
   * The devices the merged request wrote, one per sub-status of the answer, when they are not the
   * items' own in order (a table tablet: its rows in wire order); then callers get the merged
   * request's code rather than sub-statuses of their own.
   */
  written?(items: readonly I[]): WrittenDevices | undefined;
}

/** One caller's insert (or one routed part of it) on its way to a DataNode. */
export interface Member<S> {
  /** The caller's own method, and the request it makes when sent alone. */
  readonly method: string;
  readonly op: (session: S) => Promise<Status>;
  /** Devices of the items the server answers for, in order (hints, request events). */
  readonly devices: readonly string[];
  /** Every device the insert touches (what orders it against other inserts). */
  readonly touches: readonly string[];
  readonly target: (() => EndPoint | undefined) | undefined;
  /** How it merges; undefined: always sent alone. */
  merge:
    | {
        readonly kind: MergeKind<S, unknown>;
        readonly items: readonly unknown[];
        readonly points: number;
        readonly single: boolean;
      }
    | undefined;
  attempt: number;
  /** Its place in its DataNode's queue. */
  ticket: number;
  /** When it entered its queue (performance.now()): it rejects after waiting waitTimeoutMs there. */
  queuedAt: number;
  /** Whether a request carrying it went out before (then a timeout cannot say it was not written). */
  sent: boolean;
  /** The caller's signal: aborting removes it from its queue, or, once sent, stops the caller waiting. */
  readonly signal: AbortSignal | undefined;
  resolve(status: Status): void;
  reject(error: unknown): void;
}

/**
 * Takes the batch to send from the waiting inserts of one DataNode: the first, then every later one
 * that merges with it, within `maxPoints` (the first is taken whatever its size), in arrival order.
 */
export function takeBatch<S>(waiting: Member<S>[], maxPoints: number): Member<S>[] {
  // Hot path under load: one pass over the waiting inserts per request sent.
  const head = waiting.shift()!;
  const kind = head.merge?.kind;
  if (kind === undefined) return [head];
  const batch = [head];
  let points = head.merge!.points;
  const blocked = new Set<string>();
  const inBatch = kind.uniqueDevices ? new Set(head.touches) : undefined;
  const first = head.merge!.items[0];
  for (let i = 0; i < waiting.length; ) {
    const m = waiting[i]!;
    const fits =
      m.merge !== undefined &&
      m.merge.kind === kind &&
      points + m.merge.points <= maxPoints &&
      !touchesAny(m, blocked) &&
      (kind.compatible === undefined || kind.compatible(first, m.merge.items[0])) &&
      (inBatch === undefined || !touchesAny(m, inBatch));
    if (!fits) {
      for (const d of m.touches) blocked.add(d);
      i++;
      continue;
    }
    points += m.merge!.points;
    batch.push(m);
    if (inBatch !== undefined) for (const d of m.touches) inBatch.add(d);
    waiting.splice(i, 1);
  }
  return batch;
}

function touchesAny(m: { readonly touches: readonly string[] }, devices: ReadonlySet<string>): boolean {
  if (devices.size === 0) return false;
  for (const d of m.touches) if (devices.has(d)) return true;
  return false;
}

/** The merged items of a batch, in arrival order. */
export function mergedItems<S>(batch: readonly Member<S>[]): unknown[] {
  const items: unknown[] = [];
  for (const m of batch) for (const item of m.merge!.items) items.push(item);
  return items;
}

/**
 * Each member's status from the merged request's: its own sub-statuses when the answer has one
 * per item sent (a single-item insert gets its item's), else the merged code and message.
 */
export function memberStatuses<S>(batch: readonly Member<S>[], status: Status): Status[] {
  const sub = batch[0]!.merge!.kind.written === undefined ? status.subStatus : undefined;
  const total = batch.reduce((n, m) => n + m.devices.length, 0);
  const perItem = sub !== undefined && sub.length === total;
  let offset = 0;
  return batch.map((m) => {
    const count = m.devices.length;
    const own = perItem ? sub.slice(offset, offset + count) : undefined;
    offset += count;
    if (own === undefined)
      return status.message === undefined ? { code: status.code } : { code: status.code, message: status.message };
    if (m.merge!.single) return own[0] ?? { code: 200 };
    return { code: own.some((s) => s.code === 400) ? 400 : 200, subStatus: own };
  });
}
