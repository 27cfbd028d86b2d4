// Benchmark parameters: flags (--NAME=value or --NAME value) over environment variables over
// defaults, with the existing Node benchmark's names and defaults where it has the setting.
// Every bad value is refused with a message naming the setting.
import { DEFAULT_TYPE_MIX_TEXT, parseTypeMix, type TypeMix } from "./type-mix.js";

export class ConfigError extends Error {}

export interface Connection {
  /** Undefined: the benchmark starts the project's own server. */
  host: string | undefined;
  port: number;
  user: string;
  password: string;
}

/** How long a round runs: a loop count, a point count (whole loops), or a duration. */
export type RoundLength = { loops: number } | { totalPoints: number } | { durationMs: number };

export interface WriteParams {
  clientNumber: number;
  deviceNumber: number;
  sensorNumber: number;
  batchSize: number;
  length: RoundLength;
  pointStep: number;
  stringLength: number;
  typeMix: TypeMix;
  seed: number;
  warmupRounds: number;
  testRounds: number;
  reportIntervalMs: number;
  poolMaxSize: number;
}

export interface QueryParams {
  rows: number;
  boundRows: number;
  rounds: number;
  fetchSize: number;
}

export type ClientChoice = "both" | "node" | "java";

export interface Config {
  connection: Connection;
  write: WriteParams;
  query: QueryParams;
  clients: ClientChoice;
  serverPort: number;
  /** E2E_SERVER_PORT was given (no other port is tried). */
  serverPortIsExplicit: boolean;
  javaOpts: string[];
  smoke: boolean;
  /** Positional arguments: "query", "write", "all", case names or their short forms. */
  selectors: string[];
}

/** Name, default (as text; undefined = unset) and meaning of every setting, in README order. */
export const SETTINGS = {
  IOTDB_HOST: [undefined, "server host; unset: start the project's own IoTDB in a temporary dir and stop it afterwards"],
  IOTDB_PORT: ["6667", "server port (with IOTDB_HOST)"],
  IOTDB_USER: ["root", "user name"],
  IOTDB_PASSWORD: ["root", "password"],
  CLIENT_NUMBER: ["10", "concurrent clients; client c writes devices c, c+C, c+2C, ..."],
  DEVICE_NUMBER: ["100", "devices (one tablet per device per loop)"],
  SENSOR_NUMBER: ["10", "sensors (columns) per device"],
  BATCH_SIZE_PER_WRITE: ["100", "rows per tablet"],
  LOOP: [undefined, "loops per round (every client writes each of its devices once per loop)"],
  TOTAL_DATA_POINTS: [undefined, "points per round, rounded up to whole loops (when LOOP is unset)"],
  DURATION: ["10", "seconds per round when neither LOOP nor TOTAL_DATA_POINTS is set"],
  POINT_STEP: ["1000", "ms between consecutive rows' timestamps"],
  STRING_LENGTH: ["16", "characters per TEXT value"],
  INSERT_DATATYPE_PROPORTION: [DEFAULT_TYPE_MIX_TEXT, "type mix, TYPE:share pairs summing to 1 (TSDataType codes 0-5 also accepted)"],
  DATA_SEED: ["42", "seed of the generated values"],
  WARMUP_ROUNDS: ["1", "untimed rounds per client before the timed ones"],
  TEST_ROUNDS: ["3", "timed rounds per client, Node and Java alternating"],
  REPORT_INTERVAL: ["5000", "ms between progress lines when stdout is not a terminal"],
  POOL_MAX_SIZE: ["20", "most sessions of each library's session pool"],
  QUERY_ROWS: ["1000000", "query benchmark: rows read per timed query"],
  QUERY_BOUND_ROWS: ["10000000", "query benchmark: rows of the memory-bound check"],
  QUERY_ROUNDS: ["5", "query benchmark: timed reads per way"],
  FETCH_SIZE: ["5000", "query benchmark: rows per fetched batch (both clients)"],
  E2E_CLIENTS: ["both", "both, node or java: which client libraries run"],
  E2E_SERVER_PORT: ["8767", "RPC port of the server the benchmark starts itself (unset: +100 steps while taken)"],
  E2E_JAVA_OPTS: ["", "extra JVM options for the Java client's process"],
  E2E_SMOKE: ["0", "1: smoke mode (same as --smoke)"],
} as const satisfies Record<string, readonly [string | undefined, string]>;

export type SettingName = keyof typeof SETTINGS;

/**
 * The smoke run's defaults (explicit settings still win): a few seconds per client per case,
 * every point verified, its own server on another port than a full run's.
 */
