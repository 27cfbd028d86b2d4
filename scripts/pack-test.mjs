// The packages as a user gets them: `pnpm pack` each package (its prepack script builds it and the
// workspace packages it depends on, so no manual build step), check each tarball's contents and
// package.json, install the four tarballs with npm into a temporary project outside the
// workspace, then run an ES module and a CommonJS script that use each package
// (scripts/pack-test/use.*) and type-check a .mts and a .cts file with the workspace's tsc under
// strict, module/moduleResolution node16 and skipLibCheck false (scripts/pack-test/types.*).
//
// npm fetches thrift, node-int64, their @types and @types/node from the registry (its cache
// serves repeat runs). Prints a final "N passed, N failed" line; exits 1 if anything failed.
// ZEROWIRE_KEEP_PACK_DIR=1 keeps the temporary project for inspection.
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const fixtures = join(import.meta.dirname, "pack-test");
const packages = [
  { dir: "writer", name: "@zerowire/writer", internal: [] },
  { dir: "thrift", name: "@zerowire/thrift", internal: ["@zerowire/writer"] },
  { dir: "iotdb-codec", name: "@zerowire/iotdb-codec", internal: ["@zerowire/writer", "@zerowire/thrift"] },
  { dir: "iotdb-client", name: "@zerowire/iotdb-client", internal: ["@zerowire/writer", "@zerowire/iotdb-codec", "@zerowire/thrift"] },
];
// The four are versioned together (CHANGELOG.md); the scripts check the installed versions.
const version = JSON.parse(readFileSync(join(root, "packages/iotdb-client/package.json"), "utf8")).version;
const packageFiles = ["package.json", "README.md", "LICENSE", "dist/index.mjs", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts"];

let passed = 0;
let failed = 0;
function check(what, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok || detail === "" ? "" : `\n     ${detail}`}`);
}
/** Runs a command; returns its output, or records a failure (with the output) and returns undefined. */
function step(what, cmd, args, cwd) {
  try {
    const env = { ...process.env, npm_config_update_notifier: "false", ZW_EXPECTED_VERSION: version };
    const out = execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env });
    check(what, true);
    return out;
  } catch (e) {
    check(what, false, `${[cmd, ...args].join(" ")} exited ${e.status}\n${e.stdout ?? ""}${e.stderr ?? ""}`.trim().replaceAll("\n", "\n     "));
    return undefined;
  }
}

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
        check(`packing ${p.name} built ${q.name} (dist/ rebuilt by prepack)`, built !== undefined && built.mtimeMs >= started);
      }
    }
  }

  const unpacked = join(work, "unpacked");
  for (const p of packages) {
    const tarball = readdirSync(tarballs, { recursive: false }).find((f) => f.startsWith(p.name.slice(1).replace("/", "-")));
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
    checkDeclarationImports(p, manifest, join(into, "package"), listed);
    check(`${p.name}: LICENSE is the repository's`, readFileSync(join(into, "package/LICENSE"), "utf8") === readFileSync(join(root, "LICENSE"), "utf8"));
  }

  // The consumer: outside the workspace, plain npm, the four tarballs and @types/node.
  const project = mkdir(join(work, "project"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "zerowire-pack-test", private: true }, null, 2));
  const typesNode = JSON.parse(readFileSync(join(root, "node_modules/@types/node/package.json"), "utf8")).version;
  const tgz = readdirSync(tarballs).map((f) => join(tarballs, f));
  const installed = step("npm install the four tarballs", "npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tgz, `@types/node@${typesNode}`], project);
  if (installed !== undefined) {
    for (const f of readdirSync(fixtures)) cpSync(join(fixtures, f), join(project, f));
    const esm = step("ESM script imports and uses each package", process.execPath, ["use.mjs"], project);
    check("ESM script ran to its end", esm?.includes("esm ok") === true);
    const cjs = step("CommonJS script requires and uses each package", process.execPath, ["use.cjs"], project);
    check("CommonJS script ran to its end", cjs?.includes("cjs ok") === true);
    const tsc = resolve(root, "node_modules/typescript/bin/tsc");
    step("tsc (strict, node16, skipLibCheck false) on types.mts and types.cts", process.execPath, [tsc, "-p", "tsconfig.json"], project);
  }
} finally {
  if (process.env.ZEROWIRE_KEEP_PACK_DIR === "1") console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

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
  check(`${p.name}: repository, homepage, bugs, keywords`, Boolean(manifest.repository?.url && manifest.homepage && manifest.bugs?.url && manifest.keywords?.length));
  check(`${p.name}: sideEffects false`, manifest.sideEffects === false);
  const dot = manifest.exports?.["."];
  check(`${p.name}: "./package.json" export`, manifest.exports?.["./package.json"] === "./package.json");
  check(
    `${p.name}: require gets .cjs with .d.cts types, import gets .mjs with .d.ts`,
    dot?.require?.types === "./dist/index.d.cts" && dot?.require?.default === "./dist/index.cjs" && dot?.import?.types === "./dist/index.d.ts" && dot?.import?.default === "./dist/index.mjs",
    JSON.stringify(dot),
  );
}

/** Every package a shipped declaration imports is a dependency, with its types (own or @types/*). */
function checkDeclarationImports(p, manifest, dir, listed) {
  const deps = manifest.dependencies ?? {};
  const imported = new Set();
  for (const f of listed.filter((f) => /\.d\.c?ts$/.test(f))) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']([^"'.][^"']*)["']/g)) imported.add(m[1]);
  }
  const bad = [...imported].filter((spec) => {
    if (spec.startsWith("node:") || builtinModules.includes(spec)) return false;
    const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
    const typesName = `@types/${name.replace(/^@/, "").replace("/", "__")}`;
    return !(name in deps) || !(name.startsWith("@zerowire/") || typesName in deps);
  });
  check(`${p.name}: every package its declarations import is a dependency with types (${[...imported].sort().join(", ")})`, bad.length === 0, `not: ${bad.join(", ")}`);
}

function mkdir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}
