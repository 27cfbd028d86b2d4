import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { dirname } from "node:path";
import { javaArguments, javaExecutable } from "./jvm.js";
import { nodeFiles, type ClusterLayout, type NodeLayout } from "./layout.js";
import { AppendedText } from "./log-reader.js";
import { renderLogbackConfig } from "./logback.js";
import { renderNodeProperties } from "./properties.js";
import { waitUntilReady } from "./readiness.js";
import type { ClusterSpec } from "./spec.js";

const READY_LINE = {
  confignode: /has successfully (?:started|restarted) and joined the cluster/,
  datanode: /Congratulations, IoTDB DataNode is set up successfully/,
} as const;

export interface LaunchContext {
  spec: ClusterSpec;
  layout: ClusterLayout;
  libDir: string;
  bindShim: string;
  readyTimeoutMs: number;
}

/**
 * Writes the node's config, starts its JVM detached (it outlives the caller, output to
 * files), and reports the pid through onSpawned before waiting until the node is ready,
 * so the caller can save it even if readiness then fails.
 */
export async function launchNode(
  node: NodeLayout,
  context: LaunchContext,
  onSpawned: (pid: number) => void,
): Promise<void> {
  const files = nodeFiles(node);
  mkdirSync(files.confDir, { recursive: true });
  mkdirSync(dirname(files.logFile), { recursive: true });
  writeFileSync(files.propertiesFile, renderNodeProperties(context.spec, context.layout, node));
  writeFileSync(files.logbackFile, renderLogbackConfig(files.logFile));

  // Taken before the spawn: only lines written by this run may prove readiness.
  const log = new AppendedText(files.logFile);
  const consoleOutput = new AppendedText(files.consoleFile);

  const consoleFd = openSync(files.consoleFile, "a");
  const preload = [context.bindShim, process.env.LD_PRELOAD].filter(Boolean).join(" ");
  const child = spawn(javaExecutable(), javaArguments(node, context.spec, context.libDir), {
    cwd: node.dir,
    detached: true,
    stdio: ["ignore", consoleFd, consoleFd],
    env: { ...process.env, LD_PRELOAD: preload },
  });
  closeSync(consoleFd);
  if (child.pid === undefined) {
    const [error] = (await once(child, "error")) as [Error];
    throw new Error(`${node.label}: could not start ${javaExecutable()}: ${error.message}`);
  }
  child.unref();
  onSpawned(child.pid);

  await waitUntilReady({
    label: node.label,
    pid: child.pid,
    log,
    console: consoleOutput,
    readyLine: READY_LINE[node.role],
    port: node.readyPort,
    timeoutMs: context.readyTimeoutMs,
  });
}
