// The write workload on our client: concurrent clients in this process sharing one SessionPool
// (TableSessionPool) of POOL_MAX_SIZE sessions. Every tablet object is built when the writer
// opens; a round only rewrites each client's timestamps once per loop.
import { flatString } from "../lib/data.js";
import { client, type IoTDBClient } from "./client.js";
import { openTablePool, openTreePool, type Endpoint } from "./connect.js";
import { measured, type RoundTally, timedRound } from "./round-tally.js";
import type { RoundMeasure } from "./round-measure.js";
import { templateRow } from "./template.js";
import {
  clientDevices,
  deviceName,
  pointsPerTablet,
  TABLE_NAME,
  TAG_COLUMN,
  type Model,
  type Workload,
} from "./workload.js";
import type { RoundProgress, RoundSpec, Writer } from "./writer.js";

type AnyPool = IoTDBClient.SessionPool | IoTDBClient.TableSessionPool;
type AnySession = IoTDBClient.Session | IoTDBClient.TableSession;
type Tablet = IoTDBClient.SessionTablet;
type Outcome = IoTDBClient.ItemOutcome<unknown>;

/** The model's insert calls: on the pool (routed), on a session, and of many tablets at once. */
interface Inserts {
  pool(pool: AnyPool, tablet: Tablet): Promise<unknown>;
  session(session: AnySession, tablet: Tablet): Promise<unknown>;
  batch: ((pool: AnyPool, tablets: readonly Tablet[]) => Promise<unknown>) | undefined;
}

interface ClientState {
  /** One row timestamp per tablet row, rewritten at the start of each loop; every tablet of the client shares it. */
  timestamps: BigInt64Array;
  tablets: Tablet[];
}

export interface NodeWriterOptions {
  /** Return every op's latency with the measure (a worker process's writer). */
  rawLatencies?: boolean;
}

export class NodeWriter implements Writer {
  private readonly inserts: Inserts;
  private readonly allTablets: Tablet[];

  private constructor(
    private readonly w: Workload,
    private readonly pool: AnyPool,
    private readonly clients: ClientState[],
    private readonly options: NodeWriterOptions,
    /** The records case: every device's rows as records, and a pool with autoConvertRecords off. */
    private readonly records: RecordsState | undefined,
  ) {
    this.inserts = insertsFor(w.model);
    this.allTablets = clients.flatMap((c) => c.tablets);
  }

  static async open(e: Endpoint, w: Workload, options: NodeWriterOptions = {}): Promise<NodeWriter> {
    const poolOptions = {
      maxSize: w.pool.maxSize,
      minSize: w.pool.minSize,
      maxIdleMs: w.pool.maxIdleMs,
      waitTimeoutMs: w.pool.waitTimeoutMs,
    };
    const pool =
      w.model === "table"
        ? await openTablePool(e, { ...poolOptions, database: w.database })
        : await openTreePool(e, poolOptions);
    // Bound sessions are opened here, before any timing, as the Java side opens its own.
    if (w.bindSessions) await openEvery(pool, w.pool.maxSize);
    let records: RecordsState | undefined;
    if (w.insert === "records") {
      if (w.model === "table") throw new Error("the records case writes the tree model");
      records = {
        list: buildRecords(w),
        noConvertPool: await openTreePool(e, { ...poolOptions, autoConvertRecords: false }),
      };
    }
    return new NodeWriter(w, pool, buildClients(w), options, records);
  }

