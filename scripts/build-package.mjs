// Builds the package in the current directory, one entry per subpath of its package.json
// "exports" that has a "source" condition (e.g. "." -> src/index.ts, "./seams" -> src/seams.ts):
// the ESM file its "import" condition names (dist/<name>.mjs), the CommonJS file its "require"
// condition names (dist/<name>.cjs), both with esbuild, and dist/**/*.d.ts with tsc.
// Dependencies stay external, so @zerowire/* packages import each other through their own
// published entry points.
//
// One copy of each module across entries: a class bundled into two entries would be two classes
// (an error thrown by a subpath's function would fail `instanceof` against the root's export). So
// the ESM build splits modules two entries share into dist/chunks/; the CommonJS build, which
// esbuild cannot split, bundles every entry into dist/internal.cjs (each entry's exports one
// namespace of it) and writes each entry's file as a re-export of its namespace, name by name. A
// package with one entry gets plain bundles, as before.
//
// Published exports: pnpm pack/publish replaces "exports" with publishConfig.exports (pnpm's
// publishConfig override), which has no "source" condition and no workspace-only subpath (e.g.
// "./test-support"): the tarball names no file it lacks (scripts/pack-test.mjs checks;
// test/public-surface.test.ts checks the two maps agree).
//
// CommonJS types: the packages are "type": "module", so TypeScript reads every .d.ts as ESM. A
// CommonJS consumer (node16/nodenext resolution, the `require` condition) gets dist/**/*.d.cts: a
// copy of each emitted .d.ts whose relative imports point at the .d.cts copies, so the whole
// CommonJS type graph is CommonJS.
//
// Declarations: only those reachable from an entry's .d.ts are kept. tsc emits one per source
// file, and an internal module's (e.g. the client's, which import the Thrift-generated types and
// node-int64) would name packages that are not dependencies of the published package.
//
// Optional peer dependencies (peerDependenciesMeta optional, e.g. the client's apache-arrow): a
// declaration that imports one gets `// @ts-ignore` above that import, so a consumer without the
// package still compiles with skipLibCheck false (those types are then `any`).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const entries = buildEntries(manifest);

const common = {
  bundle: true,
  platform: "node",
  target: "node18",
  packages: "external",
  sourcemap: true,
  // Classes and functions keep their names: bundling renames a class that clashes with another
  // module's (the client's TimeoutError became _TimeoutError), and constructor.name and
  // util.inspect(error) would show the mangled name.
  keepNames: true,
  // Warnings print (the generated code has none: scripts/gen-thrift.sh drops its dead arms); errors fail the build.
  logLevel: "warning",
};
// Bundled CommonJS (e.g. Thrift-generated code) may require() external packages; give the ESM
// build a real require for them.
const esmBanner = {
  js: 'import { createRequire as __zwCreateRequire } from "node:module"; const require = __zwCreateRequire(import.meta.url);',
};
await Promise.all([
  build({
    ...common,
    format: "esm",
    entryPoints: entries.map((e) => ({ in: e.source, out: e.name })),
    outdir: "dist",
    outExtension: { ".js": ".mjs" },
    splitting: entries.length > 1,
    chunkNames: "chunks/[name]-[hash]",
    banner: esmBanner,
  }),
  entries.length === 1
    ? build({ ...common, format: "cjs", entryPoints: [entries[0].source], outfile: `dist/${entries[0].name}.cjs` })
    : buildCommonJsEntries(entries),
]);
const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
removeUnreachableDeclarations("dist", entries);
markOptionalPeerImports("dist");
writeCommonJsDeclarations("dist");

/**
 * The entries: each subpath of "exports" with a "source" condition, named by its "import" file
 * (dist/<name>.mjs; its "require" file must be dist/<name>.cjs and its types dist/<name>.d.ts and
 * .d.cts beside them, as the source's tsc output is).
 */
