// One write case or mode end to end: schema, both libraries' writers opened (in this process or
// as WORKER_COUNT worker processes each), warm-up rounds (with WARMUP_UNTIL_STABLE: until neither
// library's round throughput still rises, see warmup.ts), timed rounds with Node and Java
// alternating (ABBA order, so drift hits both), the stored points of every round counted by the
// server, and the database dropped at the end.
import type { ClientChoice } from "./config.js";
import type { Endpoint } from "./connect.js";
import { JavaWriter } from "./java-writer.js";
import { NodeWriter } from "./node-writer.js";
import { formatPoints, ProgressDisplay } from "./progress.js";
import { createSchema, dropSchema } from "./schema.js";
import type { ClientName, RoundMeasure } from "./round-measure.js";
import { countStoredPoints } from "./verify.js";
import { moreWarmup, RISE_TOLERANCE, stillRising, type WarmupPolicy } from "./warmup.js";
import { NodeWorker } from "./workers/node-worker.js";
import { WriterGroup } from "./workers/writer-group.js";
import { describeSpan, pointsPerLoop, rowArrival, workerShares, type RoundSpan, type Workload } from "./workload.js";
import type { RoundProgress, WriteMethod, Writer } from "./writer.js";

/** A way of sending the round's tablets, as the run and its report name it. */
export interface MethodRun {
  method: WriteMethod;
  label: string;
  concurrency: number;
  /** The Java client runs it too. */
  java: boolean;
  /** Only the Java client runs it: its result row compares it with ours of the case's first method. */
  javaOnly?: boolean;
  /** The method's result row name, when not "<case> (<label>)". */
  resultName?: string;
}

/** Each client writes its own devices, one insert at a time: every case and write mode. */
export const CLIENTS_METHOD: MethodRun = { method: "clients", label: "insertTablet", concurrency: 1, java: true };

/** The records case: insertRecords with each client's defaults, and ours with autoConvertRecords off. */
export const RECORDS_METHODS: readonly MethodRun[] = [
  { method: "records", label: "insertRecords", concurrency: 1, java: true },
  { method: "recordsNoConvert", label: "insertRecords, autoConvertRecords off", concurrency: 1, java: false },
];

/**
 * e2e-ingest-rows: producers of single rows; ours through the batching writer, Java batching them
 * by hand into tablets; then Java's insertRecord per row against ours of the first method.
 */
const INGEST_ROWS_METHODS: readonly MethodRun[] = [
  { method: "rowsBatched", label: "batching writer / tablets by hand", concurrency: 1, java: true },
  {
    method: "rowRecord",
    label: "insertRecord per row",
    concurrency: 1,
    java: true,
    javaOnly: true,
    resultName: "e2e-ingest-rows-per-record",
  },
];

/** e2e-concurrent-records: every writer one insertRecord per row, on both libraries' pools. */
const CONCURRENT_RECORDS_METHOD: MethodRun = {
  method: "rowRecord",
  label: "insertRecord per row",
  concurrency: 1,
  java: true,
};

/** The methods a case's rounds run. */
export function methodsOf(w: Workload): readonly MethodRun[] {
  switch (w.insert) {
    case "records":
      return RECORDS_METHODS;
    case "rows":
      return INGEST_ROWS_METHODS;
    case "concurrentRecords":
      return [CONCURRENT_RECORDS_METHOD];
    case "tablets":
      return [CLIENTS_METHOD];
  }
}

export interface RoundRecord {
  client: ClientName;
  method: WriteMethod;
  warmup: boolean;
  startTime: bigint;
  endTime: bigint;
  measure: RoundMeasure;
  /** Points the server holds in the round's time range. */
  stored: number;
}

export interface CaseRun {
  workload: Workload;
  workerCount: number;
  rounds: RoundRecord[];
  /** Everything that makes the figures untrustworthy (failed ops, missing points, a library that did not run). */
  problems: string[];
}

export interface CaseSettings {
  clients: ClientChoice;
  warmup: WarmupPolicy;
  testRounds: number;
  reportIntervalMs: number;
  javaOpts: readonly string[];
  workerCount: number;
}

/**
 * Runs the case. With `ownDevices` (the API comparison), every method of every library writes a
 * device set of its own (the workload's devices split into equal slices), so each pays its own
 * first writes into new devices, as each test of the existing comparison tools did; otherwise
 * both libraries write the same devices, round after round.
 */
