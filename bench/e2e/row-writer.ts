// The row-arrival cases on our client (e2e-ingest-rows, e2e-concurrent-records), run in a process
// of its own (workers/node-worker-main.ts) so that its CPU time and peak RSS are the client's.
// CLIENT_NUMBER producers (async loops in one process) hand the client one row at a time, in the
// order Java's producer threads do (bench/java WriteRound, rowsBatched / rowRecord): loop by
// loop, row r of the template to each of the producer's devices in turn, at the time the tablet
// cases give row r of loop l. An op is a row.
//   rowsBatched: writer.write() per row, on the pool's batching writer with its defaults (after
//     a false, await ready()); the round ends with flush(), so every row of it has settled.
//   rowRecord: await pool.insertRecord() per row.
// Latency: rowRecord, each call; rowsBatched, every SAMPLE_EVERY-th row of a producer, from
// write() to the acknowledgement of the request that carried it (row-ack-latency.ts), observed by
// wrapping this pool's insertTablets, which the writer sends through.
import type { IoTDBClient } from "./client.js";
import { openTreePool, type Endpoint } from "./connect.js";
import { type RoundTally, timedRound } from "./round-tally.js";
import { RowAckLatency } from "./row-ack-latency.js";
import type { RoundMeasure } from "./round-measure.js";
import { templateRow } from "./template.js";
import type { MixType } from "./type-mix.js";
import { clientDevices, deviceName, type Workload } from "./workload.js";
import type { RoundProgress, RoundSpec, Writer } from "./writer.js";

/**
 * One row in SAMPLE_EVERY of a producer has its latency logged: a power of two, the same as Java's
 * (WriteRound.SAMPLE_EVERY).
 */
const SAMPLE_EVERY = 16;

type Pool = IoTDBClient.SessionPool;
type BatchWriter = IoTDBClient.TreeBatchWriter;
type RowValues = Parameters<BatchWriter["write"]>[2];
type Time = number | bigint;

/** The round under way with the batching writer: where its acknowledgements and failures go. */
interface BatchedRound {
  tally: RoundTally;
  latency: RowAckLatency;
  acknowledgedRows: number;
  failedRows: number;
  /** insertTablets calls the writer made (retries and single-target re-sends included). */
  requests: number;
}

export class RowWriter implements Writer {
  private readonly measurements: string[];
  private readonly types: MixType[];
  /** The template's rows, each an array of one value per sensor (what a producer hands over). */
  private readonly rows: RowValues[];
  private readonly producers: string[][];
  private batched: BatchedRound | undefined;

  private constructor(
    private readonly w: Workload,
    private readonly pool: Pool,
    private readonly writer: BatchWriter | undefined,
  ) {
    this.measurements = w.sensors.map((s) => s.name);
    this.types = w.sensors.map((s) => s.type);
    this.rows = Array.from({ length: w.batchSize }, (_, r) => templateRow(w.template, r) as RowValues);
    this.producers = clientDevices(w).map((devices) => devices.map((d) => deviceName(w, d)));
  }

  static async open(e: Endpoint, w: Workload): Promise<RowWriter> {
    if (w.model === "table") throw new Error("the row-arrival cases write the tree model");
    const pool = await openTreePool(
      e,
      w.poolDefaults
        ? {}
        : {
            maxSize: w.pool.maxSize,
            minSize: w.pool.minSize,
            maxIdleMs: w.pool.maxIdleMs,
            waitTimeoutMs: w.pool.waitTimeoutMs,
          },
    );
    if (w.insert !== "rows") return new RowWriter(w, pool, undefined);
    const writer = pool.writer();
    const self = new RowWriter(w, pool, writer);
    const definition = { measurements: self.measurements, types: self.types, aligned: w.model === "aligned" };
    for (const devices of self.producers) for (const device of devices) writer.defineDevice(device, definition);
    writer.on("failed", (f) => {
      const round = self.batched;
      if (round === undefined) return;
      round.latency.failed(f.target, f.times.length);
      round.failedRows += f.times.length;
      round.tally.failed(f.error, f.times.length);
    });
    self.observeAcknowledgements();
    return self;
  }

  async round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure> {
    const times = timesFrom(spec.startTime, this.w.pointStep);
    let requests = 0;
    const measure = await timedRound(spec, progress, false, async (tally, loops, deadline) => {
      if (spec.method === "rowsBatched")
        requests = await this.runBatched(tally, (devices) =>
          this.produceBatched(devices, times, loops, deadline, tally),
        );
      else if (spec.method === "rowRecord")
        await Promise.all(this.producers.map((devices) => this.produceRecords(devices, times, loops, deadline, tally)));
      else throw new Error(`the row-arrival cases do not run ${spec.method}`);
    });
    // insertRecord: one call per row; how many requests the pool made of them (group commit) it does not say.
    if (spec.method === "rowsBatched") measure.requests = requests;
    measure.peakRssMb = process.resourceUsage().maxRSS / 1024;
    return measure;
  }

