// Which parts of one caller's batch a refusal was about. The server refuses a batch with a bad
// part as a whole (507, no sub-status) but stores every other part and names only the first bad
// one (docs/iotdb-wire-format.md §7), so the reply cannot say what was stored. Writes are
// idempotent (the same series, time and value overwrite themselves), so the batch is sent again in
// halves on the same session until every refused part stands alone: k bad parts of n cost about
// 2k·log2(n/k) more requests, and only when a batch was refused. The outcome is one status per
// part, as a MULTIPLE_ERROR reply carries them.
import { IoTDBError, type Status } from "../errors.js";
import { StatusCode } from "../status-codes.js";

/**
 * A refusal the attribution applies to: the server's, for a batch of several parts, with no
 * sub-status to say which, and not one to retry (a retry sends the batch again as a whole).
 */
export function isUnattributedRefusal(error: unknown, parts: number): error is IoTDBError {
  return error instanceof IoTDBError && parts > 1 && error.subStatus.length === 0 && error.status.needRetry !== true;
}

/**
 * Sends subsets of `items` again (`send`) until each refused item stands alone, and rejects with
 * an IoTDBError (MULTIPLE_ERROR) whose `subStatus` holds one status per item: the success of a
 * subset that was stored, or the refusal of the item alone. When every subset is stored, resolves
 * with a success carrying those statuses. Items `isSent` says nothing of (all-null records) get
 * a success without a request. A failure other than a refusal (a lost connection) stops the
 * search and is what the call rejects with: the pool retries such a call whole.
 */
export async function attributeRefusal<I>(
  method: string,
  items: readonly I[],
  send: (items: readonly I[]) => Promise<Status>,
  isSent: (item: I) => boolean,
): Promise<Status> {
  const statuses: Status[] = items.map(() => ({ code: StatusCode.SUCCESS_STATUS }));
  const sent = items.flatMap((item, i) => (isSent(item) ? [i] : []));
  // Both halves of the refused batch are sent: the refusal says one part failed, not which half.
  const pending = split(sent);
  let requests = 0;
  while (pending.length > 0) {
    const indices = pending.shift()!;
    requests++;
    try {
      const status = await send(indices.map((i) => items[i]!));
      for (const i of indices) statuses[i] = status;
    } catch (error) {
      if (!(error instanceof IoTDBError) || error.status.needRetry === true) throw error;
      if (indices.length === 1 || error.subStatus.length === indices.length) {
        indices.forEach((i, j) => (statuses[i] = indices.length === 1 ? error.status : error.subStatus[j]!));
      } else {
        pending.unshift(...split(indices));
      }
    }
  }
  const refused = sent.filter((i) => !isStored(statuses[i]!));
  // Every part was stored when sent again (what was refused was not any part alone): the call did its work.
  if (refused.length === 0) return { code: StatusCode.SUCCESS_STATUS, subStatus: statuses };
  throw new IoTDBError(
    {
      code: StatusCode.MULTIPLE_ERROR,
      message: `${refused.length} of ${items.length} items refused`,
      subStatus: statuses,
    },
    `${method} refused as a whole (the server names only its first failure); sent again in ${requests} parts to attribute it: item${refused.length === 1 ? "" : "s"} ${listed(refused)} refused, the other ${items.length - refused.length} stored (subStatus: one status per item)`,
  );
}

function isStored(status: Status): boolean {
  return status.code === StatusCode.SUCCESS_STATUS || status.code === StatusCode.REDIRECTION_RECOMMEND;
}

function split(indices: readonly number[]): number[][] {
  if (indices.length < 2) return indices.length === 0 ? [] : [[...indices]];
  const half = indices.length >> 1;
  return [indices.slice(0, half), indices.slice(half)];
}

function listed(indices: readonly number[]): string {
  const shown = indices.slice(0, 10).join(", ");
  return indices.length > 10 ? `${shown} and ${indices.length - 10} more` : shown;
}
