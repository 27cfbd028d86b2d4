// Sends one request's batches until each is acknowledged or has failed for good. A transient
// failure sends the whole request again after a jittered backoff (at most maxRetries times). A
// permanent failure of a request of several targets: the server names only the first failed
// device of an insertTablets and stores the rest (wire-format doc §7). The pool attributes such a
// refusal (attributeRefusals) and rejects with one sub-status per tablet: those say which batches
// were stored. Without them (the pool's attribution off), each batch is sent again alone (writes
// are idempotent) and only those that fail alone are reported failed. A stop (close() deadline)
// ends the waiting: what was not settled then is "abandoned", neither written nor failed.
import type { Tablet } from "@zerowire/iotdb-codec";
import { IoTDBError } from "../errors.js";
import { statusError } from "../status.js";
import type { Batch } from "./target-buffer.js";
import { isTransient, retryDelay } from "./retry-policy.js";

/** Per batch: "written", the error it failed with, or "abandoned" (stopped before it settled). */
export type BatchOutcome = "written" | "abandoned" | { error: unknown };

export interface DeliveryContext {
  send(tablets: readonly Tablet[]): Promise<unknown>;
  maxRetries: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Counts every request sent and every retry (for metrics). */
  sent(points: number): void;
  retried(): void;
  /** Resolves after `ms`, or early when the writer stops; true = stopped. */
  wait(ms: number): Promise<boolean>;
  stopped(): boolean;
}

export async function deliver(batches: readonly Batch[], ctx: DeliveryContext): Promise<BatchOutcome[]> {
  const outcome = await attempt(batches, ctx);
  if (outcome === "written" || outcome === "abandoned" || batches.length === 1 || isTransient(outcome.error))
    return batches.map(() => outcome);
  // One request, several targets, a permanent failure: which of them failed?
  const perBatch = attributed(outcome.error, batches.length);
  const outcomes: BatchOutcome[] = [];
  for (const [i, batch] of batches.entries()) {
    const known = perBatch?.[i];
    if (known !== undefined && (known === "written" || !isTransient(known.error))) outcomes.push(known);
    else outcomes.push(ctx.stopped() ? "abandoned" : await attempt([batch], ctx));
  }
  return outcomes;
}

/** The outcome of each batch, when the error carries one sub-status per batch (the pool's attribution). */
function attributed(error: unknown, batches: number): Array<"written" | { error: unknown }> | undefined {
  if (!(error instanceof IoTDBError) || error.subStatus.length !== batches) return undefined;
  return error.subStatus.map((status) => {
    const failed = statusError(status, "insertTablets refused this target's rows");
    return failed === undefined ? "written" : { error: failed };
  });
}

/** Sends the batches as one request, retrying transient failures; the last error once retries are spent. */
async function attempt(batches: readonly Batch[], ctx: DeliveryContext): Promise<BatchOutcome> {
  const tablets = batches.map((b) => b.tablet);
  const points = batches.reduce((n, b) => n + b.points, 0);
  for (let retry = 0; ; retry++) {
    if (ctx.stopped()) return "abandoned";
    try {
      ctx.sent(points);
      await ctx.send(tablets);
      return "written";
    } catch (error) {
      if (!isTransient(error) || retry >= ctx.maxRetries) return { error };
      ctx.retried();
      if (await ctx.wait(retryDelay(retry, ctx.retryBaseMs, ctx.retryMaxMs))) return "abandoned";
    }
  }
}