function buildEntries(manifest) {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target !== "object" || target === null || target.source === undefined) continue;
    const name = /^\.\/dist\/(.+)\.mjs$/.exec(target.import?.default ?? "")?.[1];
    const expected = name && {
      source: `./src/${name}.ts`,
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.mjs` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    };
    if (!expected || JSON.stringify(target) !== JSON.stringify(expected)) {
      throw new Error(
        `build-package: exports["${subpath}"] must be ${JSON.stringify(expected ?? "{ source: ./src/<name>.ts, import: dist/<name>.mjs + .d.ts, require: dist/<name>.cjs + .d.cts }")}, is ${JSON.stringify(target)}`,
      );
    }
    entries.push({ subpath, name, source: target.source });
  }
  if (entries.length === 0) throw new Error('build-package: no "exports" subpath has a "source" condition');
  return entries;
}

/**
 * CommonJS for several entries: dist/internal.cjs holds them all, dist/<name>.cjs re-exports its part (see the top).
 */
async function buildCommonJsEntries(entries) {
  const all = entries.map((e, i) => `export * as e${i} from ${JSON.stringify(resolve(e.source))};`).join("\n");
  const result = await build({
    ...common,
    format: "cjs",
    stdin: { contents: all, resolveDir: resolve("."), sourcefile: "entries.js" },
    outfile: "dist/internal.cjs",
  });
  const bundle = require(resolve("dist/internal.cjs"));
  entries.forEach((e, i) => {
    // An entry may sit in a folder (dist/wire/index.cjs): internal.cjs is then up from it.
    let internal = relative(dirname(`dist/${e.name}.cjs`), "dist/internal.cjs").replaceAll("\\", "/");
    if (!internal.startsWith(".")) internal = `./${internal}`;
    // One `exports.name = ...` line per export, not `module.exports = ...e0`: Node's import of a
    // CommonJS file finds its named exports by reading such lines (cjs-module-lexer).
    const names = Object.keys(bundle[`e${i}`]).sort();
    const lines = names.map((name) => `exports.${name} = entry.${name};`).join("\n");
    // The ESM build, run alongside, may not have made the entry's folder yet.
    mkdirSync(dirname(`dist/${e.name}.cjs`), { recursive: true });
    writeFileSync(
      `dist/${e.name}.cjs`,
      `"use strict";\n// ${manifest.name}${e.subpath.slice(1)}: one namespace of internal.cjs, the one bundle of every entry.\nconst entry = require(${JSON.stringify(internal)}).e${i};\n${lines}\n`,
    );
  });
  return result;
}

/** `// @ts-ignore` above each declaration import of an optional peer dependency (see the top). */
function markOptionalPeerImports(dir) {
  const optional = new Set(
    Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta?.optional === true)
      .map(([name]) => name),
  );
  if (optional.size === 0) return;
  for (const f of readdirSync(dir, { recursive: true })) {
    const file = join(dir, f);
    if (!file.endsWith(".d.ts")) continue;
    const text = readFileSync(file, "utf8");
    const marked = text.replace(/^import .* from "([^"]+)";$/gm, (line, from) =>
      optional.has(from) ? `// @ts-ignore: optional peer dependency\n${line}` : line,
    );
    if (marked !== text) writeFileSync(file, marked);
  }
}

/** Deletes every .d.ts under dir that no entry's .d.ts reaches through relative imports. */
function removeUnreachableDeclarations(dir, entries) {
  const relative = /(?:from|import)\s*\(?\s*(["'])(\.{1,2}\/[^"']*)\.js\1/g;
  const reached = new Set();
  const pending = entries.map((e) => resolve(dir, `${e.name}.d.ts`));
  while (pending.length > 0) {
    const file = pending.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(relative)) pending.push(join(dirname(file), `${m[2]}.d.ts`));
  }
  for (const f of readdirSync(dir, { recursive: true }).map(String)) {
    const file = resolve(dir, f);
    if (f.endsWith(".d.ts") && !reached.has(file)) rmSync(file);
  }
  // Directories left with nothing in them.
  for (const f of readdirSync(dir, { recursive: true }).map(String).sort().reverse()) {
    const sub = resolve(dir, f);
    if (statSync(sub).isDirectory() && readdirSync(sub).length === 0) rmSync(sub, { recursive: true });
  }
}

/** Writes a .d.cts beside every .d.ts under dir, relative "./x.js" imports turned into "./x.cjs". */
function writeCommonJsDeclarations(dir) {
  const declarations = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".d.ts"))
    .map((f) => resolve(dir, f));
  const emitted = new Set(declarations);
  // `from "./a/b.js"` and `import("./a/b.js")`; a specifier whose .d.ts is not ours (e.g. files
  // copied in after this build) is left alone.
  const specifier = /((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']*)\.js\2/g;
  for (const file of declarations) {
    const text = readFileSync(file, "utf8").replace(specifier, (whole, lead, quote, path) =>
      emitted.has(join(dirname(file), `${path}.d.ts`)) ? `${lead}${quote}${path}.cjs${quote}` : whole,
    );
    writeFileSync(file.replace(/\.d\.ts$/, ".d.cts"), text);
  }
  if (declarations.length === 0) throw new Error(`build-package: tsc emitted no declarations in ${dir}`);
}
