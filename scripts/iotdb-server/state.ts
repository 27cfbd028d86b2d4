import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClusterSpec } from "./spec.js";

/** Pids of the JVMs started from a data dir; null where a node is not running. */
export interface SavedPids {
  configNode: number | null;
  dataNodes: (number | null)[];
}

const SPEC_FILE = "cluster.json";
const PIDS_FILE = "pids.json";

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

/** Write-then-rename so a reader never sees half a file. */
function writeJson(file: string, value: unknown): void {
  const staging = `${file}.tmp-${process.pid}`;
  writeFileSync(staging, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(staging, file);
}

export function readSpec(dataDir: string): ClusterSpec | null {
  return readJson<ClusterSpec>(join(dataDir, SPEC_FILE));
}

export function writeSpec(dataDir: string, spec: ClusterSpec): void {
  writeJson(join(dataDir, SPEC_FILE), spec);
}

/** A data dir is ours when it holds our spec file. */
export function isClusterDir(dataDir: string): boolean {
  return existsSync(join(dataDir, SPEC_FILE));
}

export function readPids(dataDir: string, dataNodes: number): SavedPids {
  const saved = readJson<SavedPids>(join(dataDir, PIDS_FILE));
  return {
    configNode: saved?.configNode ?? null,
    dataNodes: Array.from({ length: dataNodes }, (_, index) => saved?.dataNodes[index] ?? null),
  };
}

export function writePids(dataDir: string, pids: SavedPids): void {
  writeJson(join(dataDir, PIDS_FILE), pids);
}
