// Benchmark parameters: flags (--NAME=value or --NAME value) over environment variables over the
// suite's defaults (smoke defaults first in a smoke run) over the settings table's. Every bad
// value is refused with a message that names the setting and says why.
import { SETTINGS, type DefaultLayer, type SettingName } from "./settings.js";
import { SMOKE_DEFAULTS, SMOKE_RUN_DEFAULTS, SUITE_DEFAULTS, type Suite } from "./suites.js";
import { parseTypeMix, type TypeMix } from "./type-mix.js";

export class ConfigError extends Error {}

export interface Connection {
  /** Undefined (and no nodeUrls): the benchmark starts the project's own server. */
  host: string | undefined;
  port: number;
  user: string;
  password: string;
  /** NODE_URLS as "host:port" strings. */
  nodeUrls: string[] | undefined;
}

export type TimestampPrecision = "ms" | "us" | "ns";

/** How long a round runs: a loop count, a point count (whole loops), or a duration. */
export type RoundLength = { loops: number } | { totalPoints: number } | { durationMs: number };

export interface PoolSettings {
  maxSize: number;
  minSize: number;
  maxIdleMs: number;
  waitTimeoutMs: number;
}

export interface WriteParams {
  clientNumber: number;
  /** e2e-concurrent-records: concurrent writers (a device each). */
  concurrentWriters: number;
  deviceNumber: number;
  sensorNumber: number;
  batchSize: number;
  length: RoundLength;
  /** Milliseconds, whatever the precision. */
  pointStep: number;
  timestampPrecision: TimestampPrecision;
  stringLength: number;
  typeMix: TypeMix;
  seed: number;
  warmupRounds: number;
  /** Warm up until neither library's round throughput still rises (warmup.ts), WARMUP_ROUNDS at least. */
  warmupUntilStable: boolean;
  /** Most warm-up rounds per library with warmupUntilStable. */
  warmupMaxRounds: number;
  testRounds: number;
  reportIntervalMs: number;
  detailedMetrics: boolean;
  pool: PoolSettings;
  binding: boolean;
  workerCount: number;
}

export interface ComparisonParams {
  tabletCount: number;
  concurrency: number;
}

export interface QueryParams {
  rows: number;
  boundRows: number;
  rounds: number;
  fetchSize: number;
}

export type ClientChoice = "both" | "node" | "java";

export interface Settings {
  suite: Suite;
  connection: Connection;
  write: WriteParams;
  comparison: ComparisonParams;
  query: QueryParams;
  clients: ClientChoice;
  serverPort: number;
  /** E2E_SERVER_PORT was given (no other port is tried). */
  serverPortIsExplicit: boolean;
  javaOpts: string[];
  smoke: boolean;
}

/** The command line and environment, before any suite's defaults apply. */
export interface Invocation {
  /** Settings given as flags or environment variables (non-empty). */
  explicit: Partial<Record<SettingName, string>>;
  /** Positional arguments: modes, "write", "query", "all", case names. */
  selectors: string[];
  smoke: boolean;
}

export function parseInvocation(argv: readonly string[], env: NodeJS.ProcessEnv): Invocation {
  const explicit: Partial<Record<SettingName, string>> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = env[name];
    if (value !== undefined && value !== "") explicit[name] = value;
  }
  const selectors: string[] = [];
  let smokeFlag = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--smoke") {
      smokeFlag = true;
      continue;
    }
    if (!arg.startsWith("--")) {
      selectors.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)).toUpperCase().replaceAll("-", "_");
    if (!Object.hasOwn(SETTINGS, name))
      throw new ConfigError(`unknown flag ${arg}; settings: ${Object.keys(SETTINGS).join(", ")}, and --smoke`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new ConfigError(`${arg} needs a value`);
    if (value !== "") explicit[name as SettingName] = value;
  }
  return { explicit, selectors, smoke: smokeFlag || explicit.E2E_SMOKE === "1" };
}

