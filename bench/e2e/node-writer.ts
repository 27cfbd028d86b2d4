// The write workload on our client: CLIENT_NUMBER concurrent loops in this process sharing one
// SessionPool (TableSessionPool) of POOL_MAX_SIZE sessions. Every tablet object is built when the
// writer opens; a round only rewrites each client's timestamps once per loop.
import { openTablePool, openTreePool, type Endpoint } from "./connect.js";
import type { IoTDBClient } from "./client.js";
import { LatencyLog, type RoundMeasure } from "./stats.js";
import { deviceName, pointsPerTablet, TABLE_NAME, TAG_COLUMN, type Workload } from "./workload.js";

type AnyPool = IoTDBClient.SessionPool | IoTDBClient.TableSessionPool;
type Insert = (pool: AnyPool, tablet: IoTDBClient.SessionTablet) => Promise<unknown>;

interface ClientState {
  /** One row timestamp per tablet row, rewritten at the start of each loop; every tablet of the client shares it. */
  timestamps: BigInt64Array;
  tablets: IoTDBClient.SessionTablet[];
}

export interface RoundProgress {
  /** Points stored so far in this round (successful ops). */
  points: number;
}

export class NodeWriter {
  private constructor(
    private readonly w: Workload,
    private readonly pool: AnyPool,
    private readonly clients: ClientState[],
    private readonly insert: Insert,
  ) {}

  static async open(e: Endpoint, w: Workload): Promise<NodeWriter> {
    const options = { maxSize: w.poolMaxSize };
    const pool = w.model === "table" ? await openTablePool(e, { ...options, database: w.database }) : await openTreePool(e, options);
    return new NodeWriter(w, pool, buildClients(w), insertFor(w));
  }

  /** One round from `startTime`; `progress.points` grows as writes succeed. */
  async round(startTime: number, progress: RoundProgress): Promise<RoundMeasure> {
    const w = this.w;
    const perTablet = pointsPerTablet(w);
    const logs = this.clients.map(() => new LatencyLog());
    let ops = 0;
    let failedOps = 0;
    let loops = 0;
    let firstError: string | undefined;
    let deadline = Infinity;

    const runClient = async (client: ClientState, log: LatencyLog): Promise<void> => {
      for (let loop = 0; w.loops === undefined || loop < w.loops; loop++) {
        if (performance.now() >= deadline) return;
        fillTimestamps(client.timestamps, startTime + loop * w.batchSize * w.pointStep, w.pointStep);
        if (loop + 1 > loops) loops = loop + 1;
        for (const tablet of client.tablets) {
          // In duration mode a client starts no write after the deadline; the loop may end short.
          if (performance.now() >= deadline) return;
          const begin = performance.now();
          try {
            await this.insert(this.pool, tablet);
            ops++;
            progress.points += perTablet;
          } catch (err) {
            failedOps++;
            firstError ??= (err as Error).message;
          }
          log.add(performance.now() - begin);
        }
      }
    };

    const cpuBefore = process.cpuUsage();
    const begin = performance.now();
    if (w.durationMs !== undefined) deadline = begin + w.durationMs;
    await Promise.all(this.clients.map((client, c) => runClient(client, logs[c]!)));
    const wallMs = performance.now() - begin;
    const cpu = process.cpuUsage(cpuBefore);
    const measure: RoundMeasure = {
      ops: ops + failedOps,
      failedOps,
      points: ops * perTablet,
      loops,
      wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      latency: LatencyLog.summarize(logs),
    };
    if (firstError !== undefined) measure.firstError = firstError;
    return measure;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

function fillTimestamps(timestamps: BigInt64Array, first: number, step: number): void {
  for (let r = 0; r < timestamps.length; r++) timestamps[r] = BigInt(first + r * step);
}

/** Client c writes devices c, c + C, c + 2C, ...; its tablets share the template's columns. */
function buildClients(w: Workload): ClientState[] {
  const clients: ClientState[] = [];
  for (let c = 0; c < w.clientNumber; c++) {
    const timestamps = new BigInt64Array(w.batchSize);
    const tablets: IoTDBClient.SessionTablet[] = [];
    for (let d = c; d < w.deviceNumber; d += w.clientNumber) tablets.push(tabletFor(w, d, timestamps));
    clients.push({ timestamps, tablets });
  }
  return clients;
}

function tabletFor(w: Workload, device: number, timestamps: BigInt64Array): IoTDBClient.SessionTablet {
  const fields = w.sensors.map((s) => ({ name: s.name, type: s.type }));
  if (w.model === "table") {
    return {
      schema: { target: TABLE_NAME, columns: [{ name: TAG_COLUMN, type: "STRING", category: "TAG" }, ...fields] },
      timestamps,
      values: [new Array<string>(w.batchSize).fill(deviceName(w, device)), ...w.template],
    };
  }
  return { schema: { target: deviceName(w, device), aligned: w.model === "aligned", columns: fields }, timestamps, values: [...w.template] };
}

function insertFor(w: Workload): Insert {
  switch (w.model) {
    case "tree":
      return (p, t) => (p as IoTDBClient.SessionPool).insertTablet(t);
    case "aligned":
      return (p, t) => (p as IoTDBClient.SessionPool).insertAlignedTablet(t);
    case "table":
      return (p, t) => (p as IoTDBClient.TableSessionPool).insert(t);
  }
}
