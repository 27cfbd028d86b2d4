import { join } from "node:path";
import { nodeFiles, type NodeLayout } from "./layout.js";
import type { ClusterSpec } from "./spec.js";

const MAIN_CLASS = {
  confignode: "org.apache.iotdb.confignode.service.ConfigNode",
  datanode: "org.apache.iotdb.db.service.DataNode",
} as const;

/** IoTDB reflects into these JDK packages; Java 17 refuses without the opens. */
const OPENED_PACKAGES = ["java.util.concurrent", "java.lang", "java.util", "java.nio", "java.io", "java.net"];

export function javaExecutable(): string {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : "java";
}

/**
 * The full java argument list for one node. The conf dir property is unique per node,
 * which is also how a saved pid is recognised as ours (see processes.ts).
 */
export function javaArguments(node: NodeLayout, spec: ClusterSpec, libDir: string): string[] {
  const files = nodeFiles(node);
  const memory =
    node.role === "confignode"
      ? [`-Xmx${spec.configNodeHeap}`]
      : [
          `-Xmx${spec.dataNodeHeap}`,
          `-XX:MaxDirectMemorySize=${spec.dataNodeDirectMemory}`,
          // IoTDB sizes its off-heap budget from this, not from the JVM limit; unset means 0.
          `-DOFF_HEAP_MEMORY=${spec.dataNodeDirectMemory}`,
        ];
  const home =
    node.role === "confignode"
      ? [`-DCONFIGNODE_HOME=${node.dir}`, `-DCONFIGNODE_CONF=${files.confDir}`]
      : [`-DIOTDB_HOME=${node.dir}`, `-DIOTDB_CONF=${files.confDir}`];
  return [
    ...memory,
    "-XX:+UseG1GC",
    "-Dfile.encoding=UTF-8",
    ...OPENED_PACKAGES.map((pkg) => `--add-opens=java.base/${pkg}=ALL-UNNAMED`),
    `-Dlogback.configurationFile=${files.logbackFile}`,
    // TsFile settings live in the same file; without this TsFile warns and uses defaults.
    `-DTSFILE_CONF=${files.confDir}`,
    ...home,
    "-cp",
    join(libDir, "*"),
    MAIN_CLASS[node.role],
    "-s",
  ];
}

/** The argument that identifies a node's JVM in /proc/<pid>/cmdline. */
export function identifyingArgument(node: NodeLayout): string {
  const confDir = nodeFiles(node).confDir;
  return node.role === "confignode" ? `-DCONFIGNODE_CONF=${confDir}` : `-DIOTDB_CONF=${confDir}`;
}
