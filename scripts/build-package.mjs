// Builds the package in the current directory: each entry point to dist/<entry>.mjs (ESM) and
// dist/<entry>.cjs (CJS) with esbuild, and dist/**/*.d.ts with tsc. Dependencies stay external,
// so @zerowire/* packages import each other through their own published entry points.
//
// Entry points: one per subpath of package.json "exports" ("." and e.g. "./wire"), each built from
// the source its import target names: "./dist/wire/index.mjs" from src/wire/index.ts. An entry
// that imports another entry's source module (e.g. src/index.ts's `./wire/index.js`) gets that
// import as a reference to the other entry's output, not a bundled copy, so a class exported by
// both (ThriftDecodeError) is one class for `instanceof`. Other modules are bundled into each
// entry that imports them: import what another entry exports through that entry's index.
//
// CommonJS types: the packages are "type": "module", so TypeScript reads every .d.ts as ESM. A
// CommonJS consumer (node16/nodenext resolution, the `require` condition) gets dist/**/*.d.cts: a
// copy of each emitted .d.ts whose relative imports point at the .d.cts copies, so the whole
// CommonJS type graph is CommonJS.
//
// Declarations: only those reachable from an entry's .d.ts (dist/index.d.ts, ...) are kept. tsc emits one per source
// file, and an internal module's (e.g. the client's, which import the Thrift-generated types and
// node-int64) would name packages that are not dependencies of the published package.
//
// Optional peer dependencies (peerDependenciesMeta optional, e.g. the client's apache-arrow): a
// declaration that imports one gets `// @ts-ignore` above that import, so a consumer without the
// package still compiles with skipLibCheck false (those types are then `any`).
//
// Warnings: esbuild reports "duplicate-case" in the Thrift compiler's output (src/gen/*.js: every
// result struct's reader has a second `case 0:`, dead code the compiler emits). Those, and only
// those, are dropped; every other warning is printed and errors fail the build as usual.
import { build, formatMessages } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

const entries = entryPoints(JSON.parse(readFileSync("package.json", "utf8")));
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
  // Errors print as usual; warnings are printed below, after the generated code's are dropped.
  logLevel: "error",
};
const results = await Promise.all(
  entries.flatMap((entry) => [
    build({
      ...common,
      entryPoints: [entry.source],
      format: "esm",
      outfile: `dist/${entry.stem}.mjs`,
      plugins: [otherEntries(entry, ".mjs")],
      // Bundled CommonJS (e.g. Thrift-generated code) may require() external packages; give the
      // ESM build a real require for them.
      banner: { js: 'import { createRequire as __zwCreateRequire } from "node:module"; const require = __zwCreateRequire(import.meta.url);' },
    }),
    build({ ...common, entryPoints: [entry.source], format: "cjs", outfile: `dist/${entry.stem}.cjs`, plugins: [otherEntries(entry, ".cjs")] }),
  ]),
);
const warnings = results.flatMap((r) => r.warnings).filter((w) => !isGeneratedCodeWarning(w));
if (warnings.length > 0) {
  for (const text of await formatMessages(warnings, { kind: "warning", color: process.stderr.isTTY })) process.stderr.write(text);
}

const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
removeUnreachableDeclarations("dist", entries);
markOptionalPeerImports("dist");
writeCommonJsDeclarations("dist");

/** The entry points of package.json "exports": { stem: "wire/index", source: "src/wire/index.ts" } per subpath. */
function entryPoints(manifest) {
  return Object.entries(manifest.exports ?? { ".": { import: { default: "./dist/index.mjs" } } })
    .filter(([, target]) => typeof target === "object")
    .map(([subpath, target]) => {
      const stem = /^\.\/dist\/(.+)\.mjs$/.exec(target.import?.default ?? "")?.[1];
      if (stem === undefined) throw new Error(`build-package: export "${subpath}" must import "./dist/<entry>.mjs"`);
      return { stem, source: `src/${stem}.ts` };
    });
}

/** An esbuild plugin: a relative import of another entry's source is external, pointing at that entry's output. */
function otherEntries(self, extension) {
  return {
    name: "other-entries",
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts"));
        const other = entries.find((e) => e !== self && resolve(e.source) === target);
        if (other === undefined) return undefined;
        const path = relative(dirname(resolve("dist", self.stem)), resolve("dist", other.stem)) + extension;
        return { path: path.startsWith(".") ? path : `./${path}`, external: true };
      });
    },
  };
}

/** `// @ts-ignore` above each declaration import of an optional peer dependency (see the top). */
function markOptionalPeerImports(dir) {
  const manifest = JSON.parse(readFileSync("package.json", "utf8"));
  const optional = new Set(Object.entries(manifest.peerDependenciesMeta ?? {}).filter(([, meta]) => meta?.optional === true).map(([name]) => name));
  if (optional.size === 0) return;
  for (const f of readdirSync(dir, { recursive: true })) {
    const file = join(dir, f);
    if (!file.endsWith(".d.ts")) continue;
    const text = readFileSync(file, "utf8");
    const marked = text.replace(/^import .* from "([^"]+)";$/gm, (line, from) => (optional.has(from) ? `// @ts-ignore: optional peer dependency\n${line}` : line));
    if (marked !== text) writeFileSync(file, marked);
  }
}

/** The Thrift compiler's dead duplicate `case 0:` in src/gen/ (regenerated code, not ours to edit). */
function isGeneratedCodeWarning(w) {
  return w.id === "duplicate-case" && /^src\/gen\/[^/]+\.js$/.test(w.location?.file ?? "");
}

/** Deletes every .d.ts under dir that no entry's dir/<entry>.d.ts reaches through relative imports. */
function removeUnreachableDeclarations(dir, entries) {
  const relativeImport = /(?:from|import)\s*\(?\s*(["'])(\.{1,2}\/[^"']*)\.js\1/g;
  const reached = new Set();
  const pending = entries.map((e) => resolve(dir, `${e.stem}.d.ts`));
  while (pending.length > 0) {
    const file = pending.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(relativeImport)) pending.push(join(dirname(file), `${m[2]}.d.ts`));
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
