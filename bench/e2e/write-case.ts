// One write case end to end: schema, both clients opened, warm-up rounds, timed rounds with Node
// and Java alternating (ABBA order, so drift hits both), the stored points of every round
// counted by the server, and the database dropped at the end.
import type { ClientChoice } from "./config.js";
import type { Endpoint } from "./connect.js";
import { JavaWriter } from "./java-writer.js";
import { NodeWriter, type RoundProgress } from "./node-writer.js";
import { formatPoints, ProgressDisplay } from "./progress.js";
import { createSchema, dropSchema } from "./schema.js";
import type { ClientName, RoundMeasure } from "./stats.js";
import { countStoredPoints } from "./verify.js";
import type { Workload } from "./workload.js";

/** Rounds write consecutive time ranges from here, so each round's count is exact. */
const FIRST_TIMESTAMP = 1_700_000_000_000;

export interface RoundRecord {
  client: ClientName;
  warmup: boolean;
  startTime: number;
  endTime: number;
  measure: RoundMeasure;
  /** Points the server holds in the round's time range. */
  stored: number;
}

export interface CaseRun {
  workload: Workload;
  rounds: RoundRecord[];
  /** Everything that makes the case's figures untrustworthy (failed ops, missing points). */
  problems: string[];
}

export interface CaseSettings {
  clients: ClientChoice;
  warmupRounds: number;
  testRounds: number;
  reportIntervalMs: number;
  javaOpts: readonly string[];
}

interface Writer {
  round(startTime: number, progress: RoundProgress): Promise<RoundMeasure>;
  close(): Promise<void>;
}

export async function runWriteCase(e: Endpoint, w: Workload, s: CaseSettings): Promise<CaseRun> {
  const run: CaseRun = { workload: w, rounds: [], problems: [] };
  console.log(`\n${w.caseName}: ${describe(w)}`);
  await createSchema(e, w);
  const writers = new Map<ClientName, Writer>();
  try {
    if (s.clients !== "java") writers.set("node", await NodeWriter.open(e, w));
    if (s.clients !== "node") writers.set("java", await JavaWriter.open(e, w, s.javaOpts));
    let nextStart = FIRST_TIMESTAMP;
    for (const [client, warmup, label] of schedule(s)) {
      const writer = writers.get(client);
      if (writer === undefined) continue;
      const record = await runRound(e, w, writer, client, warmup, nextStart, `${client.padEnd(4)} ${label}`, s.reportIntervalMs);
      run.rounds.push(record);
      nextStart = record.endTime;
      const m = record.measure;
      if (m.failedOps > 0) run.problems.push(`${client} ${label}: ${m.failedOps} of ${m.ops} writes failed (first: ${m.firstError})`);
      if (record.stored !== m.points) run.problems.push(`${client} ${label}: wrote ${m.points} points, the server holds ${record.stored}`);
      if (m.points === 0) run.problems.push(`${client} ${label}: no point was written`);
    }
  } finally {
    for (const writer of writers.values()) await writer.close().catch((err) => console.error(`closing a writer: ${(err as Error).message}`));
    await dropSchema(e, w).catch((err) => console.error(`dropping ${w.database}: ${(err as Error).message}`));
  }
  return run;
}

/** Warm-up rounds (Node then Java), then test rounds in ABBA order: N J, J N, N J, ... */
function* schedule(s: CaseSettings): Generator<[ClientName, boolean, string]> {
  for (let i = 0; i < s.warmupRounds; i++) {
    yield ["node", true, `warm-up ${i + 1}/${s.warmupRounds}`];
    yield ["java", true, `warm-up ${i + 1}/${s.warmupRounds}`];
  }
  for (let i = 0; i < s.testRounds; i++) {
    const order: ClientName[] = i % 2 === 0 ? ["node", "java"] : ["java", "node"];
    for (const client of order) yield [client, false, `round ${i + 1}/${s.testRounds}`];
  }
}

async function runRound(
  e: Endpoint,
  w: Workload,
  writer: Writer,
  client: ClientName,
  warmup: boolean,
  startTime: number,
  label: string,
  reportIntervalMs: number,
): Promise<RoundRecord> {
  const progress: RoundProgress = { points: 0 };
  const perLoop = w.deviceNumber * w.sensors.length * w.batchSize;
  const display = new ProgressDisplay(label, { points: w.loops === undefined ? undefined : w.loops * perLoop, durationMs: w.durationMs }, reportIntervalMs);
  display.start(progress);
  let measure: RoundMeasure;
  try {
    measure = await writer.round(startTime, progress);
  } finally {
    display.stop();
  }
  const endTime = startTime + measure.loops * w.batchSize * w.pointStep;
  const stored = await countStoredPoints(e, w, startTime, endTime);
  const rate = measure.points / (measure.wallMs / 1000);
  const verdict = stored === measure.points ? "all stored" : `STORED ${stored}`;
  display.report(
    `${formatPoints(measure.points)} pts in ${(measure.wallMs / 1000).toFixed(1)} s = ${formatPoints(rate)} pts/s, ` +
      `cpu ${(measure.cpuMs / 1000).toFixed(2)} s, failed ${measure.failedOps}, ${verdict}`,
  );
  return { client, warmup, startTime, endTime, measure, stored };
}

function describe(w: Workload): string {
  const length = w.loops !== undefined ? `${w.loops} loops` : `${(w.durationMs! / 1000).toFixed(0)} s`;
  return (
    `${w.model}, ${w.deviceNumber} devices x ${w.sensors.length} sensors x ${w.batchSize} rows, ` +
    `${w.clientNumber} clients, pool of ${w.poolMaxSize}, ${length} per round`
  );
}
