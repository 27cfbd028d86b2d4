// Fuzz of decodeTsBlock (@zerowire/iotdb-codec): random bytes, every truncation and single-byte
// mutations of the Java TsBlocks, and structure-aware blocks with forged fields. Every input
// decodes to a consistent block or throws DecodeError, within MAX_MS and its memory bound.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DecodeError, decodeTsBlock, DEFAULT_MAX_CELLS } from "@zerowire/iotdb-codec";
import { assertNoFailures, checkStructured, finish, fuzzRealBytes, realBytesPresent } from "./campaign.js";
import { Fuzzer } from "./harness.js";
import { Prng } from "./prng.js";
import { MAX_MS, scaled, SEED } from "./settings.js";
import { sharedVectors } from "./shared-vectors.js";
import { tsBlockCase } from "./tsblock-arbitraries.js";
import { differenceFromModel } from "./tsblock-model.js";
import { tsBlockTarget } from "./tsblock-target.js";
import { assemble, blockFields } from "./tsblock-writer.js";

const RANDOM_INPUTS = scaled(15_000);
const STRUCTURED_CASES = scaled(8_000);
/** Inputs this suite must run: with the vectors, their ~69,000 truncations and mutations too. */
const MIN_INPUTS = RANDOM_INPUTS + STRUCTURED_CASES + (sharedVectors().present.tsBlocks ? 60_000 : 0);

const fuzzer = new Fuzzer(tsBlockTarget);

test("decodeTsBlock: every truncation and single-byte mutations of the Java TsBlocks", () => {
  if (!realBytesPresent("decodeTsBlock truncations and mutations", "tsBlocks")) return;
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
      if (outcome !== "rejected")
        throw new Error(`RLE/DICTIONARY nested beyond the limit was accepted: ${bytes.toString("hex")}`);
    }
  });
  console.log(`  of which ${valid} valid blocks decoded to their model, ${tooDeep} nested too deep were refused`);
  assert.ok(valid > STRUCTURED_CASES / 10 && tooDeep > 0, "the arbitrary makes valid and too-deep blocks");
  assertNoFailures(fuzzer);
});

test("decodeTsBlock: counts", () => finish(fuzzer, MIN_INPUTS));

test("decodeTsBlock: the codec's default maxCells keeps a forged all-RLE block within the time limit (figures printed)", () => {
  // 0 value columns, positionCount N, the time column RLE over one INT64: 19 bytes.
  const rleTime = "02" + "00" + "0000000000000001"; // inner INT64_ARRAY, no null, the value 1
  const rleBlock = (n: number) => Buffer.from(`00000000${hex32(n)}04${rleTime}`, "hex");
  // 31 TEXT columns and the time, all RLE, N/32 positions: N array slots of one string.
  const textBlock = (n: number) => {
    const k = 31;
    const rleText = "03" + "00" + "00000001" + "61"; // inner BINARY_ARRAY, no null, "a"
    return Buffer.from(
      `${hex32(k)}${"05".repeat(k)}${hex32(n / 32)}${"04".repeat(k + 1)}${rleTime}${rleText.repeat(k)}`,
      "hex",
    );
  };
  assert.throws(
    () => decodeTsBlock(rleBlock(1 << 24)),
    (e: unknown) => e instanceof DecodeError && /maxCells/.test((e as Error).message),
    "2^24 positions from 19 bytes",
  );
  assert.throws(
    () => decodeTsBlock(rleBlock(DEFAULT_MAX_CELLS + 1)),
    (e: unknown) => e instanceof DecodeError && /maxCells/.test((e as Error).message),
  );
  for (const [label, input, cells] of [
    ["INT64 time", rleBlock(DEFAULT_MAX_CELLS), DEFAULT_MAX_CELLS],
    ["31 TEXT columns", textBlock(DEFAULT_MAX_CELLS), DEFAULT_MAX_CELLS],
  ] as const) {
    const block = decodeTsBlock(input);
    assert.is(block.positionCount * (block.columns.length + 1), cells, label);
    const ms = bestCpuMs(() => void decodeTsBlock(input));
    console.log(
      `  default maxCells ${DEFAULT_MAX_CELLS}: ${label}, the ${input.length}-byte input decodes to ${cells} cells in ${ms.toFixed(1)} ms (CPU, best of 3)`,
    );
    assert.ok(ms <= MAX_MS, `${label}: ${ms.toFixed(1)} ms, over the ${MAX_MS} ms limit`);
  }
});

function hex32(n: number): string {
  return n.toString(16).padStart(8, "0");
}

/** The smallest of three runs' CPU time (or wall time, if smaller): a busy machine stalls single runs. */
function bestCpuMs(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    run();
    const cpu = process.cpuUsage(cpu0);
    best = Math.min(best, performance.now() - t0, (cpu.user + cpu.system) / 1000);
  }
  return best;
}

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