export async function runWriteCase(
  e: Endpoint,
  w: Workload,
  s: CaseSettings,
  methods: readonly MethodRun[] = [CLIENTS_METHOD],
  ownDevices = false,
): Promise<CaseRun> {
  const workerCount = Math.min(s.workerCount, w.range.count);
  const run: CaseRun = { workload: w, workerCount, rounds: [], problems: [] };
  console.log(
    `\n${w.name}: ${describe(w, workerCount, s.warmup, ownDevices ? methods.length * CLIENT_NAMES.length : 1)}`,
  );
  const schemaBegin = performance.now();
  await createSchema(e, w);
  console.log(
    `  schema: ${schemaSummary(w)} created in ${((performance.now() - schemaBegin) / 1000).toFixed(1)} s (before timing)`,
  );
  const writers = new Map<string, Writer>();
  const writerKey = (client: ClientName, method: number) =>
    ownDevices ? `${client} ${methods[method]!.label}` : client;
  try {
    for (const client of CLIENT_NAMES) {
      if (s.clients !== "both" && s.clients !== client) continue;
      for (let m = 0; m < (ownDevices ? methods.length : 1); m++) {
        if (!runsOn(methods[m]!, client)) continue;
        const slice = ownDevices
          ? sliceOf(w, methods.length * CLIENT_NAMES.length, m * CLIENT_NAMES.length + CLIENT_NAMES.indexOf(client))
          : w;
        const open =
          client === "node" ? () => openNode(e, slice, workerCount) : () => openJava(e, slice, workerCount, s.javaOpts);
        writers.set(writerKey(client, m), await timedOpen(writerKey(client, m), workerCount, open));
      }
    }
    let nextStart = w.firstTimestamp;
    const keyOf = (step: Step) => writerKey(step.client, methods.indexOf(step.method));
    const steps = schedule(s, methods, (step) => writers.has(keyOf(step)), keyOf);
    for (let next = steps.next(); !next.done; ) {
      const step = next.value;
      const record = await runRound(e, w, writers.get(keyOf(step))!, step, nextStart, s.reportIntervalMs);
      run.rounds.push(record);
      next = steps.next(record);
      nextStart = record.endTime;
      const m = record.measure;
      const label = `${step.client} ${step.label}`;
      if (m.failedOps > 0)
        run.problems.push(`${label}: ${m.failedOps} of ${m.ops} writes failed (first: ${m.firstError})`);
      if (record.stored !== m.points)
        run.problems.push(`${label}: wrote ${m.points} points, the server holds ${record.stored}`);
      if (m.points === 0) run.problems.push(`${label}: no point was written`);
    }
  } finally {
    for (const writer of writers.values())
      await writer.close().catch((err) => console.error(`closing a writer: ${(err as Error).message}`));
    await dropSchema(e, w).catch((err) => console.error(`dropping ${w.database}: ${(err as Error).message}`));
  }
  return run;
}

/** Whether a client library runs the method. */
function runsOn(m: MethodRun, client: ClientName): boolean {
  return client === "java" ? m.java : m.javaOnly !== true;
}

async function openNode(e: Endpoint, w: Workload, workers: number): Promise<Writer> {
  // Row arrival: ours in a process of its own, so its peak RSS and CPU are the client's alone.
  if (rowArrival(w)) return NodeWorker.open(e, w, "Node row writer");
  if (workers === 1) return NodeWriter.open(e, w);
  const shares = workerShares(w, workers);
  return WriterGroup.open(shares.length, (i) => NodeWorker.open(e, shares[i]!, `Node worker ${i + 1}`));
}

async function openJava(e: Endpoint, w: Workload, workers: number, javaOpts: readonly string[]): Promise<Writer> {
  if (workers === 1) return JavaWriter.open(e, w, javaOpts);
  const shares = workerShares(w, workers);
  return WriterGroup.open(shares.length, (i) => JavaWriter.open(e, shares[i]!, javaOpts, { rawLatencies: true }));
}

const CLIENT_NAMES: readonly ClientName[] = ["node", "java"];

/** Slice `index` of `slices` equal slices of the workload's devices. */
function sliceOf(w: Workload, slices: number, index: number): Workload {
  const per = w.range.count / slices;
  return { ...w, range: { first: w.range.first + index * per, count: per } };
}

async function timedOpen(label: string, workers: number, open: () => Promise<Writer>): Promise<Writer> {
  const begin = performance.now();
  const writer = await open();
  const what =
    workers === 1
      ? label.startsWith("node")
        ? "pool opened"
        : "JVM and pool ready"
      : `${workers} worker processes ready`;
  console.log(`  ${label}: ${what} in ${((performance.now() - begin) / 1000).toFixed(1)} s (before timing)`);
  return writer;
}

export interface Step {
  client: ClientName;
  warmup: boolean;
  label: string;
  method: MethodRun;
}

/**
 * Warm-up rounds, then test rounds, both in ABBA order: N J, J N, N J, ...; with several methods,
 * every method in each round. Only steps whose writer `runs` are yielded; each yield gets the
 * round's record back, from which the warm-up policy sees whether throughput still rises.
 */
