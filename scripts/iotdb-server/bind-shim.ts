import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { BIND_SHIM_LIBRARY, BIND_SHIM_SOURCE, CACHE_DIR } from "./paths.js";
import { runCommand } from "./run-command.js";

/**
 * Compiles the LD_PRELOAD bind() shim (bind-loopback.c) into the cache when it is missing
 * or older than its source, and returns the library path.
 */
export async function ensureBindShim(): Promise<string> {
  const upToDate =
    existsSync(BIND_SHIM_LIBRARY) && statSync(BIND_SHIM_LIBRARY).mtimeMs >= statSync(BIND_SHIM_SOURCE).mtimeMs;
  if (upToDate) return BIND_SHIM_LIBRARY;

  mkdirSync(CACHE_DIR, { recursive: true });
  // Unique per call: clusters started in parallel by one process compile side by side.
  const staging = `${BIND_SHIM_LIBRARY}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  await runCommand(
    "gcc",
    ["-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-o", staging, BIND_SHIM_SOURCE, "-ldl"],
    CACHE_DIR,
  );
  renameSync(staging, BIND_SHIM_LIBRARY);
  return BIND_SHIM_LIBRARY;
}
