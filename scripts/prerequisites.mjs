// What a machine needs to run `pnpm test`, checked before any suite starts, so a missing tool is
// named up front instead of failing a suite ten minutes in. `node scripts/prerequisites.mjs`
// prints the table on its own; scripts/test.mjs calls checkPrerequisites() first.
//
// Each entry is a program some suite spawns (grep scripts/, packages/*/itest, bench/, fuzz/ for
// spawn/execFile): the IoTDB servers (java, mvn, gcc for the loopback bind shim, ss), the TLS
// tests (keytool), the Java differential fuzz and benchmark harness (java, mvn, bash), the
// pack-and-install test (npm), the generated-code check (thrift). The list is also in the README
// ("What a machine needs").
import { spawnSync } from "node:child_process";

/** Node: import.meta.dirname (used by the scripts and tests) arrived in 20.11. */
const NODE_MIN = [20, 11];
const JAVA_MIN_MAJOR = 17;

/**
 * @typedef {{ name: string, why: string, probe: string[], accept?: (output: string) => string | undefined }} Tool
 * `probe` is run; a tool is present when it starts and exits 0. `accept` may reject its output
 * (returning the reason), e.g. a Java older than 17.
 */

/** @type {Tool[]} */
export const TOOLS = [
  {
    name: "java (JDK 17 or later)",
    why: "runs the IoTDB servers, the Java differential fuzz and the benchmark's Java client",
    probe: ["java", "-version"],
    accept: (out) => {
      const match = /version "(\d+)(?:\.(\d+))?/.exec(out);
      if (match === null) return `cannot read the version from: ${out.split("\n")[0]}`;
      const major = Number(match[1]) === 1 ? Number(match[2]) : Number(match[1]);
      return major >= JAVA_MIN_MAJOR ? undefined : `Java ${major} found, ${JAVA_MIN_MAJOR} or later needed`;
    },
  },
  { name: "keytool (JDK)", why: "makes the certificates of the TLS integration tests", probe: ["keytool", "-help"] },
  {
    name: "mvn (Maven 3)",
    why: "downloads the IoTDB server jars and builds fuzz/java and bench/java",
    probe: ["mvn", "-v"],
  },
  {
    name: "gcc",
    why: "compiles the loopback bind shim the IoTDB servers run with (scripts/iotdb-server/bind-loopback.c)",
    probe: ["gcc", "--version"],
  },
  { name: "ss (iproute2)", why: "shows which ports the IoTDB servers listen on", probe: ["ss", "-V"] },
  { name: "bash", why: "runs the build and run scripts of fuzz/java and bench/java", probe: ["bash", "--version"] },
  { name: "npm", why: "installs the packed tarballs in the pack-and-install test", probe: ["npm", "-v"] },
  {
    name: "thrift (Apache Thrift compiler 0.17.0)",
    why: "regenerates the committed Thrift code to check it matches its IDL (scripts/check-thrift-gen.mjs)",
    probe: ["thrift", "--version"],
    accept: (out) =>
      /^Thrift version 0\.17\.0\b/m.test(out)
        ? undefined
        : `${out.trim()} found, 0.17.0 needed (another version generates other code)`,
  },
];

/**
 * Checks Node, the platform and every tool. Returns the problems (empty when the machine has
 * everything), each naming what is missing and what needs it.
 * @returns {string[]}
 */
export function checkPrerequisites() {
  const problems = [];
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < NODE_MIN[0] || (major === NODE_MIN[0] && minor < NODE_MIN[1])) {
    problems.push(`Node ${NODE_MIN.join(".")} or later is needed, this is ${process.versions.node}`);
  }
  if (process.platform !== "linux") {
    problems.push(
      `Linux is needed (the IoTDB servers run under an LD_PRELOAD bind shim and read /proc), this is ${process.platform}`,
    );
  }
  for (const tool of TOOLS) {
    const [cmd, ...args] = tool.probe;
    const run = spawnSync(cmd, args, { encoding: "utf8", timeout: 60_000 });
    if (run.error !== undefined || run.status !== 0) {
      const how = run.error
        ? run.error.code === "ENOENT"
          ? "not found on PATH"
          : run.error.message
        : `\`${tool.probe.join(" ")}\` exited ${run.status}`;
      problems.push(`${tool.name}: ${how}; it ${tool.why}`);
      continue;
    }
    const reason = tool.accept?.(`${run.stdout}${run.stderr}`);
    if (reason !== undefined) problems.push(`${tool.name}: ${reason}; it ${tool.why}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkPrerequisites();
  for (const p of problems) console.error(`missing: ${p}`);
  if (problems.length === 0) console.log(`ok: Node ${process.versions.node}, ${TOOLS.map((t) => t.name).join(", ")}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