  /** One round; `progress.points` grows as writes succeed. */
  round(spec: RoundSpec, progress: RoundProgress): Promise<RoundMeasure> {
    return timedRound(spec, progress, this.options.rawLatencies === true, async (tally, loops, deadline) => {
      if (spec.method === "clients")
        await Promise.all(this.clients.map((c) => this.runClient(c, spec.startTime, loops, deadline, tally)));
      else await this.runShared(spec, loops, deadline, tally);
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.records?.noConvertPool.close();
  }

  /** One client: its devices loop after loop, through the pool or through the session it holds. */
  private async runClient(
    c: ClientState,
    startTime: bigint,
    loops: number,
    deadline: number,
    tally: RoundTally,
  ): Promise<void> {
    const log = tally.newLog();
    const perTablet = pointsPerTablet(this.w);
    const write = async (send: (tablet: Tablet) => Promise<unknown>): Promise<void> => {
      for (let loop = 0; loop < loops; loop++) {
        if (performance.now() >= deadline) return;
        this.fill(c, startTime, loop);
        tally.loopStarted(loop);
        for (const tablet of c.tablets) {
          // In duration mode a client starts no write after the deadline; the loop may end short.
          if (performance.now() >= deadline) return;
          await tally.timed(log, perTablet, () => send(tablet));
        }
      }
    };
    if (this.w.bindSessions) await lend(this.pool, (session) => write((t) => this.inserts.session(session, t)));
    else await write((t) => this.inserts.pool(this.pool, t));
  }

  /** batch / parallel / executeConcurrent: every tablet of a loop together. */
  private async runShared(spec: RoundSpec, loops: number, deadline: number, tally: RoundTally): Promise<void> {
    const log = tally.newLog();
    const perTablet = pointsPerTablet(this.w);
    const all = this.allTablets;
    const options = { concurrency: spec.concurrency };
    for (let loop = 0; loop < loops; loop++) {
      if (performance.now() >= deadline) return;
      for (const c of this.clients) this.fill(c, spec.startTime, loop);
      tally.loopStarted(loop);
      switch (spec.method) {
        case "batch": {
          const batch = this.inserts.batch;
          if (batch === undefined) throw new Error(`the ${this.w.model} model has no multi-tablet insert`);
          await tally.timed(log, all.length * perTablet, () => batch(this.pool, all));
          break;
        }
        case "parallel":
          tally.count(
            await client.runConcurrent(all, (t) => measured(log, () => this.inserts.pool(this.pool, t)), options),
            perTablet,
          );
          break;
        case "executeConcurrent":
          tally.count(
            await executeConcurrent(this.pool, all, (s, t) => measured(log, () => this.inserts.session(s, t)), options),
            perTablet,
          );
          break;
        case "records":
        case "recordsNoConvert": {
          const records = this.records;
          if (records === undefined) throw new Error(`${spec.method} needs the records case's workload`);
          fillRecords(this.w, records.list, spec.startTime, loop);
          const pool = spec.method === "records" ? (this.pool as IoTDBClient.SessionPool) : records.noConvertPool;
          await tally.timed(log, records.list.length * this.w.sensors.length, () => pool.insertRecords(records.list));
          break;
        }
        case "clients":
          throw new Error("clients is not a shared method");
      }
    }
  }

  /** Timestamps of loop `loop` of a round starting at `startTime`. */
  private fill(c: ClientState, startTime: bigint, loop: number): void {
    const step = this.w.pointStep;
    let t = startTime + BigInt(loop * this.w.batchSize) * step;
    for (let r = 0; r < c.timestamps.length; r++, t += step) c.timestamps[r] = t;
  }
}

// Both pools have withSession / executeConcurrent, generic over their own session type; a call
// through the union needs one signature.
function lend(pool: AnyPool, fn: (session: AnySession) => Promise<void>): Promise<void> {
  return (pool.withSession as (fn: (session: AnySession) => Promise<void>) => Promise<void>).call(pool, fn);
}

/** Borrows `count` sessions at once (so the pool opens them all) and gives them back. */
async function openEvery(pool: AnyPool, count: number): Promise<void> {
  let borrowed = 0;
  let allBorrowed!: () => void;
  const gate = new Promise<void>((resolve) => (allBorrowed = resolve));
  await Promise.all(
    Array.from({ length: count }, () =>
      lend(pool, async () => {
        if (++borrowed === count) allBorrowed();
        await gate;
      }),
    ),
  );
}

function executeConcurrent(
  pool: AnyPool,
  tablets: readonly Tablet[],
  fn: (session: AnySession, tablet: Tablet) => Promise<unknown>,
  options: { concurrency: number },
): Promise<Outcome[]> {
  type Run = (
    items: readonly Tablet[],
    fn: (session: AnySession, tablet: Tablet) => Promise<unknown>,
    options: { concurrency: number },
  ) => Promise<Outcome[]>;
  return (pool.executeConcurrent as Run).call(pool, tablets, fn, options);
}

interface RecordsState {
  /** Device after device, each its batchSize rows; the times are rewritten each loop. */
  list: IoTDBClient.InsertRecord[];
  noConvertPool: IoTDBClient.SessionPool;
}

/** Every device's rows of the template as records (the values the tablets hold), built once. */
function buildRecords(w: Workload): IoTDBClient.InsertRecord[] {
  const measurements = w.sensors.map((s) => s.name);
  const types = w.sensors.map((s) => s.type);
  const records: IoTDBClient.InsertRecord[] = [];
  for (let d = w.range.first; d < w.range.first + w.range.count; d++) {
    for (let r = 0; r < w.batchSize; r++) {
      const values = templateRow(w.template, r);
      records.push({ deviceId: deviceName(w, d), time: 0n, measurements, types, values });
    }
  }
  return records;
}

/** The records' times for loop `loop`: each device's rows at the times its tablet would have. */
function fillRecords(w: Workload, records: IoTDBClient.InsertRecord[], startTime: bigint, loop: number): void {
  for (let i = 0; i < records.length; i++) {
    records[i]!.time = startTime + BigInt(loop * w.batchSize + (i % w.batchSize)) * w.pointStep;
  }
}

/** Each client's tablets: every device's shares the template's columns and the client's timestamps. */
function buildClients(w: Workload): ClientState[] {
  const fields = w.sensors.map((s) => ({ name: s.name, type: s.type }));
  const tableColumns = [{ name: TAG_COLUMN, type: "STRING" as const, category: "TAG" as const }, ...fields];
  return clientDevices(w).map((devices) => {
    const timestamps = new BigInt64Array(w.batchSize);
    const tablets = devices.map((d): Tablet => {
      if (w.model === "table") {
        return {
          schema: { target: TABLE_NAME, columns: tableColumns },
          timestamps,
          values: [new Array<string>(w.batchSize).fill(flatString(deviceName(w, d))), ...w.template],
        };
      }
      return {
        schema: { target: deviceName(w, d), aligned: w.model === "aligned", columns: fields },
        timestamps,
        values: [...w.template],
      };
    });
    return { timestamps, tablets };
  });
}

function insertsFor(model: Model): Inserts {
  type Tree = IoTDBClient.SessionPool;
  type TreeSession = IoTDBClient.Session;
  switch (model) {
    case "tree":
      return {
        pool: (p, t) => (p as Tree).insertTablet(t),
        session: (s, t) => (s as TreeSession).insertTablet(t),
        batch: (p, ts) => (p as Tree).insertTablets(ts),
      };
    case "aligned":
      return {
        pool: (p, t) => (p as Tree).insertAlignedTablet(t),
        session: (s, t) => (s as TreeSession).insertAlignedTablet(t),
        batch: (p, ts) => (p as Tree).insertAlignedTablets(ts),
      };
    case "table":
      return {
        pool: (p, t) => (p as IoTDBClient.TableSessionPool).insert(t),
        session: (s, t) => (s as IoTDBClient.TableSession).insert(t),
        batch: undefined,
      };
  }
}
