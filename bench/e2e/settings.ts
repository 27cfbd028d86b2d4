// Every setting of the end-to-end benchmark: name, default and meaning, grouped as the bench
// README's tables. Names and defaults are the existing IoTDB Node.js client's benchmark tools'
// where they have the setting; suite-defaults.ts holds what a suite (the issue-5 cases, a mode,
// the smoke run) sets differently.
import { DEFAULT_TYPE_MIX_TEXT } from "./type-mix.js";

export type SettingGroup = "connection" | "test" | "data" | "execution" | "pool" | "mode" | "e2e";

/** [default as text (undefined: unset), meaning, README group] */
type SettingRow = readonly [string | undefined, string, SettingGroup];

export const SETTINGS = {
  IOTDB_HOST: [undefined, "server host. Unset (and no NODE_URLS): start the project's own IoTDB in a temporary dir and stop it afterwards", "connection"],
  IOTDB_PORT: ["6667", "server port (with IOTDB_HOST)", "connection"],
  IOTDB_USER: ["root", "user name", "connection"],
  IOTDB_PASSWORD: ["root", "password", "connection"],
  NODE_URLS: [undefined, "DataNodes as host:port,host:port (both libraries' pools fail over between them); schema and checks use the first", "connection"],

  CLIENT_NUMBER: ["10", "concurrent clients (per worker); client c writes devices c, c+C, c+2C, ... More clients than devices: one per device", "test"],
  DEVICE_NUMBER: ["100", "devices (all workers together); each loop writes one tablet per device", "test"],
  SENSOR_NUMBER: ["10", "sensors (columns) per device", "test"],
  BATCH_SIZE_PER_WRITE: ["100", "rows per tablet", "test"],
  LOOP: [undefined, "loops per round: points per round = DEVICE_NUMBER × SENSOR_NUMBER × BATCH_SIZE_PER_WRITE × LOOP", "test"],
  TOTAL_DATA_POINTS: ["100000", "points per round, rounded up to whole loops (when LOOP is unset)", "test"],

  POINT_STEP: ["1000", "ms between a tablet's consecutive timestamps", "data"],
  TIMESTAMP_PRECISION: ["ms", "ms, us or ns: the unit of the written timestamps (the server the benchmark starts gets the same timestamp_precision)", "data"],
  STRING_LENGTH: ["16", "characters per TEXT value", "data"],
  INSERT_DATATYPE_PROPORTION: [DEFAULT_TYPE_MIX_TEXT, "type mix: TYPE:share pairs summing to 1 (TSDataType codes 0-5 work as keys too)", "data"],
  DATA_SEED: ["42", "seed of the generated values", "data"],

  WARMUP_ROUNDS: ["0", "untimed warm-up rounds per library before the timed ones", "execution"],
  TEST_ROUNDS: ["1", "timed rounds per library (Node and Java alternating)", "execution"],
  REPORT_INTERVAL: ["5000", "ms between progress lines when stdout is not a terminal (0: none)", "execution"],
  ENABLE_DETAILED_METRICS: ["true", "true: the report shows latency percentiles (p50/p90/p95/p99); false: min/max/average only", "execution"],
  DURATION: [undefined, "seconds per round, used when LOOP is unset and TOTAL_DATA_POINTS is not given (the issue-5 cases: 10)", "execution"],

  POOL_MAX_SIZE: ["20", "most sessions of each library's session pool (per worker)", "pool"],
  POOL_MIN_SIZE: ["5", "sessions our pool opens before timing and keeps when idle (Java's pools have no minimum)", "pool"],
  POOL_MAX_IDLE_TIME: ["60000", "ms an idle session above POOL_MIN_SIZE stays open (ours; Java's pools have no such setting)", "pool"],
  POOL_WAIT_TIMEOUT: ["60000", "ms a write waits for a free session before it fails (both libraries)", "pool"],
  ENABLE_DEVICE_SESSION_BINDING: ["false", "true: POOL_MAX_SIZE clients, each holding one session for the round and writing its own DEVICE_NUMBER / POOL_MAX_SIZE devices (CLIENT_NUMBER is then unused)", "pool"],

  WORKER_COUNT: ["1", "worker processes per library (each with its own pool and CLIENT_NUMBER clients over its share of the devices); cluster mode: CPU cores", "mode"],
  TABLET_COUNT: ["100", "API comparison: tablets (one device each) per method and round", "mode"],
  CONCURRENCY: ["10", "API comparison: most inserts under way at once in the parallel methods", "mode"],

  QUERY_ROWS: ["1000000", "query benchmark: rows read per timed query", "e2e"],
  QUERY_BOUND_ROWS: ["10000000", "query benchmark: rows of the memory-bound check", "e2e"],
  QUERY_ROUNDS: ["5", "query benchmark: timed reads per way", "e2e"],
  FETCH_SIZE: ["5000", "query benchmark: rows per fetched batch (both clients)", "e2e"],
  E2E_CLIENTS: ["both", "both, node or java: which client libraries run", "e2e"],
  E2E_SERVER_PORT: ["8767", "RPC port of the server the benchmark starts itself (smoke: 9567; unset: +100 steps while taken)", "e2e"],
  E2E_JAVA_OPTS: ["", "extra JVM options for the Java client's processes", "e2e"],
  E2E_SMOKE: ["0", "1: smoke mode (same as --smoke)", "e2e"],
} as const satisfies Record<string, SettingRow>;

export type SettingName = keyof typeof SETTINGS;

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** A layer of defaults: a value, or null for "unset" (hides the layers below). */
export type DefaultLayer = Partial<Record<SettingName, string | null>>;