const SMOKE_DEFAULTS: Partial<Record<SettingName, string>> = {
  DURATION: "2",
  WARMUP_ROUNDS: "0",
  TEST_ROUNDS: "1",
  QUERY_ROWS: "100000",
  QUERY_ROUNDS: "1",
  E2E_SERVER_PORT: "9567",
};

export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): Config {
  const { flags, selectors, smokeFlag } = parseArgs(argv);
  const smoke = smokeFlag || (flags.E2E_SMOKE ?? env.E2E_SMOKE) === "1";
  const raw = (name: SettingName): string | undefined => {
    const given = flags[name] ?? env[name];
    if (given !== undefined && given !== "") return given;
    return (smoke ? SMOKE_DEFAULTS[name] : undefined) ?? SETTINGS[name][0];
  };
  const int = (name: SettingName, min = 1): number => {
    const text = raw(name)!;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${text}"`);
    return value;
  };
  const optionalInt = (name: SettingName): number | undefined => (raw(name) === undefined ? undefined : int(name));

  const clientNumber = int("CLIENT_NUMBER");
  const deviceNumber = int("DEVICE_NUMBER");
  if (clientNumber > deviceNumber) throw new ConfigError(`CLIENT_NUMBER (${clientNumber}) must not exceed DEVICE_NUMBER (${deviceNumber}): every client needs a device`);
  const sensorNumber = int("SENSOR_NUMBER");
  const batchSize = int("BATCH_SIZE_PER_WRITE");
  let typeMix: TypeMix;
  try {
    typeMix = parseTypeMix(raw("INSERT_DATATYPE_PROPORTION")!);
  } catch (e) {
    throw new ConfigError(`INSERT_DATATYPE_PROPORTION: ${(e as Error).message}`);
  }
  const duration = Number(raw("DURATION"));
  if (!(duration > 0) || !Number.isFinite(duration)) throw new ConfigError(`DURATION must be a positive number of seconds, got "${raw("DURATION")}"`);
  const clients = raw("E2E_CLIENTS");
  if (clients !== "both" && clients !== "node" && clients !== "java") throw new ConfigError(`E2E_CLIENTS must be both, node or java, got "${clients}"`);
  const host = raw("IOTDB_HOST");

  return {
    connection: { host, port: int("IOTDB_PORT"), user: raw("IOTDB_USER")!, password: raw("IOTDB_PASSWORD")! },
    write: {
      clientNumber,
      deviceNumber,
      sensorNumber,
      batchSize,
      length: roundLength(optionalInt("LOOP"), optionalInt("TOTAL_DATA_POINTS"), duration),
      pointStep: int("POINT_STEP"),
      stringLength: int("STRING_LENGTH"),
      typeMix,
      seed: int("DATA_SEED"),
      warmupRounds: int("WARMUP_ROUNDS", 0),
      testRounds: int("TEST_ROUNDS"),
      reportIntervalMs: int("REPORT_INTERVAL"),
      poolMaxSize: int("POOL_MAX_SIZE"),
    },
    query: { rows: int("QUERY_ROWS"), boundRows: int("QUERY_BOUND_ROWS"), rounds: int("QUERY_ROUNDS"), fetchSize: int("FETCH_SIZE") },
    clients,
    serverPort: int("E2E_SERVER_PORT"),
    serverPortIsExplicit: (flags.E2E_SERVER_PORT ?? env.E2E_SERVER_PORT ?? "") !== "",
    javaOpts: raw("E2E_JAVA_OPTS")!.split(/\s+/).filter((s) => s !== ""),
    smoke,
    selectors,
  };
}

/** LOOP wins, then TOTAL_DATA_POINTS (whole loops, per case), then DURATION. */
function roundLength(loop: number | undefined, totalPoints: number | undefined, durationSec: number): RoundLength {
  if (loop !== undefined) return { loops: loop };
  if (totalPoints !== undefined) return { totalPoints };
  return { durationMs: Math.round(durationSec * 1000) };
}

function parseArgs(argv: readonly string[]): { flags: Partial<Record<SettingName, string>>; selectors: string[]; smokeFlag: boolean } {
  const flags: Partial<Record<SettingName, string>> = {};
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
    if (!(name in SETTINGS)) throw new ConfigError(`unknown flag ${arg}; settings: ${Object.keys(SETTINGS).join(", ")}, and --smoke`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new ConfigError(`${arg} needs a value`);
    flags[name as SettingName] = value;
  }
  return { flags, selectors, smokeFlag };
}
