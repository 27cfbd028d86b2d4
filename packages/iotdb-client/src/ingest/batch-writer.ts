// The batching writer: rows go one at a time into per-target column buffers and leave in large
// requests, sized by points or bytes, every flushIntervalMs, and on flush()/close(). Scheduling
// policy: at most maxInFlight requests at once; a target is in at most one request at a time
// (its later rows wait in its buffer), so one device's rows reach the server in the order they
// were written. Held points (buffered + in flight) are bounded: write() returns false past the
// high-water mark and 'drain' follows; past maxBufferedPoints it throws (nothing evicted). Every
// row ends written, failed (the 'failed' event, or close()'s unobservedFailures when nobody
// listened) or, only when a close deadline hits, counted as pending.
import { EventEmitter } from "node:events";
import type { Writable } from "node:stream";
import { type Cell, EncodeError } from "@zerowire/iotdb-codec";
import { OptionError } from "../errors.js";
import { shown } from "../options.js";
import { type BatchOutcome, deliver } from "./batch-delivery.js";
import type { TabletSink } from "./tablet-sink.js";
import { type Batch, TargetBuffer } from "./target-buffer.js";
import { sameSchema, type TargetSchema } from "./target-schema.js";
import { WriterClosedError, WriterFullError } from "./writer-errors.js";
import { type BatchWriterOptions, type ResolvedWriterOptions, resolveWriterOptions } from "./writer-options.js";
import type { WriterCloseResult, WriterFailure, WriterMetrics } from "./writer-report.js";
import { writerStream } from "./writer-stream.js";

export interface WriterCloseOptions {
  /** Give up waiting after this long: what is unsettled then is counted as pending. Default: wait until drained. */
  timeoutMs?: number;
}

export interface BatchWriter {
  /** Rows of a target failed for good. Without a listener they are kept for close() (and a warning is printed once). */
  on(event: "failed", listener: (failure: WriterFailure) => void): this;
  /** Held points fell below the high-water mark after a write() returned false. */
  on(event: "drain", listener: () => void): this;
  once(event: "failed", listener: (failure: WriterFailure) => void): this;
  once(event: "drain", listener: () => void): this;
}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface above types on()/once() for our events
export abstract class BatchWriter extends EventEmitter {
  private readonly options: ResolvedWriterOptions;
  private readonly buffers = new Map<string, TargetBuffer>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly wakeUps = new Set<() => void>();
  private readonly readyWaiters: (() => void)[] = [];
  private readonly unobserved: WriterFailure[] = [];
  private readonly timer: NodeJS.Timeout | undefined;
  private bufferedPoints = 0;
  private bufferedBytes = 0;
  /**
   * Of bufferedPoints, those of targets in flight: they cannot go before their request settles, so they do not make a
   * batch full.
   */
  private blockedPoints = 0;
  private inFlightPoints = 0;
  private inFlightRows = 0;
  private written = 0;
  private failed = 0;
  private retried = 0;
  private requests = 0;
  private pointsSent = 0;
  /** A write() returned false; 'drain' is owed. */
  private needDrain = false;
  /** Size says send, but every buffered target is in flight: wait for a request to settle before looking again. */
  private stalled = false;
  private closed = false;
  /** The close deadline passed: nothing more is sent or retried. */
  private stopped = false;
  private warned = false;
  private closing: Promise<WriterCloseResult> | undefined;

  protected constructor(
    private readonly sink: TabletSink,
    options: BatchWriterOptions = {},
  ) {
    super();
    this.options = resolveWriterOptions(options);
    const every = this.options.flushIntervalMs;
    // Unref'd: a writer alone does not keep the process running (close() sends what is left).
    if (every > 0) this.timer = setInterval(() => this.markAllDue(), every).unref();
  }

  /**
   * Adds a row: its time (ms, or the server's precision; a Date is converted) and one value per
   * declared column (null/undefined = no value). Throws an EncodeError (naming target, column and
   * row) for a value of the wrong type, a WriterClosedError after close(), a WriterFullError past
   * maxBufferedPoints; then nothing of the row was kept. Returns false once the held points reach
   * the high-water mark: wait for 'drain' (or ready()) before writing more.
   */
  write(target: string, time: number | bigint | Date, values: readonly Cell[]): boolean {
    if (this.closed) throw new WriterClosedError(`write to ${JSON.stringify(target)} after close()`);
    const buffer = this.buffers.get(target);
    if (buffer === undefined) throw new EncodeError(`${JSON.stringify(target)} is not defined: ${this.defineHint}`);
    const held = this.bufferedPoints + this.inFlightPoints;
    if (held + buffer.columns > this.options.maxBufferedPoints) {
      throw new WriterFullError(
        `write to ${JSON.stringify(target)}: the writer holds ${held} points (maxBufferedPoints ${this.options.maxBufferedPoints}); wait for 'drain' or ready() after write() returns false`,
        this.options.maxBufferedPoints,
      );
    }
    this.bufferedBytes += buffer.add(time, values);
    this.bufferedPoints += buffer.columns;
    // Stalled means every buffered target is in flight: no longer true once an idle one has rows.
    if (buffer.busy) this.blockedPoints += buffer.columns;
    else this.stalled = false;
    // Hot path (one call per row; bench e2e-ingest-rows): a comparison per row, the search for
    // what to send runs only once a batch is full or an idle target got rows while stalled.
    if (!this.stalled && this.isFull()) this.pump();
    if (held + buffer.columns < this.options.highWaterMark) return true;
    this.needDrain = true;
    return false;
  }

