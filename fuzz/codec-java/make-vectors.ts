// `tsx fuzz/codec-java/make-vectors.ts <n> <outDir> [seed]`: n random valid cases (tablets,
// records, TsBlocks) through the official Java client; writes the vector files and index.json to
// outDir (which must be empty or absent). Then `pnpm vectors <outDir>` checks our codec on them.
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { drawCases, validCase } from "./cases.js";
import { javaVectors, prepareJava } from "./java-batch.js";

const [countArg, outArg, seedArg] = process.argv.slice(2);
const count = Number(countArg);
if (!Number.isInteger(count) || count < 1 || outArg === undefined) {
  console.error("usage: tsx fuzz/codec-java/make-vectors.ts <n> <outDir> [seed]");
  process.exit(2);
}
const seed = seedArg === undefined ? (Math.random() * 2 ** 31) | 0 : Number(seedArg);
if (!Number.isInteger(seed)) {
  console.error(`seed must be an integer, got ${seedArg}`);
  process.exit(2);
}
const outDir = resolve(process.env.INIT_CWD ?? process.cwd(), outArg);
if (existsSync(outDir) && readdirSync(outDir).length > 0) {
  console.error(`${outDir} is not empty; give a new or empty directory (old vector files would be checked too)`);
  process.exit(2);
}

prepareJava();
const cases = drawCases(validCase, count, seed).map((d) => d.value.input);
const vectors = javaVectors(cases, `s${seed}-`, `codec-java random case, seed ${seed}`, outDir);
const kinds = new Map<string, number>();
for (const v of vectors) kinds.set(v.kind, (kinds.get(v.kind) ?? 0) + 1);
const rejected = vectors.filter((v) => typeof v.output.error === "string").length;
const sentNothing = vectors.filter((v) => v.output.sessionSentNothing === true).length;
console.log(
  `${vectors.length} vectors (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")}) from seed ${seed} in ${outDir}; ` +
    `Java rejected ${rejected}, sent nothing for ${sentNothing}`,
);
