// Builds the package in the current directory: src/index.ts -> dist/index.mjs (ESM),
// dist/index.cjs (CJS) with esbuild, and dist/*.d.ts with tsc. Dependencies stay external,
// so @zerowire/* packages import each other through their own published entry points.
//
// Warnings: esbuild reports "duplicate-case" in the Thrift compiler's output (src/gen/*.js: every
// result struct's reader has a second `case 0:`, dead code the compiler emits). Those, and only
// those, are dropped; every other warning is printed and errors fail the build as usual.
import { build, formatMessages } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
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
  // Errors print as usual; warnings are printed below, after the generated code's are dropped.
  logLevel: "error",
};
const results = await Promise.all([
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
const warnings = results.flatMap((r) => r.warnings).filter((w) => !isGeneratedCodeWarning(w));
if (warnings.length > 0) {
  for (const text of await formatMessages(warnings, { kind: "warning", color: process.stderr.isTTY })) process.stderr.write(text);
}

const tsc = require.resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });

/** The Thrift compiler's dead duplicate `case 0:` in src/gen/ (regenerated code, not ours to edit). */
function isGeneratedCodeWarning(w) {
  return w.id === "duplicate-case" && /^src\/gen\/[^/]+\.js$/.test(w.location?.file ?? "");
}