  /** Resolves once the held points are below the high-water mark (at once if they are), or the writer closed. */
  ready(): Promise<void> {
    if (this.closed || this.bufferedPoints + this.inFlightPoints < this.options.highWaterMark) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * Sends everything buffered; resolves when every row written before it is acknowledged or
   * reported failed. Never rejects. After a close() deadline passed, nothing more is sent: it
   * waits only for the requests still in flight.
   */
  flush(): Promise<void> {
    const waits: Promise<void>[] = [...this.inFlight];
    if (this.stopped) return Promise.all(waits).then(() => undefined);
    for (const buffer of this.buffers.values()) {
      if (buffer.rows === 0) continue;
      buffer.due = true;
      waits.push(new Promise((resolve) => buffer.settled.push(resolve)));
    }
    this.stalled = false;
    this.pump();
    return Promise.all(waits).then(() => undefined);
  }

  /**
   * Stops taking rows (write() throws from now on), sends what is buffered and waits for every
   * request: resolves with the rows written and failed over the writer's life, and, when
   * `timeoutMs` ran out first, the rows still pending (no more sends or retries after that).
   * Does not close the pool. Called again, returns the same promise.
   */
  close(options: WriterCloseOptions = {}): Promise<WriterCloseResult> {
    const timeoutMs = options?.timeoutMs;
    if (timeoutMs !== undefined && (typeof timeoutMs !== "number" || !(timeoutMs >= 0))) {
      throw new OptionError("timeoutMs", `close timeoutMs must be a number >= 0, got ${shown(timeoutMs)}`);
    }
    this.closing ??= this.shutdown(timeoutMs);
    return this.closing;
  }

  /** An object-mode Writable of { target, time, values } into this writer, with its backpressure; its end flushes. */
  stream(): Writable {
    return writerStream(this);
  }

  metrics(): WriterMetrics {
    return {
      buffered: this.bufferedPoints,
      inFlight: this.inFlight.size,
      inFlightPoints: this.inFlightPoints,
      written: this.written,
      retried: this.retried,
      failed: this.failed,
      requests: this.requests,
      pointsPerRequest: this.requests === 0 ? 0 : this.pointsSent / this.requests,
    };
  }

  /** How the subclass's targets are defined (for the error of a write to an unknown one). */
  protected abstract readonly defineHint: string;

  /** Declares a target; again with the same schema is a no-op, with another one an error. */
  protected define(schema: TargetSchema): void {
    if (this.closed) throw new WriterClosedError(`define ${JSON.stringify(schema.target)} after close()`);
    const known = this.buffers.get(schema.target);
    if (known !== undefined) {
      if (sameSchema(known.schema, schema)) return;
      throw new EncodeError(`${JSON.stringify(schema.target)} is already defined with another schema`);
    }
    this.buffers.set(schema.target, new TargetBuffer(schema, this.sink.groupOf(schema)));
  }

  private markAllDue(): void {
    for (const buffer of this.buffers.values()) if (buffer.rows > 0) buffer.due = true;
    this.stalled = false;
    this.pump();
  }

  /**
   * A batch's worth of rows can go: points of targets not in flight reach batchPoints, or the
   * buffered bytes reach batchBytes. Rows of a target in flight wait for it; counting them made
   * the writer send whatever few other targets were idle (the measurement in writer-options.ts:
   * 7,220 points per request for batchPoints 10,000, 8,264 for 20,000; counted out, 10,152 and
   * 19,802).
   */
  private isFull(): boolean {
    return (
      this.bufferedPoints - this.blockedPoints >= this.options.batchPoints ||
      this.bufferedBytes >= this.options.batchBytes
    );
  }

  /** Starts requests while there is room in flight and something to send. */
  private pump(): void {
    while (!this.stopped && this.inFlight.size < this.options.maxInFlight) {
      const chosen = this.nextRequest();
      if (chosen === undefined) return;
      this.dispatch(chosen);
    }
  }

  /**
   * The buffers of the next request: the first sendable one (due, or any when the buffer is over
   * a batch size; not in flight), then others of its group until the request is a batch's size.
   */
  private nextRequest(): TargetBuffer[] | undefined {
    const { batchPoints, batchBytes } = this.options;
    const full = this.isFull();
    const chosen: TargetBuffer[] = [];
    let points = 0;
    let bytes = 0;
    for (const buffer of this.buffers.values()) {
      if (buffer.rows === 0 || buffer.busy || !(buffer.due || full)) continue;
      if (chosen.length > 0 && buffer.group !== chosen[0]!.group) continue;
      chosen.push(buffer);
      points += buffer.points;
      bytes += buffer.bytes;
      if (chosen.length >= this.sink.maxTablets || points >= batchPoints || bytes >= batchBytes) break;
    }
    if (chosen.length === 0) {
      this.stalled = full;
      return undefined;
    }
    return chosen;
  }

  private dispatch(buffers: readonly TargetBuffer[]): void {
    const batches = buffers.map((buffer) => {
      // Sent buffers go to the back, so the next request starts with the targets that waited longest.
      this.buffers.delete(buffer.target);
      this.buffers.set(buffer.target, buffer);
      buffer.busy = true;
      this.bufferedBytes -= buffer.bytes;
      const batch = buffer.take();
      this.bufferedPoints -= batch.points;
      this.inFlightPoints += batch.points;
      this.inFlightRows += batch.rows;
      return batch;
    });
    const request = deliver(batches, {
      send: (tablets) => this.sink.send(tablets),
      maxRetries: this.options.maxRetries,
      retryBaseMs: this.options.retryBaseMs,
      retryMaxMs: this.options.retryMaxMs,
      sent: (points) => {
        this.requests++;
        this.pointsSent += points;
      },
      retried: () => this.retried++,
      wait: (ms) => this.wait(ms),
      stopped: () => this.stopped,
    }).then(
      (outcomes) => this.settle(batches, outcomes),
      (error: unknown) =>
        this.settle(
          batches,
          batches.map(() => ({ error })),
        ),
    );
    this.inFlight.add(request);
    void request.finally(() => {
      this.inFlight.delete(request);
      this.stalled = false;
      this.pump();
      this.maybeDrain();
    });
  }

  /**
   * Counts the outcomes and frees the targets first, then reports failures (a listener that throws cannot stop the
   * bookkeeping).
   */
  private settle(batches: readonly Batch[], outcomes: readonly BatchOutcome[]): void {
    const failures: WriterFailure[] = [];
    batches.forEach((batch, i) => {
      const outcome = outcomes[i]!;
      this.inFlightPoints -= batch.points;
      this.inFlightRows -= batch.rows;
      if (outcome === "written") this.written += batch.rows;
      else if (outcome !== "abandoned") {
        this.failed += batch.rows;
        failures.push({
          target: batch.target,
          times: batch.tablet.timestamps as WriterFailure["times"],
          error: outcome.error,
        });
      }
      const buffer = this.buffers.get(batch.target);
      if (buffer !== undefined) {
        buffer.busy = false;
        this.blockedPoints -= buffer.points;
      }
    });
    for (const failure of failures) this.report(failure);
    for (const batch of batches) for (const resolve of batch.settled) resolve();
  }

  private report(failure: WriterFailure): void {
    if (this.listenerCount("failed") > 0) {
      try {
        this.emit("failed", failure);
      } catch (error) {
        // As a throwing listener of a synchronous emit would: an uncaught exception, not a stuck writer.
        process.nextTick(() => {
          throw error;
        });
      }
      return;
    }
    this.unobserved.push(failure);
    if (!this.warned) {
      this.warned = true;
      process.emitWarning(
        `${failure.times.length} row(s) of ${JSON.stringify(failure.target)} failed and the batch writer has no 'failed' listener; failures are kept for close() (unobservedFailures)`,
        "BatchWriterWarning",
      );
    }
  }

  private maybeDrain(): void {
    if (this.bufferedPoints + this.inFlightPoints >= this.options.highWaterMark) return;
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    if (!this.needDrain) return;
    this.needDrain = false;
    this.emit("drain");
  }

  /** A retry's wait; cut short (true) when the close deadline stops the writer. */
  private wait(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeUps.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.wakeUps.delete(wake);
        resolve(false);
      }, ms);
      this.wakeUps.add(wake);
    });
  }

  private async shutdown(timeoutMs: number | undefined): Promise<WriterCloseResult> {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    const drained = this.flush().then(() => false);
    let timedOut = false;
    if (timeoutMs === undefined) await drained;
    else {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
      timedOut = await Promise.race([drained, deadline]);
      clearTimeout(timer);
    }
    let pending = 0;
    if (timedOut) {
      this.stopped = true;
      for (const buffer of this.buffers.values()) pending += buffer.rows;
      pending += this.inFlightRows;
      for (const wake of [...this.wakeUps]) wake();
    }
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    return { written: this.written, failed: this.failed, pending, unobservedFailures: [...this.unobserved] };
  }
}
