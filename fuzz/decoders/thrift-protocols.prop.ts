// Fuzz of @zerowire/thrift's TBinaryProtocol and TCompactProtocol through the test IDL's
// generated reader: every truncation and single-byte mutations of encoded Everything values,
// random bytes, and random values (each must read back equal). Every input reads to a value
// whose binaries are views inside it, or throws ReadError / ThriftDecodeError, within MAX_MS
// and the memory bound.
import { test } from "uvu";
import fc from "fast-check";
import * as assert from "uvu/assert";
import { oursWrite, PROTOCOLS } from "@zerowire/thrift/test-support";
import { everything } from "../thrift/everything-arbitraries.js";
import { normalize } from "../thrift/normalize.js";
import { assertNoFailures, checkStructured, finish, fuzzRealBytes } from "./campaign.js";
import { Fuzzer } from "./harness.js";
import { Prng } from "./prng.js";
import { scaled, SEED } from "./settings.js";
import { thriftProtocolTarget, type ThriftReadCase } from "./thrift-protocol-target.js";

const SEED_VALUES = 3;
const RANDOM_INPUTS = scaled(10_000);
const STRUCTURED_CASES = scaled(2_000);
/**
 * Per protocol: the seed values' truncations and mutations (a few hundred bytes each, 7 per byte), read as both
 * structs.
 */
const MIN_INPUTS = RANDOM_INPUTS + STRUCTURED_CASES + 2 * SEED_VALUES * 2 * 500;

const fuzzer = new Fuzzer(thriftProtocolTarget);
const cases: ThriftReadCase[] = PROTOCOLS.flatMap((protocol) => [
  { protocol, struct: "Everything" as const },
  { protocol, struct: "Sparse" as const },
]);

test("thrift protocols: every truncation and single-byte mutations of encoded values", () => {
  const values = fc.sample(
    everything({ thriftSafe: false }).filter((v) => oursWrite("binary", v).length > 300),
    { numRuns: SEED_VALUES, seed: SEED },
  );
  values.forEach((value, i) => {
    for (const c of cases)
      fuzzRealBytes(fuzzer, `value ${i} (seed ${SEED}) ${c.protocol} as ${c.struct}`, oursWrite(c.protocol, value), c);
  });
  assertNoFailures(fuzzer);
});

test(`thrift protocols: ${RANDOM_INPUTS} random inputs`, () => {
  const rng = new Prng(SEED ^ 0x7447);
  for (let i = 0; i < RANDOM_INPUTS; i++) {
    const c = cases[i % cases.length]!;
    fuzzer.run("random", `random #${i} (seed ${SEED}) ${c.protocol} as ${c.struct}`, rng.bytes(rng.below(96)), c);
  }
  assertNoFailures(fuzzer);
});

test(`thrift protocols: ${STRUCTURED_CASES} random values read back equal`, () => {
  const arbitrary = fc.tuple(everything({ thriftSafe: false }), fc.constantFrom(...PROTOCOLS));
  checkStructured(fuzzer, "thrift protocols", arbitrary, STRUCTURED_CASES, ([value, protocol]) => {
    const bytes = oursWrite(protocol, value);
    const outcome = fuzzer.runOrThrow("structured", `random value (${protocol})`, bytes, {
      protocol,
      struct: "Everything",
    });
    if (outcome !== "decoded") throw new Error(`a valid encoding was refused: ${bytes.toString("hex")}`);
    const back = thriftProtocolTarget.decode(bytes, { protocol, struct: "Everything" });
    assert.equal(normalize(back), normalize(value), `read back differs: ${bytes.toString("hex")}`);
  });
  assertNoFailures(fuzzer);
  finish(fuzzer, MIN_INPUTS);
});

test.run();
