// The official Java client (iotdb-session 2.0.5) as the benchmarks run it: one module, bench/java,
// built once per run with one classpath, and the main classes the benchmarks start from it (the
// codec suite's timing harness, the client race's Java side, the e2e writer and query). Every
// JVM a benchmark starts is launched here, so the build, the classpath and the class names exist
// once. (fuzz/java, the vector generator, is its own module, run by its run.sh.)
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const BENCH_JAVA_DIR = resolve(import.meta.dirname, "../java");
const JAR = join(BENCH_JAVA_DIR, "target/bench-harness.jar");
const CLASSPATH = `${JAR}:${join(BENCH_JAVA_DIR, "target/lib/*")}`;

/** bench/java's main classes (package zerowire.bench, bench/java/README.md). */
export const JAVA_MAIN = {
  /** The codec suite's timing harness: one request file in, one JSON line per case out. */
  codecHarness: "zerowire.bench.codec.Harness",
  /** The client race's Java side (JSON-lines commands). */
  clientBench: "zerowire.bench.client.ClientBench",
  /** The e2e write workload (JSON-lines commands, one long-lived JVM per writer). */
  e2eWrite: "zerowire.bench.e2e.E2eWrite",
  /** The e2e query benchmark: one run per invocation, one JSON line out. */
  e2eQuery: "zerowire.bench.e2e.E2eQuery",
} as const;
export type JavaMain = (typeof JAVA_MAIN)[keyof typeof JAVA_MAIN];

let built = false;

/**
 * Builds bench/java (a no-op when up to date; the first build downloads the client with Maven),
 * once per process. With `staleJarOk`, a module that does not compile (e.g. while someone edits
 * another benchmark's Java code) but has a jar from an earlier build runs that jar, with a
 * warning; otherwise a failed build throws.
 */
export function buildBenchJava(options: { staleJarOk?: boolean } = {}): void {
  if (built) return;
  const result = spawnSync(join(BENCH_JAVA_DIR, "build.sh"), { encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.error !== undefined || result.status !== 0) {
    const message = `bench/java/build.sh failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (options.staleJarOk !== true || !existsSync(JAR)) throw new Error(message);
    const firstLines = message.split("\n").slice(0, 4).join("\n    ");
    console.warn(
      `  warning: bench/java did not build; running the jar built ${statSync(JAR).mtime.toISOString()}:\n    ${firstLines}`,
    );
  }
  built = true;
}

/** The command line that starts `mainClass` of bench/java with `javaOpts` (heap size etc.) and `args`. */
export function javaCommand(
  mainClass: JavaMain,
  javaOpts: readonly string[] = [],
  args: readonly string[] = [],
): [string, string[]] {
  return ["java", [...javaOpts, "-cp", CLASSPATH, mainClass, ...args]];
}
