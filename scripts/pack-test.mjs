// The packages as a user gets them: `pnpm pack` each package (its prepack script builds it and the
// workspace packages it depends on, so no manual build step), check each tarball's contents and
// package.json (its exports name only files it has: no "source" condition, no workspace-only
// subpath), install the four tarballs with npm into a temporary project outside the workspace,
// check each installed package's public surface against its committed public-surface.txt
// (scripts/public-surface.mjs), and check that an app with only the client gets the production
// tree the root README lists. Then, under the oldest Node of each claimed line (18.0.0, 20.0.0, ... below) and
// the Node running this: an ES module and a CommonJS script that use each package
// (scripts/pack-test/use.*), tsc (strict, module/moduleResolution node16, skipLibCheck false) on
// .mts and .cts files (types.*, tsx-use.*), tsx running a .mts that imports and a .cts that
// requires the client (tsx-use.*), and a round trip against a real IoTDB (round-trip.mjs). The
// tsx steps first run a control that imports nothing (tsx-control.mts): where tsx cannot run it,
// the steps are not run; a step that only crashed or hung in all its tries (tsx on Node 20.0.0,
// most runs) is printed as not counted and listed before the summary; any other failure fails.
//
// Guard against a dependency's next release: npm installs without a lockfile, so every range in
// the packages' dependencies resolves to the newest version it allows (--prefer-online), and the
// scripts then run on the oldest Node claimed. (The client's import broke on Node 18 this way:
// thrift@^0.24 -> uuid, whose newest release is ES-module only.) The packages' own runtime
// dependencies are pinned, so today only @types/node-int64's `@types/node: "*"` floats.
//
// The round trips use IOTDB_HOST/IOTDB_PORT when set; otherwise this starts its own server with
// scripts/iotdb-server (port 9067) and stops it at the end. Node binaries come from the npm
// registry (node-<os>-<arch>@version) and are kept in .cache/; npm fetches node-int64,
// @types/node-int64 and @types/node; tsc and tsx are the workspace's. Prints a final
// "N passed, N failed" line; exits 1 if anything failed. ZEROWIRE_KEEP_PACK_DIR=1 keeps the
// temporary project for inspection.
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { surfaceFile, surfaceOf } from "./public-surface.mjs";

const root = resolve(import.meta.dirname, "..");
const fixtures = join(import.meta.dirname, "pack-test");
const packages = [
  { dir: "writer", name: "@zerowire/writer", internal: [] },
  { dir: "thrift", name: "@zerowire/thrift", internal: ["@zerowire/writer"] },
  { dir: "iotdb-codec", name: "@zerowire/iotdb-codec", internal: ["@zerowire/writer", "@zerowire/thrift"] },
  {
    dir: "iotdb-client",
    name: "@zerowire/iotdb-client",
    internal: ["@zerowire/writer", "@zerowire/iotdb-codec", "@zerowire/thrift"],
  },
];
// The four are versioned together (CHANGELOG.md); the scripts check the installed versions.
const version = JSON.parse(readFileSync(join(root, "packages/iotdb-client/package.json"), "utf8")).version;
// What every package.json claims (engines.node; the root README's "Install" says the same), and
// the oldest release of each Node line in that claim: the scripts run under each of these and
// under the Node running this test. The binaries are the npm registry's node-<os>-<arch>
// packages, cached in .cache/ (git-ignored), so a machine needs nothing new.
const ENGINES = ">=18";
const OLDEST_NODES = ["18.0.0", "20.0.0", "22.0.0", "24.0.0", "26.0.0"];
const packageFiles = [
  "package.json",
  "README.md",
  "LICENSE",
  "dist/index.mjs",
  "dist/index.cjs",
  "dist/index.d.ts",
  "dist/index.d.cts",
];