export function resolveSettings(inv: Invocation, suite: Suite): Settings {
  const layers: DefaultLayer[] = inv.smoke
    ? [SMOKE_DEFAULTS[suite], SMOKE_RUN_DEFAULTS, SUITE_DEFAULTS[suite]]
    : [SUITE_DEFAULTS[suite]];
  const raw = (name: SettingName): string | undefined => {
    const given = inv.explicit[name];
    if (given !== undefined) return given;
    for (const layer of layers) if (name in layer) return layer[name] ?? undefined;
    return SETTINGS[name][0];
  };
  const read = new Reader(raw);

  const deviceNumber = read.int("DEVICE_NUMBER");
  const pool: PoolSettings = {
    maxSize: read.int("POOL_MAX_SIZE"),
    minSize: read.int("POOL_MIN_SIZE", 0),
    maxIdleMs: read.int("POOL_MAX_IDLE_TIME", 0),
    waitTimeoutMs: read.int("POOL_WAIT_TIMEOUT", 0),
  };
  if (pool.minSize > pool.maxSize)
    throw new ConfigError(`POOL_MIN_SIZE (${pool.minSize}) must not exceed POOL_MAX_SIZE (${pool.maxSize})`);
  const workerCount = read.int("WORKER_COUNT");
  const binding = read.bool("ENABLE_DEVICE_SESSION_BINDING");
  if (binding) checkBinding(deviceNumber, pool.maxSize, workerCount);

  const warmupRounds = read.int("WARMUP_ROUNDS", 0);
  const warmupUntilStable = read.bool("WARMUP_UNTIL_STABLE");
  const warmupMaxRounds = read.int("WARMUP_MAX_ROUNDS");
  if (warmupUntilStable && warmupMaxRounds < Math.max(2, warmupRounds)) {
    throw new ConfigError(
      `WARMUP_MAX_ROUNDS (${warmupMaxRounds}) must be at least 2 and at least WARMUP_ROUNDS (${warmupRounds}) when WARMUP_UNTIL_STABLE is true`,
    );
  }

  const clients = raw("E2E_CLIENTS");
  if (clients !== "both" && clients !== "node" && clients !== "java")
    throw new ConfigError(`E2E_CLIENTS must be both, node or java, got "${clients}"`);
  const precision = raw("TIMESTAMP_PRECISION");
  if (precision !== "ms" && precision !== "us" && precision !== "ns")
    throw new ConfigError(`TIMESTAMP_PRECISION must be ms, us or ns, got "${precision}"`);

  return {
    suite,
    connection: {
      host: raw("IOTDB_HOST"),
      port: read.int("IOTDB_PORT"),
      user: raw("IOTDB_USER")!,
      password: raw("IOTDB_PASSWORD")!,
      nodeUrls: nodeUrls(raw("NODE_URLS")),
    },
    write: {
      clientNumber: read.int("CLIENT_NUMBER"),
      concurrentWriters: read.int("CONCURRENT_WRITERS"),
      deviceNumber,
      sensorNumber: read.int("SENSOR_NUMBER"),
      batchSize: read.int("BATCH_SIZE_PER_WRITE"),
      length: roundLength(read, inv.explicit.TOTAL_DATA_POINTS !== undefined),
      pointStep: read.int("POINT_STEP"),
      timestampPrecision: precision,
      stringLength: read.int("STRING_LENGTH"),
      typeMix: typeMix(raw("INSERT_DATATYPE_PROPORTION")!),
      seed: read.int("DATA_SEED", 0),
      warmupRounds,
      warmupUntilStable,
      warmupMaxRounds,
      testRounds: read.int("TEST_ROUNDS"),
      reportIntervalMs: read.int("REPORT_INTERVAL", 0),
      detailedMetrics: read.bool("ENABLE_DETAILED_METRICS"),
      pool,
      binding,
      workerCount,
    },
    comparison: { tabletCount: read.int("TABLET_COUNT"), concurrency: read.int("CONCURRENCY") },
    query: {
      rows: read.int("QUERY_ROWS"),
      boundRows: read.int("QUERY_BOUND_ROWS"),
      rounds: read.int("QUERY_ROUNDS"),
      fetchSize: read.int("FETCH_SIZE"),
    },
    clients,
    serverPort: read.int("E2E_SERVER_PORT"),
    serverPortIsExplicit: inv.explicit.E2E_SERVER_PORT !== undefined,
    javaOpts: raw("E2E_JAVA_OPTS")!
      .split(/\s+/)
      .filter((s) => s !== ""),
    smoke: inv.smoke,
  };
}

