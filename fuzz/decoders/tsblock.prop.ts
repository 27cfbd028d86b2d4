// Fuzz of decodeTsBlock (@zerowire/iotdb-codec): random bytes, every truncation and single-byte
// mutations of the Java TsBlocks, and structure-aware blocks with forged fields. Every input
// decodes to a consistent block or throws DecodeError, within MAX_MS and its memory bound.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DecodeError, decodeTsBlock, DEFAULT_MAX_CELLS } from "@zerowire/iotdb-codec";
import { assertNoFailures, checkStructured, finish, fuzzRealBytes, realBytesPresent } from "./campaign.js";
import { Fuzzer } from "./harness.js";
import { Prng } from "./prng.js";
import { scaled, SEED } from "./settings.js";
import { sharedVectors } from "./shared-vectors.js";
import { tsBlockCase } from "./tsblock-arbitraries.js";
import { differenceFromModel } from "./tsblock-model.js";
import { tsBlockTarget } from "./tsblock-target.js";
import { assemble, blockFields } from "./tsblock-writer.js";

const RANDOM_INPUTS = scaled(15_000);
const STRUCTURED_CASES = scaled(8_000);
/** Inputs this suite must run: with the vectors, their ~69,000 truncations and mutations too. */
const MIN_INPUTS = RANDOM_INPUTS + STRUCTURED_CASES + (sharedVectors().present ? 60_000 : 0);

const fuzzer = new Fuzzer(tsBlockTarget);

test("decodeTsBlock: every truncation and single-byte mutations of the Java TsBlocks", () => {
  if (!realBytesPresent("decodeTsBlock truncations and mutations")) return;
  const { tsBlocks, queries } = sharedVectors();
  for (const v of tsBlocks) fuzzRealBytes(fuzzer, v.label, v.bytes, { types: v.types });
  // Query result blocks, read with their physical types.
  for (const q of queries) q.blocks.forEach((b, i) => fuzzRealBytes(fuzzer, `${q.label} block ${i}`, b, {}));
  assertNoFailures(fuzzer);
});

test(`decodeTsBlock: ${RANDOM_INPUTS} random inputs`, () => {
  const rng = new Prng(SEED);
  for (let i = 0; i < RANDOM_INPUTS; i++) {
    const bytes = i % 2 === 0 ? rng.bytes(rng.below(64)) : plausibleHeaderThenNoise(rng);
    fuzzer.run("random", `random #${i} (seed ${SEED})`, bytes, {});
  }
  assertNoFailures(fuzzer);
});

test(`decodeTsBlock: ${STRUCTURED_CASES} structured blocks (forged counts, lengths, ids, types, encodings; nesting)`, () => {
  let valid = 0;
  let tooDeep = 0;
  checkStructured(fuzzer, "decodeTsBlock", tsBlockCase, STRUCTURED_CASES, (c) => {
    const bytes = assemble(blockFields(c.model), c.forgeries);
    const outcome = fuzzer.runOrThrow("structured", "structured block", bytes, { types: c.types });
    if (c.valid) {
      valid++;
      if (outcome !== "decoded") throw new Error(`a valid block was refused: ${bytes.toString("hex")}`);
      const diff = differenceFromModel(decodeTsBlock(bytes, { types: c.types }), c.model);
      if (diff !== undefined) throw new Error(`decoded wrong: ${diff}\n  input: ${bytes.toString("hex")}`);
    } else if (c.tooDeep) {
      tooDeep++;
      if (outcome !== "rejected") throw new Error(`RLE/DICTIONARY nested beyond the limit was accepted: ${bytes.toString("hex")}`);
    }
  });
  console.log(`  of which ${valid} valid blocks decoded to their model, ${tooDeep} nested too deep were refused`);
  assert.ok(valid > STRUCTURED_CASES / 10 && tooDeep > 0, "the arbitrary makes valid and too-deep blocks");
  assertNoFailures(fuzzer);
});

test("decodeTsBlock: counts", () => finish(fuzzer, MIN_INPUTS));

test("decodeTsBlock: the codec's default maxCells bounds an RLE block's expansion (figures printed)", () => {
  // 0 value columns, positionCount N, the time column RLE over one INT64: 22 bytes.
  const rleBlock = (n: number) => Buffer.from(`00000000${n.toString(16).padStart(8, "0")}0402000000000000000001`, "hex");
  const input = rleBlock(DEFAULT_MAX_CELLS);
  const t0 = performance.now();
  const block = decodeTsBlock(input);
  const ms = performance.now() - t0;
  assert.is(block.positionCount, DEFAULT_MAX_CELLS);
  assert.is(block.time[DEFAULT_MAX_CELLS - 1], 1n);
  assert.throws(() => decodeTsBlock(rleBlock(DEFAULT_MAX_CELLS + 1)), (e: unknown) => e instanceof DecodeError && /maxCells/.test((e as Error).message));
  console.log(
    `  default maxCells ${DEFAULT_MAX_CELLS}: the ${input.length}-byte input ${input.toString("hex")} decodes to ` +
      `${(block.time.byteLength / 1048576).toFixed(0)} MiB in ${ms.toFixed(0)} ms (the fuzz runs with a smaller maxCells; see README)`,
  );
});

/** A small valid-looking header (few columns, a small position count, encoding bytes near the
 *  valid range), then noise: random bytes that reach the column decoders. */
function plausibleHeaderThenNoise(rng: Prng): Buffer {
  const n = rng.below(5);
  const header = Buffer.alloc(4 + n + 4 + n + 1);
  header.writeInt32BE(n, 0);
  for (let k = 0; k < n; k++) header[4 + k] = rng.below(7);
  header.writeInt32BE(rng.below(8) === 0 ? rng.u32() | 0 : rng.below(17), 4 + n);
  for (let k = 0; k <= n; k++) header[8 + n + k] = rng.below(7);
  return Buffer.concat([header, rng.bytes(rng.below(96))]);
}

test.run();