let passed = 0;
let failed = 0;
function check(what, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok || detail === "" ? "" : `\n     ${detail}`}`);
}
/**
 * Runs a command; returns its output, or records a failure (with the output) and returns undefined.
 * With `retry` ({ attempts, timeoutS }): each try runs under coreutils `timeout` (which signals its
 * whole process group, so a command's own children end too), and a try that crashed (exit 133,
 * 134) or hung is printed and tried again, up to `attempts` tries; one clean run passes the step.
 */
function step(what, cmd, args, cwd, extraEnv = {}, retry = undefined) {
  return record(what, run(what, cmd, args, cwd, extraEnv, retry));
}

/** Records run()'s result as step() does: its output, or undefined after a failure. */
function record(what, result) {
  if (result.out !== undefined) {
    check(result.attempt === 1 ? what : `${what} (attempt ${result.attempt})`, true);
    return result.out;
  }
  check(what, false, result.detail);
  return undefined;
}

/**
 * step() without the record: { out, attempt } or { detail, onlyCrashes } (the command, why it
 * failed, its output; whether every try crashed or hung).
 */
function run(what, cmd, args, cwd, extraEnv, retry) {
  const env = { ...process.env, npm_config_update_notifier: "false", ZW_EXPECTED_VERSION: version, ...extraEnv };
  const [file, argv] =
    retry === undefined ? [cmd, args] : ["timeout", ["-k", "5", String(retry.timeoutS), cmd, ...args]];
  let crashes = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return {
        out: execFileSync(file, argv, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env }),
        attempt,
      };
    } catch (e) {
      const timedOut = retry !== undefined && (e.status === 124 || e.status === 137);
      const why = timedOut ? `timed out after ${retry.timeoutS} s` : `exited ${e.status}`;
      const crashed = retry !== undefined && [124, 133, 134, 137].includes(e.status);
      if (crashed) crashes++;
      if (crashed && attempt < retry.attempts) {
        console.log(
          `     retry: ${what}: ${why} (a crash or hang of the runtime, attempt ${attempt} of ${retry.attempts})`,
        );
        continue;
      }
      const detail = `${[cmd, ...args].join(" ")} ${why}\n${e.stdout ?? ""}${e.stderr ?? ""}`;
      return { detail: detail.trim().replaceAll("\n", "\n     "), onlyCrashes: crashes === attempt };
    }
  }
}

/**
 * The tsx steps' retry: under Node 20.0.0, tsx (its off-thread module loader) aborts with a V8
 * out-of-memory at a 5 MB heap, or hangs, in most runs even for a file that only logs (a plain
 * custom loader does not; the later 20.x releases do not).
 */
const TSX_RETRY = { attempts: 8, timeoutS: 30 };
/**
 * tsx steps not counted: the control never ran on that Node, or every try of a step crashed or
 * hung (tsx's loader on Node 20.0.0); each printed as n/a and listed at the end.
 */
const tsxUnusable = [];

const work = mkdtempSync(join(tmpdir(), "zerowire-pack-"));
try {
  // Pack the client first: its prepack builds all four, which the mtimes then show.
  const tarballs = join(work, "tarballs");
  const started = Date.now();
  for (const p of [...packages].reverse()) {
    step(`pnpm pack ${p.name}`, "pnpm", ["pack", "--pack-destination", tarballs], join(root, "packages", p.dir));
    if (p.dir === "iotdb-client") {
      for (const q of packages) {
        const built = statSync(join(root, "packages", q.dir, "dist/index.mjs"), { throwIfNoEntry: false });
        check(
          `packing ${p.name} built ${q.name} (dist/ rebuilt by prepack)`,
          built !== undefined && built.mtimeMs >= started,
        );
      }
    }
  }

  const unpacked = join(work, "unpacked");
  for (const p of packages) {
    const tarball = readdirSync(tarballs, { recursive: false }).find((f) =>
      f.startsWith(p.name.slice(1).replace("/", "-")),
    );
    if (tarball === undefined) {
      check(`${p.name}: tarball exists`, false);
      continue;
    }
    const into = join(unpacked, p.dir);
    step(`${p.name}: unpack ${tarball}`, "tar", ["xzf", join(tarballs, tarball), "-C", mkdir(into)]);
    const listed = readdirSync(join(into, "package"), { recursive: true }).map(String);
    const missing = packageFiles.filter((f) => !listed.includes(f));
    check(`${p.name}: tarball has ${packageFiles.join(", ")}`, missing.length === 0, `missing: ${missing.join(", ")}`);
    const manifest = JSON.parse(readFileSync(join(into, "package/package.json"), "utf8"));
    checkManifest(p, manifest);
    checkExportTargets(p, manifest, listed);
    checkDeclarationImports(p, manifest, join(into, "package"), listed);
    check(
      `${p.name}: LICENSE is the repository's`,
      readFileSync(join(into, "package/LICENSE"), "utf8") === readFileSync(join(root, "LICENSE"), "utf8"),
    );
  }

  // The consumer: outside the workspace, plain npm, the four tarballs and @types/node. No lockfile:
  // npm resolves each range of the packages' dependencies to the newest version it allows, so a
  // release that breaks an older Node fails this run (under that Node, below).
  const project = mkdir(join(work, "project"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "zerowire-pack-test", private: true }, null, 2));
  const typesNode = JSON.parse(readFileSync(join(root, "node_modules/@types/node/package.json"), "utf8")).version;
  const tgz = readdirSync(tarballs).map((f) => join(tarballs, f));
  const installed = step(
    "npm install the four tarballs",
    "npm",
    ["install", "--prefer-online", "--no-audit", "--no-fund", "--loglevel=error", ...tgz, `@types/node@${typesNode}`],
    project,
  );
  if (installed !== undefined) {
    for (const p of packages) {
      const dir = join(project, "node_modules", p.name);
      const committed = readFileSync(surfaceFile(join(root, "packages", p.dir)), "utf8");
      let actual;
      try {
        actual = await surfaceOf(dir, "dist");
      } catch (e) {
        actual = String(e);
      }
      check(
        `${p.name}: the installed package's surface (export paths, names, kinds; ESM and CommonJS at run time) is packages/${p.dir}/public-surface.txt`,
        actual === committed,
        `installed:\n${actual}`,
      );
    }
    checkProductionTree(tgz, join(work, "app"));
    for (const f of readdirSync(fixtures)) cpSync(join(fixtures, f), join(project, f));
    const server = iotdbServer();
    try {
      for (const node of nodeVersions()) {
        const tag = `Node ${node.version}`;
        const bin = nodeBinary(node);
        if (bin === undefined) continue;
        const esm = step(`${tag}: ESM script imports and uses each package`, bin, ["use.mjs"], project);
        check(`${tag}: ESM script ran to its end`, esm?.includes("esm ok") === true);
        const cjs = step(`${tag}: CommonJS script requires and uses each package`, bin, ["use.cjs"], project);
        check(`${tag}: CommonJS script ran to its end`, cjs?.includes("cjs ok") === true);
        const tsc = resolve(root, "node_modules/typescript/bin/tsc");
        step(
          `${tag}: tsc (strict, node16, skipLibCheck false) on the .mts and .cts files`,
          bin,
          [tsc, "-p", "tsconfig.json"],
          project,
        );
        const tsx = resolve(root, "node_modules/tsx/dist/cli.mjs");
        // The control: a file that imports nothing. If tsx cannot run even that on this Node, the
        // runtime and tsx are at fault, not the packages: the two tsx steps are listed, not run.
        const control = run(
          `${tag}: tsx runs a file that imports nothing`,
          bin,
          [tsx, "tsx-control.mts"],
          project,
          {},
          TSX_RETRY,
        );
        if (control.out?.includes("tsx control ok") !== true) {
          console.log(
            `n/a  ${tag}: the tsx steps: tsx does not run on this Node even for a file that imports nothing\n     ${control.detail ?? control.out}`.trim(),
          );
          tsxUnusable.push(`${tag}: the tsx steps`);
        } else {
          for (const [ext, verb] of [
            ["mts", "imports"],
            ["cts", "requires"],
          ]) {
            const what = `${tag}: tsx runs a .${ext} file that ${verb} the client`;
            const result = run(what, bin, [tsx, `tsx-use.${ext}`], project, {}, TSX_RETRY);
            // Every try crashed or hung (tsx's loader does that on Node 20.0.0 even for a file that only
            // logs, most runs): the runtime's flake, not ours. A wrong exit or output still fails.
            if (result.out === undefined && result.onlyCrashes) {
              console.log(`n/a  ${what}: every try crashed or hung (the runtime's; the control ran)`);
              tsxUnusable.push(what);
              continue;
            }
            const out = record(what, result);
            check(`${tag}: the .${ext} file ran to its end`, out?.includes(`tsx ${ext} ok`) === true);
          }
        }
        if (server === undefined) continue;
        const trip = step(
          `${tag}: round trip against IoTDB at ${server.host}:${server.port} (open, insert a tablet, query it back)`,
          bin,
          ["round-trip.mjs"],
          project,
          server.env,
        );
        check(`${tag}: round trip ran to its end`, trip?.includes("round trip ok") === true);
      }
    } finally {
      server?.stop();
    }
  }
} finally {
  if (process.env.ZEROWIRE_KEEP_PACK_DIR === "1") console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

if (tsxUnusable.length > 0)
  console.log(`not counted (tsx crashed or hung there, or could not run the control): ${tsxUnusable.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function checkManifest(p, manifest) {
  const deps = manifest.dependencies ?? {};
  const version = manifest.version;
  check(
    `${p.name}: internal dependencies pinned to ${version}`,
    p.internal.every((d) => deps[d] === version) && !JSON.stringify(manifest).includes("workspace:"),
    JSON.stringify(deps),
  );
  check(`${p.name}: publishConfig.access public`, manifest.publishConfig?.access === "public");
  check(
    `${p.name}: repository, homepage, bugs, keywords`,
    Boolean(manifest.repository?.url && manifest.homepage && manifest.bugs?.url && manifest.keywords?.length),
  );
  check(`${p.name}: sideEffects false`, manifest.sideEffects === false);
  check(`${p.name}: engines.node is ${ENGINES}`, manifest.engines?.node === ENGINES, JSON.stringify(manifest.engines));
  const dot = manifest.exports?.["."];
  check(`${p.name}: "./package.json" export`, manifest.exports?.["./package.json"] === "./package.json");
  check(
    `${p.name}: require gets .cjs with .d.cts types, import gets .mjs with .d.ts`,
    dot?.require?.types === "./dist/index.d.cts" &&
      dot?.require?.default === "./dist/index.cjs" &&
      dot?.import?.types === "./dist/index.d.ts" &&
      dot?.import?.default === "./dist/index.mjs",
    JSON.stringify(dot),
  );
}

/**
 * The tarball's exports (pnpm packs publishConfig.exports) name only files it has: no "source" condition, no
 * workspace-only subpath.
 */
function checkExportTargets(p, manifest, listed) {
  const problems = [];
  const walk = (target, where) => {
    if (typeof target === "string") {
      if (!listed.includes(target.replace(/^\.\//, ""))) problems.push(`${where} -> ${target} (not in the tarball)`);
      return;
    }
    for (const [key, value] of Object.entries(target)) {
      if (key === "source") problems.push(`${where}: a "source" condition`);
      walk(value, `${where}.${key}`);
    }
  };
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === "./test-support") problems.push(`the workspace-only ${subpath}`);
    walk(target, subpath);
  }
  check(
    `${p.name}: exports (${Object.keys(manifest.exports ?? {}).join(", ")}) name only files in the tarball, no "source" condition, no workspace-only subpath`,
    problems.length === 0,
    problems.join("; "),
  );
}

/** Every package a shipped declaration imports is a dependency, with its types (own or @types/*),
 *  or an optional peer dependency whose import the build marked `// @ts-ignore` (see build-package.mjs). */
function checkDeclarationImports(p, manifest, dir, listed) {
  const deps = manifest.dependencies ?? {};
  const optionalPeers = new Set(
    Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, m]) => m?.optional === true)
      .map(([n]) => n),
  );
  const unmarked = new Set();
  const imported = new Set();
  for (const f of listed.filter((f) => /\.d\.c?ts$/.test(f))) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']([^"'.][^"']*)["']/g))
      imported.add(m[1]);
    for (const peer of optionalPeers) {
      for (const line of text.split("\n").map((l, i, all) => [l, all[i - 1] ?? ""])) {
        if (line[0].includes(`from "${peer}"`) && !line[1].startsWith("// @ts-ignore")) unmarked.add(`${peer} in ${f}`);
      }
    }
  }
  const bad = [...imported].filter((spec) => {
    if (spec.startsWith("node:") || builtinModules.includes(spec)) return false;
    const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
    const typesName = `@types/${name.replace(/^@/, "").replace("/", "__")}`;
    if (optionalPeers.has(name)) return false;
    return !(name in deps) || !(name.startsWith("@zerowire/") || typesName in deps);
  });
  bad.push(...[...unmarked].map((u) => `${u} (an optional peer imported without // @ts-ignore)`));
  check(
    `${p.name}: every package its declarations import is a dependency with types (${[...imported].sort().join(", ")})`,
    bad.length === 0,
    `not: ${bad.join(", ")}`,
  );
}

