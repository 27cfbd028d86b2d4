// After the shared build: the emitted .d.ts files import ./gen/*.js types, and esbuild bundles
// the generated JS itself, so dist/gen needs only the generated declarations (and the
// package.json that marks them CommonJS).
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

const from = "src/gen";
const to = "dist/gen";
mkdirSync(to, { recursive: true });
const copied = readdirSync(from).filter((f) => f.endsWith(".d.ts") || f === "package.json");
for (const file of copied) copyFileSync(join(from, file), join(to, file));
if (copied.length < 3) throw new Error(`copy-gen-types: expected the generated .d.ts files in ${from}, found ${copied.join(", ")}`);
