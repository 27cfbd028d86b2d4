import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The only IoTDB release whose server modules are all on Maven Central (see pom.xml). */
export const IOTDB_VERSION = "2.0.1-beta";

export const SCRIPT_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(SCRIPT_DIR, "..", "..");

/** Git-ignored; survives between runs so the jars are downloaded once. */
export const CACHE_DIR = join(REPO_ROOT, ".cache", `iotdb-${IOTDB_VERSION}`);
export const LIB_DIR = join(CACHE_DIR, "lib");
export const POM_FILE = join(SCRIPT_DIR, "pom.xml");

export const BIND_SHIM_SOURCE = join(SCRIPT_DIR, "bind-loopback.c");
export const BIND_SHIM_LIBRARY = join(CACHE_DIR, "bind-loopback.so");

/** Git-ignored data dir used when the caller names none. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, ".iotdb", "cluster");
