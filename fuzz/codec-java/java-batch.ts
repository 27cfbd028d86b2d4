// Runs a batch of cases through the official Java client (fuzz/java): one JVM per batch.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { CaseInput } from "./case-types.js";
import type { Vector } from "../vectors/vector.js";

const JAVA_DIR = resolve(import.meta.dirname, "../java");

/** Throws with a clear message when java or mvn is missing, then builds fuzz/java if needed. */
export function prepareJava(): void {
  for (const [tool, args] of [
    ["java", ["-version"]],
    ["mvn", ["-v"]],
  ] as const) {
    const probe = spawnSync(tool, args, { encoding: "utf8" });
    if (probe.error !== undefined || probe.status !== 0) {
      throw new Error(
        `the Java differential fuzz needs \`${tool}\` (Java 17 + Maven 3) on PATH: ` +
          `\`${tool} ${args.join(" ")}\` ${probe.error ? `failed: ${probe.error.message}` : `exited ${probe.status}`}`,
      );
    }
  }
  run(join(JAVA_DIR, "build.sh"), [], "fuzz/java/build.sh");
}

/**
 * The Java client's vector for each case, in order (`output.error` when Java rejected it). Each
 * case is sent with `name` (`<prefix><index>`) and `description` added. The vector files go to
 * `outDir` when given (kept), else to a temporary directory (removed).
 */
export function javaVectors(
  cases: readonly CaseInput[],
  prefix: string,
  description: string,
  outDir?: string,
): Vector[] {
  if (cases.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), "codec-java-"));
  try {
    const casesFile = join(dir, "cases.json");
    const vectorsDir = outDir ?? join(dir, "vectors");
    writeFileSync(casesFile, JSON.stringify(cases.map((c, i) => ({ name: `${prefix}${i + 1}`, description, ...c }))));
    run(join(JAVA_DIR, "run.sh"), [casesFile, vectorsDir], "fuzz/java/run.sh");
    const index = JSON.parse(readFileSync(join(vectorsDir, "index.json"), "utf8")) as { vectors: { file: string }[] };
    if (index.vectors.length !== cases.length)
      throw new Error(`fuzz/java wrote ${index.vectors.length} vectors for ${cases.length} cases`);
    return index.vectors.map((v) => JSON.parse(readFileSync(join(vectorsDir, v.file), "utf8")) as Vector);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], what: string): void {
  const result = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(
      `${what} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  }
}
