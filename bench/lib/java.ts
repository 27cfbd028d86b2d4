// The official Java client (iotdb-session 2.0.5) as a baseline and as the source of expected
// bytes, run from the bench in the same run:
// - bench/java: the timing harness (one JVM, warmed up, median ns per op per case);
// - fuzz/java: the vector generator (the bytes the Java client produces for the same data).
// Both are built with Maven on first use (their build.sh is a no-op when up to date); bench/java
// is built and launched by jvm.ts, as for every other benchmark's JVM.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildBenchJava, JAVA_MAIN, javaCommand } from "./jvm.js";

const GENERATOR_DIR = resolve(import.meta.dirname, "../../fuzz/java");

export interface HarnessRequest {
  warmupMs: number;
  samples: number;
  minSampleMs: number;
  tablets: unknown[];
  tsblocks: { name: string; hex: string }[];
}

/** One line of the harness output (bench/java/README.md). */
export interface HarnessResult {
  case: string;
  medianNsPerOp: number;
  minNsPerOp: number;
  maxNsPerOp: number;
  samples: number;
  opsPerSample: number;
  timeBytes?: number;
  valueBytes?: number;
  inputBytes?: number;
  positionCount?: number;
  valueColumns?: number;
  nonNullCells?: number;
}

/** Java timing settings: the harness defaults, or a short smoke run. */
export function harnessTiming(quick: boolean): Pick<HarnessRequest, "warmupMs" | "samples" | "minSampleMs"> {
  return quick ? { warmupMs: 500, samples: 5, minSampleMs: 20 } : { warmupMs: 2000, samples: 15, minSampleMs: 100 };
}

/** Runs the timing harness on `request` (building it first if needed); results by case name. */
export function runHarness(request: HarnessRequest): Map<string, HarnessResult> {
  // bench/java also holds other benchmarks' Java code: a jar from an earlier build times the codec
  // while someone's edit of that code does not compile.
  buildBenchJava({ staleJarOk: true });
  return withTempDir((dir) => {
    const file = join(dir, "request.json");
    writeFileSync(file, JSON.stringify(request));
    const out = run(...javaCommand(JAVA_MAIN.codecHarness, [], [file]), "the Java timing harness");
    const results = new Map<string, HarnessResult>();
    for (const line of out.split("\n")) {
      if (line.trim() === "") continue;
      const result = JSON.parse(line) as HarnessResult;
      results.set(result.case, result);
    }
    return results;
  });
}

/** The Java client's vector (shared format) for each case, in order. Throws if Java rejected one. */
export function javaVectors(cases: readonly { name: string }[]): { name: string; output: Record<string, unknown> }[] {
  return withTempDir((dir) => {
    const casesFile = join(dir, "cases.json");
    const outDir = join(dir, "vectors");
    writeFileSync(casesFile, JSON.stringify(cases));
    run(join(GENERATOR_DIR, "run.sh"), [casesFile, outDir], "fuzz/java/run.sh");
    const index = JSON.parse(readFileSync(join(outDir, "index.json"), "utf8")) as {
      vectors: { file: string; error?: string }[];
    };
    return index.vectors.map((entry, i) => {
      if (entry.error !== undefined)
        throw new Error(`the Java client rejected bench case ${cases[i]!.name}: ${entry.error}`);
      return JSON.parse(readFileSync(join(outDir, entry.file), "utf8")) as {
        name: string;
        output: Record<string, unknown>;
      };
    });
  });
}

function withTempDir<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "bench-java-"));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[], what: string): string {
  const result = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 256 << 20 });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(
      `${what} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  }
  return result.stdout;
}
