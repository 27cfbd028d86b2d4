// What a command runs: the comparison suites (the write cases and the query benchmark) and the
// modes of the existing Node client's benchmark tools, each with the defaults it sets over the
// settings table's, and the smoke run's.
import { availableParallelism } from "node:os";
import type { DefaultLayer } from "./settings.js";

/** The existing tools' scripts, by our command name (`pnpm bench:e2e <mode>`). */
export const MODES = {
  tree: { model: "tree", kind: "write", replaces: "benchmark-tree.js" },
  table: { model: "table", kind: "write", replaces: "benchmark-table.js" },
  cluster: { model: "table", kind: "write", replaces: "benchmark-table-cluster.js" },
  comparison: { model: "tree", kind: "comparison", replaces: "benchmark-comparison.js" },
  "table-comparison": { model: "table", kind: "comparison", replaces: "benchmark-table-comparison.js" },
} as const;

export type ModeName = keyof typeof MODES;
export type Suite = "cases" | "query" | ModeName;

export function isMode(name: string): name is ModeName {
  return Object.hasOwn(MODES, name);
}

/**
 * Defaults a suite sets over the settings table's. The write cases keep their own: rounds of
 * DURATION seconds, warm-up rounds until throughput stops rising and five timed rounds per
 * library, because a JIT comparison needs them and a median of five rounds resists a noisy one.
 * cluster takes the existing cluster tool's documented defaults.
 */
export const SUITE_DEFAULTS: Record<Suite, DefaultLayer> = {
  cases: { TOTAL_DATA_POINTS: null, DURATION: "10", WARMUP_ROUNDS: "2", WARMUP_UNTIL_STABLE: "true", TEST_ROUNDS: "5" },
  query: {},
  tree: {},
  table: {},
  cluster: { WORKER_COUNT: String(availableParallelism()), DEVICE_NUMBER: "1000", POOL_MAX_SIZE: "10" },
  comparison: {},
  "table-comparison": {},
};

/** Every suite's smoke run: a few seconds per library, and each mode's own paths exercised. */
export const SMOKE_DEFAULTS: Record<Suite, DefaultLayer> = {
  cases: { DURATION: "2", WARMUP_ROUNDS: "0", WARMUP_UNTIL_STABLE: "false", TEST_ROUNDS: "1" },
  query: { QUERY_ROWS: "100000", QUERY_ROUNDS: "1" },
  tree: { LOOP: "2", WARMUP_ROUNDS: "1" },
  table: { ENABLE_DEVICE_SESSION_BINDING: "true" },
  cluster: { WORKER_COUNT: "2" },
  comparison: {},
  "table-comparison": {},
};

/** Smoke defaults of the whole run: its server on another port than a full run's. */
export const SMOKE_RUN_DEFAULTS: DefaultLayer = { E2E_SERVER_PORT: "9567" };