  async close(): Promise<void> {
    try {
      await this.writer?.close();
    } finally {
      await this.pool.close();
    }
  }

  /**
   * The producers through the batching writer, then flush(): every row of the round acknowledged or failed. Resolves
   * with the requests sent.
   */
  private async runBatched(
    tally: RoundTally,
    produce: (devices: readonly string[]) => Promise<number>,
  ): Promise<number> {
    const writer = this.writer;
    if (writer === undefined) throw new Error("rowsBatched needs the e2e-ingest-rows workload");
    const round: BatchedRound = {
      tally,
      latency: new RowAckLatency(tally.newLog()),
      acknowledgedRows: 0,
      failedRows: 0,
      requests: 0,
    };
    const writtenBefore = writer.metrics().written;
    this.batched = round;
    try {
      const rows = (await Promise.all(this.producers.map(produce))).reduce((a, b) => a + b, 0);
      await writer.flush();
      const written = writer.metrics().written - writtenBefore;
      // The latency probe must have seen every request the writer says it sent.
      if (round.acknowledgedRows !== written || round.acknowledgedRows + round.failedRows !== rows) {
        throw new Error(
          `after flush(): ${rows} rows written, the writer acknowledged ${written} and failed ${round.failedRows}, the latency probe saw ${round.acknowledgedRows} acknowledged`,
        );
      }
      const unsettled = round.latency.endRound();
      if (unsettled > 0) throw new Error(`after flush(): ${unsettled} sampled rows never settled`);
      return round.requests;
    } finally {
      this.batched = undefined;
    }
  }

  /** One producer's rows through the writer, waiting when it says so; resolves with the rows written. */
  private async produceBatched(
    devices: readonly string[],
    times: (index: number) => Time,
    loops: number,
    deadline: number,
    tally: RoundTally,
  ): Promise<number> {
    const writer = this.writer!;
    const latency = this.batched!.latency;
    const batch = this.w.batchSize;
    let emitted = 0;
    for (let loop = 0; loop < loops; loop++) {
      for (let r = 0; r < batch; r++) {
        // A producer emits no row after the deadline (checked once per row of its devices, as Java does).
        if (performance.now() >= deadline) return emitted;
        if (r === 0) tally.loopStarted(loop);
        const index = loop * batch + r;
        const time = times(index);
        const values = this.rows[r]!;
        for (const device of devices) {
          if ((emitted & (SAMPLE_EVERY - 1)) === 0) latency.sampled(device, index, performance.now());
          emitted++;
          if (!writer.write(device, time, values)) await writer.ready();
        }
      }
    }
    return emitted;
  }

  /** One producer's rows, each by insertRecord on the pool. */
  private async produceRecords(
    devices: readonly string[],
    times: (index: number) => Time,
    loops: number,
    deadline: number,
    tally: RoundTally,
  ): Promise<void> {
    const log = tally.newLog();
    const pointsPerRow = this.measurements.length;
    const batch = this.w.batchSize;
    for (let loop = 0; loop < loops; loop++) {
      for (let r = 0; r < batch; r++) {
        if (r === 0) tally.loopStarted(loop);
        const time = times(loop * batch + r);
        const values = this.rows[r] as IoTDBClient.InsertRecord["values"];
        for (const deviceId of devices) {
          if (performance.now() >= deadline) return;
          await tally.timed(log, pointsPerRow, () =>
            this.pool.insertRecord({ deviceId, time, measurements: this.measurements, types: this.types, values }),
          );
        }
      }
    }
  }

  /**
   * The writer sends through this pool's insertTablets (its sink: packages/iotdb-client
   * ingest/tablet-sink.ts): a wrapper on this one instance sees every request settle. A rejected
   * attempt is not an acknowledgement (the writer retries it or reports its rows failed).
   */
  private observeAcknowledgements(): void {
    const pool = this.pool;
    const send = pool.insertTablets.bind(pool);
    pool.insertTablets = (tablets, ...rest) => {
      if (this.batched !== undefined) this.batched.requests++;
      const sent = send(tablets, ...rest);
      sent.then(
        () => {
          const round = this.batched;
          if (round === undefined) return;
          const at = performance.now();
          let rows = 0;
          for (const tablet of tablets) {
            const k = tablet.timestamps.length;
            round.latency.acknowledged(tablet.schema.target, k, at);
            rows += k;
          }
          round.acknowledgedRows += rows;
          round.tally.succeeded(rows * this.measurements.length, rows);
        },
        () => {},
      );
      return sent;
    };
  }
}

/**
 * Row `index` of a round's devices is at start + index × step: numbers while they are safe integers (ms precision),
 * else bigints.
 */
function timesFrom(start: bigint, step: bigint): (index: number) => Time {
  if (start + 2n ** 40n * step < 2n ** 53n) {
    const s = Number(start);
    const d = Number(step);
    return (index) => s + index * d;
  }
  return (index) => start + BigInt(index) * step;
}