export function* schedule(
  s: Pick<CaseSettings, "warmup" | "testRounds">,
  methods: readonly MethodRun[],
  runs: (step: Step) => boolean,
  keyOf: (step: Step) => string,
): Generator<Step, void, RoundRecord> {
  const named = (m: MethodRun, round: string) => (methods.length === 1 ? round : `${m.label} ${round}`);
  const order = (i: number): ClientName[] => (i % 2 === 0 ? ["node", "java"] : ["java", "node"]);
  const rates = new Map<string, number[]>();
  let warmupRounds = 0;
  for (let i = 0; moreWarmup(s.warmup, i, rates); i++, warmupRounds++) {
    for (const m of methods) {
      for (const client of order(i)) {
        const step: Step = {
          client,
          warmup: true,
          label: named(m, s.warmup.untilStable ? `warm-up ${i + 1}` : `warm-up ${i + 1}/${s.warmup.minRounds}`),
          method: m,
        };
        if (!runsOn(m, client) || !runs(step)) continue;
        const record = yield step;
        const list = rates.get(keyOf(step)) ?? [];
        list.push(record.measure.points / (record.measure.wallMs / 1000));
        rates.set(keyOf(step), list);
      }
    }
  }
  if (s.warmup.untilStable && rates.size > 0) {
    const rising = [...rates].filter(([, r]) => stillRising(r)).map(([key]) => key);
    console.log(
      rising.length === 0
        ? `  warm-up: throughput stopped rising after ${warmupRounds} round(s) per library`
        : `  warm-up: WARNING stopped at WARMUP_MAX_ROUNDS (${warmupRounds}) with ${rising.join(", ")} still rising: the timed rounds may favour the library warmed last`,
    );
  }
  for (let i = 0; i < s.testRounds; i++) {
    for (const m of methods) {
      for (const client of order(i)) {
        const step: Step = { client, warmup: false, label: named(m, `round ${i + 1}/${s.testRounds}`), method: m };
        if (!runsOn(m, client) || !runs(step)) continue;
        yield step;
      }
    }
  }
}

async function runRound(
  e: Endpoint,
  w: Workload,
  writer: Writer,
  step: Step,
  startTime: bigint,
  reportIntervalMs: number,
): Promise<RoundRecord> {
  const span: RoundSpan = step.warmup ? w.warmup : w.timed;
  const progress: RoundProgress = { points: 0 };
  const target = {
    points: "loops" in span ? span.loops * pointsPerLoop(w) : undefined,
    durationMs: "durationMs" in span ? span.durationMs : undefined,
  };
  const display = new ProgressDisplay(`${step.client.padEnd(4)} ${step.label}`, target, reportIntervalMs);
  display.start(progress);
  let measure: RoundMeasure;
  try {
    measure = await writer.round(
      { startTime, span, method: step.method.method, concurrency: step.method.concurrency },
      progress,
    );
  } finally {
    display.stop();
  }
  const endTime = startTime + BigInt(measure.loops * w.batchSize) * w.pointStep;
  const stored = await countStoredPoints(e, w, startTime, endTime);
  const rate = measure.points / (measure.wallMs / 1000);
  const verdict = stored === measure.points ? "all stored" : `STORED ${stored}`;
  display.report(
    `${formatPoints(measure.points)} pts in ${(measure.wallMs / 1000).toFixed(measure.wallMs < 1000 ? 3 : 1)} s = ${formatPoints(rate)} pts/s, ` +
      `cpu ${(measure.cpuMs / 1000).toFixed(2)} s, failed ${measure.failedOps}, ${verdict}` +
      (measure.requests === undefined
        ? ""
        : `, ${measure.requests} requests (${formatPoints(measure.points / Math.max(1, measure.requests))} pts each)`),
  );
  return { client: step.client, method: step.method.method, warmup: step.warmup, startTime, endTime, measure, stored };
}

function describe(w: Workload, workers: number, warmup: WarmupPolicy, slices: number): string {
  const count = Math.min(w.clientNumber, Math.ceil(w.range.count / slices / workers));
  const clients = w.bindSessions
    ? `${w.pool.maxSize} clients with bound sessions`
    : `${count} ${rowArrival(w) ? "producer" : "client"}${count === 1 ? "" : "s"}`;
  const pool = w.poolDefaults ? "pools with their defaults" : `pool of ${w.pool.maxSize}`;
  const where = workers === 1 ? `${clients}, ${pool}` : `${workers} workers × (${clients}, ${pool})`;
  const devices =
    slices === 1
      ? `${w.deviceNumber} devices`
      : `${slices} × ${w.deviceNumber / slices} devices (one set per method and library)`;
  return (
    `${w.model}, ${devices} x ${w.sensors.length} sensors x ${w.batchSize} rows${rowArrival(w) ? " (one row at a time)" : ""}, ${where}, ` +
    `${describeSpan(w.timed)} per round${describeWarmup(w, warmup)}`
  );
}

function describeWarmup(w: Workload, p: WarmupPolicy): string {
  if (p.untilStable) {
    return `, warm-up rounds of ${describeSpan(w.warmup)} until neither library's round throughput rises by more than ${RISE_TOLERANCE * 100}% (${Math.max(2, p.minRounds)} to ${p.maxRounds})`;
  }
  return p.minRounds > 0 ? `, warm-up rounds of ${describeSpan(w.warmup)}` : "";
}

function schemaSummary(w: Workload): string {
  if (w.model === "table") return `database ${w.database}, table with ${w.sensors.length} FIELD columns`;
  const what =
    w.model === "aligned" ? `${w.deviceNumber} aligned devices` : `${w.deviceNumber * w.sensors.length} time series`;
  return `database ${w.database}, ${what}`;
}
