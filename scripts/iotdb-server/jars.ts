import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_DIR, LIB_DIR, POM_FILE, SCRIPT_DIR } from "./paths.js";
import { runCommand } from "./run-command.js";

/** Written last into a finished lib dir; holds the pom hash so a changed pom re-downloads. */
const COMPLETE_MARKER = ".complete";

function pomHash(): string {
  return createHash("sha256").update(readFileSync(POM_FILE)).digest("hex");
}

function isLibComplete(hash: string): boolean {
  const marker = join(LIB_DIR, COMPLETE_MARKER);
  return existsSync(marker) && readFileSync(marker, "utf8") === hash;
}

/** The download under way in this process, shared by every caller (clusters start in parallel). */
let inFlight: Promise<void> | undefined;

/**
 * Makes sure the IoTDB server classpath is in LIB_DIR, downloading it with Maven once.
 * Maven writes into a private temp dir that is renamed into place, so concurrent callers
 * never see a half-filled lib dir; callers in one process share one download.
 */
export function ensureServerJars(log: (message: string) => void): Promise<void> {
  if (isLibComplete(pomHash())) return Promise.resolve();
  inFlight ??= download(log).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function download(log: (message: string) => void): Promise<void> {
  const hash = pomHash();
  const started = Date.now();
  mkdirSync(CACHE_DIR, { recursive: true });
  const staging = join(CACHE_DIR, `lib.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  log(`downloading IoTDB server jars with mvn into ${LIB_DIR} ...`);
  try {
    await runCommand(
      "mvn",
      [
        "-B",
        "-q",
        "-f",
        POM_FILE,
        "dependency:copy-dependencies",
        "-DincludeScope=runtime",
        `-DoutputDirectory=${staging}`,
      ],
      SCRIPT_DIR,
    );
    writeFileSync(join(staging, COMPLETE_MARKER), hash);
    if (!isLibComplete(hash)) {
      rmSync(LIB_DIR, { recursive: true, force: true });
      try {
        renameSync(staging, LIB_DIR);
      } catch (err) {
        // Another process put its copy in place between our check and the rename.
        if (!isLibComplete(hash)) throw err;
      }
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`jars downloaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
