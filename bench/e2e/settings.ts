// Every setting of the end-to-end benchmark: name, default and meaning (the bench README has
// them in tables by group). Names and defaults are the existing IoTDB Node.js client's benchmark
// tools' where they have the setting; suites.ts holds what a suite (the write cases, a mode,
// the smoke run) sets differently.
import { DEFAULT_TYPE_MIX_TEXT } from "./type-mix.js";

/** [default as text (undefined: unset), meaning] */
type SettingRow = readonly [string | undefined, string];

export const SETTINGS = {
  IOTDB_HOST: [
    undefined,
    "server host. Unset (and no NODE_URLS): start the project's own IoTDB in a temporary dir and stop it afterwards",
  ],
  IOTDB_PORT: ["6667", "server port (with IOTDB_HOST)"],
  IOTDB_USER: ["root", "user name"],
  IOTDB_PASSWORD: ["root", "password"],
  NODE_URLS: [
    undefined,
    "DataNodes as host:port,host:port (both libraries' pools fail over between them); schema and checks use the first",
  ],

  CLIENT_NUMBER: [
    "10",
    "concurrent clients (per worker); client c writes devices c, c+C, c+2C, ... More clients than devices: one per device",
  ],
  CONCURRENT_WRITERS: [
    "200",
    "e2e-concurrent-records: concurrent writers, each with a device of its own, one insertRecord of one row per call, on a pool with its defaults",
  ],
  DEVICE_NUMBER: ["100", "devices (all workers together); each loop writes one tablet per device"],
  SENSOR_NUMBER: ["10", "sensors (columns) per device"],
  BATCH_SIZE_PER_WRITE: ["100", "rows per tablet"],
  LOOP: [undefined, "loops per round: points per round = DEVICE_NUMBER × SENSOR_NUMBER × BATCH_SIZE_PER_WRITE × LOOP"],
  TOTAL_DATA_POINTS: ["100000", "points per round, rounded up to whole loops (when LOOP is unset)"],

  POINT_STEP: ["1000", "ms between a tablet's consecutive timestamps"],
  TIMESTAMP_PRECISION: [
    "ms",
    "ms, us or ns: the unit of the written timestamps (the server the benchmark starts gets the same timestamp_precision)",
  ],
  STRING_LENGTH: ["16", "characters per TEXT value"],
  INSERT_DATATYPE_PROPORTION: [
    DEFAULT_TYPE_MIX_TEXT,
    "type mix: TYPE:share pairs summing to 1 (TSDataType codes 0-5 work as keys too)",
  ],
  DATA_SEED: ["42", "seed of the generated values"],

  WARMUP_ROUNDS: ["0", "untimed warm-up rounds per library before the timed ones"],
  WARMUP_UNTIL_STABLE: [
    "false",
    "true: more warm-up rounds (WARMUP_ROUNDS at least, 2 at least) until neither library's round throughput beats its best earlier warm-up round by more than 3%",
  ],
  WARMUP_MAX_ROUNDS: ["8", "most warm-up rounds per library with WARMUP_UNTIL_STABLE"],
  TEST_ROUNDS: ["1", "timed rounds per library (Node and Java alternating)"],
  REPORT_INTERVAL: ["5000", "ms between progress lines when stdout is not a terminal (0: none)"],
  ENABLE_DETAILED_METRICS: [
    "true",
    "true: the report shows latency percentiles (p50/p90/p95/p99); false: min/max/average only",
  ],
  DURATION: [
    undefined,
    "seconds per round, used when LOOP is unset and TOTAL_DATA_POINTS is not given (the write cases: 10)",
  ],

  POOL_MAX_SIZE: ["20", "most sessions of each library's session pool (per worker)"],
  POOL_MIN_SIZE: ["5", "sessions our pool opens before timing and keeps when idle (Java's pools have no minimum)"],
  POOL_MAX_IDLE_TIME: [
    "60000",
    "ms an idle session above POOL_MIN_SIZE stays open (ours; Java's pools have no such setting)",
  ],
  POOL_WAIT_TIMEOUT: ["60000", "ms a write waits for a free session before it fails (both libraries)"],
  ENABLE_DEVICE_SESSION_BINDING: [
    "false",
    "true: POOL_MAX_SIZE clients, each holding one session for the round and writing its own DEVICE_NUMBER / POOL_MAX_SIZE devices (CLIENT_NUMBER is then unused)",
  ],

  WORKER_COUNT: [
    "1",
    "worker processes per library (each with its own pool and CLIENT_NUMBER clients over its share of the devices); cluster mode: CPU cores",
  ],
  TABLET_COUNT: ["100", "API comparison: tablets (one device each) per method and round"],
  CONCURRENCY: ["10", "API comparison: most inserts under way at once in the parallel methods"],

  QUERY_ROWS: ["1000000", "query benchmark: rows read per timed query"],
  QUERY_BOUND_ROWS: ["10000000", "query benchmark: rows of the memory-bound check"],
  QUERY_ROUNDS: ["5", "query benchmark: timed reads per way"],
  FETCH_SIZE: ["5000", "query benchmark: rows per fetched batch (both clients)"],
  E2E_CLIENTS: ["both", "both, node or java: which client libraries run"],
  E2E_SERVER_PORT: [
    "8767",
    "RPC port of the server the benchmark starts itself (smoke: 9567; unset: +100 steps while taken)",
  ],
  E2E_JAVA_OPTS: ["", "extra JVM options for the Java client's processes"],
  E2E_SMOKE: ["0", "1: smoke mode (same as --smoke)"],
} as const satisfies Record<string, SettingRow>;

export type SettingName = keyof typeof SETTINGS;

/** A layer of defaults: a value, or null for "unset" (hides the layers below). */
export type DefaultLayer = Partial<Record<SettingName, string | null>>;
