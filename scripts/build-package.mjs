// Builds the package in the current directory: src/index.ts -> dist/index.mjs (ESM),
// dist/index.cjs (CJS) with esbuild, and dist/*.d.ts with tsc. Dependencies stay external,
// so @zerowire/* packages import each other through their own published entry points.
import { build } from "esbuild";
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