class Reader {
  constructor(readonly raw: (name: SettingName) => string | undefined) {}

  int(name: SettingName, min = 1): number {
    const text = this.raw(name);
    const value = Number(text);
    if (text === undefined || !Number.isSafeInteger(value) || value < min) {
      throw new ConfigError(
        `${name} must be an integer ≥ ${min}${min === 1 ? " (a positive count)" : ""}, got "${text ?? ""}"`,
      );
    }
    return value;
  }

  optionalInt(name: SettingName): number | undefined {
    return this.raw(name) === undefined ? undefined : this.int(name);
  }

  bool(name: SettingName): boolean {
    const text = this.raw(name)?.toLowerCase();
    if (text !== "true" && text !== "false")
      throw new ConfigError(`${name} must be true or false, got "${this.raw(name) ?? ""}"`);
    return text === "true";
  }
}

/**
 * LOOP wins; then TOTAL_DATA_POINTS when given explicitly; then DURATION when set (explicitly or
 * by the suite); then TOTAL_DATA_POINTS's default.
 */
function roundLength(read: Reader, totalPointsGiven: boolean): RoundLength {
  const loops = read.optionalInt("LOOP");
  if (loops !== undefined) return { loops };
  const totalPoints = read.optionalInt("TOTAL_DATA_POINTS");
  if (totalPointsGiven && totalPoints !== undefined) return { totalPoints };
  const durationText = read.raw("DURATION");
  if (durationText !== undefined) {
    const seconds = Number(durationText);
    if (!(seconds > 0) || !Number.isFinite(seconds))
      throw new ConfigError(`DURATION must be a positive number of seconds, got "${durationText}"`);
    return { durationMs: Math.round(seconds * 1000) };
  }
  if (totalPoints !== undefined) return { totalPoints };
  throw new ConfigError("set LOOP, TOTAL_DATA_POINTS or DURATION: the round has no length");
}

/** Each worker binds its equal share of the devices to its own pool's sessions. */
function checkBinding(deviceNumber: number, poolMaxSize: number, workerCount: number): void {
  const per = workerCount * poolMaxSize;
  if (deviceNumber % per === 0) return;
  const divisor =
    workerCount === 1
      ? `POOL_MAX_SIZE (${poolMaxSize})`
      : `WORKER_COUNT × POOL_MAX_SIZE (${workerCount} × ${poolMaxSize} = ${per})`;
  throw new ConfigError(
    `ENABLE_DEVICE_SESSION_BINDING needs DEVICE_NUMBER (${deviceNumber}) to be a multiple of ${divisor}: every session is bound to the same number of devices`,
  );
}

function typeMix(text: string): TypeMix {
  try {
    return parseTypeMix(text);
  } catch (e) {
    throw new ConfigError(`INSERT_DATATYPE_PROPORTION: ${(e as Error).message}`);
  }
}

function nodeUrls(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const urls = text.split(",").map((s) => s.trim());
  for (const url of urls) {
    const match = /^([^:\s]+):(\d+)$/.exec(url);
    const port = Number(match?.[2]);
    if (match === null || !(port >= 1 && port <= 65535))
      throw new ConfigError(`NODE_URLS must be host:port,host:port,..., got "${url}" in "${text}"`);
  }
  return urls;
}
