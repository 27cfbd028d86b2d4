// One differential run: draw N seeded cases, send them through the Java client in one batch,
// judge each against our codec, then shrink the first failing case of each kind of failure and
// write it to failures/ as a vector file.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CaseInput, FuzzCase } from "./case-types.js";
import { differentialCase, drawCases } from "./cases.js";
import { hasLoneSurrogate } from "./cell-values.js";
import { javaVectors } from "./java-batch.js";
import { judgeBatch, type Judged } from "./judge-batch.js";
import { failureKey } from "./judge.js";
import { shrinkFailure } from "./shrink.js";

export const FAILURES_DIR = resolve(import.meta.dirname, "failures");

export interface RunOptions {
  seed: number;
  count: number;
  /** Total time for shrinking, across all kinds of failure. */
  shrinkSeconds: number;
  /** At most this many kinds of failure are shrunk (the others are only counted). */
  maxShrunk: number;
  log: (line: string) => void;
}

export interface RunSummary {
  generated: number;
  /** Cases per family/kind, e.g. "valid tablet". */
  generatedBy: Record<string, number>;
  /** Cases whose Java bytes (or "sent nothing") were compared with ours. */
  compared: number;
  javaSentNothing: number;
  /** Compared cases with a lone surrogate in a TEXT/STRING value (Java writes '?'). */
  loneSurrogateValues: number;
  rejectedByBoth: number;
  /** Bad-name cases, and how many of them our encoder rejected as the policy says. */
  policyCases: number;
  policyRejected: number;
  mismatches: number;
  /** Failure key → how many cases showed it. */
  failureKinds: Map<string, number>;
  failureFiles: string[];
}

export async function runDifferential(options: RunOptions): Promise<RunSummary> {
  const { seed, count, log } = options;
  const drawn = drawCases(differentialCase, count, seed);
  const judged = await judgeBatch(
    drawn.map((d) => d.value),
    "case",
    `codec-java differential fuzz, seed ${seed}`,
  );
  const summary = summarize(judged);

  // A mismatching case is grouped by its first failure (the others often follow from it).
  const firstOfKind = new Map<string, number>();
  judged.forEach((j, i) => {
    if (j.verdict.outcome !== "mismatch") return;
    const key = failureKey(j.fuzzCase.input.kind, j.verdict.failures[0]!);
    summary.failureKinds.set(key, (summary.failureKinds.get(key) ?? 0) + 1);
    if (!firstOfKind.has(key)) firstOfKind.set(key, i);
  });
  const toShrink = [...firstOfKind].slice(0, options.maxShrunk);
  const deadline = Date.now() + options.shrinkSeconds * 1000;
  for (const [n, [key, index]] of toShrink.entries()) {
    log(`\n  shrinking case ${index + 1} (${key}) ...`);
    const kindDeadline = Date.now() + (deadline - Date.now()) / (toShrink.length - n);
    const shrunk = await shrinkFailure(differentialCase, drawn[index]!, judged[index]!, key, {
      candidatesPerRound: 200,
      maxRounds: 200,
      deadline: kindDeadline,
      log,
    });
    const file = writeFailure(
      shrunk.minimal,
      key,
      seed,
      index + 1,
      shrunk.local ? "local minimum" : `stopped after ${shrunk.rounds} rounds`,
    );
    summary.failureFiles.push(file.path);
    log(
      `\n  MISMATCH (${key}), seed ${seed}, case ${index + 1}, shrunk in ${shrunk.rounds} round(s) (${shrunk.local ? "local minimum" : "limit reached"}): ${file.path}\n${file.content}`,
    );
  }
  if (firstOfKind.size > toShrink.length)
    log(`\n  ${firstOfKind.size - toShrink.length} more kind(s) of failure not shrunk (see the counts)`);
  return summary;
}

function summarize(judged: Judged[]): RunSummary {
  const s: RunSummary = {
    generated: judged.length,
    generatedBy: {},
    compared: 0,
    javaSentNothing: 0,
    loneSurrogateValues: 0,
    rejectedByBoth: 0,
    policyCases: 0,
    policyRejected: 0,
    mismatches: 0,
    failureKinds: new Map(),
    failureFiles: [],
  };
  for (const { fuzzCase, verdict } of judged) {
    const by = `${fuzzCase.family} ${fuzzCase.input.kind}`;
    s.generatedBy[by] = (s.generatedBy[by] ?? 0) + 1;
    if (fuzzCase.family === "policyRejects") s.policyCases++;
    switch (verdict.outcome) {
      case "match":
        s.compared++;
        if (verdict.javaSentNothing) s.javaSentNothing++;
        if (hasLoneSurrogateValue(fuzzCase.input)) s.loneSurrogateValues++;
        break;
      case "rejectedByBoth":
        s.rejectedByBoth++;
        break;
      case "policyRejected":
        s.policyRejected++;
        break;
      case "mismatch":
        s.mismatches++;
        if (fuzzCase.family === "valid") s.compared++;
        break;
    }
  }
  return s;
}

function hasLoneSurrogateValue(input: CaseInput): boolean {
  return valuesOf(input).some((v) => typeof v === "string" && hasLoneSurrogate(v));
}

function valuesOf(input: CaseInput): unknown[] {
  switch (input.kind) {
    case "tablet":
      return input.rows.flat();
    case "tsblock":
    case "template":
      return [];
    case "sessionCalls":
      // String records' values, and typed records' values, of every call.
      return input.calls.flatMap((c) => {
        const a = c.args as { values?: unknown[]; valuesList?: unknown[][]; records?: { values: unknown[] }[] };
        return [...(a.values ?? []), ...(a.valuesList ?? []).flat(), ...(a.records ?? []).flatMap((r) => r.values)];
      });
    default:
      return input.records.flatMap((r) => r.values);
  }
}

/** The minimal case as a vector file (Java's vector plus a `differential` note with our failures). */
function writeFailure(
  minimal: Judged,
  key: string,
  seed: number,
  caseNumber: number,
  shrinkState: string,
): { path: string; content: string } {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const slug = key
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 60);
  const path = resolve(FAILURES_DIR, `${seed}-${caseNumber}-${slug}.json`);
  const fuzzCase: FuzzCase = minimal.fuzzCase;
  const name = `codec_java_${seed}_${caseNumber}`;
  const description = `differential fuzz: ${key} (seed ${seed}, case ${caseNumber}, shrunk)`;
  // Policy cases are judged without Java; the file still shows what Java would send ('?' for a lone surrogate).
  const javaVector = minimal.vector ?? javaVectors([fuzzCase.input], "minimal", key)[0]!;
  const vector = {
    ...javaVector,
    name,
    description,
    input: { ...javaVector.input, name, description },
    differential: {
      seed,
      caseNumber,
      family: fuzzCase.family,
      failure: key,
      shrink: shrinkState,
      failures: minimal.verdict.outcome === "mismatch" ? minimal.verdict.failures : [],
    },
  };
  const content = JSON.stringify(vector, null, 1);
  writeFileSync(path, content + "\n");
  return { path, content };
}