/** The oldest Node of each claimed line, then this one (unless it is one of them). */
function nodeVersions() {
  const own = process.version.slice(1);
  return [
    ...OLDEST_NODES.map((version) => ({ version })),
    ...(OLDEST_NODES.includes(own) ? [] : [{ version: own, path: process.execPath }]),
  ];
}

/** The node binary of `node.version`: this one, the cached one, or fetched from the npm registry into .cache/. */
function nodeBinary(node) {
  if (node.path !== undefined) return node.path;
  const name = `node-${process.platform}-${process.arch}`;
  const dir = join(root, ".cache", `${name}-${node.version}`);
  const bin = join(dir, "bin", "node");
  if (!existsSync(bin)) {
    const download = mkdtempSync(join(tmpdir(), "zerowire-node-"));
    try {
      if (
        step(
          `npm pack ${name}@${node.version} (kept in .cache/)`,
          "npm",
          ["pack", `${name}@${node.version}`, "--loglevel=error"],
          download,
        ) === undefined
      )
        return undefined;
      const tarball = readdirSync(download).find((f) => f.endsWith(".tgz"));
      mkdir(dir);
      if (
        step(`unpack ${tarball}`, "tar", [
          "xzf",
          join(download, tarball),
          "-C",
          dir,
          "--strip-components=1",
          "package/bin/node",
        ]) === undefined
      )
        return undefined;
    } finally {
      rmSync(download, { recursive: true, force: true });
    }
  }
  const reported = step(`Node ${node.version}: ${bin} runs`, bin, ["--version"], root)?.trim();
  check(`Node ${node.version}: the binary is v${node.version}`, reported === `v${node.version}`, String(reported));
  return reported === `v${node.version}` ? bin : undefined;
}

