// What a command runs: its selectors turned into suites, every setting resolved and every
// workload built before the server starts, so a bad setting stops the run at once.
import { ConfigError, resolveSettings, type Invocation, type Settings } from "./config.js";
import { comparisonMethods } from "./parity/comparison.js";
import { isMode, MODES, type ModeName } from "./suites.js";
import {
  buildCaseWorkload,
  buildComparisonWorkload,
  buildModeWorkload,
  WRITE_CASES,
  type Workload,
} from "./workload.js";

export interface PlannedCases {
  settings: Settings;
  workloads: Workload[];
}

export interface PlannedMode {
  mode: ModeName;
  settings: Settings;
  workload: Workload;
  /** Time the batch template and tablet plan took (before the server started). */
  prepareMs: number;
}

export interface Plan {
  cases: PlannedCases | undefined;
  query: Settings | undefined;
  modes: PlannedMode[];
  /** Settings of the whole run (server, clients, JVM options): the same in every suite. */
  run: Settings;
}

/**
 * What the selectors ask for, every setting resolved and every workload built (so bad settings stop the run before it
 * starts).
 */
export function plan(inv: Invocation): Plan {
  const caseNames = new Set<string>();
  const modes = new Set<ModeName>();
  let query = false;
  if (inv.selectors.length === 0) {
    for (const c of WRITE_CASES) caseNames.add(c.name);
    if (inv.smoke) {
      query = true;
      for (const m of Object.keys(MODES) as ModeName[]) modes.add(m);
    }
  }
  for (const s of inv.selectors) {
    if (isMode(s)) modes.add(s);
    else if (s === "query") query = true;
    else if (s === "write" || s === "all") {
      for (const c of WRITE_CASES) caseNames.add(c.name);
      query ||= s === "all";
    } else if (WRITE_CASES.some((c) => c.name === s)) caseNames.add(s);
    else {
      throw new ConfigError(
        `unknown mode or case "${s}"; modes: ${Object.keys(MODES).join(", ")}; the comparison suites: write, query, all, or a write case: ${WRITE_CASES.map((c) => c.name).join(", ")}`,
      );
    }
  }
  const cases = caseNames.size === 0 ? undefined : planCases(inv, caseNames);
  const planned = [...modes].map((m) => planMode(inv, m));
  const querySettings = query ? resolveSettings(inv, "query") : undefined;
  const run = cases?.settings ?? querySettings ?? planned[0]!.settings;
  return { cases, query: querySettings, modes: planned, run };
}

function planCases(inv: Invocation, names: ReadonlySet<string>): PlannedCases {
  const settings = resolveSettings(inv, "cases");
  return {
    settings,
    workloads: WRITE_CASES.filter((c) => names.has(c.name)).map((c) => buildCaseWorkload(c, settings.write)),
  };
}

function planMode(inv: Invocation, mode: ModeName): PlannedMode {
  const settings = resolveSettings(inv, mode);
  const { model, kind } = MODES[mode];
  const begin = performance.now();
  const sets = comparisonMethods(model, settings.comparison.concurrency).length * 2;
  const workload =
    kind === "comparison"
      ? buildComparisonWorkload(mode, model, settings.write, settings.comparison, sets)
      : buildModeWorkload(mode, model, settings.write);
  return { mode, settings, workload, prepareMs: performance.now() - begin };
}
