// Fuzz of ResultSetDecoder (@zerowire/iotdb-codec): a query's metadata and one TsBlock to a
// ResultBlock and its rows. Real result blocks truncated and mutated under their real metadata;
// random bytes; forged metadata over real and structured blocks; structured blocks under
// metadata that fits them (which must decode). Every input decodes consistently or throws
// DecodeError, within MAX_MS and its memory bound.
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { QueryResultMetadata } from "@zerowire/iotdb-codec";
import { assertNoFailures, checkStructured, finish, fuzzRealBytes, realBytesPresent } from "./campaign.js";
import { Fuzzer } from "./harness.js";
import { Prng } from "./prng.js";
import { derivedMetadata, derivedMetadataChoice, resultMetadata } from "./result-arbitraries.js";
import { resultTarget } from "./result-target.js";
import { scaled, SEED } from "./settings.js";
import { sharedVectors } from "./shared-vectors.js";
import { tsBlockCase } from "./tsblock-arbitraries.js";
import { assemble, blockFields } from "./tsblock-writer.js";

const RANDOM_INPUTS = scaled(5_000);
const FORGED_METADATA_CASES = scaled(6_000);
const FITTING_METADATA_CASES = scaled(4_000);
const MIN_INPUTS =
  RANDOM_INPUTS + FORGED_METADATA_CASES + FITTING_METADATA_CASES + (sharedVectors().present.queries ? 2_000 : 0);

const fuzzer = new Fuzzer(resultTarget);
const { queries } = sharedVectors();

/** Real result blocks, or (without the vectors) a few structured ones. */
const someBlock: fc.Arbitrary<Buffer> =
  queries.length > 0
    ? fc.constantFrom(...queries.flatMap((q) => q.blocks))
    : tsBlockCase.filter((c) => c.valid).map((c) => assemble(blockFields(c.model)));

test("ResultSetDecoder: every truncation and single-byte mutations of the Java result blocks, under their metadata", () => {
  if (!realBytesPresent("ResultSetDecoder truncations and mutations", "queries")) return;
  for (const q of queries) q.blocks.forEach((b, i) => fuzzRealBytes(fuzzer, `${q.label} block ${i}`, b, q.metadata));
  assertNoFailures(fuzzer);
});

test(`ResultSetDecoder: ${RANDOM_INPUTS} random inputs`, () => {
  const rng = new Prng(SEED ^ 0x5eed);
  const metadata: QueryResultMetadata[] =
    queries.length > 0
      ? queries.map((q) => q.metadata)
      : [{ columns: ["s1", "s2"], dataTypeList: ["INT32", "TEXT"], ignoreTimeStamp: false }];
  for (let i = 0; i < RANDOM_INPUTS; i++) {
    fuzzer.run("random", `random #${i} (seed ${SEED})`, rng.bytes(rng.below(96)), rng.pick(metadata));
  }
  assertNoFailures(fuzzer);
});

test(`ResultSetDecoder: ${FORGED_METADATA_CASES} forged metadata over real or structured blocks`, () => {
  let accepted = 0;
  checkStructured(
    fuzzer,
    "ResultSetDecoder forged metadata",
    fc.tuple(resultMetadata, someBlock),
    FORGED_METADATA_CASES,
    ([metadata, bytes]) => {
      if (fuzzer.runOrThrow("structured", `metadata ${JSON.stringify(metadata)}`, bytes, metadata) === "decoded")
        accepted++;
    },
  );
  console.log(`  of which ${accepted} decoded`);
  assertNoFailures(fuzzer);
});

test(`ResultSetDecoder: ${FITTING_METADATA_CASES} structured blocks under metadata that fits them`, () => {
  let valid = 0;
  const cases = fc.tuple(tsBlockCase, derivedMetadataChoice);
  checkStructured(fuzzer, "ResultSetDecoder fitting metadata", cases, FITTING_METADATA_CASES, ([c, choice]) => {
    const metadata = derivedMetadata(
      c.model.columns.map((col) => col.physical),
      choice,
    );
    const bytes = assemble(blockFields(c.model), c.forgeries);
    const outcome = fuzzer.runOrThrow("structured", `metadata ${JSON.stringify(metadata)}`, bytes, metadata);
    if (c.valid) {
      valid++;
      if (outcome !== "decoded")
        throw new Error(
          `a valid block under fitting metadata was refused: ${bytes.toString("hex")} ${JSON.stringify(metadata)}`,
        );
    }
  });
  assert.ok(valid > 0, "some cases are valid");
  console.log(`  of which ${valid} valid blocks decoded`);
  assertNoFailures(fuzzer);
});

test("ResultSetDecoder: counts", () => finish(fuzzer, MIN_INPUTS));

test.run();