/**
 * The IoTDB server of the round trips: IOTDB_HOST/IOTDB_PORT when set (nothing started), else one
 * started here with scripts/iotdb-server (base port 9067, apart from the integration tests'
 * servers) and stopped at the end. None with ZEROWIRE_NO_SERVER=1 (the round trips are skipped, loudly).
 */
function iotdbServer() {
  if (process.env.ZEROWIRE_NO_SERVER === "1") {
    console.log("\n!!! ZEROWIRE_NO_SERVER=1: the round trips against IoTDB are NOT RUN\n");
    return undefined;
  }
  if (process.env.IOTDB_HOST) {
    const port = process.env.IOTDB_PORT ?? "6667";
    console.log(`round trips against IOTDB_HOST=${process.env.IOTDB_HOST} IOTDB_PORT=${port} (no server started)`);
    return {
      host: process.env.IOTDB_HOST,
      port,
      env: { IOTDB_HOST: process.env.IOTDB_HOST, IOTDB_PORT: port },
      stop() {},
    };
  }
  const cli = ["--import", "tsx", join(root, "scripts/iotdb-server/cli.ts")];
  const dir = join(root, ".iotdb", "pack-test");
  const port = "9067";
  step(
    `start an IoTDB server for the round trips (scripts/iotdb-server, port ${port})`,
    process.execPath,
    [...cli, "start", "--dir", dir, "--port", port, "--fresh"],
    root,
  );
  return {
    host: "127.0.0.1",
    port,
    env: { IOTDB_HOST: "127.0.0.1", IOTDB_PORT: port },
    stop: () => step("stop the round trips' IoTDB server", process.execPath, [...cli, "stop", "--dir", dir], root),
  };
}

