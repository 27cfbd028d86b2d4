// Where the Java-client vectors are read from. The tests read the repo's own set
// (vectors/java-2.0.5, made by fuzz/vectors/make-repo-set.ts with the official Java client), so a
// clone with nothing beside it is complete. VECTORS_DIR replaces that set for every reader.
//
// The repo's set holds every kind the tests read, the query responses (`queryResponse`) and the
// socket capture of a whole Session (`session-capture.json`) included, so no reader falls back to
// anything outside the repo. A reader whose kind the test set lacks (e.g. a VECTORS_DIR without
// it) reports its tests as NOT RUN, naming the missing kind.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "../..");

/** The repo's committed vector set. */
export const REPO_SET = resolve(repoRoot, "vectors/java-2.0.5");

/** The reference set beside the repo, when there is one (only the cross-check reads it). */
export const SHARED_SET = resolve(repoRoot, "../shared/vectors/java-2.0.5");

/** The repo's committed session-call vectors (made by fuzz/vectors/make-calls-set.ts). */
export const REPO_CALLS_SET = resolve(repoRoot, "vectors/java-2.0.5-calls");

/** The reference session-call vectors beside the repo, when there are some (only the cross-check reads them). */
export const SHARED_CALLS_SET = resolve(repoRoot, "../shared/vectors/java-2.0.5-calls");

/** The set the tests read: VECTORS_DIR (relative to the repo root), else the repo's own set. */
export const vectorsDir = process.env.VECTORS_DIR ? resolve(repoRoot, process.env.VECTORS_DIR) : REPO_SET;

/** A vector kind, or the session capture file, that a reader needs. */
export type VectorContent = string | "session-capture";

/** True when `dir` holds at least one vector of `content` (by its index.json, or the capture file). */
function holds(dir: string, content: VectorContent): boolean {
  if (content === "session-capture") return existsSync(join(dir, "session-capture.json"));
  const index = join(dir, "index.json");
  if (!existsSync(index)) return false;
  const { vectors } = JSON.parse(readFileSync(index, "utf8")) as { vectors: { kind: string }[] };
  return vectors.some((v) => v.kind === content);
}

/**
 * The directory to read `content` from: the test set when it holds it, else undefined (the caller reports NOT RUN with
 * `missing`).
 */
export function dirHolding(content: VectorContent): string | undefined {
  return holds(vectorsDir, content) ? vectorsDir : undefined;
}

/** Why no set holds `content`. */
export function absentReason(content: VectorContent): string {
  return `no ${content} vectors in ${vectorsDir}`;
}

/** The NOT RUN line for a test whose vectors no set holds. */
export function missing(content: VectorContent, what: string): string {
  return `NOT RUN: ${what}: ${absentReason(content)}`;
}
