// Builds the package in the current directory: src/index.ts -> dist/index.mjs (ESM),
// dist/index.cjs (CJS) with esbuild, and dist/**/*.d.ts with tsc. Dependencies stay external,
// so @zerowire/* packages import each other through their own published entry points.
//
// CommonJS types: the packages are "type": "module", so TypeScript reads every .d.ts as ESM. A
// CommonJS consumer (node16/nodenext resolution, the `require` condition) gets dist/**/*.d.cts: a
// copy of each emitted .d.ts whose relative imports point at the .d.cts copies, so the whole
// CommonJS type graph is CommonJS.
//
// Declarations: only those reachable from dist/index.d.ts are kept. tsc emits one per source
// file, and an internal module's (e.g. the client's, which import the Thrift-generated types and
// node-int64) would name packages that are not dependencies of the published package.
//
// Optional peer dependencies (peerDependenciesMeta optional, e.g. the client's apache-arrow): a
// declaration that imports one gets `// @ts-ignore` above that import, so a consumer without the
// package still compiles with skipLibCheck false (those types are then `any`).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

const common = {
  entryPoints: ["src/index.ts"],
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
await Promise.all([
  build({
    ...common,
    format: "esm",
    outfile: "dist/index.mjs",
    // Bundled CommonJS (e.g. Thrift-generated code) may require() external packages; give the
    // ESM build a real require for them.
    banner: { js: 'import { createRequire as __zwCreateRequire } from "node:module"; const require = __zwCreateRequire(import.meta.url);' },
  }),
  build({ ...common, format: "cjs", outfile: "dist/index.cjs" }),
]);
const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
removeUnreachableDeclarations("dist");
markOptionalPeerImports("dist");
writeCommonJsDeclarations("dist");

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

/** Deletes every .d.ts under dir that dir/index.d.ts does not reach through relative imports. */
function removeUnreachableDeclarations(dir) {
  const relative = /(?:from|import)\s*\(?\s*(["'])(\.{1,2}\/[^"']*)\.js\1/g;
  const reached = new Set();
  const pending = [resolve(dir, "index.d.ts")];
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