/**
 * What an app that installs only the client gets: `npm ls --omit=dev --all` equals the tree in the
 * root README's "Install" section (the first `text` block after the line naming that command),
 * line for line after the app's own line; `@*` there stands for any version.
 */
function checkProductionTree(tgz, app) {
  mkdir(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }, null, 2));
  // The internal packages are not on the registry here: installed from their tarballs, then
  // dropped from the app's own dependencies, so npm lists them where the client's install puts them.
  if (
    step(
      "npm install the four tarballs into an app of its own",
      "npm",
      ["install", "--prefer-online", "--no-audit", "--no-fund", "--loglevel=error", ...tgz],
      app,
    ) === undefined
  )
    return;
  const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
  manifest.dependencies = { "@zerowire/iotdb-client": manifest.dependencies["@zerowire/iotdb-client"] };
  writeFileSync(join(app, "package.json"), JSON.stringify(manifest, null, 2));
  const listed = step("npm ls --omit=dev --all in that app", "npm", ["ls", "--omit=dev", "--all"], app);
  if (listed === undefined) return;
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const documented = /npm ls --omit=dev --all[^\n]*\n(?:[^\n]*\n)*?```text\n([\s\S]*?)```/.exec(readme)?.[1];
  const actualLines = listed.trimEnd().split("\n").slice(1);
  const documentedLines = (documented ?? "").trimEnd().split("\n").slice(1);
  const same =
    actualLines.length === documentedLines.length &&
    documentedLines.every((line, i) => treeLineMatches(line, actualLines[i]));
  check(
    "the client's production tree is the one the README's Install section lists",
    same,
    `npm ls:\n${actualLines.join("\n")}\nREADME:\n${documentedLines.join("\n")}`,
  );
}

/** A documented `npm ls` line against an actual one; `name@*` matches any version of name. */
function treeLineMatches(documented, actual) {
  if (!documented.includes("@*")) return documented === actual;
  const pattern = documented.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("@\\*", "@\\d[^ ]*");
  return new RegExp(`^${pattern}$`).test(actual);
}

function mkdir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}
